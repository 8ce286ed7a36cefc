"""What the crawl benchmarks share: the ``scrapy crawl demo-news`` command against a served demo
site, run from the repository root, and the crawl's stats as the run wrote them."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
STATS_EXTENSION = json.dumps({"tests.crawl.statsdump.StatsDump": 0})


@dataclass(frozen=True)
class CrawlCommand:
    """A demo crawl to start: its arguments, environment, folder and stats file."""

    args: list[str]
    env: dict[str, str]
    cwd: Path
    stats_file: Path

    def stats(self) -> dict[str, Any]:
        """The stats the finished crawl dumped."""
        stats: dict[str, Any] = json.loads(self.stats_file.read_text(encoding="utf-8"))
        return stats


def demo_crawl(
    base_url: str,
    folder: Path,
    *,
    concurrency: int,
    spider_args: Mapping[str, object] = {},
    settings: Mapping[str, object] = {},
) -> CrawlCommand:
    """``scrapy crawl demo-news`` on the site at ``base_url``, unthrottled at ``concurrency``
    requests, quiet, its stats dumped in ``folder``; ``settings`` override."""
    stats_file = folder / f"stats-{time.monotonic_ns()}.json"
    args = [sys.executable, "-m", "scrapy", "crawl", "demo-news", "-a", f"base_url={base_url}"]
    for name, value in spider_args.items():
        args += ["-a", f"{name}={value}"]
    every = {
        "AUTOTHROTTLE_ENABLED": False,
        "CONCURRENT_REQUESTS": concurrency,
        "CONCURRENT_REQUESTS_PER_DOMAIN": concurrency,
        "LOG_LEVEL": "WARNING",
        "EXTENSIONS": STATS_EXTENSION,
        "STATS_JSON_FILE": stats_file,
        **settings,
    }
    for name, value in every.items():
        args += ["-s", f"{name}={value}"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return CrawlCommand(args, env, REPO, stats_file)
