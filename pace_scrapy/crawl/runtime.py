"""What every pace-scrapy component of one crawler shares: parsed settings, the config store and
whether pages may be rendered.

:func:`pace_runtime` builds it on first use and keeps it on the crawler, so the configs are
loaded once per crawler (never in a process-wide registry). The spider asks for it first (before
add-ons run), which is safe because the add-on only fills in the defaults parsing uses anyway.
"""

from __future__ import annotations

import logging
from functools import cached_property
from typing import TYPE_CHECKING

from scrapy.exceptions import NotConfigured

from pace_scrapy.config.model import ConfigVersion, PublisherConfig
from pace_scrapy.config.store import ConfigStore
from pace_scrapy.crawl.browser_setup import rendering_needed
from pace_scrapy.crawl.settings import PaceSettings

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

_ATTRIBUTE = "_pace_runtime"


class PaceRuntime:
    """Parsed ``PACE_*`` settings and the publisher configs of a crawl."""

    def __init__(self, settings: PaceSettings) -> None:
        self.settings = settings

    @cached_property
    def store(self) -> ConfigStore:
        """The configs of ``PACE_CONFIG_DIR`` (loaded on first use; bad files are logged)."""
        store = ConfigStore.from_folder(self.settings.config_dir)
        logger.info(
            "Loaded %d publisher config(s) from %s (%d broken)",
            len(store),
            self.settings.config_dir,
            len(store.errors),
        )
        return store

    @cached_property
    def rendering(self) -> bool:
        """True when pages of this crawl may be rendered in a browser (decided once)."""
        return rendering_needed(self.settings, self.store)

    def config(self, name: str) -> PublisherConfig:
        """The config named ``name``; :class:`KeyError` naming the folder when there is none."""
        config = self.store.get(name)
        if config is None:
            raise KeyError(f"no publisher config named {name!r} in {self.settings.config_dir}")
        return config

    def version(self, name: str, number: int) -> ConfigVersion:
        """Version ``number`` of config ``name``; :class:`KeyError` when there is none."""
        for version in self.config(name).versions:
            if version.version == number:
                return version
        raise KeyError(f"publisher config {name!r} has no version {number}")


def pace_runtime(crawler: Crawler) -> PaceRuntime:
    """The crawler's runtime, created (settings parsed) on the first call."""
    runtime = getattr(crawler, _ATTRIBUTE, None)
    if not isinstance(runtime, PaceRuntime):
        runtime = PaceRuntime(PaceSettings.from_settings(crawler.settings))
        setattr(crawler, _ATTRIBUTE, runtime)
    return runtime


def enabled_runtime(crawler: Crawler) -> PaceRuntime:
    """The crawler's runtime; :class:`NotConfigured` when ``PACE_ENABLED`` is False."""
    runtime = pace_runtime(crawler)
    if not runtime.settings.enabled:
        raise NotConfigured("PACE_ENABLED is False")
    return runtime
