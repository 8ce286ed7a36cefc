"""The spider loader: one publisher spider per valid config; hand-written spiders win."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from scrapy import Request
from scrapy.settings import Settings

from pace_scrapy.crawl.spider import PublisherSpider
from pace_scrapy.crawl.spiderloader import PaceSpiderLoader
from tests.crawl.conftest import BROKEN_CONFIG

HAND_WRITTEN = """
from scrapy import Spider


class NewsSpider(Spider):
    name = "news"


class ExtraSpider(Spider):
    name = "extra"
    allowed_domains = ["extra.example"]
"""


def loader(config_dir: Path, **settings: object) -> PaceSpiderLoader:
    values = {"PACE_CONFIG_DIR": str(config_dir), "SPIDER_MODULES": [], **settings}
    return PaceSpiderLoader.from_settings(Settings(values).frozencopy())


def test_one_spider_per_config(config_dir: Path) -> None:
    spiders = loader(config_dir)
    assert sorted(spiders.list()) == ["bootstrap", "later", "news"]
    news = spiders.load("news")
    assert issubclass(news, PublisherSpider)
    assert (news.__name__, news.name) == ("NewsSpider", "news")
    assert spiders.find_by_request(Request("https://www.news.example/2024/a")) == ["news"]
    with pytest.raises(KeyError):
        spiders.load("missing")


def test_broken_config_is_logged_and_skipped(
    config_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (config_dir / "broken.json").write_text(json.dumps(BROKEN_CONFIG), encoding="utf-8")
    with caplog.at_level(logging.ERROR):
        spiders = loader(config_dir)
    assert sorted(spiders.list()) == ["bootstrap", "later", "news"]
    assert "broken.json" in caplog.text
    assert "versions.0.fields.headline.rules.0.source" in caplog.text


def test_hand_written_spider_wins(
    config_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "hand_written_spiders_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "news.py").write_text(HAND_WRITTEN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    spiders = loader(config_dir, SPIDER_MODULES=["hand_written_spiders_pkg"])
    assert sorted(spiders.list()) == ["bootstrap", "extra", "later", "news"]
    assert not issubclass(spiders.load("news"), PublisherSpider)
    assert spiders.find_by_request(Request("https://extra.example/")) == ["extra"]


def test_no_publisher_spiders_when_disabled(config_dir: Path) -> None:
    assert loader(config_dir, PACE_ENABLED=False).list() == []
