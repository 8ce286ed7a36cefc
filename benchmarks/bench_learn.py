"""Learning from K pages per site vs trafilatura, on the article sets of ``../shared/bench``.

For K = 1, 2, 4: per site, learn from the first K pages (by page id) with the heuristic and the
examples labeller (examples built from the training pages' gold), extract the remaining pages,
and score body ROUGE-LSum F1 (as fundus-evaluation computes it) beside trafilatura's on the
same pages, with the learning time per site. Prints one table and writes it into
``benchmarks/RESULTS.md`` between its markers (other sections are kept). Run from the
repository root::

    .venv/bin/python benchmarks/bench_learn.py [--k 1,2,4] [--datasets dragnet,...] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from time import perf_counter

from pace_scrapy.evaluate.gold import bench_root
from pace_scrapy.evaluate.learners import examples, heuristic
from pace_scrapy.evaluate.record import record
from pace_scrapy.evaluate.results import summarize_dataset
from pace_scrapy.evaluate.runner import evaluate_bench

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "RESULTS.md"
DATASETS = ("dragnet", "cleanportaleval", "l3s_gn1", "fundus_testdata")
METRIC = "body_rougelsum_f1"


def rows(datasets: Sequence[str], ks: Sequence[int], workers: int) -> list[str]:
    """One Markdown row per dataset and K."""
    root = bench_root()
    assert root is not None
    lines = []
    for k in ks:
        evaluation = evaluate_bench(
            root,
            datasets,
            learners={"heuristic": heuristic, "examples": examples},
            train=k,
            baselines=("trafilatura",),
            workers=workers,
        )
        for dataset in datasets:
            summary = summarize_dataset(evaluation, dataset)
            f1 = {name: s.value(METRIC) for name, s in summary.overall.items()}
            ours, example, base = (
                f1.get("pace:heuristic"),
                f1.get("pace:examples"),
                f1.get("trafilatura"),
            )
            kept = (
                "–"
                if ours is None or base is None or base == 1
                else f"{(1 - ours) / (1 - base):.2f}"
            )
            learn = summary.learn_seconds
            lines.append(
                f"| {dataset} | {k} | {summary.sites - summary.skipped_sites} | {_f(ours)} | "
                f"{_f(example)} | {_f(base)} | {kept} | {learn.get('pace:heuristic', 0):.1f} | "
                f"{learn.get('pace:examples', 0):.1f} |"
            )
            print(lines[-1], flush=True)
    return lines


def _f(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and record it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--k", default="1,2,4")
    parser.add_argument("--datasets", default=",".join(DATASETS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if bench_root() is None:
        print("bench_learn: ../shared/bench is absent (set PACE_BENCH_DIR); nothing to do")
        return 0
    ks = [int(k) for k in args.k.split(",")]
    datasets = args.datasets.split(",")
    started = perf_counter()
    header = [
        "| dataset | K | sites | heuristic | examples | trafilatura | error / trafilatura error "
        "| learn s/site (heuristic) | learn s/site (examples) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(header), flush=True)
    table = rows(datasets, ks, args.workers)
    wall = perf_counter() - started
    command = "python benchmarks/bench_learn.py " + " ".join(sys.argv[1:] if argv is None else argv)
    section = f"""## Learning from K pages per site (bench_learn)

Generated on {datetime.now(UTC):%Y-%m-%d} by `{command.strip()}` in {wall:.0f} s of wall time
({os.cpu_count()} cores, Python {platform.python_version()}). Body ROUGE-LSum F1, mean over the
test pages (the pages after the first K of each site; sites with at most K pages skipped), the
same pages for every extractor. "error / trafilatura error" is (1 - F1 heuristic) /
(1 - F1 trafilatura): 0.50 or less halves trafilatura's error.

{chr(10).join(header + table)}
"""
    record(RESULTS, "bench_learn", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
