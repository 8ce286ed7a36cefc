"""The publisher spider: finds a publisher's article pages and yields them for extraction.

Pages come from the config's sitemaps (indexes and Google News sitemaps included, through
Scrapy's :class:`~scrapy.spiders.SitemapSpider`), its RSS/Atom feeds, and its start URLs, from
which links matching the config's ``url_patterns`` are followed (and from those pages on).
Spider arguments (``-a``):

* ``base_url=http://127.0.0.1:8000``: fetch the config's start URLs, sitemaps and feeds from
  this origin instead (a staging copy, a local test server);
* ``max_pages=N``: stop after N article pages;
* ``since=YYYY-MM-DD``: skip sitemap/feed entries dated before that day; pages whose extracted
  ``datePublished`` is earlier are dropped by the pipeline (``pace/dropped/before_since``).

A hand-written spider of the same name as a config may subclass this one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Iterator
from datetime import date
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scrapy import Request
from scrapy.exceptions import CloseSpider
from scrapy.http import TextResponse
from scrapy.linkextractors import LinkExtractor
from scrapy.spiders import SitemapSpider

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.selectors import compile_regex
from pace_scrapy.config.store import matches_url
from pace_scrapy.crawl.discovery import entry_day, feed_entries, origin, rebase
from pace_scrapy.crawl.record import META_CONFIG, PageRecord, parse_day
from pace_scrapy.crawl.runtime import pace_runtime

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler
    from scrapy.http import Response

META_FOLLOW = "pace_follow"


class PublisherSpider(SitemapSpider):
    """Crawls the article pages of one publisher config (the spider's ``name``)."""

    name: str

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> Self:
        """Build the spider with its config from the crawler's config store."""
        runtime = pace_runtime(crawler)
        if not runtime.settings.enabled:
            raise ValueError(f"spider {cls.name!r} needs pace-scrapy, but PACE_ENABLED is False")
        kwargs.setdefault("pace_config", runtime.config(cls.name))
        spider: Self = super().from_crawler(crawler, *args, **kwargs)
        return spider

    def __init__(
        self,
        *args: Any,
        pace_config: PublisherConfig,
        base_url: str | None = None,
        max_pages: int | str | None = None,
        since: date | str | None = None,
        **kwargs: Any,
    ) -> None:
        self.pace_config = pace_config
        self.base_origin = origin(base_url) if base_url else None
        self.max_pages = _positive(max_pages)
        self.since = parse_day(since) if since else None
        self.pages = 0
        patterns = [compile_regex(p) for p in pace_config.url_patterns]
        self.sitemap_rules = [(p, "parse_page") for p in patterns] or [("", "parse_page")]
        self.sitemap_urls = [rebase(url, self.base_origin) for url in pace_config.sitemaps]
        self.feed_urls = [rebase(url, self.base_origin) for url in pace_config.feeds]
        self.start_urls = [rebase(url, self.base_origin) for url in pace_config.start_urls]
        hosts = {d.split(":")[0] for d in pace_config.domains}
        if self.base_origin:
            hosts.add(urlsplit(self.base_origin).hostname or "")
        self.allowed_domains = sorted(hosts)
        # LinkExtractor compares domains with the URL's host *and port*: list the base origin's.
        link_domains = [*self.allowed_domains]
        if self.base_origin:
            link_domains.append(urlsplit(self.base_origin).netloc)
        self.link_extractor = LinkExtractor(allow=patterns, allow_domains=link_domains)
        super().__init__(*args, **kwargs)

    async def start(self) -> AsyncIterator[Any]:
        """Sitemaps, then feeds, then start URLs."""
        if not (self.sitemap_urls or self.feed_urls or self.start_urls):
            self.logger.warning("Config %r lists no sitemaps, feeds or start_urls", self.name)
        async for request in super().start():
            yield request
        for url in self.feed_urls:
            yield Request(url, callback=self.parse_feed)
        for url in self.start_urls:
            yield Request(url, callback=self.parse_page, meta={META_FOLLOW: True})

    def sitemap_filter(self, entries: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """Sitemap entries not dated (``lastmod``) before ``since``."""
        for entry in entries:
            if not self._before_since(entry_day(entry.get("lastmod"))):
                yield entry

    def parse_feed(self, response: Response) -> Iterator[Request]:
        """Requests for the feed's entries that are article pages not dated before ``since``."""
        for entry in feed_entries(response.body, response.url):
            if matches_url(self.pace_config, entry.url) and not self._before_since(entry.day):
                yield Request(entry.url, callback=self.parse_page)

    def parse_page(self, response: Response) -> Iterator[PageRecord | Request]:
        """The page's record (if it is an article page) and, when following, its links."""
        reached = self.max_pages is not None and self.pages >= self.max_pages
        if response.meta.get(META_CONFIG) and not reached:
            self.pages += 1
            yield PageRecord.from_response(response, since=self.since)
            if self.max_pages is not None and self.pages >= self.max_pages:
                raise CloseSpider("max_pages")
        if response.meta.get(META_FOLLOW) and not reached and isinstance(response, TextResponse):
            for link in self.link_extractor.extract_links(response):
                yield Request(link.url, callback=self.parse_page, meta={META_FOLLOW: True})

    parse = parse_page

    def _before_since(self, day: date | None) -> bool:
        before = self.since is not None and day is not None and day < self.since
        if before:
            self.crawler.stats.inc_value("pace/discovery/before_since")
        return before


def _positive(value: int | str | None) -> int | None:
    if value is None:
        return None
    try:
        number = int(value)
    except ValueError as exc:
        raise ValueError(f"max_pages must be a positive integer, got {value!r}") from exc
    if number < 1:
        raise ValueError(f"max_pages must be a positive integer, got {value!r}")
    return number
