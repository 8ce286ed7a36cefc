"""Learning from K pages per site vs trafilatura, on the article sets of ``../shared/bench``.

For K = 1, 2, 4: per site, learn from the first K pages (by page id) with the heuristic and the
examples labeller (examples built from the training pages' gold), extract the remaining pages,
and score body ROUGE-LSum F1 (as fundus-evaluation computes it) beside trafilatura's on the
same pages, with the learning time per site, and again against the gold without what each
extractor gives to its headline, description, authors and date instead of its body; and,
where the gold has them, how many headlines, dates and authors each extractor got right,
wrong or not at all (precision first: a missed value beats a wrong one), and images F1.
Prints the tables and writes them into ``benchmarks/RESULTS.md`` between its markers (other
sections are kept). Run from the repository root::

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
from pace_scrapy.evaluate.results import DatasetSummary, Evaluation, summarize_dataset
from pace_scrapy.evaluate.runner import evaluate_bench

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "RESULTS.md"
DATASETS = ("dragnet", "cleanportaleval", "l3s_gn1", "fundus_testdata")
METRIC = "body_rougelsum_f1"
OWN_FIELDS_METRIC = "body_rougelsum_f1_own_fields"
EXTRACTORS = ("pace:heuristic", "pace:examples", "trafilatura")
# Field (as in its "<field>_given" score) and the score that says its value was right.
FIELDS = (("title", "title_match"), ("date", "date_match"), ("authors", "authors_f1"))


def rows(
    datasets: Sequence[str], ks: Sequence[int], workers: int
) -> tuple[list[str], list[str], list[str]]:
    """One Markdown row per dataset and K (bodies against the gold, and against the gold
    without each extractor's other fields), and per dataset, K and extractor (fields)."""
    root = bench_root()
    assert root is not None
    lines: list[str] = []
    own: list[str] = []
    fields: list[str] = []
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
            learn = summary.learn_seconds
            lines.append(
                f"| {dataset} | {k} | {summary.sites - summary.skipped_sites} | "
                f"{body_cells(summary, METRIC)} | {learn.get('pace:heuristic', 0):.1f} | "
                f"{learn.get('pace:examples', 0):.1f} |"
            )
            print(lines[-1], flush=True)
            own.append(f"| {dataset} | {k} | {body_cells(summary, OWN_FIELDS_METRIC)} |")
            fields += field_rows(evaluation, dataset, k)
    return lines, own, fields


def body_cells(summary: DatasetSummary, metric: str) -> str:
    """The heuristic's, the examples' and trafilatura's mean ``metric``, and the error ratio."""
    f1 = {name: s.value(metric) for name, s in summary.overall.items()}
    ours, example, base = (f1.get(name) for name in EXTRACTORS)
    ratio = "–" if ours is None or base is None or base == 1 else f"{(1 - ours) / (1 - base):.2f}"
    return f"{_f(ours)} | {_f(example)} | {_f(base)} | {ratio}"


def field_rows(evaluation: Evaluation, dataset: str, k: int) -> list[str]:
    """Per extractor, the test pages whose gold has a headline / date / authors where the
    extractor gave the right value, a wrong one, or none, and the mean images F1 of the pages
    with gold images (rows only where the gold has any of them)."""
    counts = {(name, field): [0, 0, 0] for name in EXTRACTORS for field, _ in FIELDS}
    images: dict[str, list[float]] = {name: [] for name in EXTRACTORS}
    for run in evaluation.sites:
        for score in run.scores if run.dataset == dataset else ():
            if score.extractor not in EXTRACTORS:
                continue
            if (f1 := score.scores.get("images_f1")) is not None:
                images[score.extractor].append(f1)
            for field, match in FIELDS:
                given = score.scores.get(f"{field}_given")
                if given is None:
                    continue
                right = score.scores.get(match) == 1.0
                slot = 2 if not given else 0 if right else 1
                counts[(score.extractor, field)][slot] += 1
    if not any(sum(c) for c in counts.values()) and not any(images.values()):
        return []
    return [
        f"| {dataset} | {k} | {name.removeprefix('pace:')} | "
        + " | ".join(" / ".join(map(str, counts[(name, field)])) for field, _ in FIELDS)
        + f" | {_f(sum(images[name]) / len(images[name]) if images[name] else None)} |"
        for name in EXTRACTORS
    ]


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
    table, own, fields = rows(datasets, ks, args.workers)
    own_header = [
        "| dataset | K | heuristic | examples | trafilatura | error / trafilatura error |",
        "|---|---|---|---|---|---|",
    ]
    print("\n".join(own_header + own), flush=True)
    field_header = [
        "| dataset | K | extractor | headline | date | authors | images F1 |",
        "|---|---|---|---|---|---|---|",
    ]
    print("\n".join(field_header + fields), flush=True)
    wall = perf_counter() - started
    command = "python benchmarks/bench_learn.py " + " ".join(sys.argv[1:] if argv is None else argv)
    section = f"""## Learning from K pages per site (bench_learn)

Generated on {datetime.now(UTC):%Y-%m-%d} by `{command.strip()}` in {wall:.0f} s of wall time
({os.cpu_count()} cores, Python {platform.python_version()}). Body ROUGE-LSum F1, mean over the
test pages (the pages after the first K of each site; sites with at most K pages skipped), the
same pages for every extractor. "error / trafilatura error" is (1 - F1 heuristic) /
(1 - F1 trafilatura): 0.50 or less halves trafilatura's error.

{chr(10).join(header + table)}

The same bodies against each gold body without the items the extractor gives to other
fields instead of its body (an item equal to its headline or description, a byline or date
line of its authors and day by our extractor's test; an item its body has too stays; where
nothing is left, an empty body scores 1 and any other 0): golds differ on whether the body
repeats the headline, standfirst and byline, and zyte-common-items' `articleBody`, which we
follow, does not.

{chr(10).join(own_header + own)}

Metadata on the same test pages, where the gold has the field: right / wrong / missed (a
value given and right, given and wrong, none given). Headlines are compared after case
folding, with surrounding punctuation, quote styles and invisible characters (soft hyphens,
zero-width spaces) aside, dates by calendar day, authors as the same names (token F1 1.0);
images F1 is the mean over the pages whose gold lists images (a gold image's other
`srcset` renditions count as it).

{chr(10).join(field_header + fields)}
"""
    record(RESULTS, "bench_learn", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
