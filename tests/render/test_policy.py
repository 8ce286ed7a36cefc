"""Which publishers are rendered: their policy, the crawl's override, auto's stored decision."""

from __future__ import annotations

from typing import Any

import pytest

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.store import parse_config
from pace_scrapy.errors import ConfigError
from pace_scrapy.render.policy import render_wanted, undecided


def publisher(
    render: str, decision: bool | None = None, sections: tuple[str, ...] = ()
) -> PublisherConfig:
    data: dict[str, Any] = {
        "name": "pub",
        "domains": ["pub.example"],
        "render": render,
        "versions": [{"version": 1}],
    }
    if decision is not None:
        data["rendering"] = {"decision": {"render": decision, "sections": sections}}
    return parse_config(data)


@pytest.mark.parametrize(
    ("render", "decision", "by_config"),
    [
        ("never", None, False),
        ("always", None, True),
        ("auto", None, False),  # not decided yet: fetched without a browser
        ("auto", True, True),
        ("auto", False, False),
    ],
)
def test_policy_and_overrides(render: str, decision: bool | None, by_config: bool) -> None:
    config = publisher(render, decision)
    assert render_wanted(config) is by_config
    assert render_wanted(config, "config") is by_config
    assert render_wanted(config, "always") is True
    assert render_wanted(config, "never") is False


def test_auto_may_render_some_sections_only() -> None:
    config = publisher("auto", decision=False, sections=("^https?://[^/]+/live/",))
    assert render_wanted(config)  # some pages are: the crawl needs a browser
    assert render_wanted(config, url="https://pub.example/live/2024/x")
    assert not render_wanted(config, url="https://pub.example/world/2024/x")
    assert not render_wanted(config, "never", url="https://pub.example/live/2024/x")
    assert not render_wanted(publisher("auto", decision=False))


def test_a_section_pattern_must_be_a_regular_expression() -> None:
    with pytest.raises(ConfigError, match=r"rendering\.decision\.sections\.0: .*'\(live'"):
        publisher("auto", decision=False, sections=("(live",))


def test_undecided() -> None:
    assert undecided(publisher("auto"))
    assert not undecided(publisher("auto", decision=False))
    assert not undecided(publisher("never"))


def test_an_unknown_override_is_an_error() -> None:
    with pytest.raises(ValueError, match="'sometimes'"):
        render_wanted(publisher("always"), "sometimes")
