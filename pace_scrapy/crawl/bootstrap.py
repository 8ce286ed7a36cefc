"""The bootstrap spider: from a publisher's home page to a learnt config.

``scrapy crawl bootstrap -a url=https://publisher.example/ -a name=NAME [-a pages=8]
[-a labeler=heuristic|llm] [-a page_type=article]`` (labeller: ``PACE_LABELER`` by default)
discovers candidate pages (the
sitemaps robots.txt and ``/sitemap.xml`` name, feeds linked from the home page, links from the
home and section pages), fetches the most article-like URLs, keeps the pages that read as
articles, picks representative ones across sections, saves them next to the config
(``<PACE_CONFIG_DIR>/NAME/pages/``: the publisher's regression fixtures), learns and validates
the config, and writes ``<PACE_CONFIG_DIR>/NAME.json`` atomically. From then on
``scrapy crawl NAME`` works. A ``url`` with a path (``https://publisher.example/live/``) learns
that section only.

When a browser is available, the chosen pages are also fetched rendered: if rendering changes
what is extracted (``pace_scrapy.render.decide``), the config is learnt from the rendered pages
and its ``render`` is ``auto`` with the decision and its evidence stored; otherwise from the
plain ones, and ``auto`` never renders.
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
from pace_scrapy.config.model import RenderDecision
from pace_scrapy.config.store import save_config
from pace_scrapy.crawl.discovery import feed_entries
from pace_scrapy.crawl.record import META_RENDER_FAILED
from pace_scrapy.crawl.rendering import META_RENDER
from pace_scrapy.crawl.runtime import pace_runtime
from pace_scrapy.errors import PageError
from pace_scrapy.learn.discover import (
    main_shape,
    page_is_article,
    ranked,
    representatives,
    url_article_score,
    with_identity,
)
from pace_scrapy.learn.labelers import make_labeler
from pace_scrapy.learn.learner import learn_config
from pace_scrapy.page.model import Page
from pace_scrapy.render.browser import BrowserNotFound, find_browser
from pace_scrapy.render.decide import decide_render, with_render_decision

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

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
        self.section = urlsplit(url).path if urlsplit(url).path.strip("/") else ""
        # LinkExtractor compares domains with the URL's host *and port*.
        self.links = LinkExtractor(allow_domains=[urlsplit(url).netloc])
        self.sitemaps: list[str] = []
        self.feeds: list[str] = []
        self.candidates: dict[str, float] = {}
        self.ranked: list[str] = []
        self.fetched: set[str] = set()
        self.articles: dict[str, tuple[Page, bytes]] = {}
        self.rendered: dict[str, tuple[Page, bytes]] = {}
        self.chosen: list[str] = []
        self.phase = "discovering"

    @classmethod
    def update_settings(cls, settings: BaseSettings) -> None:
        """Start a browser for the rendered fetches when one is installed."""
        super().update_settings(settings)
        try:
            find_browser(settings.get("PACE_BROWSER_EXECUTABLE"))
        except BrowserNotFound:
            return
        settings.set("PACE_RENDER_ON_REQUEST", True, priority="spider")

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> Self:
        """Build the spider and watch for the moment discovery runs dry."""
        spider: Self = super().from_crawler(crawler, *args, **kwargs)
        crawler.signals.connect(spider.on_idle, signal=signals.spider_idle)
        return spider

    async def start(self) -> AsyncIterator[Request]:
        """The home page, robots.txt and the conventional sitemap."""
        parts = urlsplit(self.home)
        base = f"{parts.scheme}://{parts.netloc}"
        yield plain(self.home, callback=self.parse_home)
        yield plain(f"{base}/robots.txt", callback=self.parse_robots, errback=self.ignore)
        yield plain(f"{base}/sitemap.xml", callback=self.parse_sitemap, errback=self.ignore)

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
                yield plain(feed, callback=self.parse_feed)
        for link in self.links.extract_links(response):
            score = url_article_score(link.url)
            if score:
                self._candidate(link.url, score)
            elif response.meta.get("depth", 0) == 0:
                yield plain(link.url, callback=self.parse_home)

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
                self._candidate(location, score)

    def _sitemap(self, url: str) -> Iterator[Request]:
        if url not in self.sitemaps and len(self.sitemaps) < MAX_SITEMAPS:
            self.sitemaps.append(url)
            yield plain(url, callback=self.parse_sitemap, errback=self.ignore)

    def parse_feed(self, response: Response) -> None:
        """Feed entries are candidates."""
        for entry in feed_entries(response.body, response.url):
            if score := url_article_score(entry.url):
                self._candidate(entry.url, score)

    def _candidate(self, url: str, score: float) -> None:
        if urlsplit(url).path.startswith(self.section):
            self.candidates.setdefault(url, score)

    def on_idle(self) -> None:
        """Discovery ran dry: fetch the best candidates spread over sections; once they are
        in, fetch the chosen pages rendered too (when a browser is available)."""
        requests = []
        if self.phase == "discovering":
            self.phase = "sampling"
            self.ranked = ranked(self.candidates)
            chosen = representatives(self.ranked, self.wanted * CANDIDATES_PER_PAGE)
            self.logger.info("Fetching %d of %d candidate pages", len(chosen), len(self.ranked))
            requests = [plain(url, callback=self.parse_candidate) for url in chosen]
        elif self.phase == "sampling":
            self.phase = "rendering"
            self.chosen = representatives(main_shape(self._article_urls()), self.wanted)
            if self.settings.getbool("PACE_RENDER_ON_REQUEST"):
                requests = [
                    Request(url, callback=self.parse_rendered, dont_filter=True,
                            meta={META_RENDER: True})
                    for url in self.chosen
                ]  # fmt: skip
        for request in requests:
            self.crawler.engine.crawl(request)
        if requests:
            raise DontCloseSpider

    def _article_urls(self) -> list[str]:
        """The fetched pages that read as articles, in candidate rank order (not in the order
        their responses arrived)."""
        return [url for url in self.ranked if url in self.articles]

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

    def parse_rendered(self, response: Response) -> None:
        """Keep the rendered version of a chosen page (unless rendering failed)."""
        if response.meta.get(META_RENDER_FAILED):
            return
        try:
            page = Page.from_html(response.body, response.url, content_type=_content_type(response))
        except PageError as exc:
            self.logger.warning("Skipping rendered %s: %s", response.url, exc)
            return
        self.rendered[response.url] = (page, response.body)

    def closed(self, reason: str) -> None:
        """Decide rendering, save the pages, learn, write the config."""
        chosen = self.chosen or representatives(main_shape(self._article_urls()), self.wanted)
        if not chosen:
            self.logger.error("No article page found from %s: no config written", self.home)
            return
        decision = self._render_decision(chosen)
        # Learnt from the copies the crawl will see: rendered where the decision renders.
        copies = [
            self.rendered[url]
            if decision is not None and url in self.rendered and decision.renders(url)
            else self.articles[url]
            for url in chosen
        ]
        folder = pace_runtime(self.crawler).settings.config_dir
        for number, (url, (_, body)) in enumerate(zip(chosen, copies, strict=True), 1):
            write_page(folder / self.publisher / "pages", number, url, body)
        pages = [page for page, _ in copies]
        name = self.labeler or pace_runtime(self.crawler).settings.labeler
        labeler = make_labeler(name, settings=self.crawler.settings.copy_to_dict())
        result = learn_config(self.publisher, pages, labeler, page_type=self.page_type)
        config = with_identity(
            result.config,
            home=self.home,
            article_urls=main_shape(self._article_urls()),
            sitemaps=self.sitemaps,
            feeds=self.feeds,
        )
        if decision is not None:
            config = with_render_decision(config, decision).model_copy(update={"render": "auto"})
        path = save_config(config, folder / f"{self.publisher}.json")
        self.crawler.stats.set_value("pace/bootstrap/pages", len(chosen))
        self.logger.info(
            "Learnt %r from %d pages (left out: %s; rendering: %s): %s",
            self.publisher,
            len(chosen),
            ", ".join(sorted(result.report.left_out)) or "nothing",
            _rendering(decision),
            path,
        )

    def _render_decision(self, chosen: list[str]) -> RenderDecision | None:
        """Compare the plain and rendered fetches of the chosen pages (None: none rendered)."""
        both = [url for url in chosen if url in self.rendered]
        if not both:
            return None
        plain = [self.articles[url][0] for url in both]
        rendered = [self.rendered[url][0] for url in both]
        return decide_render(plain, rendered)


def plain(url: str, **kwargs: Any) -> Request:
    """A request fetched without a browser, whatever a config of the publisher (an earlier
    bootstrap's) says: the plain copies are what the rendered ones are compared with."""
    return Request(url, meta={META_RENDER: False}, **kwargs)


def _rendering(decision: RenderDecision | None) -> str:
    """What the crawl renders, for the log."""
    if decision is None:
        return "not tried"
    if decision.render:
        return "every page"
    return "pages matching " + " or ".join(decision.sections) if decision.sections else "no page"


def write_page(folder: Path, number: int, url: str, body: bytes) -> None:
    """Save one page as ``NNNN.html`` with its ``NNNN.json`` (URL) beside it."""
    write_atomic(folder / f"{number:04d}.html", body)
    write_atomic(folder / f"{number:04d}.json", json.dumps({"url": url}) + "\n")


def _content_type(response: Response) -> str | None:
    value = response.headers.get("Content-Type")
    return value.decode("latin-1") if value else None
