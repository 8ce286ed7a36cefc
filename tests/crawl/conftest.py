"""Fixtures of the crawl tests: a demo site served on 127.0.0.1 and config folders."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from scrapy.crawler import Crawler
from scrapy.utils.test import get_crawler

from pace_scrapy.demo import DemoSite, serve
from tests.conftest import REPO

BROKEN_CONFIG = {
    "name": "broken",
    "domains": ["broken.example"],
    "versions": [{"version": 1, "fields": {"headline": {"rules": [{"source": "cssx"}]}}}],
}


@dataclass(frozen=True)
class Demo:
    """A running demo site and its base URL."""

    site: DemoSite
    base_url: str


@pytest.fixture(scope="session")
def demo() -> Iterator[Demo]:
    """Build 2 of a 30-article demo site (2 live blogs, 5 opinion columns) on a free port."""
    site = DemoSite(seed=0, build=2, n_articles=30, n_products=6)
    with serve(site) as base_url:
        yield Demo(site, base_url)


@pytest.fixture(scope="session")
def config_dir_with_broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's configs plus ``broken.json`` (an invalid rule source)."""
    folder = tmp_path_factory.mktemp("configs")
    for file in (REPO / "configs").glob("*.json"):
        shutil.copy(file, folder / file.name)
    (folder / "broken.json").write_text(json.dumps(BROKEN_CONFIG), encoding="utf-8")
    return folder


NEWS_CONFIG = {
    "name": "news",
    "domains": ["news.example"],
    "url_patterns": [r"/20\d\d/"],
    "versions": [
        {
            "version": 1,
            "valid_until": "2024-01-01",
            "fields": {"headline": {"required": True, "rules": [{"source": "css", "query": "h2"}]}},
        },
        {
            "version": 2,
            "valid_from": "2024-01-01",
            "fields": {
                "headline": {"required": True, "rules": [{"source": "css", "query": "h1"}]},
                "datePublished": {
                    "rules": [{"source": "css", "query": "time", "attribute": "datetime"}]
                },
                "description": {"rules": [{"source": "meta", "query": "description"}]},
            },
            "body": {"containers": [{"css": "article"}]},
        },
    ],
}
LATER_CONFIG = {
    "name": "later",
    "domains": ["later.example"],
    "versions": [{"version": 1, "valid_from": "2099-01-01", "fields": {}}],
}


@pytest.fixture
def config_dir(tmp_path: Path) -> Path:
    """A folder with config ``news`` (v1 before 2024, v2 from 2024) and ``later`` (from 2099)."""
    folder = tmp_path / "configs"
    folder.mkdir()
    for config in (NEWS_CONFIG, LATER_CONFIG):
        (folder / f"{config['name']}.json").write_text(json.dumps(config), encoding="utf-8")
    return folder


def news_html(headline: str = "Big news", published: str = "2024-03-05") -> bytes:
    """An article page of news.example."""
    return (
        '<html><head><meta name="description" content="About it"></head><body>'
        f"<h1>{headline}</h1><time datetime='{published}'>5 March</time>"
        "<article><p>First paragraph of the story, long enough to count.</p>"
        "<p>Second paragraph.</p></article></body></html>"
    ).encode()


def make_crawler(config_dir: Path, **settings: Any) -> Crawler:
    """A configured (not started) crawler with the add-on and the given settings."""
    return get_crawler(
        settings_dict={
            "ADDONS": {"pace_scrapy.Addon": 0},
            "PACE_CONFIG_DIR": str(config_dir),
            **settings,
        }
    )
