"""The bootstrap spider against the demo site: from a home page to a config that crawls."""

import json
import subprocess
import sys
from pathlib import Path

from pace_scrapy.config.store import load_config
from pace_scrapy.demo import DemoSite, serve

REPO = Path(__file__).resolve().parents[2]


def scrapy(*args: str, config_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "scrapy",
            *args,
            "-s",
            f"PACE_CONFIG_DIR={config_dir}",
            "-s",
            "AUTOTHROTTLE_ENABLED=False",
            "-s",
            "LOG_LEVEL=INFO",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_bootstrap_learns_a_config_then_the_publisher_crawls(tmp_path: Path) -> None:
    site = DemoSite(n_articles=60, n_products=4)
    with serve(site) as base_url:
        learnt = scrapy(
            "crawl",
            "bootstrap",
            "-a",
            f"url={base_url}/",
            "-a",
            "name=herald",
            "-a",
            "pages=4",
            config_dir=tmp_path,
        )
        assert learnt.returncode == 0, learnt.stderr[-3000:]
        config = load_config(tmp_path / "herald.json")
        assert config.latest.body is not None
        assert config.latest.provenance.labeler == "heuristic"
        assert len(config.latest.provenance.learned_from) == 4
        assert config.sitemaps and config.url_patterns
        saved = sorted((tmp_path / "herald" / "pages").glob("*.html"))
        assert len(saved) == 4
        assert json.loads(saved[0].with_suffix(".json").read_text())["url"].startswith(base_url)

        out = tmp_path / "items.jsonl"
        crawled = scrapy(
            "crawl", "herald", "-a", "max_pages=10", "-O", str(out), config_dir=tmp_path
        )
        assert crawled.returncode == 0, crawled.stderr[-3000:]
        items = [json.loads(line) for line in out.read_text().splitlines()]
        assert len(items) == 10
        for item in items:
            truth = site.truth(item["url"].removeprefix(base_url), base_url=base_url)
            assert truth is not None
            assert item["headline"] == truth.headline
