"""Downloader middleware: which publisher config (and version) each page belongs to.

Every 2xx HTML response is matched against the config store (domain, ignoring the port unless
the config's domain names one, then URL patterns). A match puts ``pace_config`` (name),
``pace_config_version`` (the version valid at the page's date, or None) and ``pace_date`` (ISO
day, see :mod:`pace_scrapy.crawl.record`) into the request's meta, which callbacks see as
``response.meta``. Other responses pass through untouched. (Which requests are rendered in a
browser is :mod:`pace_scrapy.crawl.rendering`'s business.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy.http import HtmlResponse

from pace_scrapy.config.store import ConfigStore
from pace_scrapy.crawl.record import META_CONFIG, META_DATE, META_VERSION, page_date
from pace_scrapy.crawl.runtime import enabled_runtime

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from scrapy.statscollectors import StatsCollector


class PublisherMiddleware:
    """Tags responses with their publisher config; counts ``pace/pages/*``."""

    def __init__(self, store: ConfigStore, stats: StatsCollector) -> None:
        self.store = store
        self.stats = stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        """Build from the crawler's runtime (:class:`NotConfigured` when disabled)."""
        runtime = enabled_runtime(crawler)
        return cls(runtime.store, crawler.stats)

    def process_response(self, request: Request, response: Response) -> Response:
        """Put the matching config, version and page date into the request's meta."""
        if not isinstance(response, HtmlResponse) or not 200 <= response.status < 300:
            return response
        self.stats.inc_value("pace/pages/seen")
        config = self.store.match(response.url)
        if config is None:
            self.stats.inc_value("pace/pages/unmatched")
            return response
        day = page_date(request.meta.get(META_DATE), response.headers.get("Date"))
        version = config.version_at(day)
        request.meta[META_CONFIG] = config.name
        request.meta[META_VERSION] = version.version if version is not None else None
        request.meta[META_DATE] = day.isoformat()
        self.stats.inc_value(f"pace/config/{config.name}/pages")
        return response
