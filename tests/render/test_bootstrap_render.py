"""The bootstrap decides rendering with a real browser: JavaScript section yes, static no."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pace_scrapy.config.store import load_config
from pace_scrapy.demo import DemoSite, serve

REPO = Path(__file__).resolve().parents[2]


def bootstrap(url: str, name: str, config_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scrapy", "crawl", "bootstrap", "-a", f"url={url}",
         "-a", f"name={name}", "-a", "pages=3", "-s", f"PACE_CONFIG_DIR={config_dir}",
         "-s", "AUTOTHROTTLE_ENABLED=False"],
        cwd=REPO, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip


@pytest.mark.browser
def test_auto_renders_the_javascript_section_only(chromium: str | None, tmp_path: Path) -> None:
    site = DemoSite(n_articles=80, n_products=2)
    with serve(site) as base_url:
        live = bootstrap(f"{base_url}/live/", "live", tmp_path)
        world = bootstrap(f"{base_url}/world/", "world", tmp_path)
        first_decision = load_config(tmp_path / "live.json").rendering.decision
        # Learnt again beside its own config, whose decision renders every live page: the
        # plain copies must still be plain, or rendering would seem to change nothing.
        again = bootstrap(f"{base_url}/live/", "live", tmp_path)
    assert live.returncode == 0, live.stderr[-2000:]
    assert world.returncode == 0, world.stderr[-2000:]
    assert again.returncode == 0, again.stderr[-2000:]
    live_config, world_config = (
        load_config(tmp_path / "live.json"),
        load_config(tmp_path / "world.json"),
    )
    assert first_decision is not None and live_config.rendering.decision is not None
    assert live_config.rendering.decision.evidence == first_decision.evidence
    assert live_config.render == world_config.render == "auto"
    assert live_config.rendering.decision is not None and live_config.rendering.decision.render
    assert (
        world_config.rendering.decision is not None and not world_config.rendering.decision.render
    )
    assert world_config.rendering.decision.sections == ()  # no page gained: none rendered
    evidence = live_config.rendering.decision.evidence
    assert int(evidence["median_body_chars_rendered"]) > int(evidence["median_body_chars_plain"])
    # the live config was learnt from the rendered pages, which hold the article text
    saved = sorted((tmp_path / "live" / "pages").glob("*.html"))
    url = json.loads(saved[0].with_suffix(".json").read_text())["url"]
    truth = site.truth(url.removeprefix(base_url), base_url=base_url)
    assert truth is not None and truth.body[0] in saved[0].read_text()
