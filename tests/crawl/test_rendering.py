"""The render middleware: which requests get scrapy-playwright's meta; retry, then plain.

The browser is not needed here: requests are only marked, and failures are raised by hand
(Playwright's own exception classes). Real renderings are in ``tests/render``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError
from scrapy import Request
from scrapy.http import HtmlResponse
from scrapy.statscollectors import StatsCollector
from scrapy.utils.test import get_crawler

from pace_scrapy.config.store import ConfigStore, parse_config
from pace_scrapy.crawl.rendering import RenderMiddleware
from pace_scrapy.render.page_methods import settle

MAX_PAGES = 4


def publisher(name: str, render: str, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "domains": [f"{name}.example"],
        "render": render,
        "versions": [{"version": 1}],
        **extra,
    }


STORE = ConfigStore()
for data in (
    publisher("plain", "never"),
    publisher("live", "always", url_patterns=["/live/"], rendering={"timeout_ms": 5000}),
    publisher("everything", "always"),  # no url_patterns: its robots.txt matches too
    publisher("decided", "auto", rendering={"decision": {"render": True}}),
    publisher("undecided", "auto"),
):
    STORE.add(parse_config(data))


def stats() -> StatsCollector:
    collector: StatsCollector = get_crawler().stats
    return collector


def middleware(override: str = "config", max_pages: int | None = MAX_PAGES) -> RenderMiddleware:
    return RenderMiddleware(STORE, stats(), override, max_pages)


def marked(mw: RenderMiddleware, url: str, **meta: Any) -> Request:
    """The request of ``url`` after the middleware saw it."""
    request = Request(url, meta=meta)
    asyncio.run(mw.process_request(request))
    return request


def test_publishers_whose_policy_renders() -> None:
    mw = middleware()
    rendered = marked(mw, "https://live.example/live/1")
    assert rendered.meta["playwright"] is True
    assert rendered.meta["playwright_context"] == "pace"
    assert rendered.meta["playwright_include_page"] is True
    assert rendered.meta["playwright_page_goto_kwargs"]["timeout"] == 5000  # the config's spec
    assert rendered.meta["pace_render_retries"] == 0
    assert "playwright_page" not in rendered.meta  # no idle page yet: scrapy-playwright opens one
    assert marked(mw, "https://decided.example/a").meta["playwright"] is True
    for url in (
        "https://plain.example/a",
        "https://undecided.example/a",
        "https://live.example/other",  # not a page of the publisher (url_patterns)
        "https://everything.example/robots.txt",
        "https://unknown.example/a",
    ):
        assert "playwright" not in marked(mw, url).meta, url


def test_the_crawl_policy_overrides_the_configs() -> None:
    assert marked(middleware("always"), "https://plain.example/a").meta["playwright"] is True
    assert "playwright" not in marked(middleware("never"), "https://live.example/live/1").meta


def test_requests_can_ask_for_or_refuse_rendering() -> None:
    mw = middleware()
    asked = marked(mw, "https://plain.example/a", pace_render=True)
    assert asked.meta["playwright"] is True
    assert asked.meta["playwright_page_goto_kwargs"]["timeout"] == 15_000  # the default spec
    unknown = marked(mw, "https://unknown.example/a", pace_render=True)
    steps = unknown.meta["playwright_page_methods"]
    assert [step.method for step in steps] == [settle]
    assert "playwright" not in marked(mw, "https://live.example/live/1", pace_render=False).meta
    own = marked(mw, "https://live.example/live/1", playwright=False)
    assert own.meta == {"playwright": False}  # set by the project: left alone


def test_asking_a_crawl_without_a_browser(caplog: pytest.LogCaptureFixture) -> None:
    mw = middleware(max_pages=None)
    assert not mw.enabled
    with caplog.at_level(logging.WARNING):
        for _ in range(2):
            assert (
                "playwright" not in marked(mw, "https://live.example/live/1", pace_render=True).meta
            )
    assert mw.stats.get_value("pace/render/unavailable") == 2
    assert caplog.text.count("PACE_RENDER_ON_REQUEST") == 1  # warned once
    assert "playwright" not in marked(mw, "https://live.example/live/1").meta  # no browser


def test_a_failed_rendering_is_retried_once_then_fetched_plainly() -> None:
    async def scenario(mw: RenderMiddleware) -> tuple[Request, Request]:
        first = Request("https://live.example/live/1", meta={"pace_date": "2024-05-01"})
        await mw.process_request(first)
        retry = await mw.process_exception(first, PlaywrightTimeoutError("Timeout 5000ms"))
        assert isinstance(retry, Request)
        await mw.process_request(retry)
        plain = await mw.process_exception(retry, PlaywrightError("Page crashed"))
        assert isinstance(plain, Request)
        await mw.process_request(plain)
        return retry, plain

    mw = middleware()
    retry, plain = asyncio.run(scenario(mw))
    assert retry.dont_filter
    assert (retry.meta["playwright"], retry.meta["pace_render_retries"]) == (True, 1)
    assert plain.dont_filter
    assert plain.meta == {
        "pace_date": "2024-05-01",
        "playwright": False,
        "pace_render_failed": True,
    }
    assert mw.stats.get_value("pace/render/retried") == 1
    assert mw.stats.get_value("pace/render/failed") == 1
    assert mw.pages is not None and mw.pages.busy == 0  # every page slot was given back


def test_other_failures_are_not_rendering_failures() -> None:
    async def scenario(mw: RenderMiddleware) -> list[Request | None]:
        ours = Request("https://live.example/live/1")
        await mw.process_request(ours)
        theirs = Request("https://plain.example/a")
        await mw.process_request(theirs)
        return [
            await mw.process_exception(ours, OSError("disk full")),
            await mw.process_exception(theirs, PlaywrightError("not ours")),
        ]

    mw = middleware()
    assert asyncio.run(scenario(mw)) == [None, None]
    assert mw.stats.get_value("pace/render/failed") is None


def test_rendered_responses_are_counted_and_free_their_page() -> None:
    async def scenario(mw: RenderMiddleware) -> None:
        request = Request("https://live.example/live/1")
        await mw.process_request(request)
        assert mw.pages is not None and mw.pages.busy == 1
        response = HtmlResponse(request.url, body=b"<p>x</p>", flags=["playwright"])
        assert await mw.process_response(request, response) is response
        assert mw.pages.busy == 0
        plain = HtmlResponse("https://plain.example/a", body=b"<p>x</p>")
        await mw.process_response(Request(plain.url), plain)

    mw = middleware()
    asyncio.run(scenario(mw))
    assert mw.stats.get_value("pace/rendered") == 1
