"""The publisher spider: discovery URLs, arguments, sitemap/feed filtering, page callbacks."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from scrapy import Request
from scrapy.exceptions import CloseSpider
from scrapy.http import HtmlResponse, XmlResponse

from pace_scrapy.config.store import parse_config
from pace_scrapy.crawl.record import PageRecord
from pace_scrapy.crawl.spider import PublisherSpider
from pace_scrapy.crawl.spiderloader import publisher_spider_class
from tests.crawl.conftest import make_crawler

SITE_CONFIG = {
    "name": "site",
    "domains": ["site.example", "www.site.example"],
    "url_patterns": [r"/news/\d+$"],
    "start_urls": ["https://site.example/"],
    "sitemaps": ["https://site.example/sitemap.xml"],
    "feeds": ["https://www.site.example/rss"],
    "versions": [{"version": 1}],
}
RSS = b"""<rss version="2.0"><channel>
<item><link>https://site.example/news/1</link>
<pubDate>Tue, 05 Mar 2024 10:00:00 GMT</pubDate></item>
<item><link>https://site.example/news/2</link>
<pubDate>Sat, 02 Mar 2024 10:00:00 GMT</pubDate></item>
<item><link>https://site.example/about</link></item>
<item><link>https://site.example/news/3</link></item>
</channel></rss>"""
PAGE = b"""<html><body><h1>Story</h1>
<a href="/news/7">next story</a> <a href="/about">about</a> <a href="https://x.example/news/8">x</a>
</body></html>"""


def spider(tmp_path: Path, **kwargs: Any) -> PublisherSpider:
    folder = tmp_path / "configs"
    folder.mkdir(exist_ok=True)
    (folder / "site.json").write_text(json.dumps(SITE_CONFIG), encoding="utf-8")
    cls = publisher_spider_class(parse_config(SITE_CONFIG))
    return cls.from_crawler(make_crawler(folder), **kwargs)


async def collect(requests: AsyncIterator[Any]) -> list[Any]:
    return [request async for request in requests]


def test_discovery_urls_move_to_base_url(tmp_path: Path) -> None:
    moved = spider(tmp_path, base_url="http://127.0.0.1:8000")
    requests = asyncio.run(collect(moved.start()))
    assert [r.url for r in requests] == [
        "http://127.0.0.1:8000/sitemap.xml",
        "http://127.0.0.1:8000/rss",
        "http://127.0.0.1:8000/",
    ]
    assert requests[2].meta["pace_follow"] is True
    assert moved.allowed_domains == ["127.0.0.1", "site.example", "www.site.example"]
    plain = spider(tmp_path)
    assert [r.url for r in asyncio.run(collect(plain.start()))][1] == "https://www.site.example/rss"


@pytest.mark.parametrize(
    ("argument", "value", "message"),
    [
        ("max_pages", "0", "max_pages must be a positive integer"),
        ("max_pages", "many", "max_pages must be a positive integer"),
        ("since", "March", "not an ISO date"),
        ("base_url", "127.0.0.1:8000", "base_url must be an origin"),
    ],
)
def test_bad_arguments(tmp_path: Path, argument: str, value: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        spider(tmp_path, **{argument: value})


def test_spider_needs_its_config_and_pace_enabled(tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    cls = publisher_spider_class(parse_config(SITE_CONFIG))
    with pytest.raises(KeyError, match="no publisher config named 'site'"):
        cls.from_crawler(make_crawler(folder))
    with pytest.raises(ValueError, match="PACE_ENABLED is False"):
        cls.from_crawler(make_crawler(folder, PACE_ENABLED=False))


def test_sitemap_entries_before_since_are_skipped(tmp_path: Path) -> None:
    crawler_spider = spider(tmp_path, since="2024-03-04")
    entries = [
        {"loc": "https://site.example/news/1", "lastmod": "2024-03-05T10:00:00+01:00"},
        {"loc": "https://site.example/news/2", "lastmod": "2024-03-01"},
        {"loc": "https://site.example/news/3"},
    ]
    kept = [entry["loc"] for entry in crawler_spider.sitemap_filter(entries)]
    assert kept == ["https://site.example/news/1", "https://site.example/news/3"]
    assert crawler_spider.crawler.stats.get_value("pace/discovery/before_since") == 1


def test_feed_gives_article_pages_not_before_since(tmp_path: Path) -> None:
    crawler_spider = spider(tmp_path, since="2024-03-04")
    response = XmlResponse("https://site.example/rss", body=RSS)
    urls = [request.url for request in crawler_spider.parse_feed(response)]
    assert urls == ["https://site.example/news/1", "https://site.example/news/3"]


def page(meta: dict[str, Any], url: str = "https://site.example/news/6") -> HtmlResponse:
    return HtmlResponse(url, body=PAGE, request=Request(url, meta=meta))


MATCHED = {"pace_config": "site", "pace_config_version": 1, "pace_date": "2024-03-05"}


def test_page_callback_yields_records_and_follows_article_links(tmp_path: Path) -> None:
    crawler_spider = spider(tmp_path, since="2024-03-01")
    output = list(crawler_spider.parse_page(page({**MATCHED, "pace_follow": True})))
    record, *requests = output
    assert isinstance(record, PageRecord)
    assert (record.url, record.config, str(record.since)) == (
        "https://site.example/news/6",
        "site",
        "2024-03-01",
    )
    assert [r.url for r in requests] == ["https://site.example/news/7"]
    assert all(isinstance(r, Request) and r.meta["pace_follow"] is True for r in requests)
    assert list(crawler_spider.parse_page(page({"pace_follow": False}))) == []


def test_max_pages_stops_the_spider(tmp_path: Path) -> None:
    crawler_spider = spider(tmp_path, max_pages="2")
    assert len(list(crawler_spider.parse_page(page(MATCHED)))) == 1
    second = crawler_spider.parse_page(page({**MATCHED, "pace_follow": True}))
    assert isinstance(next(second), PageRecord)
    with pytest.raises(CloseSpider) as closing:
        next(second)
    assert closing.value.reason == "max_pages"
    assert list(crawler_spider.parse_page(page({**MATCHED, "pace_follow": True}))) == []


def test_links_are_followed_on_a_base_url_with_a_port(tmp_path: Path) -> None:
    moved = spider(tmp_path, base_url="http://127.0.0.1:8000")
    response = page({"pace_follow": True}, url="http://127.0.0.1:8000/news/6")
    requests = list(moved.parse_page(response))
    assert [r.url for r in requests] == ["http://127.0.0.1:8000/news/7"]
