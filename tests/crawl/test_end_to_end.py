"""End-to-end: ``scrapy crawl demo-news`` of the served demo site, checked against its truth.

One crawl (module fixture) writes JSON Lines, CSV and Markdown feeds and its stats; the tests
read them. The config folder holds a broken config too, which must not stop the crawl.
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pace_scrapy.demo import ArticleTruth
from tests.conftest import ScrapyCli
from tests.crawl.conftest import Demo

STATS_EXTENSION = '{"tests.crawl.statsdump.StatsDump": 0}'
NOISE = ("Advertisement", "Sponsored:", "Read more:", "Sign up to", "More on this story")


@dataclass(frozen=True)
class Crawl:
    """What one crawl left behind."""

    folder: Path
    items: list[dict[str, Any]]
    stats: dict[str, Any]
    log: str


def crawl_args(demo: Demo, out: Path, config_dir: Path, *extra: str) -> list[str]:
    """``scrapy crawl demo-news`` arguments for the test server, with a stats dump."""
    return [
        "crawl",
        "demo-news",
        "-a",
        f"base_url={demo.base_url}",
        "-s",
        f"PACE_CONFIG_DIR={config_dir}",
        "-s",
        "AUTOTHROTTLE_ENABLED=False",
        "-s",
        f"EXTENSIONS={STATS_EXTENSION}",
        "-s",
        f"STATS_JSON_FILE={out / 'stats.json'}",
        *extra,
    ]


def run_crawl(scrapy_cli: ScrapyCli, args: list[str], out: Path) -> Crawl:
    """Run a crawl; its JSON Lines feed must be ``out/items.jsonl``."""
    result = scrapy_cli(*args)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = (out / "items.jsonl").read_text(encoding="utf-8").splitlines()
    stats = json.loads((out / "stats.json").read_text(encoding="utf-8"))
    return Crawl(out, [json.loads(line) for line in lines], stats, result.stderr)


@pytest.fixture(scope="module")
def crawl(
    demo: Demo,
    scrapy_cli: ScrapyCli,
    config_dir_with_broken: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Crawl:
    """The whole demo site crawled, with JSON Lines, CSV and Markdown feeds."""
    out = tmp_path_factory.mktemp("crawl")
    feeds = ["-O", str(out / "items.jsonl"), "-O", str(out / "items.csv")]
    feeds += ["-O", f"{out}/md/%(name)s/:markdown"]
    return run_crawl(scrapy_cli, crawl_args(demo, out, config_dir_with_broken, *feeds), out)


def truth_of(demo: Demo, item: dict[str, Any]) -> ArticleTruth:
    truth = demo.site.truth(item["url"])
    assert isinstance(truth, ArticleTruth)
    return truth


def normalized(text: str) -> str:
    return " ".join(text.split())


def test_every_article_is_extracted_once(crawl: Crawl, demo: Demo) -> None:
    urls = [item["url"] for item in crawl.items]
    assert sorted(urls) == sorted(demo.site.article_urls(demo.base_url))


def test_items_match_the_ground_truth(crawl: Crawl, demo: Demo) -> None:
    for item in crawl.items:
        truth = truth_of(demo, item)
        assert item["headline"] == truth.headline
        assert item["datePublished"] == truth.date_published
        assert item.get("dateModified") == truth.date_modified
        assert [author["name"] for author in item["authors"]] == truth.authors
        assert item["metadata"]["config"] == "demo-news"
        if truth.requires_js:
            continue
        body = normalized(item["articleBody"])
        for paragraph in truth.body:
            assert normalized(paragraph) in body, (item["url"], paragraph)
        assert len(body) <= len(normalized(" ".join(truth.body)))
        assert not any(noise in body for noise in NOISE)


def test_pages_that_do_not_fit_fall_back_and_are_counted(crawl: Crawl, demo: Demo) -> None:
    live = [item for item in crawl.items if truth_of(demo, item).requires_js]
    assert live, "the demo site should have live blogs (their text needs JavaScript)"
    assert all(item["metadata"]["fallbackUsed"] for item in live)
    assert not any(item["metadata"]["fallbackUsed"] for item in crawl.items if item not in live)
    assert crawl.stats["pace/fallback"] == len(live)


def test_stats(crawl: Crawl, demo: Demo) -> None:
    stats, count = crawl.stats, len(crawl.items)
    assert stats["pace/items/extracted"] == count
    assert stats["pace/config/demo-news/items"] == count
    assert stats["pace/config/demo-news/field/headline/filled"] == count
    assert stats["pace/config/demo-news/field/headline/fill_rate"] == 1.0
    modified = sum(truth_of(demo, item).date_modified is not None for item in crawl.items)
    rate = stats["pace/config/demo-news/field/dateModified/fill_rate"]
    assert rate == pytest.approx(modified / count, abs=1e-4)
    assert 0 < modified < count
    # the home page (a start URL) is of the publisher's domain but no article page
    assert stats["pace/pages/unmatched"] >= 1
    assert stats["pace/pages/seen"] == count + stats["pace/pages/unmatched"]


def test_every_value_is_plain_json(crawl: Crawl) -> None:
    def check(value: Any) -> None:
        if isinstance(value, dict):
            assert all(isinstance(key, str) for key in value)
            for child in value.values():
                check(child)
        elif isinstance(value, list):
            for child in value:
                check(child)
        else:
            assert value is None or isinstance(value, str | int | float | bool), value

    for item in crawl.items:
        check(item)


def test_csv_feed_has_every_field_and_json_for_nested_values(crawl: Crawl) -> None:
    with (crawl.folder / "items.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == len(crawl.items)
    every_key = {key for item in crawl.items for key in item}
    assert set(rows[0]) == every_key
    by_url = {row["url"]: row for row in rows}
    for item in crawl.items:
        row = by_url[item["url"]]
        assert json.loads(row["metadata"]) == item["metadata"]
        assert json.loads(row["authors"]) == item["authors"]
        assert row["headline"] == item["headline"]
        assert row.get("dateModified", "") == item.get("dateModified", "")


def test_markdown_feed_writes_one_document_per_article(crawl: Crawl) -> None:
    files = sorted((crawl.folder / "md" / "demo-news").glob("*.md"))
    assert len(files) == len(crawl.items)
    by_url = {item["url"]: item for item in crawl.items}
    for file in files:
        text = file.read_text(encoding="utf-8")
        match = re.fullmatch(r"---\n(.*?)\n---\n\n(.*)", text, re.DOTALL)
        assert match, file
        head, body = match.groups()
        front = {
            key: json.loads(value)
            for key, value in (line.split(": ", 1) for line in head.splitlines())
        }
        item = by_url[front["url"]]
        assert front["headline"] == item["headline"]
        assert front["datePublished"] == item["datePublished"]
        assert front["authors"] == [author["name"] for author in item["authors"]]
        assert body.strip() == item["articleBodyMarkdown"].strip()


def test_a_broken_config_is_reported_and_the_others_crawl(crawl: Crawl) -> None:
    assert "broken.json" in crawl.log
    assert "versions.0.fields.headline.rules.0.source" in crawl.log
    assert crawl.items


def test_scrapy_list_shows_every_valid_publisher(
    scrapy_cli: ScrapyCli, config_dir_with_broken: Path
) -> None:
    result = scrapy_cli("list", "-s", f"PACE_CONFIG_DIR={config_dir_with_broken}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["bootstrap", "demo-news", "demo-shop"]
    assert "broken.json" in result.stderr
    assert "versions.0.fields.headline.rules.0.source" in result.stderr


def test_since_skips_older_entries_and_drops_older_pages(
    demo: Demo, scrapy_cli: ScrapyCli, tmp_path: Path
) -> None:
    truths = [demo.site.truth(url) for url in demo.site.article_urls(demo.base_url)]
    days = sorted({t.date_published[:10] for t in truths if isinstance(t, ArticleTruth)})
    since = days[len(days) // 2]
    expected = {t.url for t in truths if isinstance(t, ArticleTruth) and t.date_published >= since}
    assert 0 < len(expected) < len(truths)
    args = crawl_args(demo, tmp_path, Path("configs"), "-a", f"since={since}")
    result = run_crawl(scrapy_cli, [*args, "-O", str(tmp_path / "items.jsonl")], tmp_path)
    assert {item["url"] for item in result.items} == expected
    assert result.stats["pace/discovery/before_since"] > 0
