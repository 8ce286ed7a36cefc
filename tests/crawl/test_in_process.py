"""In-process crawls (run in a subprocess, since a Twisted reactor starts once per process).

Outside any Scrapy project, with only ``ADDONS`` and ``SPIDER_LOADER_CLASS``: the publisher spider
``demo-shop`` stops after ``max_pages``; a hand-written spider yields page records, and a page of
an unknown domain passes through untouched (and counted).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from pace_scrapy.demo import ProductTruth
from tests.conftest import REPO, run_python
from tests.crawl.conftest import Demo


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def out(demo: Demo, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run the helper from a folder with no scrapy.cfg; configs/ there is found from the cwd."""
    work = tmp_path_factory.mktemp("inprocess")
    shutil.copytree(REPO / "configs", work / "configs")
    news = json.loads((work / "configs" / "demo-news.json").read_text(encoding="utf-8"))
    news["domains"] = ["127.0.0.1"]  # so that the same pages under "localhost" are unknown
    (work / "configs" / "demo-news.json").write_text(json.dumps(news), encoding="utf-8")
    known = demo.site.article_urls(demo.base_url)[:2]
    port = urlsplit(demo.base_url).port
    unknown = known[0].replace("127.0.0.1", "localhost")
    assert port and unknown != known[0]
    command = ["-m", "tests.crawl.inprocess_crawl", str(work), demo.base_url]
    result = run_python(*command, *known, unknown, cwd=work)
    assert result.returncode == 0, result.stderr[-3000:]
    return work


def test_publisher_spider_stops_after_max_pages(out: Path, demo: Demo) -> None:
    items = read_lines(out / "demo-shop.jsonl")
    assert len(items) == 3
    for item in items:
        truth = demo.site.truth(item["url"])
        assert isinstance(truth, ProductTruth)
        assert (item["name"], item["price"], item["sku"]) == (truth.name, truth.price, truth.sku)
        assert item["metadata"]["config"] == "demo-shop"
    stats = json.loads((out / "stats-demo-shop.json").read_text(encoding="utf-8"))
    assert stats["finish_reason"] == "max_pages"


def test_hand_written_spider_and_unknown_domain(out: Path, demo: Demo) -> None:
    items = read_lines(out / "pages.jsonl")
    extracted = [item for item in items if "metadata" in item]
    passed = [item for item in items if "metadata" not in item]
    known = set(demo.site.article_urls(demo.base_url)[:2])
    assert {item["url"] for item in extracted} == known
    assert len(passed) == 1
    assert urlsplit(passed[0]["url"]).hostname == "localhost"
    assert passed[0]["note"] == "no publisher"
    stats = json.loads((out / "stats-pages.json").read_text(encoding="utf-8"))
    assert stats["pace/pages/unmatched"] == 1
    assert stats["pace/pages/seen"] == 3
    assert stats["pace/items/extracted"] == 2
