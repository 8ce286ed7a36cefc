"""Deciding whether a publisher needs a browser, from the same pages fetched plain and rendered."""

from __future__ import annotations

import pytest

from pace_scrapy.config.model import PublisherConfig, RenderDecision
from pace_scrapy.config.store import load_config, parse_config
from pace_scrapy.page.model import Page
from pace_scrapy.render.decide import decide_render, with_render_decision
from pace_scrapy.render.policy import render_wanted
from tests.conftest import REPO
from tests.render.conftest import LIVE_CONFIG, RenderCrawl

PARAGRAPH = "The council approved the new budget after a long debate about schools and roads. "
CONFIG = parse_config(
    {
        "name": "feed",
        "domains": ["feed.example"],
        "render": "auto",
        "versions": [
            {
                "version": 1,
                "fields": {
                    "headline": {"rules": [{"source": "css", "query": "h1"}]},
                    "authors": {"rules": [{"source": "css", "query": ".author"}]},
                },
                "body": {"containers": [{"css": "#feed"}]},
            }
        ],
    }
)


def page(feed: str, extra: str = "", url: str = "https://feed.example/a") -> Page:
    html = f"<html><body><main><h1>Budget passes</h1>{extra}<div id=feed>{feed}</div></main>"
    return Page.from_html(html + "</body></html>", url)


LOADING = page("<p>Loading…</p>")
STORY = "".join(f"<p>Part {n}. {PARAGRAPH * 3}</p>" for n in range(4))
LOADED = page(STORY)


def test_rendering_that_brings_the_body_is_chosen() -> None:
    decision = decide_render([LOADING], [LOADED], CONFIG)
    assert decision.render is True
    evidence = decision.evidence
    assert (evidence["pages"], evidence["pages_gaining"], evidence["share_gaining"]) == (1, 1, 1.0)
    assert evidence["median_body_chars_plain"] == len("Loading…")
    assert int(evidence["median_body_chars_rendered"]) > 4 * len(PARAGRAPH * 3)
    assert evidence["extraction"] == "config feed"
    assert decision.decided is not None


def test_rendering_that_changes_nothing_is_not_chosen() -> None:
    decision = decide_render([LOADED, LOADED], [LOADED, LOADED], CONFIG)
    assert decision.render is False
    assert (decision.evidence["pages_gaining"], decision.evidence["fields_only_rendered"]) == (
        0,
        "",
    )


def test_a_small_addition_is_no_reason_to_render() -> None:
    longer = page(STORY + "<p>Share this.</p>")
    assert decide_render([LOADED], [longer], CONFIG).render is False


def test_fields_that_appear_only_when_rendered() -> None:
    with_author, without = page(STORY, "<p class=author>Ann Lee</p>"), page(STORY)
    decision = decide_render([without], [with_author], CONFIG)
    assert decision.render is True
    assert decision.evidence["fields_only_rendered"] == "authors"
    assert (
        decide_render([with_author], [without], CONFIG).evidence["fields_only_plain"] == "authors"
    )


def test_min_share_of_the_pages_must_gain() -> None:
    plain, rendered = [LOADING, LOADED, LOADED], [LOADED, LOADED, LOADED]
    assert decide_render(plain, rendered, CONFIG).render is False  # 1 of 3 < 0.5
    assert decide_render(plain, rendered, CONFIG, min_share=0.3).render is True


def test_sections_whose_every_sampled_page_gains_are_rendered() -> None:
    def at(path: str, feed: str) -> Page:
        return page(feed, url=f"https://feed.example{path}")

    urls = ["/live/2024/a", "/live/2024/b", "/world/2024/c", "/world/2024/d", "/sport/e", "/f"]
    plain = [at("/live/2024/a", "<p>Loading…</p>"), at("/live/2024/b", "<p>Loading…</p>")]
    plain += [at("/world/2024/c", "<p>Loading…</p>"), at("/world/2024/d", STORY)]
    plain += [at("/sport/e", STORY), at("/f", "<p>Loading…</p>")]
    rendered = [at(url, STORY) for url in urls]
    decision = decide_render(plain, rendered, CONFIG, min_share=0.9)  # 4 of 6 pages gain
    # /world/ is mixed, /sport/ did not gain, /f is in no section: only /live/ is rendered
    assert decision.render is False
    assert decision.sections == (r"^https?://[^/]+/live/",)
    assert decision.renders("https://feed.example/live/2025/z")
    assert not decision.renders("https://feed.example/world/2024/c")
    assert decide_render(plain, rendered, CONFIG, min_share=0.5).sections == ()  # all rendered


def test_generic_extraction_before_a_config_exists() -> None:
    shell = Page.from_html("<html><body><div id=app></div></body></html>", "https://x.example/a")
    decision = decide_render([shell], [LOADED], None)
    assert decision.render is True
    assert decision.evidence["extraction"] == "generic"
    assert "headline" in str(decision.evidence["fields_only_rendered"])
    assert decide_render([LOADED], [LOADED], None).render is False


@pytest.mark.parametrize(
    ("plain", "rendered", "min_share", "message"),
    [
        ([], [], 0.5, "got 0 and 0"),
        ([LOADING], [LOADED, LOADED], 0.5, "got 1 and 2"),
        ([LOADING], [LOADED], 0.0, "min_share"),
    ],
)
def test_bad_input(plain: list[Page], rendered: list[Page], min_share: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        decide_render(plain, rendered, CONFIG, min_share=min_share)


def test_the_decision_is_stored_for_render_auto() -> None:
    assert render_wanted(CONFIG) is False  # auto, not decided yet
    decided = with_render_decision(CONFIG, RenderDecision(render=True, evidence={"pages": 3}))
    assert decided.rendering.decision == RenderDecision(render=True, evidence={"pages": 3})
    assert render_wanted(decided) is True
    assert decided.versions == CONFIG.versions
    assert CONFIG.rendering.decision is None  # configs are immutable


def fetched(crawl: RenderCrawl, section: str) -> tuple[list[Page], list[Page]]:
    """The pages of a section (``live`` or the others) fetched plain and rendered."""
    plain: list[Page] = []
    rendered: list[Page] = []
    for index, url in enumerate(crawl.both_ways):
        if ("/live/" in url) == (section == "live"):
            for kind, pages in (("plain", plain), ("rendered", rendered)):
                html = (crawl.out / f"{kind}-{index}.html").read_bytes()
                pages.append(Page.from_html(html, url))
    return plain, rendered


@pytest.mark.browser
@pytest.mark.parametrize("config_file", ["demo-news", "demo-live", None])
def test_the_demo_live_blogs_need_a_browser_and_the_rest_does_not(
    render_crawl: RenderCrawl, config_file: str | None
) -> None:
    config: PublisherConfig | None = None
    if config_file == "demo-live":
        config = load_config(LIVE_CONFIG)
    elif config_file is not None:
        config = load_config(REPO / "configs" / f"{config_file}.json")
    live = decide_render(*fetched(render_crawl, "live"), config)
    assert live.render is True, live.evidence
    others = decide_render(*fetched(render_crawl, "others"), config)
    assert others.render is False, others.evidence
    assert others.evidence["pages"] == 4
