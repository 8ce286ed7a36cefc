"""``make demo``'s job with a real browser: the config learnt from six pages renders the live
section only, and every article's text comes out without its header."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from pace_scrapy.config.store import load_config
from pace_scrapy.demo import ArticleTruth, DemoSite
from pace_scrapy.demo.run import PUBLISHER, run_demo, summary


def normalized(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.browser
def test_the_demo_job_renders_the_live_section_and_gets_every_body(
    chromium: str | None, tmp_path: Path
) -> None:
    site = DemoSite()
    result = run_demo(tmp_path, site=site)
    decision = load_config(tmp_path / "configs" / f"{PUBLISHER}.json").rendering.decision
    assert decision is not None and not decision.render
    assert decision.sections == (r"^https?://[^/]+/live/",), decision.evidence
    truths = {}
    for item in result.items:
        truth = site.truth(urlsplit(str(item["url"])).path)
        assert isinstance(truth, ArticleTruth)
        truths[str(item["url"])] = truth
    live = [url for url, truth in truths.items() if truth.requires_js]
    assert live and result.pages_rendered == len(live), (result.pages_rendered, len(live))
    assert f"(rendered in a browser: {len(live)})" in summary(result, tmp_path)
    for url, item in zip(truths, result.items, strict=True):
        body = normalized(str(item.get("articleBody") or ""))
        missing = [p for p in truths[url].body if normalized(p) not in body]
        assert not missing, (url, item.get("metadata"))
        assert normalized(truths[url].description) not in body, url  # the standfirst
