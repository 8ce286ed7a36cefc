"""Product attributes: learn per site from K labelled pages, extract the others, score.

Datasets (from ``../shared/bench`` or ``$PACE_BENCH_DIR``; skipped with a message when
absent): ``swde_book``, ``zyte_product`` and the product pages of ``wcxb`` (gold ``kind`` is
``product``). Per site, its product pages sorted by page id; for each K of ``--train`` the
first K pages are the training pages and the others the test pages (sites with at most K
product pages are skipped). On each site:

- ours: the examples learner (:func:`pace_scrapy.evaluate.learners.examples`: the training
  pages' gold attributes, and a product's title as its ``name``, given as the user's values)
  learns a config, which extracts the test pages;
- nodes: node matching alone with the same config (each field's signature, its rules
  ignored, as if they had all stopped matching): how precise the run-time fallback is;
- extruct: the structured-data-only baseline (JSON-LD, microdata, OpenGraph product tags) on
  the same test pages.

Attributes are scored per page with :func:`~pace_scrapy.evaluate.metrics_attributes.
attribute_counts` (abstaining costs recall, a wrong value costs precision and recall) and the
counts added up per attribute. wcxb has no attribute gold: its product pages are scored on
the title only (our ``name``, extruct's ``name``), compared as text like swde_book's titles;
their main text is not a product field, so it is not scored. The ``fallback``
column counts our values that came from node matching. Run from the repository root::

    .venv/bin/python benchmarks/bench_product.py --train 1 2
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from time import perf_counter
from typing import Any

from pace_scrapy.atomic import write_atomic
from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.errors import PaceError
from pace_scrapy.evaluate.adapter import flatten_named, item_prediction
from pace_scrapy.evaluate.baselines_structured import extruct_product_baseline
from pace_scrapy.evaluate.candidates import config_name, page_url
from pace_scrapy.evaluate.gold import LabelledPage, bench_root, iter_sites, load_site
from pace_scrapy.evaluate.learners import examples
from pace_scrapy.evaluate.metrics_attributes import AttributeCounts, attribute_counts
from pace_scrapy.evaluate.prediction import Prediction
from pace_scrapy.evaluate.record import record
from pace_scrapy.extract.extractor import NODE_MATCH, extract
from pace_scrapy.extract.kinds import Context, Rejected, field_kind, max_length
from pace_scrapy.extract.node_match import match_node
from pace_scrapy.page.decode import decode_html
from pace_scrapy.page.model import Page
from pace_scrapy.page.nodes import NodeFeatures

DATASETS = ("swde_book", "zyte_product", "wcxb")
PRODUCT_KINDS = ("product", "book")
EXTRACTORS = ("ours", "nodes", "extruct")
TARGET_PRECISION = 0.97
TARGET_RECALL = {"swde_book": 0.9}  # at K = 1
RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


@dataclass
class Scores:
    """Counts per extractor and attribute, and what else a table reports."""

    counts: dict[str, dict[str, AttributeCounts]] = field(
        default_factory=lambda: {name: defaultdict(AttributeCounts) for name in EXTRACTORS}
    )
    fallback: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sites: int = 0
    skipped: int = 0
    pages: int = 0
    failed: list[str] = field(default_factory=list)
    seconds: float = 0.0


def page_counts(prediction: Prediction, page: LabelledPage) -> dict[str, AttributeCounts]:
    """Counts for one page: its gold attributes, else its title."""
    gold = page.gold
    if gold.annotated("attributes"):
        return attribute_counts(prediction.attributes, gold.attributes or {})
    title = prediction.title or next(iter(prediction.attributes.get("name", ())), None)
    return attribute_counts({"title": [title] if title else []}, {"title": [gold.title or ""]})


def node_matching_alone(page: Page, config: PublisherConfig) -> Prediction:
    """What node matching finds for the config's fields with a signature, rules ignored (as if
    every rule had stopped matching)."""
    values: dict[str, Any] = {}
    nodes = NodeFeatures()
    for name, spec in config.latest.fields.items():
        if spec.signature is None:
            continue
        kind = field_kind(name, spec.kind)
        ctx = Context(page.base_url, page.fetched, max_length(name, kind, spec.max_length))
        try:
            found = match_node(page, spec.signature, kind, ctx, nodes)
        except Rejected:
            continue
        if found is not None:
            values[name] = found.value
    named = (flatten_named(key, value).items() for key, value in values.items())
    return Prediction(attributes={name: texts for pairs in named for name, texts in pairs})


def run_site(pages: list[LabelledPage], k: int, site: str, scores: Scores) -> None:
    """Learn on the first ``k`` pages, score ours and extruct on the rest."""
    if len(pages) <= k:
        scores.skipped += 1
        return
    scores.sites += 1
    start = perf_counter()
    try:
        config = examples(config_name(site), pages[:k])
    except PaceError as exc:
        scores.failed.append(f"{site}: {exc}")
        config = None
    for page in pages[k:]:
        scores.pages += 1
        data = page.html_bytes()
        ours = nodes = Prediction()
        if config is not None:
            item = extract(Page.from_html(data, page_url(page)), config)
            ours = item_prediction(item)
            for name, source in item.metadata.fields.items():
                scores.fallback[name] += source.detail == NODE_MATCH
            nodes = node_matching_alone(Page.from_html(data, page_url(page)), config)
        html, _encoding = decode_html(data)
        baseline = extruct_product_baseline(html, page.gold.url)
        for name, prediction in (("ours", ours), ("nodes", nodes), ("extruct", baseline)):
            for attribute, counts in page_counts(prediction, page).items():
                scores.counts[name][attribute] += counts
    scores.seconds += perf_counter() - start


def number(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def table(dataset: str, k: int, scores: Scores) -> list[str]:
    """The Markdown table of one dataset and K, with the targets checked."""
    lines = [
        f"### {dataset}, K = {k}",
        "",
        f"{scores.pages} test pages of {scores.sites} sites ({scores.skipped} sites skipped: "
        f"too few product pages); {scores.seconds:.0f} s.",
        "",
        "| attribute | gold | ours P | ours R | ours F1 | fallback | nodes P | nodes R "
        "| extruct P | extruct R | extruct F1 |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    ours, alone, baseline = (scores.counts[name] for name in EXTRACTORS)
    for attribute in sorted(ours):
        mine, matched, theirs = ours[attribute], alone[attribute], baseline[attribute]
        lines.append(
            f"| {attribute} | {mine.tp + mine.fn} | {number(mine.precision)} | "
            f"{number(mine.recall)} | {number(mine.f1)} | {scores.fallback.get(attribute, 0)} | "
            f"{number(matched.precision)} | {number(matched.recall)} | "
            f"{number(theirs.precision)} | {number(theirs.recall)} | {number(theirs.f1)} |"
        )
    low = [a for a, c in ours.items() if c.precision is not None and c.precision < TARGET_PRECISION]
    lines += ["", f"Precision >= {TARGET_PRECISION} on every attribute: "]
    lines[-1] += f"not met ({', '.join(sorted(low))})." if low else "met."
    target = TARGET_RECALL.get(dataset)
    if target is not None and k == 1:
        short = [a for a, c in ours.items() if (c.recall or 0.0) < target]
        lines.append(f"Recall >= {target} on every attribute: ")
        lines[-1] += f"not met ({', '.join(sorted(short))})." if short else "met."
    lines += [f"Learning failed: {failure}" for failure in scores.failed]
    return [*lines, ""]


def as_json(results: dict[tuple[str, int], Scores]) -> list[dict[str, Any]]:
    return [
        {
            "dataset": dataset,
            "train": k,
            "pages": scores.pages,
            "sites": scores.sites,
            "counts": {
                name: {a: vars(c) for a, c in counts.items()}
                for name, counts in scores.counts.items()
            },
            "fallback": dict(scores.fallback),
        }
        for (dataset, k), scores in results.items()
    ]


def section(command: str, wall: float, tables: list[str]) -> str:
    """The RESULTS.md section: how the tables were made, then the tables."""
    return "\n".join(
        [
            "## Product attributes from K labelled pages (bench_product)",
            "",
            f"Generated on {datetime.now(UTC):%Y-%m-%d} by `{command}` in {wall:.0f} s of wall "
            f"time ({os.cpu_count()} cores, Python {platform.python_version()}). Per site, the "
            "examples learner learns from the first K product pages (their gold values); the "
            "other pages are the test pages. P/R/F1 are micro-averaged per attribute; *nodes* is "
            "node matching alone (every rule ignored), *fallback* counts our values that came "
            "from node matching; extruct reads the pages' structured data only.",
            "",
            *(line.replace("### ", "#### ", 1) for line in tables),
        ]
    )


def main() -> None:
    """Run the benchmark and print its tables (see the module docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bench", type=Path, default=None, help="benchmark folder")
    parser.add_argument("--train", type=int, nargs="+", default=[1, 2], help="K values")
    parser.add_argument("--dataset", nargs="+", default=list(DATASETS), choices=DATASETS)
    parser.add_argument("--json", type=Path, default=None, help="write the counts here")
    args = parser.parse_args()
    root = args.bench or bench_root()
    if root is None or not root.is_dir():
        print("SKIPPED: no benchmark folder (../shared/bench, or set $PACE_BENCH_DIR)")
        return
    results: dict[tuple[str, int], Scores] = {}
    started = perf_counter()
    tables: list[str] = []
    for dataset in args.dataset:
        sites = [(d.name, load_site(d)) for d in iter_sites(root, dataset)]
        products = [(s, [p for p in pages if p.gold.kind in PRODUCT_KINDS]) for s, pages in sites]
        for k in args.train:
            scores = results[(dataset, k)] = Scores()
            for site, pages in products:
                if pages:
                    run_site(pages, k, site, scores)
            tables += table(dataset, k, scores)
            print("\n".join(table(dataset, k, scores)), flush=True)
    command = shlex.join(["python", "benchmarks/bench_product.py", *sys.argv[1:]])
    record(RESULTS, "bench_product", section(command, perf_counter() - started, tables))
    if args.json is not None:
        write_atomic(args.json, json.dumps(as_json(results), indent=1) + "\n")


if __name__ == "__main__":
    main()
