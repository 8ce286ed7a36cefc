"""Crawl benchmark: the demo site crawled with and without the extraction pipeline.

Serves a demo site of ``--articles`` articles (in this process) and runs ``scrapy crawl
demo-news`` in subprocesses, alternating the two modes for ``--rounds`` rounds. Each run reports
wall time and the CPU time (user + system) of the crawl process, per article page. Run from the
repository root::

    .venv/bin/python benchmarks/bench_crawl.py --articles 2000 --rounds 2
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from demo_crawls import demo_crawl

from pace_scrapy.demo import DemoSite, serve

NO_EXTRACTION = json.dumps(
    {
        "pace_scrapy.crawl.pipelines.ExtractionPipeline": None,
        "pace_scrapy.crawl.pipelines.ValidationPipeline": None,
    }
)


@dataclass(frozen=True)
class Run:
    """One crawl: mode, article pages crawled, items extracted, wall and CPU seconds."""

    mode: str
    pages: int
    items: int
    wall: float
    cpu: float


def crawl(base_url: str, extraction: bool, concurrency: int, folder: Path) -> Run:
    """Run one crawl in a subprocess and measure it."""
    command = demo_crawl(
        base_url,
        folder,
        concurrency=concurrency,
        settings={} if extraction else {"ITEM_PIPELINES": NO_EXTRACTION},
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command.args, cwd=command.cwd, env=command.env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    stats = command.stats()
    return Run(
        mode="extraction" if extraction else "crawl only",
        pages=int(stats.get("pace/config/demo-news/pages", 0)),
        items=int(stats.get("pace/items/extracted", 0)),
        wall=wall,
        cpu=cpu,
    )


def summary(runs: list[Run]) -> tuple[float, float]:
    """Median pages per second and median CPU milliseconds per page."""
    rate = statistics.median(run.pages / run.wall for run in runs)
    cpu_ms = statistics.median(1000 * run.cpu / run.pages for run in runs)
    return rate, cpu_ms


def main() -> None:
    """Serve the site, alternate the crawls, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=16)
    options = parser.parse_args()
    site = DemoSite(seed=0, build=1, n_articles=options.articles, n_products=10)
    runs: list[Run] = []
    with serve(site) as base_url, tempfile.TemporaryDirectory() as tmp:
        for _ in range(options.rounds):
            for extraction in (True, False):
                run = crawl(base_url, extraction, options.concurrency, Path(tmp))
                runs.append(run)
                print(
                    f"{run.mode:>12}: {run.pages} pages, {run.items} items, "
                    f"{run.wall:.1f} s wall, {run.cpu:.1f} s CPU",
                    flush=True,
                )
    with_rate, with_cpu = summary([r for r in runs if r.mode == "extraction"])
    without_rate, without_cpu = summary([r for r in runs if r.mode == "crawl only"])
    print(f"extraction:  {with_rate:7.1f} pages/s  {with_cpu:6.2f} ms CPU/page")
    print(f"crawl only:  {without_rate:7.1f} pages/s  {without_cpu:6.2f} ms CPU/page")
    print(
        f"ratio:       {with_rate / without_rate:7.2f}x pages/s  "
        f"{with_cpu / without_cpu:6.2f}x CPU/page"
    )


if __name__ == "__main__":
    main()
