"""Browser pages (tabs) kept open between renderings and reused, at most ``capacity`` at once.

Opening a tab costs Chromium more CPU than loading a page in an open one (a renderer process
and the driver's per-page setup), so a rendering borrows an idle page when there is one, and
gives it back once its response arrived. The pool counts every page it lent or let open, and
makes renderings wait while ``capacity`` pages are busy: scrapy-playwright's own page limit
(``PLAYWRIGHT_MAX_PAGES_PER_CONTEXT``, which must not be lower) would otherwise wait forever
for idle pages to close. A page whose rendering failed (timeout, crash, navigation error) is
closed instead of given back: it may still be stuck.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from playwright.async_api import Error as PlaywrightError

if TYPE_CHECKING:
    from playwright.async_api import Page

logger = logging.getLogger(__name__)


class PagePool:
    """Idle open pages, and a count of the pages renderings hold."""

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"a page pool needs a capacity of at least 1, got {capacity}")
        self.capacity = capacity
        self._idle: list[Page] = []
        self._busy = 0
        self._changed = asyncio.Condition()

    @property
    def idle(self) -> int:
        """Idle pages."""
        return len(self._idle)

    @property
    def busy(self) -> int:
        """Pages lent to renderings (or to be opened for them)."""
        return self._busy

    async def acquire(self) -> Page | None:
        """An idle page, or None when the rendering may open a new one; waits while
        ``capacity`` pages are busy. Each call needs one :meth:`release` or :meth:`discard`."""
        async with self._changed:
            while True:
                self._idle = [page for page in self._idle if not page.is_closed()]
                if self._idle:
                    self._busy += 1
                    return self._idle.pop()
                if self._busy < self.capacity:
                    self._busy += 1
                    return None
                await self._changed.wait()

    async def release(self, page: Page | None) -> None:
        """End a rendering: its page (if open) waits for the next one."""
        async with self._changed:
            self._busy -= 1
            if page is not None and not page.is_closed():
                self._idle.append(page)
            self._changed.notify()

    async def discard(self, page: Page | None) -> None:
        """End a failed rendering: close its page (if the browser did not already)."""
        if page is not None and not page.is_closed():
            try:
                await page.close()
            except PlaywrightError as exc:
                logger.debug("Page %s was closed already: %s", page.url, exc)
        await self.release(None)
