"""The README's main job, ``make demo``: serve the demo site, learn it, crawl it, summarise.

Everything is offline: the site is served on 127.0.0.1 by this process; ``scrapy crawl
bootstrap`` learns its config into ``OUT/configs/``; ``scrapy crawl <publisher>`` writes
``OUT/articles.jsonl`` and one Markdown file per article in ``OUT/markdown/``. AutoThrottle is
off for this crawl only: the server is ours and local.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pace_scrapy.demo.server import serve
from pace_scrapy.demo.site import DemoSite

PUBLISHER = "meridian-herald"
FAST_LOCAL_CRAWL = (
    "-s",
    "AUTOTHROTTLE_ENABLED=False",
    "-s",
    "CONCURRENT_REQUESTS_PER_DOMAIN=8",
    "-s",
    "LOG_LEVEL=INFO",
)
SUMMARY_FIELDS = ("headline", "authors", "datePublished", "articleBody", "images", "tables")


@dataclass
class DemoResult:
    """What the demo did."""

    pages_seen: int
    pages_rendered: int
    items: list[dict[str, object]]
    learn_seconds: float
    crawl_seconds: float


def run_demo(out: Path, *, pages: int = 6, site: DemoSite | None = None) -> DemoResult:
    """Serve, learn, crawl; raises :class:`RuntimeError` naming the step that failed."""
    out.mkdir(parents=True, exist_ok=True)
    configs = (out / "configs").resolve()
    settings = ("-s", f"PACE_CONFIG_DIR={configs}", *FAST_LOCAL_CRAWL)
    with serve(site or DemoSite()) as base_url:
        started = time.monotonic()
        _scrapy(
            "crawl", "bootstrap", "-a", f"url={base_url}/", "-a", f"name={PUBLISHER}",
            "-a", f"pages={pages}", *settings, step="learning the config",
        )  # fmt: skip
        learnt = time.monotonic()
        feed = (out / "articles.jsonl").resolve()
        log = _scrapy(
            "crawl", PUBLISHER, "-O", str(feed), "-O", f"{(out / 'markdown').resolve()}/:markdown",
            *settings, step="crawling",
        )  # fmt: skip
        crawled = time.monotonic()
    items = [json.loads(line) for line in feed.read_text(encoding="utf-8").splitlines()]
    return DemoResult(
        _stat(log, "pace/pages/seen"),
        _stat(log, "pace/rendered"),
        items,
        learnt - started,
        crawled - learnt,
    )


def _stat(log: str, name: str) -> int:
    """A count from the stats a crawl logs at its end (0 when absent)."""
    found = re.search(rf"'{re.escape(name)}': (\d+)", log)
    return int(found.group(1)) if found else 0


def _scrapy(*args: str, step: str) -> str:
    """Run a Scrapy command in the repository's project; its log (stderr) on success."""
    done = subprocess.run(
        [sys.executable, "-m", "scrapy", *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = "\n".join(done.stderr.splitlines()[-20:])
        raise RuntimeError(f"{step} failed (exit {done.returncode}):\n{tail}")
    return done.stderr


def summary(result: DemoResult, out: Path) -> str:
    """A few lines: pages, items, how often each main field was filled, time."""
    items = result.items
    filled: Counter[str] = Counter(
        name for item in items for name in SUMMARY_FIELDS if item.get(name)
    )
    fallback = sum(1 for item in items if _meta(item).get("fallbackUsed"))
    lines = [
        f"Learnt {PUBLISHER!r} in {result.learn_seconds:.1f} s; crawled in "
        f"{result.crawl_seconds:.1f} s",
        f"pages seen: {result.pages_seen} (rendered in a browser: {result.pages_rendered}), "
        f"items: {len(items)} "
        f"(generic fallback used on {fallback})",
        "fields filled: "
        + ", ".join(f"{name} {filled[name]}/{len(items)}" for name in SUMMARY_FIELDS),
        f"output: {out / 'articles.jsonl'} and {out / 'markdown'}/",
    ]
    return "\n".join(lines)


def _meta(item: dict[str, object]) -> dict[str, object]:
    metadata = item.get("metadata")
    return metadata if isinstance(metadata, dict) else {}
