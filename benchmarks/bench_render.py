"""Rendering benchmark: demo article pages crawled rendered (Chromium) and plain, alternately.

Serves a demo site (in this process) and runs ``scrapy crawl demo-news -a max_pages=N`` in
subprocesses with ``PACE_RENDER=always`` or ``never``, alternating for ``--rounds`` rounds.
Each run reports article pages per second over the whole process (browser start included)
and over Scrapy's own elapsed time; the CPU time of the crawl's process tree (the Playwright
driver and Chromium's processes included, sampled from ``/proc``) per page, and the rate it
allows on two dedicated cores (what the wall rate shows on an otherwise idle two-core machine;
the load average is printed to tell); and the tree's peak memory: the sum of resident sets
(RSS, counts memory shared by several processes once per process) and of proportional sets
(PSS, divides it among them). Linux only. Run from the repository root::

    .venv/bin/python benchmarks/bench_render.py --pages 200 --rounds 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from demo_crawls import demo_crawl

from pace_scrapy.demo import DemoSite, serve

MIB = 1024 * 1024
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Run:
    """One crawl: mode, article pages fetched (rendered), wall, Scrapy and CPU seconds, peak
    RSS and PSS sums (bytes)."""

    mode: str
    pages: int
    rendered: int
    wall: float
    elapsed: float
    cpu: float
    peak_rss: int
    peak_pss: int


def process_tree(root: int) -> dict[int, str]:
    """``/proc/<pid>/stat`` of ``root`` and of its live descendants, by pid."""
    stats: dict[int, str] = {}
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # the process ended meanwhile
        pid, ppid = int(entry.name), int(stat.rsplit(")", 1)[1].split()[1])
        stats[pid] = stat
        children.setdefault(ppid, []).append(pid)
    tree, todo = {}, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            tree[pid] = stats[pid]
        todo += children.get(pid, [])
    return tree


def cpu_seconds(stat: str) -> float:
    """User + system CPU time of a process from its ``/proc/<pid>/stat`` line."""
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def memory_kib(pid: int, file: str, key: str) -> int:
    """A ``key: N kB`` value of ``/proc/<pid>/<file>`` (0 once the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        return 0
    return 0


class TreeSampler(threading.Thread):
    """Samples a process tree every ``interval`` seconds until stopped: peak memory, and the
    CPU time of every process (as last seen: a process's last ``interval`` may be missed)."""

    def __init__(self, pid: int, interval: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.peak_rss = self.peak_pss = 0
        self.cpu: dict[int, float] = {}
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.interval):
            tree = process_tree(self.pid)
            self.cpu.update((pid, cpu_seconds(stat)) for pid, stat in tree.items())
            rss = sum(memory_kib(pid, "status", "VmRSS") for pid in tree) * 1024
            pss = sum(memory_kib(pid, "smaps_rollup", "Pss") for pid in tree) * 1024
            self.peak_rss, self.peak_pss = max(self.peak_rss, rss), max(self.peak_pss, pss)


def crawl(base_url: str, rendered: bool, options: argparse.Namespace, folder: Path) -> Run:
    """Run one crawl in a subprocess and measure it."""
    command = demo_crawl(
        base_url,
        folder,
        concurrency=options.concurrency,
        spider_args={"max_pages": options.pages},
        settings={
            "PACE_RENDER": "always" if rendered else "never",
            "PACE_BROWSER_MAX_PAGES": options.browser_pages,
        },
    )
    start = time.perf_counter()
    process = subprocess.Popen(command.args, cwd=command.cwd, env=command.env)
    sampler = TreeSampler(process.pid)
    sampler.start()
    if process.wait() != 0:
        raise RuntimeError(f"crawl failed with exit status {process.returncode}")
    wall = time.perf_counter() - start
    sampler.done.set()
    sampler.join()
    stats = command.stats()
    return Run(
        mode="rendered" if rendered else "plain",
        pages=int(stats.get("pace/config/demo-news/pages", 0)),
        rendered=int(stats.get("pace/rendered", 0)),
        wall=wall,
        elapsed=float(stats["elapsed_time_seconds"]),
        cpu=sum(sampler.cpu.values()),
        peak_rss=sampler.peak_rss,
        peak_pss=sampler.peak_pss,
    )


def summary(runs: list[Run]) -> str:
    """Medians of one mode: pages/s (wall, Scrapy elapsed, CPU-bound on 2 cores), CPU per
    page and peak memory."""
    wall = statistics.median(run.pages / run.wall for run in runs)
    elapsed = statistics.median(run.pages / run.elapsed for run in runs)
    cpu_ms = statistics.median(1000 * run.cpu / run.pages for run in runs)
    rss = statistics.median(run.peak_rss for run in runs) / MIB
    pss = statistics.median(run.peak_pss for run in runs) / MIB
    return (
        f"{wall:6.1f} pages/s wall  {elapsed:6.1f} pages/s elapsed  "
        f"{cpu_ms:5.0f} ms CPU/page = {2000 / cpu_ms:5.1f} pages/s on 2 cores  "
        f"peak RSS {rss:5.0f} MiB  PSS {pss:5.0f} MiB"
    )


def main() -> None:
    """Serve the site, alternate the crawls, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=200, help="article pages per crawl")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--browser-pages", type=int, default=8, help="PACE_BROWSER_MAX_PAGES")
    options = parser.parse_args()
    site = DemoSite(seed=0, build=1, n_articles=options.pages + 50, n_products=10)
    runs: list[Run] = []
    with serve(site) as base_url, tempfile.TemporaryDirectory() as tmp:
        for _ in range(options.rounds):
            for rendered in (True, False):
                run = crawl(base_url, rendered, options, Path(tmp))
                runs.append(run)
                print(
                    f"{run.mode:>8}: {run.pages} pages ({run.rendered} rendered), "
                    f"{run.wall:.1f} s wall, {run.elapsed:.1f} s elapsed, {run.cpu:.1f} s CPU, "
                    f"peak RSS {run.peak_rss / MIB:.0f} MiB, PSS {run.peak_pss / MIB:.0f} MiB, "
                    f"load average {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
    for mode in ("rendered", "plain"):
        print(f"{mode:>8}: {summary([run for run in runs if run.mode == mode])}")


if __name__ == "__main__":
    main()
