"""The HTTP cache keeps a rendered page and its plain fetch apart, crawl after crawl."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pace_scrapy.crawl.browser_setup import ASYNCIO_REACTOR
from pace_scrapy.demo import ArticleTruth, DemoSite, serve
from tests.render.conftest import LIVE_CONFIG, run_render_crawl

pytestmark = pytest.mark.browser


def fetched_with_js(out: Path, kind: str, truth: ArticleTruth) -> bool:
    """True when the saved ``kind`` fetch holds the paragraphs only JavaScript writes."""
    html = " ".join((out / f"{kind}-0.html").read_text(encoding="utf-8").split())
    return all(" ".join(paragraph.split()) in html for paragraph in truth.body)


def test_rendered_and_plain_copies_are_cached_apart(chromium: str | None, tmp_path: Path) -> None:
    site = DemoSite(seed=0, build=2, n_articles=30, n_products=2)
    config_dir = tmp_path / "configs"
    config_dir.mkdir()
    (config_dir / LIVE_CONFIG.name).write_bytes(LIVE_CONFIG.read_bytes())
    settings: dict[str, Any] = {
        "HTTPCACHE_ENABLED": True,
        "HTTPCACHE_DIR": str(tmp_path / "cache"),
        "TWISTED_REACTOR": ASYNCIO_REACTOR,
    }
    if chromium is not None:
        settings["PACE_BROWSER_EXECUTABLE"] = chromium
    with serve(site) as base_url:
        live = next(url for url in site.article_urls(base_url) if "/live/" in url)
        truth = site.truth(live)
        assert isinstance(truth, ArticleTruth) and truth.requires_js
        runs = []
        for run in ("first", "second"):
            out = tmp_path / run
            out.mkdir()
            plan = {
                "out": str(out),
                "config_dir": str(config_dir),
                "settings": settings,
                "both_ways": [live],
                "by_policy": [],
            }
            runs.append(run_render_crawl(out, plan)[2])
            # The plain fetch follows the rendered one: a shared cache entry would serve it
            # the rendered page.
            assert fetched_with_js(out, "rendered", truth), run
            assert not fetched_with_js(out, "plain", truth), run
    first, second = runs
    assert first["httpcache/miss"] == 2 and "httpcache/hit" not in first
    assert first["pace/rendered"] == 1
    assert second["httpcache/hit"] == 2 and "httpcache/miss" not in second
