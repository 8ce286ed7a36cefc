"""scrapy-playwright's download handler, one instance for both ``http`` and ``https``.

Scrapy builds one download handler per URL scheme, and each scrapy-playwright handler starts
its own Playwright driver and browser. :class:`SharedPlaywrightHandler` gives every scheme of
a crawler the same instance: one driver, one browser, one browser context and one page limit
(``PLAYWRIGHT_MAX_PAGES_PER_CONTEXT``) for the whole crawl. It needs Scrapy's asynchronous
download handler API (Scrapy 2.14 or later).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy_playwright.handler import ScrapyPlaywrightDownloadHandler

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler

_ATTRIBUTE = "_pace_playwright_handler"


class SharedPlaywrightHandler(ScrapyPlaywrightDownloadHandler):  # type: ignore[misc]  # untyped base
    """A scrapy-playwright handler shared by every URL scheme of a crawler."""

    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        self._closed = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        """The crawler's handler, created on the first call."""
        handler = getattr(crawler, _ATTRIBUTE, None)
        if not isinstance(handler, cls):
            handler = cls(crawler)
            setattr(crawler, _ATTRIBUTE, handler)
        return handler

    async def close(self) -> None:
        """Close the browser and the driver once (Scrapy closes it once per scheme)."""
        if not self._closed:
            self._closed = True
            await super().close()
