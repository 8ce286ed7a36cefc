"""A real crawl with Chromium: live blogs rendered, per-request overrides, failing renderings.

The crawl itself is the session fixture ``render_crawl`` (see ``conftest.py``).
"""

from __future__ import annotations

import pytest

from pace_scrapy.config.store import load_config
from pace_scrapy.demo import ArticleTruth
from pace_scrapy.extract.extractor import extract
from pace_scrapy.page.model import Page
from tests.conftest import REPO
from tests.render.conftest import LIVE_CONFIG, RenderCrawl

pytestmark = pytest.mark.browser


def normalized(text: str) -> str:
    return " ".join(text.split())


def truth_of(crawl: RenderCrawl, url: str) -> ArticleTruth:
    truth = crawl.site.truth(url)
    assert isinstance(truth, ArticleTruth)
    return truth


def saved_body(crawl: RenderCrawl, kind: str, index: int, config_name: str) -> str:
    """The body extracted from a saved fetch (``plain`` or ``rendered``) of ``both_ways``."""
    path = LIVE_CONFIG if config_name == "demo-live" else REPO / "configs" / f"{config_name}.json"
    html = (crawl.out / f"{kind}-{index}.html").read_bytes()
    item = extract(Page.from_html(html, crawl.both_ways[index]), load_config(path))
    return normalized(getattr(item, "articleBody", None) or "")


def test_live_blogs_yield_their_body_only_when_rendered(render_crawl: RenderCrawl) -> None:
    items = {item["url"]: item for item in render_crawl.items}
    live = [url for url in render_crawl.by_policy if "/live/" in url]
    assert len(live) == 2
    for url in live:
        truth = truth_of(render_crawl, url)
        assert truth.requires_js
        item = items[url]  # rendered as the demo-live config says ("always")
        assert item["metadata"]["config"] == "demo-live"
        assert "renderFailed" not in item["metadata"]
        body = normalized(item["articleBody"])
        assert all(normalized(paragraph) in body for paragraph in truth.body), url
        plain = saved_body(render_crawl, "plain", render_crawl.both_ways.index(url), "demo-live")
        assert not any(normalized(paragraph) in plain for paragraph in truth.body), url


def test_rendering_changes_nothing_on_static_pages(render_crawl: RenderCrawl) -> None:
    static = [i for i, url in enumerate(render_crawl.both_ways) if "/live/" not in url]
    assert len(static) == 4
    for index in static:
        truth = truth_of(render_crawl, render_crawl.both_ways[index])
        plain = saved_body(render_crawl, "plain", index, "demo-news")
        assert saved_body(render_crawl, "rendered", index, "demo-news") == plain
        assert all(normalized(paragraph) in plain for paragraph in truth.body)


def test_policy_and_per_request_override_decide_what_is_rendered(
    render_crawl: RenderCrawl,
) -> None:
    stats = render_crawl.stats
    live = [url for url in render_crawl.by_policy if "/live/" in url]
    # Both-ways fetches asked with meta["pace_render"] = True, plus the live blogs (always);
    # the news page fetched by policy is not rendered (demo-news: never).
    assert stats["pace/rendered"] == len(render_crawl.both_ways) + len(live)
    news = next(item for item in render_crawl.items if item["metadata"]["config"] == "demo-news")
    assert "renderFailed" not in news["metadata"]
    # One download handler for http and https, so one driver and one browser; one context.
    assert render_crawl.log.count("Starting download handler") == 1
    assert stats["playwright/browser_count"] == stats["playwright/context_count"] == 1
    assert stats["playwright/page_count/max_concurrent"] <= 8  # PACE_BROWSER_MAX_PAGES


def test_failed_renderings_are_retried_once_then_fetched_plainly(
    render_crawl: RenderCrawl,
) -> None:
    stats, failing = render_crawl.stats, render_crawl.failing
    assert stats["finish_reason"] == "finished"
    assert stats["pace/render/retried"] == stats["pace/render/failed"] == len(failing)
    items = {item["url"]: item for item in render_crawl.items}
    for kind in ("hang", "crash"):  # served plainly: extracted and flagged
        item = items[failing[kind]]
        assert item["metadata"]["renderFailed"] is True
        assert item["headline"] == {"hang": "Hangs", "crash": "Crashes"}[kind]
    assert failing["close"] not in items  # not even served plainly
    for kind, url in failing.items():
        assert f"Rendering {url} failed" in render_crawl.log, kind
    assert len(render_crawl.items) == len(render_crawl.by_policy) - 1
