"""The Scrapy add-on: ``ADDONS = {"pace_scrapy.Addon": 0}`` enables pace-scrapy in a project.

It fills in only what the project left unset: the ``PACE_*`` defaults, the publisher and render
middlewares, the extraction and validation pipelines, the Markdown feed format, the nested-value
CSV format and the file feed storage that also writes to folders; and, only for a crawl that may
render pages, scrapy-playwright (:mod:`pace_scrapy.crawl.browser_setup`). Publisher spiders
additionally need ``SPIDER_LOADER_CLASS`` in the project settings, and ``-O x.md`` / ``-O
dir/:markdown`` on the command line need :data:`FEED_EXPORTERS` there too, because Scrapy reads
both before add-ons run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scrapy.exceptions import NotConfigured

from pace_scrapy.crawl.browser_setup import playwright_settings
from pace_scrapy.crawl.middleware import PublisherMiddleware
from pace_scrapy.crawl.pipelines import ExtractionPipeline, ValidationPipeline
from pace_scrapy.crawl.rendering import ORDER as RENDER_ORDER
from pace_scrapy.crawl.rendering import RenderMiddleware
from pace_scrapy.crawl.runtime import PaceRuntime, pace_runtime
from pace_scrapy.crawl.settings import SETTINGS

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

SPIDER_LOADER_CLASS = "pace_scrapy.crawl.spiderloader.PaceSpiderLoader"
DOWNLOADER_MIDDLEWARES = {
    PublisherMiddleware: 540,  # below RetryMiddleware: final responses
    RenderMiddleware: RENDER_ORDER,
}
ITEM_PIPELINES = {ExtractionPipeline: 100, ValidationPipeline: 110}
FEED_EXPORTERS = {
    "markdown": "pace_scrapy.crawl.markdown.MarkdownItemExporter",
    "md": "pace_scrapy.crawl.markdown.MarkdownItemExporter",
    "csv": "pace_scrapy.crawl.csv_export.FlatCsvItemExporter",
}
FEED_STORAGES = {
    "": "pace_scrapy.crawl.storage.PaceFileFeedStorage",
    "file": "pace_scrapy.crawl.storage.PaceFileFeedStorage",
}


class Addon:
    """Configures a crawler for pace-scrapy (:class:`NotConfigured` when ``PACE_ENABLED`` is
    False)."""

    def __init__(self, runtime: PaceRuntime) -> None:
        self.runtime = runtime

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        """The add-on, unless pace-scrapy is disabled."""
        runtime = pace_runtime(crawler)
        if not runtime.settings.enabled:
            raise NotConfigured("PACE_ENABLED is False")
        return cls(runtime)

    def update_settings(self, settings: BaseSettings) -> None:
        """Fill in defaults and components the project did not set."""
        for spec in SETTINGS:
            settings.set(spec.name, spec.default, priority="addon")
        for middleware, order in DOWNLOADER_MIDDLEWARES.items():
            settings.setdefault_in_component_priority_dict(
                "DOWNLOADER_MIDDLEWARES", middleware, order
            )
        for pipeline, order in ITEM_PIPELINES.items():
            settings.setdefault_in_component_priority_dict("ITEM_PIPELINES", pipeline, order)
        _setdefault_in_dict(settings, "FEED_EXPORTERS", FEED_EXPORTERS)
        _setdefault_in_dict(settings, "FEED_STORAGES", FEED_STORAGES)
        if self.runtime.rendering:
            for name, value in playwright_settings(self.runtime.settings, settings).items():
                if isinstance(value, dict):
                    _setdefault_in_dict(settings, name, value)
                else:
                    settings.set(name, value, priority="addon")


def _setdefault_in_dict(settings: BaseSettings, name: str, values: Mapping[str, object]) -> None:
    """Add the keys of ``values`` the project's dict setting ``name`` lacks (overriding Scrapy's
    ``<name>_BASE`` entries, e.g. ``csv``, but never the project's)."""
    current = settings.getdict(name)
    for key, value in values.items():
        current.setdefault(key, value)
    settings.set(name, current, settings.getpriority(name) or 0)
