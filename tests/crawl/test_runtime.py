"""The per-crawler runtime: settings parsed and configs loaded once per crawler."""

from __future__ import annotations

from pathlib import Path

import pytest
from scrapy.exceptions import NotConfigured

from pace_scrapy.crawl.runtime import enabled_runtime, pace_runtime
from tests.crawl.conftest import make_crawler


def test_one_runtime_per_crawler(config_dir: Path) -> None:
    first, second = make_crawler(config_dir), make_crawler(config_dir)
    runtime = pace_runtime(first)
    assert pace_runtime(first) is runtime
    assert runtime.store is runtime.store
    assert pace_runtime(second) is not runtime
    assert sorted(config.name for config in runtime.store) == ["later", "news"]


def test_config_and_version_lookups(config_dir: Path) -> None:
    runtime = pace_runtime(make_crawler(config_dir))
    assert runtime.version("news", 1).valid_until is not None
    with pytest.raises(KeyError, match="no publisher config named 'nope'"):
        runtime.config("nope")
    with pytest.raises(KeyError, match="has no version 3"):
        runtime.version("news", 3)


def test_disabled_runtime_is_not_configured(config_dir: Path) -> None:
    with pytest.raises(NotConfigured, match="PACE_ENABLED"):
        enabled_runtime(make_crawler(config_dir, PACE_ENABLED=False))
