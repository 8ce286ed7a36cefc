"""Extraction and validation pipelines: JSON-safe items, drops with reasons, stats."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem, NotConfigured

from pace_scrapy.crawl.pipelines import ExtractionPipeline, ValidationPipeline
from pace_scrapy.crawl.record import PageRecord
from tests.crawl.conftest import make_crawler, news_html

URL = "https://news.example/2024/03/story"


def record(body: bytes = b"", **changes: Any) -> PageRecord:
    values: dict[str, Any] = {
        "url": URL,
        "body": body or news_html(),
        "content_type": "text/html",
        "config": "news",
        "config_version": 2,
        "fetched": date(2024, 3, 6),
    }
    return PageRecord(**{**values, **changes})


@pytest.fixture
def crawler(config_dir: Path) -> Crawler:
    return make_crawler(config_dir)


def test_record_becomes_a_plain_json_dict(crawler: Crawler) -> None:
    item = ExtractionPipeline.from_crawler(crawler).process_item(record())
    assert isinstance(item, dict)
    assert json.loads(json.dumps(item)) == item
    assert item["url"] == URL
    assert item["headline"] == "Big news"
    assert item["datePublished"] == "2024-03-05"
    assert item["metadata"]["config"] == "news"
    assert item["metadata"]["configVersion"] == 2
    assert "First paragraph" in item["articleBody"]


def test_the_record_version_is_applied(crawler: Crawler) -> None:
    html = news_html().replace(b"<h1>Big news</h1>", b"<h1>Big news</h1><h2>Old layout</h2>")
    item = ExtractionPipeline.from_crawler(crawler).process_item(record(html, config_version=1))
    assert (item["headline"], item["metadata"]["configVersion"]) == ("Old layout", 1)


def test_other_items_pass_through(crawler: Crawler) -> None:
    other = {"url": URL, "title": "not a page record"}
    assert ExtractionPipeline.from_crawler(crawler).process_item(other) is other
    assert ValidationPipeline.from_crawler(crawler).process_item(other) is other


@pytest.mark.parametrize(
    ("page", "reason"),
    [
        (record(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20), "page_error"),
        (record(config="later", config_version=None), "no_config_version"),
        (record(config="gone"), "unknown_config"),
        (record(config_version=7), "unknown_config"),
        (record(since=date(2024, 3, 6)), "before_since"),
    ],
)
def test_failing_pages_are_dropped_with_a_reason(
    crawler: Crawler, page: PageRecord, reason: str
) -> None:
    pipeline = ExtractionPipeline.from_crawler(crawler)
    with pytest.raises(DropItem, match=f"^{reason}: {page.url}"):
        pipeline.process_item(page)
    assert crawler.stats.get_value(f"pace/dropped/{reason}") == 1


def test_values_the_item_model_refuses_are_left_out_and_counted(config_dir: Path) -> None:
    config = {
        "name": "shop",
        "domains": ["shop.example"],
        "versions": [
            {
                "version": 1,
                "page_type": "product",
                "fields": {
                    "name": {"rules": [{"source": "css", "query": "h1"}]},
                    "aggregateRating.reviewCount": {"rules": [{"source": "css", "query": "b"}]},
                },
            }
        ],
    }
    (config_dir / "shop.json").write_text(json.dumps(config), encoding="utf-8")
    crawler = make_crawler(config_dir)
    page = record(
        b"<html><body><h1>Pan</h1><b>4.5</b></body></html>", config="shop", config_version=1
    )
    item = ExtractionPipeline.from_crawler(crawler).process_item(page)
    assert item["name"] == "Pan"
    assert "aggregateRating" not in item
    assert (
        "refused by the item model" in item["metadata"]["rejected"]["aggregateRating.reviewCount"]
    )
    stats = crawler.stats
    assert stats.get_value("pace/config/shop/field/aggregateRating.reviewCount/rejected") == 1


def test_oversized_pages_are_dropped(config_dir: Path) -> None:
    crawler = make_crawler(config_dir, PACE_MAX_PAGE_BYTES=100)
    with pytest.raises(DropItem, match=r"^page_error: .*larger than the limit 100"):
        ExtractionPipeline.from_crawler(crawler).process_item(record())


def test_missing_required_field_is_dropped(crawler: Crawler) -> None:
    extraction = ExtractionPipeline.from_crawler(crawler)
    validation = ValidationPipeline.from_crawler(crawler)
    complete = extraction.process_item(record())
    assert validation.process_item(complete) is complete
    headless = extraction.process_item(record(news_html(headline="")))
    with pytest.raises(DropItem, match=r"^missing_headline: "):
        validation.process_item(headless)
    no_url = {**complete, "url": " "}
    with pytest.raises(DropItem, match=r"^missing_url: "):
        validation.process_item(no_url)
    assert crawler.stats.get_value("pace/dropped/missing_headline") == 1
    assert crawler.stats.get_value("pace/dropped/missing_url") == 1


def test_field_stats_and_fill_rates(crawler: Crawler) -> None:
    pipeline = ExtractionPipeline.from_crawler(crawler)
    pipeline.process_item(record())
    pipeline.process_item(record(news_html().replace(b'name="description"', b'name="x"')))
    pipeline.process_item(
        record(news_html().replace(b"<time datetime='2024-03-05'>", b"<time datetime='soon'>"))
    )
    pipeline.close_spider()
    stats = crawler.stats.get_stats()
    prefix = "pace/config/news"
    assert stats["pace/items/extracted"] == 3
    assert stats[f"{prefix}/items"] == 3
    assert stats[f"{prefix}/field/headline/fill_rate"] == 1.0
    assert stats[f"{prefix}/field/description/filled"] == 2
    assert stats[f"{prefix}/field/description/fill_rate"] == round(2 / 3, 4)
    assert stats[f"{prefix}/field/datePublished/fill_rate"] == round(2 / 3, 4)
    assert stats[f"{prefix}/field/datePublished/rejected"] == 1
    assert stats[f"{prefix}/field/articleBody/fill_rate"] == 1.0


def test_per_field_stats_can_be_turned_off(config_dir: Path) -> None:
    crawler = make_crawler(config_dir, PACE_STATS_FIELDS=False)
    pipeline = ExtractionPipeline.from_crawler(crawler)
    pipeline.process_item(record())
    pipeline.close_spider()
    assert crawler.stats.get_value("pace/items/extracted") == 1
    assert not any("/field/" in key for key in crawler.stats.get_stats())


def test_fallback_is_counted_and_can_be_disabled(config_dir: Path) -> None:
    html = news_html().replace(b"<article>", b"<div>").replace(b"</article>", b"</div>")
    generic = make_crawler(config_dir)
    item = ExtractionPipeline.from_crawler(generic).process_item(record(html))
    assert item["metadata"]["fallbackUsed"] is True
    assert generic.stats.get_value("pace/fallback") == 1
    strict = make_crawler(config_dir, PACE_FALLBACK="none")
    item = ExtractionPipeline.from_crawler(strict).process_item(record(html))
    assert item["metadata"]["fallbackUsed"] is False
    assert "articleBody" not in item


def test_body_formats_setting_chooses_the_renderings(crawler: Crawler, config_dir: Path) -> None:
    full = ExtractionPipeline.from_crawler(crawler).process_item(record())
    assert {"articleBodyHtml", "articleBodyMarkdown"} <= full.keys()
    text_only = make_crawler(config_dir, PACE_BODY_FORMATS=[])
    item = ExtractionPipeline.from_crawler(text_only).process_item(record())
    assert not {"articleBodyHtml", "articleBodyMarkdown"} & item.keys()
    assert item["articleBody"] == full["articleBody"]


def test_components_are_off_when_disabled(config_dir: Path) -> None:
    crawler = make_crawler(config_dir, PACE_ENABLED=False)
    for component in (ExtractionPipeline, ValidationPipeline):
        with pytest.raises(NotConfigured):
            component.from_crawler(crawler)


def test_items_of_pages_whose_rendering_failed_are_flagged(crawler: Crawler) -> None:
    pipeline = ExtractionPipeline.from_crawler(crawler)
    flagged = pipeline.process_item(record(render_failed=True))
    assert flagged["metadata"]["renderFailed"] is True
    assert flagged["headline"] == "Big news"  # extracted from the plain page all the same
    assert "renderFailed" not in pipeline.process_item(record())["metadata"]
