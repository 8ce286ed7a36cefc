"""The add-on: fills in only what the project left unset; off when PACE_ENABLED is False."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scrapy.settings import SETTINGS_PRIORITIES, Settings
from scrapy.utils.misc import load_object

from pace_scrapy.crawl.addon import Addon
from pace_scrapy.crawl.middleware import PublisherMiddleware
from pace_scrapy.crawl.pipelines import ExtractionPipeline, ValidationPipeline
from pace_scrapy.crawl.rendering import RenderMiddleware
from pace_scrapy.crawl.runtime import PaceRuntime
from pace_scrapy.crawl.settings import SETTINGS, PaceSettings
from tests.crawl.conftest import make_crawler


def components(settings: Settings, name: str) -> dict[object, int]:
    return {load_object(key): value for key, value in settings.getdict(name).items()}


def addon(settings: Settings) -> Addon:
    """The add-on for ``settings`` (as ``from_crawler`` builds it)."""
    return Addon(PaceRuntime(PaceSettings.from_settings(settings)))


def test_fills_in_defaults_and_components(config_dir: Path) -> None:
    settings = Settings({"PACE_CONFIG_DIR": str(config_dir)})
    addon(settings).update_settings(settings)
    for spec in SETTINGS:
        if spec.name != "PACE_CONFIG_DIR":
            assert settings.get(spec.name) == spec.default
            assert settings.getpriority(spec.name) == SETTINGS_PRIORITIES["addon"]
    assert components(settings, "DOWNLOADER_MIDDLEWARES") == {
        PublisherMiddleware: 540,
        RenderMiddleware: 880,
    }
    # The render decision comes before the HTTP cache looks a request up.
    cache = settings.getwithbase("DOWNLOADER_MIDDLEWARES")[
        "scrapy.downloadermiddlewares.httpcache.HttpCacheMiddleware"
    ]
    assert components(settings, "DOWNLOADER_MIDDLEWARES")[RenderMiddleware] < cache
    assert components(settings, "ITEM_PIPELINES") == {
        ExtractionPipeline: 100,
        ValidationPipeline: 110,
    }
    exporters = settings.getwithbase("FEED_EXPORTERS")
    assert (
        exporters["markdown"]
        == exporters["md"]
        == "pace_scrapy.crawl.markdown.MarkdownItemExporter"
    )
    assert exporters["csv"] == "pace_scrapy.crawl.csv_export.FlatCsvItemExporter"
    assert exporters["jsonlines"] == "scrapy.exporters.JsonLinesItemExporter"
    assert settings.getwithbase("FEED_STORAGES")["file"].endswith("PaceFileFeedStorage")


def test_project_values_are_kept(config_dir: Path) -> None:
    settings = Settings(
        {
            "PACE_CONFIG_DIR": str(config_dir),
            "PACE_FALLBACK": "none",
            "ITEM_PIPELINES": {"pace_scrapy.crawl.pipelines.ExtractionPipeline": 500},
            "FEED_EXPORTERS": {"csv": "scrapy.exporters.CsvItemExporter"},
        },
        priority="project",
    )
    addon(settings).update_settings(settings)
    assert settings.get("PACE_FALLBACK") == "none"
    assert components(settings, "ITEM_PIPELINES") == {
        ExtractionPipeline: 500,
        ValidationPipeline: 110,
    }
    assert settings.getwithbase("FEED_EXPORTERS")["csv"] == "scrapy.exporters.CsvItemExporter"


def test_disabled_add_on_configures_nothing(config_dir: Path) -> None:
    crawler = make_crawler(config_dir, PACE_ENABLED=False)
    assert crawler.get_addon(Addon) is None
    assert PublisherMiddleware not in components(crawler.settings, "DOWNLOADER_MIDDLEWARES")
    assert crawler.settings.get("PACE_FALLBACK") is None  # no defaults filled in either


def test_enabled_crawler_has_the_add_on(config_dir: Path) -> None:
    crawler = make_crawler(config_dir)
    assert isinstance(crawler.get_addon(Addon), Addon)
    assert crawler.settings.get("PACE_RENDER") == "config"


def test_importing_the_core_does_not_import_scrapy() -> None:
    code = (
        "import sys, pace_scrapy, pace_scrapy.extract.extractor\n"
        "assert 'scrapy' not in sys.modules, 'core imported scrapy'\n"
        "from pace_scrapy import Addon\n"
        "assert Addon.__module__ == 'pace_scrapy.crawl.addon'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
