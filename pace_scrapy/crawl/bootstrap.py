"""The bootstrap spider: from a publisher's home page to a learnt config.

``scrapy crawl bootstrap -a url=https://publisher.example/ -a name=NAME [-a pages=8]
[-a labeler=heuristic|llm] [-a page_type=article]`` (labeller: ``PACE_LABELER`` by default)
discovers candidate pages (the
sitemaps robots.txt and ``/sitemap.xml`` name, feeds linked from the home page, links from the
home and section pages), fetches the most article-like URLs, keeps the pages that read as
articles, picks representative ones across sections, saves them next to the config
(``<PACE_CONFIG_DIR>/NAME/pages/``: the publisher's regression fixtures), learns and validates
the config, and writes ``<PACE_CONFIG_DIR>/NAME.json`` atomically. From then on
``scrapy crawl NAME`` works.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from scrapy import Request, Spider, signals
from scrapy.exceptions import DontCloseSpider
from scrapy.http import Response, TextResponse
from scrapy.linkextractors import LinkExtractor
from scrapy.utils.sitemap import Sitemap, sitemap_urls_from_robots

from pace_scrapy.atomic import write_atomic
from pace_scrapy.config.store import save_config
from pace_scrapy.crawl.discovery import feed_entries, origin
from pace_scrapy.crawl.runtime import pace_runtime
from pace_scrapy.errors import PageError
from pace_scrapy.learn.discover import (
    main_shape,
    page_is_article,
    representatives,
    url_article_score,
    with_identity,
)
from pace_scrapy.learn.labelers import make_labeler
from pace_scrapy.learn.learner import learn_config
from pace_scrapy.page.model import Page

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler

MAX_SITEMAPS = 8
CANDIDATES_PER_PAGE = 3  # article-like URLs fetched per representative page wanted
FEED_TYPES = ("application/rss+xml", "application/atom+xml")


class BootstrapSpider(Spider):
    """Discovers, samples and learns one publisher (see the module docstring)."""

    name = "bootstrap"

    def __init__(
        self,
        *args: Any,
        url: str,
        name: str,
        pages: int | str = 8,
        labeler: str | None = None,
        page_type: str = "article",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.home = url
        self.publisher = name
        self.wanted = int(pages)
        self.labeler = labeler
        self.page_type = page_type
        self.allowed_domains = [urlsplit(url).hostname or ""]
        # LinkExtractor compares domains with the URL's host *and port*.
        self.links = LinkExtractor(allow_domains=[urlsplit(url).netloc])
        self.sitemaps: list[str] = []
        self.feeds: list[str] = []
        self.candidates: dict[str, float] = {}
        self.fetched: set[str] = set()
        self.articles: dict[str, tuple[Page, bytes]] = {}
        self.fetching_done = False

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> Self:
        """Build the spider and watch for the moment discovery runs dry."""
        spider: Self = super().from_crawler(crawler, *args, **kwargs)
        crawler.signals.connect(spider.on_idle, signal=signals.spider_idle)
        return spider

    async def start(self) -> AsyncIterator[Request]:
        """The home page, robots.txt and the conventional sitemap."""
        base = origin(self.home)
        yield Request(self.home, callback=self.parse_home)
        yield Request(f"{base}/robots.txt", callback=self.parse_robots, errback=self.ignore)
        yield Request(f"{base}/sitemap.xml", callback=self.parse_sitemap, errback=self.ignore)

    def ignore(self, failure: Any) -> None:
        """Optional discovery sources may be missing."""
        self.logger.debug("Discovery source unavailable: %s", failure.value)

    def parse_home(self, response: Response) -> Iterator[Request]:
        """Links (article candidates; section pages followed once) and linked feeds."""
        if not isinstance(response, TextResponse):
            return
        for href in (
            response.xpath("//link[@rel='alternate']")
            .css(",".join(f"[type='{t}']" for t in FEED_TYPES))
            .xpath("@href")
            .getall()
        ):
            feed = urljoin(response.url, href)
            if feed not in self.feeds:
                self.feeds.append(feed)
                yield Request(feed, callback=self.parse_feed)
        for link in self.links.extract_links(response):
            score = url_article_score(link.url)
            if score:
                self.candidates.setdefault(link.url, score)
            elif response.meta.get("depth", 0) == 0:
                yield Request(link.url, callback=self.parse_home)

    def parse_robots(self, response: Response) -> Iterator[Request]:
        """Sitemaps named in robots.txt."""
        for url in sitemap_urls_from_robots(response.text, base_url=response.url):
            yield from self._sitemap(url)

    def parse_sitemap(self, response: Response) -> Iterator[Request]:
        """Sitemap indexes are followed; URL sets give candidates."""
        if response.url not in self.sitemaps:
            self.sitemaps.append(response.url)
        sitemap = Sitemap(response.body)
        for entry in sitemap:
            location = entry.get("loc", "")
            if sitemap.type == "sitemapindex":
                yield from self._sitemap(location)
            elif score := url_article_score(location):
                self.candidates.setdefault(location, score)

    def _sitemap(self, url: str) -> Iterator[Request]:
        if url not in self.sitemaps and len(self.sitemaps) < MAX_SITEMAPS:
            self.sitemaps.append(url)
            yield Request(url, callback=self.parse_sitemap, errback=self.ignore)

    def parse_feed(self, response: Response) -> None:
        """Feed entries are candidates."""
        for entry in feed_entries(response.body, response.url):
            if score := url_article_score(entry.url):
                self.candidates.setdefault(entry.url, score)

    def on_idle(self) -> None:
        """Discovery ran dry: fetch the best candidates, once, spread over sections."""
        if self.fetching_done:
            return
        self.fetching_done = True
        ranked = sorted(self.candidates, key=lambda url: -self.candidates[url])
        chosen = representatives(ranked, self.wanted * CANDIDATES_PER_PAGE)
        self.logger.info("Fetching %d of %d candidate pages", len(chosen), len(ranked))
        for url in chosen:
            self.crawler.engine.crawl(Request(url, callback=self.parse_candidate))
        if chosen:
            raise DontCloseSpider

    def parse_candidate(self, response: Response) -> None:
        """Keep the page if it reads as an article."""
        try:
            page = Page.from_html(response.body, response.url, content_type=_content_type(response))
        except PageError as exc:
            self.logger.warning("Skipping %s: %s", response.url, exc)
            return
        if page_is_article(page):
            self.articles[response.url] = (page, response.body)
        self.crawler.stats.inc_value("pace/bootstrap/fetched")

    def closed(self, reason: str) -> None:
        """Pick representative pages, save them, learn, write the config."""
        chosen = representatives(main_shape(list(self.articles)), self.wanted)
        if not chosen:
            self.logger.error("No article page found from %s: no config written", self.home)
            return
        folder = pace_runtime(self.crawler).settings.config_dir
        for number, url in enumerate(chosen, 1):
            write_page(folder / self.publisher / "pages", number, url, self.articles[url][1])
        pages = [self.articles[url][0] for url in chosen]
        name = self.labeler or pace_runtime(self.crawler).settings.labeler
        labeler = make_labeler(name, settings=self.crawler.settings.copy_to_dict())
        result = learn_config(self.publisher, pages, labeler, page_type=self.page_type)
        config = with_identity(
            result.config,
            home=self.home,
            article_urls=main_shape(list(self.articles)),
            sitemaps=self.sitemaps,
            feeds=self.feeds,
        )
        path = save_config(config, folder / f"{self.publisher}.json")
        self.crawler.stats.set_value("pace/bootstrap/pages", len(chosen))
        self.logger.info(
            "Learnt %r from %d pages (left out: %s): %s",
            self.publisher,
            len(chosen),
            ", ".join(sorted(result.report.left_out)) or "nothing",
            path,
        )


def write_page(folder: Path, number: int, url: str, body: bytes) -> None:
    """Save one page as ``NNNN.html`` with its ``NNNN.json`` (URL) beside it."""
    write_atomic(folder / f"{number:04d}.html", body)
    write_atomic(folder / f"{number:04d}.json", json.dumps({"url": url}) + "\n")


def _content_type(response: Response) -> str | None:
    value = response.headers.get("Content-Type")
    return value.decode("latin-1") if value else None
