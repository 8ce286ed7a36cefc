"""Crawl benchmark: the demo site crawled with and without the extraction pipeline.

Serves a demo site of ``--articles`` articles (in this process) and runs ``scrapy crawl
demo-news`` in subprocesses, in three modes in turn for ``--rounds`` rounds: with the
extraction pipeline; crawl only (no item pipeline); and, as the floor any extraction pays, with
a pipeline that only parses and cleans each page into the page model
(:mod:`page_model_pipeline`). Each run reports wall time and the CPU time (user + system) of the
crawl process, per article page. Run from the repository root::

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

TARGET_CPU_RATIO = 1.25
EXTRACTION = "extraction"
CRAWL_ONLY = "crawl only"
PAGE_MODEL = "page model"
_OFF = {
    "pace_scrapy.crawl.pipelines.ExtractionPipeline": None,
    "pace_scrapy.crawl.pipelines.ValidationPipeline": None,
}
PIPELINES = {
    EXTRACTION: {},
    CRAWL_ONLY: {"ITEM_PIPELINES": json.dumps(_OFF)},
    PAGE_MODEL: {
        "ITEM_PIPELINES": json.dumps(
            {**_OFF, "benchmarks.page_model_pipeline.PageModelPipeline": 300}
        )
    },
}


@dataclass(frozen=True)
class Run:
    """One crawl: mode, article pages crawled, items extracted, wall and CPU seconds."""

    mode: str
    pages: int
    items: int
    wall: float
    cpu: float


def crawl(base_url: str, mode: str, concurrency: int, folder: Path) -> Run:
    """Run one crawl in a subprocess and measure it."""
    command = demo_crawl(base_url, folder, concurrency=concurrency, settings=PIPELINES[mode])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command.args, cwd=command.cwd, env=command.env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    stats = command.stats()
    return Run(
        mode=mode,
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
            for mode in PIPELINES:
                run = crawl(base_url, mode, options.concurrency, Path(tmp))
                runs.append(run)
                print(
                    f"{run.mode:>12}: {run.pages} pages, {run.items} items, "
                    f"{run.wall:.1f} s wall, {run.cpu:.1f} s CPU",
                    flush=True,
                )
    figures = {mode: summary([r for r in runs if r.mode == mode]) for mode in PIPELINES}
    for mode, (rate, cpu_ms) in figures.items():
        print(f"{mode + ':':12} {rate:7.1f} pages/s  {cpu_ms:6.2f} ms CPU/page")
    base_rate, base_cpu = figures[CRAWL_ONLY]
    for mode in (EXTRACTION, PAGE_MODEL):
        rate, cpu_ms = figures[mode]
        print(
            f"{mode} / crawl only: {rate / base_rate:5.2f}x pages/s  "
            f"{cpu_ms / base_cpu:5.2f}x CPU/page"
        )
    print(f"target: extraction <= {TARGET_CPU_RATIO:g}x the CPU/page of the crawl only")


if __name__ == "__main__":
    main()
