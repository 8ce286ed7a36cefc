"""The pool of browser pages: reuse, waiting while all are busy, closing failed ones."""

from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import async_playwright

from pace_scrapy.render.browser import launch_options
from pace_scrapy.render.page_pool import PagePool


def test_renderings_wait_while_every_page_is_busy() -> None:
    async def scenario() -> None:
        pool = PagePool(1)
        assert await pool.acquire() is None  # open a page
        waiting = asyncio.ensure_future(pool.acquire())
        await asyncio.sleep(0.05)
        assert not waiting.done()
        await pool.release(None)  # that rendering ended without a page
        assert await asyncio.wait_for(waiting, 1) is None
        assert (pool.busy, pool.idle) == (1, 0)

    asyncio.run(scenario())


def test_a_pool_needs_room_for_a_page() -> None:
    with pytest.raises(ValueError, match="capacity of at least 1, got 0"):
        PagePool(0)


@pytest.mark.browser
def test_pages_are_reused_and_failed_ones_closed(chromium: str | None) -> None:
    async def scenario() -> None:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(**launch_options(chromium))
            pool = PagePool(2)
            assert await pool.acquire() is None
            assert await pool.acquire() is None
            first, second = await browser.new_page(), await browser.new_page()
            waiting = asyncio.ensure_future(pool.acquire())
            await asyncio.sleep(0.05)
            assert not waiting.done()  # two pages busy
            await pool.release(first)
            assert await asyncio.wait_for(waiting, 1) is first  # reused, not reopened
            await pool.discard(second)  # its rendering failed
            assert second.is_closed()
            assert (pool.busy, pool.idle) == (1, 0)
            await pool.release(first)
            await first.close()  # e.g. the browser went away meanwhile
            assert await pool.acquire() is None  # a closed page is never lent
            assert (pool.busy, pool.idle) == (1, 0)
            await browser.close()

    asyncio.run(scenario())
