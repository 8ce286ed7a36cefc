"""A publisher's :class:`~pace_scrapy.config.model.RenderSpec` as scrapy-playwright request meta.

:func:`playwright_meta` gives the meta of one rendered request: navigation waits for the
``load`` event (at most ``timeout_ms``); resources of the blocked types are refused before
navigation (:func:`block_resources`, the page init callback); then the browser steps run in
order: dismiss the consent button, wait for ``wait_for`` (else for the network to settle),
scroll, click "load more" buttons. Needs scrapy-playwright (``pace-scrapy[render]``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from playwright.async_api import TimeoutError as PlaywrightTimeoutError
from scrapy_playwright.page import PageMethod

from pace_scrapy.config.model import RenderSpec, Selector

if TYPE_CHECKING:
    from collections.abc import Collection

    from playwright.async_api import Page, Route
    from scrapy import Request

SETTLE_MS = 2_000  # longest wait for the network to go quiet after loading or clicking
MAX_SCROLL_STEPS = 30  # viewport heights scrolled at most
SCROLL_SCRIPT = """async (maxSteps) => {
  for (let step = 0; step < maxSteps; step++) {
    const before = window.scrollY;
    window.scrollBy(0, window.innerHeight);
    await new Promise((done) => setTimeout(done, 100));
    if (window.scrollY === before) break;
  }
}"""


def playwright_meta(spec: RenderSpec) -> dict[str, object]:
    """Request meta rendering a page with scrapy-playwright as ``spec`` says (fresh each call:
    scrapy-playwright writes into it)."""
    return {
        "playwright": True,
        "playwright_page_goto_kwargs": {"wait_until": "load", "timeout": spec.timeout_ms},
        "playwright_page_methods": page_methods(spec),
        "playwright_page_init_callback": partial(block_resources, spec.block_resources),
    }


def page_methods(spec: RenderSpec) -> list[PageMethod]:
    """The browser steps of ``spec``, run in order once the page has loaded."""
    timeout = spec.timeout_ms
    steps = []
    if spec.dismiss is not None:
        steps.append(PageMethod(dismiss, playwright_selector(spec.dismiss), timeout))
    if spec.wait_for is not None:
        steps.append(
            PageMethod(
                "wait_for_selector",
                playwright_selector(spec.wait_for),
                state="attached",
                timeout=timeout,
            )
        )
    else:
        steps.append(PageMethod(settle, timeout))
    if spec.scroll:
        steps += [
            PageMethod("evaluate", SCROLL_SCRIPT, MAX_SCROLL_STEPS),
            PageMethod(settle, timeout),
        ]
    steps += [
        PageMethod(click_repeatedly, playwright_selector(button), spec.max_clicks, timeout)
        for button in spec.click
    ]
    return steps


def playwright_selector(selector: Selector) -> str:
    """A config selector in Playwright's syntax (``css=...`` or ``xpath=...``)."""
    return f"css={selector.css}" if selector.css is not None else f"xpath={selector.xpath}"


async def settle(page: Page, timeout_ms: int) -> None:
    """Wait until the network is idle, at most :data:`SETTLE_MS` (pages that keep polling
    are taken as they are)."""
    try:
        await page.wait_for_load_state("networkidle", timeout=min(SETTLE_MS, timeout_ms))
    except PlaywrightTimeoutError:
        return


async def dismiss(page: Page, selector: str, timeout_ms: int) -> None:
    """Click the first visible element of ``selector`` (a consent button), if there is one."""
    button = page.locator(selector).first
    if await button.count() and await button.is_visible():
        await button.click(timeout=timeout_ms)


async def click_repeatedly(page: Page, selector: str, max_clicks: int, timeout_ms: int) -> None:
    """Click ``selector`` ("load more") while it is visible, ``max_clicks`` times at most."""
    for _ in range(max_clicks):
        button = page.locator(selector).first
        if not (await button.count() and await button.is_visible()):
            return
        await button.click(timeout=timeout_ms)
        await settle(page, timeout_ms)


async def block_resources(types: Collection[str], page: Page, request: Request) -> None:
    """Refuse the page's requests for resources of ``types`` (the page init callback, given
    ``types`` beforehand)."""
    blocked = frozenset(types)
    if not blocked:
        return

    async def handle(route: Route) -> None:
        if route.request.resource_type in blocked:
            await route.abort()
        else:
            await route.fallback()  # on to scrapy-playwright's own handler

    await page.route("**", handle)
