"""Live blogs: the text is only reachable through the JSON endpoint the script fetches."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from pace_scrapy.demo import ArticleTruth, DemoSite

from .conftest import BASE, parse


def _live_urls(site: DemoSite) -> list[str]:
    return [url for url in site.article_urls(BASE) if "/live/" in url]


def test_live_body_is_absent_from_static_html(site: DemoSite) -> None:
    urls = _live_urls(site)
    assert urls
    for url in urls:
        truth = site.truth(url)
        assert isinstance(truth, ArticleTruth)
        assert truth.requires_js
        html = site.render(urlsplit(url).path, BASE).body.decode()
        for item in truth.body:
            assert item not in html
        assert "Loading live coverage…" in html


def test_live_body_comes_from_the_json_endpoint(site: DemoSite) -> None:
    for url in _live_urls(site):
        truth = site.truth(url)
        assert isinstance(truth, ArticleTruth)
        doc = parse(site.render(urlsplit(url).path, BASE).body)
        (source,) = doc.xpath("//*[@id='live-feed']/@data-source")
        script = "\n".join(doc.xpath("//script[not(@type)]/text()"))
        assert re.search(r"fetch\(root\.getAttribute\(\"data-source\"\)\)", script)
        response = site.render(source, BASE)
        assert response.status == 200
        assert response.content_type == "application/json"
        posts = json.loads(response.body)["posts"]
        texts = [text for post in posts for text in (post["title"], *post["paragraphs"])]
        rendered = [" ".join(text.split()) for text in texts]
        assert rendered == truth.body
        times = [post["time"] for post in posts]
        assert times == sorted(times, reverse=True)


def test_news_articles_are_not_js_only(site: DemoSite) -> None:
    for url in site.article_urls(BASE)[:30]:
        truth = site.truth(url)
        assert isinstance(truth, ArticleTruth)
        assert truth.requires_js == ("/live/" in url)
