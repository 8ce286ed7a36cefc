"""DemoSite routing, determinism, build differences and truth/page agreement."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from pace_scrapy.demo import ArticleTruth, DemoSite, ProductTruth

from .conftest import BASE, parse, visible_text

HASHED = re.compile(r"\b[A-Z][A-Za-z]+_[A-Za-z0-9]+__[A-Za-z0-9]{5}\b|\bcss-[a-z0-9]{6}\b")
SAMPLE_PATHS = ["/", "/world/", "/sitemap.xml", "/sitemaps/news.xml", "/feeds/rss.xml", "/shop/"]


def _paths(site: DemoSite) -> list[str]:
    articles = [urlsplit(url).path for url in site.article_urls(BASE)]
    products = [urlsplit(url).path for url in site.product_urls(BASE)]
    return SAMPLE_PATHS + articles[::7] + products[::5]


def _digest(site: DemoSite) -> str:
    digest = hashlib.sha256()
    for path in _paths(site):
        digest.update(site.render(path, BASE).body)
    return digest.hexdigest()


def test_same_inputs_give_identical_bytes_across_processes(site: DemoSite) -> None:
    code = (
        "from pace_scrapy.demo import DemoSite\n"
        "from tests.demo.test_site import _digest\n"
        "print(_digest(DemoSite(seed=3, build=1, n_articles=120, n_products=24)))\n"
    )
    root = str(Path(__file__).resolve().parents[2])
    digests = {_digest(DemoSite(seed=3, build=1, n_articles=120, n_products=24))}
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": root}
        out = subprocess.run(
            [sys.executable, "-c", code],
            check=False,
            env=env,
            cwd=root,
            capture_output=True,
            text=True,
        )
        assert out.returncode == 0, out.stderr
        digests.add(out.stdout.strip())
    assert digests == {_digest(site)}


def test_other_seed_gives_other_content(site: DemoSite) -> None:
    other = DemoSite(seed=4, build=1, n_articles=120, n_products=24)
    assert other.article_urls(BASE)[0] != site.article_urls(BASE)[0]


def test_builds_change_class_names_but_not_truth(site: DemoSite, site_b2: DemoSite) -> None:
    for path in _paths(site)[len(SAMPLE_PATHS) :]:
        html1 = site.render(path, BASE).body.decode()
        html2 = site_b2.render(path, BASE).body.decode()
        names1, names2 = set(HASHED.findall(html1)), set(HASHED.findall(html2))
        assert len(names1) > 10
        assert not names1 & names2, path
        assert site.truth(path, BASE) == site_b2.truth(path, BASE)


def test_odd_builds_share_layout_with_new_hashes(site: DemoSite) -> None:
    build3 = DemoSite(seed=3, build=3, n_articles=120, n_products=24)
    for path in _paths(site)[len(SAMPLE_PATHS) :]:
        html1 = site.render(path, BASE).body.decode()
        html3 = build3.render(path, BASE).body.decode()
        assert html1 != html3
        strip = re.compile(f"{HASHED.pattern}|site-[a-z0-9]{{8}}\\.css")
        assert strip.sub("X", html1) == strip.sub("X", html3)


def test_unknown_paths_are_404(site: DemoSite) -> None:
    good = urlsplit(site.article_urls(BASE)[0]).path
    for path in ["/nope", "/nope/", "/world/?page=999", "/world/?page=x", "/tag/none/",
                 "/author/nobody/", "/shop/toys/", "/api/live/000001.json",
                 "/world/2024/01/01/some-story-999999", "/sitemaps/articles-9.xml",
                 good + "/extra"]:  # fmt: skip
        response = site.render(path, BASE)
        assert response.status == 404, path
        assert b"Page not found" in response.body
        with pytest.raises(LookupError):
            site.truth(path, BASE)


def test_redirects_to_canonical(site: DemoSite) -> None:
    assert site.render("/world", BASE).headers == (("Location", "/world/"),)
    canonical = urlsplit(site.article_urls(BASE)[5]).path
    wrong_slug = re.sub(r"/[a-z0-9-]+-(\d{6})$", r"/old-slug-\1", canonical)
    response = site.render(wrong_slug, BASE)
    assert response.status == 301
    assert response.headers == (("Location", canonical),)


def test_truth_kinds(site: DemoSite) -> None:
    assert site.truth("/", BASE) is None
    assert site.truth("/about/", BASE) is None
    assert isinstance(site.truth(site.article_urls(BASE)[0]), ArticleTruth)
    assert isinstance(site.truth(site.product_urls(BASE)[0]), ProductTruth)
    truth = site.truth(site.article_urls("http://other.test:81")[0])
    assert truth is not None
    assert truth.url.startswith("http://other.test:81/")


def test_pagination_reaches_every_article_of_each_section(site: DemoSite) -> None:
    sections = {urlsplit(url).path.split("/")[1] for url in site.article_urls(BASE)}
    assert {"world", "opinion", "live"} <= sections
    for section in sections:
        expected = {url for url in site.article_urls(BASE) if f"/{section}/" in url}
        found: set[str] = set()
        path: str | None = f"/{section}/"
        pages = 0
        while path is not None:
            doc = parse(site.render(path, BASE).body)
            cards = doc.xpath("//*[starts-with(@class, 'Listing_cards__')]//a/@href")
            found |= {urljoin(BASE, href) for href in cards}
            nxt = doc.xpath("//a[@rel='next']/@href")
            path = urljoin(path, nxt[0]) if nxt else None
            pages += 1
        assert found == expected, section
        assert pages == -(-len(expected) // 20)


def test_whole_site_has_no_broken_links() -> None:
    small = DemoSite(seed=9, n_articles=40, n_products=8)
    seen, queue = {"/"}, ["/"]
    while queue:
        path = queue.pop()
        response = small.render(path, BASE)
        assert response.status == 200, path
        if not response.content_type.startswith("text/html"):
            continue
        doc = parse(response.body)
        refs = doc.xpath("//a/@href|//img/@src|//img/@data-src|//link/@href|//*/@data-source")
        for ref in refs:
            url = urlsplit(urljoin(BASE + path, ref))
            target = url.path + (f"?{url.query}" if url.query else "")
            if url.netloc == "demo.test" and target not in seen:
                seen.add(target)
                queue.append(target)
    assert len(seen) > 100


def test_truth_matches_visible_page_text(site: DemoSite) -> None:
    checked = 0
    for url in site.article_urls(BASE):
        truth = site.truth(url)
        assert isinstance(truth, ArticleTruth)
        if truth.requires_js:
            continue
        text = visible_text(parse(site.render(urlsplit(url).path, BASE).body))
        position = 0
        for item in truth.body:
            if " | " in item:
                continue  # table rows: checked cell by cell in test_article_page
            found = text.find(item, position)
            assert found >= 0, (url, item)
            position = found + len(item)
        assert truth.headline in text
        for author in truth.authors:
            assert author in text
        checked += 1
    assert checked > 100
