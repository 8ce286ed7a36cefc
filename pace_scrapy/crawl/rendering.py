"""Downloader middleware: which requests are rendered in a browser, and what if rendering fails.

A request is rendered when ``meta["pace_render"]`` says so (True or False), else when its
publisher's policy does (``PACE_RENDER``, else the config's ``render``; ``auto`` follows the
decision stored in the config). It then gets scrapy-playwright's meta built from the
publisher's ``rendering`` spec (the default spec for a URL of no publisher), in the browser
context ``pace`` (one for the whole crawl), on a reused page when one is idle
(:mod:`pace_scrapy.render.page_pool`). Requests that set ``meta["playwright"]`` themselves,
and ``/robots.txt``, are left alone.

A rendering that fails (browser error or crash, timeout, navigation error) is retried once;
then the page is fetched without a browser, with ``meta["pace_render_failed"] = True``, which
flags its item (``metadata.renderFailed``). The crawl goes on. Stats: ``pace/rendered``
(rendered responses), ``pace/render/retried``, ``pace/render/failed`` (fetched plainly
instead) and ``pace/render/unavailable`` (asked for, but this crawl has no browser: see
``PACE_RENDER_ON_REQUEST``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from pace_scrapy.config.model import RenderSpec
from pace_scrapy.config.store import ConfigStore
from pace_scrapy.crawl.record import META_RENDER_FAILED
from pace_scrapy.crawl.runtime import enabled_runtime
from pace_scrapy.render.policy import render_wanted

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from scrapy.statscollectors import StatsCollector

    from pace_scrapy.render.page_pool import PagePool

logger = logging.getLogger(__name__)

META_RENDER = "pace_render"
META_RETRIES = "pace_render_retries"
META_PAGE = "playwright_page"
META_SLOT = "pace_render_page"  # the request holds one of the pool's pages
CONTEXT = "pace"
# Pages served by a site's service worker would escape the blocking of resources.
CONTEXT_OPTIONS = {"service_workers": "block"}
RETRIES = 1
# Before HttpCacheMiddleware (900): the cache keys a request once it is known to be rendered
# (:mod:`pace_scrapy.crawl.fingerprint`), so rendered and plain copies of a page never mix.
# Above every other stock middleware: responses (cached ones too) give their page back before
# any other middleware can drop them, and failures are handled before RetryMiddleware (550).
ORDER = 880
DEFAULT_SPEC = RenderSpec()
# Prefix of the request meta of a rendering, dropped when it is retried or given up.
_RENDER_KEYS = "playwright"


class RenderMiddleware:
    """Marks requests to render for scrapy-playwright; retries, then falls back to plain."""

    def __init__(
        self, store: ConfigStore, stats: StatsCollector, override: str, max_pages: int | None
    ) -> None:
        """``max_pages`` is the number of browser pages open at once (None: no browser)."""
        self.store = store
        self.stats = stats
        self.override = override
        self._warned = False
        self._meta: Callable[[RenderSpec], dict[str, object]] | None = None
        self._errors: tuple[type[Exception], ...] = ()
        self.pages: PagePool | None = None
        if max_pages is not None:  # scrapy-playwright is only imported by crawls that render
            from playwright.async_api import Error  # noqa: PLC0415

            from pace_scrapy.render.page_methods import playwright_meta  # noqa: PLC0415
            from pace_scrapy.render.page_pool import PagePool  # noqa: PLC0415

            self._meta, self._errors = playwright_meta, (Error,)
            self.pages = PagePool(max_pages)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        """Build from the crawler's runtime (:class:`NotConfigured` when disabled)."""
        runtime = enabled_runtime(crawler)
        settings = crawler.settings
        # scrapy-playwright's own limit (the add-on sets it from PACE_BROWSER_MAX_PAGES).
        max_pages = settings.getint("PLAYWRIGHT_MAX_PAGES_PER_CONTEXT") or settings.getint(
            "CONCURRENT_REQUESTS"
        )
        return cls(
            runtime.store,
            crawler.stats,
            runtime.settings.render,
            max_pages if runtime.rendering else None,
        )

    @property
    def enabled(self) -> bool:
        """True when this crawl renders pages."""
        return self.pages is not None

    async def process_request(self, request: Request) -> None:
        """Add scrapy-playwright's meta to a request that is to be rendered (waits while
        every browser page is busy)."""
        meta = request.meta
        asked = meta.get(META_RENDER)
        if "playwright" in meta or asked is False or not (asked or self.enabled):
            return
        if self._meta is None or self.pages is None:
            self._unavailable(request.url)
            return
        config = self.store.match(request.url)
        if asked is None and (
            config is None
            or not render_wanted(config, self.override, request.url)
            or urlsplit(request.url).path == "/robots.txt"
        ):
            return
        meta.update(self._meta(DEFAULT_SPEC if config is None else config.rendering))
        meta.update(
            {
                "playwright_context": CONTEXT,
                "playwright_context_kwargs": CONTEXT_OPTIONS,
                "playwright_include_page": True,
            }
        )
        meta.setdefault(META_RETRIES, 0)
        meta[META_SLOT] = True
        page = await self.pages.acquire()
        if page is not None:
            meta[META_PAGE] = page

    async def process_response(self, request: Request, response: Response) -> Response:
        """Count rendered responses; keep their page for another rendering."""
        if self.pages is not None and request.meta.pop(META_SLOT, False):
            await self.pages.release(request.meta.pop(META_PAGE, None))
        if "playwright" in response.flags:
            self.stats.inc_value("pace/rendered")
        return response

    async def process_exception(self, request: Request, exception: Exception) -> Request | None:
        """Retry a failed rendering once, then fetch the page without a browser."""
        if self.pages is not None and request.meta.pop(META_SLOT, False):
            await self.pages.discard(request.meta.pop(META_PAGE, None))
        retries = request.meta.get(META_RETRIES)
        if retries is None or not isinstance(exception, self._errors):
            return None
        meta = {key: value for key, value in request.meta.items() if not _render_key(key)}
        if retries < RETRIES:
            self.stats.inc_value("pace/render/retried")
            logger.info("Retrying the rendering of %s: %s", request.url, _first_line(exception))
            meta[META_RETRIES] = retries + 1
        else:
            self.stats.inc_value("pace/render/failed")
            logger.warning(
                "Rendering %s failed (%s: %s); fetching it without a browser",
                request.url,
                type(exception).__name__,
                _first_line(exception),
            )
            del meta[META_RETRIES]
            meta.update({"playwright": False, META_RENDER_FAILED: True})
        return request.replace(meta=meta, dont_filter=True)

    def _unavailable(self, url: str) -> None:
        self.stats.inc_value("pace/render/unavailable")
        if not self._warned:
            self._warned = True
            logger.warning(
                "%s asks to be rendered, but this crawl has no browser (PACE_RENDER is "
                "'never', or set PACE_RENDER_ON_REQUEST = True); fetching it without one",
                url,
            )


def _render_key(key: str) -> bool:
    return key.startswith(_RENDER_KEYS)


def _first_line(exception: Exception) -> str:
    return (str(exception).strip().splitlines() or [""])[0]
