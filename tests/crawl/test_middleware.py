"""The publisher middleware: config, version and date of each response."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from scrapy import Request
from scrapy.http import HtmlResponse, Response, XmlResponse

from pace_scrapy.crawl.middleware import PublisherMiddleware
from tests.crawl.conftest import make_crawler, news_html


def respond(
    middleware: PublisherMiddleware,
    url: str,
    *,
    meta: dict[str, object] | None = None,
    date_header: str | None = None,
    status: int = 200,
    kind: type[Response] = HtmlResponse,
) -> Request:
    request = Request(url, meta=meta or {})
    headers = {"Date": date_header} if date_header else {}
    response = kind(url, status=status, headers=headers, body=news_html(), request=request)
    assert middleware.process_response(request, response) is response
    return request


def test_matched_page_gets_config_version_and_date(config_dir: Path) -> None:
    crawler = make_crawler(config_dir)
    middleware = PublisherMiddleware.from_crawler(crawler)
    request = respond(
        middleware, "https://news.example/2024/03/a", date_header="Tue, 05 Mar 2024 10:00:00 GMT"
    )
    assert request.meta["pace_config"] == "news"
    assert request.meta["pace_config_version"] == 2
    assert request.meta["pace_date"] == "2024-03-05"
    older = respond(
        middleware, "https://www.news.example:8443/2019/a", meta={"pace_date": "2023-06-01"}
    )
    assert (older.meta["pace_config"], older.meta["pace_config_version"]) == ("news", 1)
    assert older.meta["pace_date"] == "2023-06-01"
    assert crawler.stats.get_value("pace/pages/seen") == 2
    assert crawler.stats.get_value("pace/config/news/pages") == 2


def test_no_version_valid_at_the_page_date(config_dir: Path) -> None:
    middleware = PublisherMiddleware.from_crawler(make_crawler(config_dir))
    request = respond(middleware, "https://later.example/x")
    assert request.meta["pace_config"] == "later"
    assert request.meta["pace_config_version"] is None
    assert request.meta["pace_date"] == datetime.now(UTC).date().isoformat()


def test_unknown_pages_pass_through_counted(config_dir: Path) -> None:
    crawler = make_crawler(config_dir)
    middleware = PublisherMiddleware.from_crawler(crawler)
    for url in ("https://other.example/2024/a", "https://news.example/about"):
        assert "pace_config" not in respond(middleware, url).meta
    assert crawler.stats.get_value("pace/pages/unmatched") == 2
    assert crawler.stats.get_value("pace/pages/seen") == 2


def test_non_html_and_error_responses_are_not_pages(config_dir: Path) -> None:
    crawler = make_crawler(config_dir)
    middleware = PublisherMiddleware.from_crawler(crawler)
    assert "pace_config" not in respond(middleware, "https://news.example/2024/a", status=404).meta
    assert (
        "pace_config"
        not in respond(middleware, "https://news.example/2024/s.xml", kind=XmlResponse).meta
    )
    assert crawler.stats.get_value("pace/pages/seen") is None
