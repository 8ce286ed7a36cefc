"""Render specs as scrapy-playwright meta; the browser steps on a real page in Chromium."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from playwright.async_api import async_playwright
from scrapy import Request
from scrapy.utils.misc import load_object
from scrapy_playwright.page import PageMethod

from pace_scrapy.config.model import RenderSpec, Selector
from pace_scrapy.render.browser import launch_options
from pace_scrapy.render.page_methods import (
    SCROLL_SCRIPT,
    block_resources,
    click_repeatedly,
    dismiss,
    page_methods,
    playwright_meta,
    playwright_selector,
    settle,
)

FULL = RenderSpec(
    wait_for=Selector(css="#late"),
    scroll=True,
    dismiss=Selector(css="#accept"),
    click=(Selector(css="#more"), Selector(xpath="//button[@id='other']")),
    max_clicks=3,
    timeout_ms=4000,
)

# A consent overlay, a "load more" button that disappears after two clicks, a paragraph
# added late by a timer, and a lazy image far below the fold.
PAGE = b"""<html><body>
<div id="overlay"><button id="accept" onclick="document.getElementById('overlay').remove();
  document.body.insertAdjacentHTML('beforeend', '<p id=consented>ok</p>')">Accept</button></div>
<div id="list"></div>
<button id="more" onclick="var l = document.getElementById('list');
  l.insertAdjacentHTML('beforeend', '<p class=item>item</p>');
  if (l.children.length >= 2) this.remove()">More</button>
<script>setTimeout(function () {
  document.body.insertAdjacentHTML('beforeend', '<p id=late>late</p>'); }, 300);</script>
<img id="lazy" data-src="/lazy.png" style="display:block;margin-top:3000px" width="10" height="10">
<script>new IntersectionObserver(function (entries, observer) {
  entries.forEach(function (e) { if (e.isIntersecting) { e.target.src = e.target.dataset.src;
    observer.disconnect(); } }); }).observe(document.getElementById('lazy'));</script>
</body></html>"""


def test_default_spec_settles_after_loading() -> None:
    meta = playwright_meta(RenderSpec())
    assert meta["playwright"] is True
    assert meta["playwright_page_goto_kwargs"] == {"wait_until": "load", "timeout": 15_000}
    callback = meta["playwright_page_init_callback"]
    assert isinstance(callback, partial)
    assert (callback.func, callback.args) == (block_resources, (("image", "font", "media"),))
    steps = meta["playwright_page_methods"]
    assert isinstance(steps, list)
    assert [(step.method, step.args) for step in steps] == [(settle, (15_000,))]
    assert playwright_meta(RenderSpec()) is not meta  # fresh: scrapy-playwright writes into it


def test_full_spec_steps_in_order() -> None:
    steps = page_methods(FULL)
    assert all(isinstance(step, PageMethod) for step in steps)
    assert [(step.method, step.args, step.kwargs) for step in steps] == [
        (dismiss, ("css=#accept", 4000), {}),
        ("wait_for_selector", ("css=#late",), {"state": "attached", "timeout": 4000}),
        ("evaluate", (SCROLL_SCRIPT, 30), {}),
        (settle, (4000,), {}),
        (click_repeatedly, ("css=#more", 3, 4000), {}),
        (click_repeatedly, ("xpath=//button[@id='other']", 3, 4000), {}),
    ]


def test_selectors_in_playwright_syntax() -> None:
    assert playwright_selector(Selector(css="a.b")) == "css=a.b"
    assert playwright_selector(Selector(xpath="//a")) == "xpath=//a"


class PageHandler(BaseHTTPRequestHandler):
    """Serves :data:`PAGE`; records the paths asked for."""

    paths: list[str]

    def do_GET(self) -> None:
        self.paths.append(self.path)
        body, kind = (PAGE, "text/html") if self.path == "/" else (b"\x89PNG", "image/png")
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture
def page_server() -> Iterator[tuple[str, list[str]]]:
    """The test page on a free port, and the list of paths requested from it."""
    paths: list[str] = []
    handler = type("Handler", (PageHandler,), {"paths": paths})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", paths
    server.shutdown()
    server.server_close()
    thread.join()


async def render(chromium: str | None, url: str, specs: list[RenderSpec]) -> list[str]:
    """Render ``url`` once per spec the way scrapy-playwright does; the HTML of each."""
    results = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**launch_options(chromium))
        for spec in specs:
            page = await browser.new_page()
            meta = playwright_meta(spec)
            callback = meta["playwright_page_init_callback"]
            assert callable(callback)
            await load_object(callback)(page, Request(url, meta=meta))  # as scrapy-playwright
            goto = meta["playwright_page_goto_kwargs"]
            assert isinstance(goto, dict)
            await page.goto(url, **goto)
            for step in page_methods(spec):
                method = step.method
                call = partial(method, page) if callable(method) else getattr(page, method)
                await call(*step.args, **step.kwargs)
            results.append(await page.content())
            await page.close()
        await browser.close()
    return results


@pytest.mark.browser
def test_the_steps_in_chromium(chromium: str | None, page_server: tuple[str, list[str]]) -> None:
    url, paths = page_server
    everything = FULL.model_copy(update={"block_resources": ()})
    blocked, unblocked = asyncio.run(render(chromium, url, [FULL, everything]))
    for html in (blocked, unblocked):
        assert 'id="consented"' in html and 'id="overlay"' not in html  # dismissed
        assert 'id="late"' in html  # waited for
        assert html.count('class="item"') == 2  # clicked until the button was gone
        assert 'src="/lazy.png"' in html  # scrolled down to the lazy image
    assert paths.count("/") == 2
    assert paths.count("/lazy.png") == 1  # requested only when images were not blocked
