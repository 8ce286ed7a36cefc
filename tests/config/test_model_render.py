"""The publisher's rendering spec and stored render decision (``rendering`` in a config)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pace_scrapy.config.model import RenderDecision, RenderSpec, Selector
from pace_scrapy.config.store import load_config, parse_config, save_config
from pace_scrapy.errors import ConfigError


def config(**rendering: Any) -> dict[str, Any]:
    return {
        "name": "pub",
        "domains": ["pub.example"],
        "render": "auto",
        "rendering": rendering,
        "versions": [{"version": 1}],
    }


def test_defaults_block_heavy_resources_and_decide_nothing() -> None:
    spec = parse_config(config()).rendering
    assert spec == RenderSpec()
    assert spec.block_resources == ("image", "font", "media")
    assert (spec.wait_for, spec.dismiss, spec.click, spec.scroll) == (None, None, (), False)
    assert (spec.timeout_ms, spec.max_clicks, spec.decision) == (15_000, 3, None)
    without = {key: value for key, value in config().items() if key != "rendering"}
    assert parse_config(without).rendering == RenderSpec()


def test_a_full_spec() -> None:
    spec = parse_config(
        config(
            wait_for={"css": "article p"},
            scroll=True,
            dismiss={"xpath": "//button[.='Accept']"},
            click=[{"css": "button.more"}],
            max_clicks=5,
            timeout_ms=8000,
            block_resources=["image", "media", "stylesheet"],
            decision={"render": True, "evidence": {"pages": 5, "share_gaining": 0.8}},
        )
    ).rendering
    assert spec.wait_for == Selector(css="article p")
    assert spec.dismiss == Selector(xpath="//button[.='Accept']")
    assert spec.click == (Selector(css="button.more"),)
    assert (spec.scroll, spec.max_clicks, spec.timeout_ms) == (True, 5, 8000)
    assert spec.block_resources == ("image", "media", "stylesheet")
    assert spec.decision == RenderDecision(render=True, evidence={"pages": 5, "share_gaining": 0.8})


@pytest.mark.parametrize(
    ("rendering", "message"),
    [
        ({"wait_for": {"css": "p["}}, "invalid CSS selector 'p\\['"),
        ({"click": [{"xpath": "//a["}]}, "invalid XPath '//a\\['"),
        ({"timeout_ms": 100}, "rendering.timeout_ms"),
        ({"max_clicks": 0}, "rendering.max_clicks"),
        ({"block_resources": ["document"]}, "rendering.block_resources.0"),
        ({"block_resources": ["script"]}, "rendering.block_resources.0"),
        ({"wait": {"css": "p"}}, "rendering.wait"),
        ({"decision": {"evidence": {}}}, "rendering.decision.render"),
    ],
)
def test_bad_specs_name_the_field(rendering: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_config(config(**rendering))


def test_the_decision_survives_saving(tmp_path: Path) -> None:
    decided = datetime(2024, 7, 1, 12, 30, tzinfo=UTC)
    decision = {"render": True, "evidence": {"extraction": "generic", "pages": 4}}
    saved = parse_config(config(decision={**decision, "decided": decided.isoformat()}))
    loaded = load_config(save_config(saved, tmp_path / "pub.json"))
    assert loaded.rendering.decision == RenderDecision(
        render=True, evidence={"extraction": "generic", "pages": 4}, decided=decided
    )
    assert loaded == saved
