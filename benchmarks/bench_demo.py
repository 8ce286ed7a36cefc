"""Field accuracy of the README's main job: ``make demo``'s items scored against the demo truth.

Runs the demo (serve the generated site, learn its config with the bootstrap spider and the
heuristic labeller, crawl it) into a temporary folder, then counts per field, over the
crawled articles, the items whose value is right, wrong or empty against the site's ground
truth: headline, description and authors (the list of names, in order) exactly, dates as
the same instant, the body by ROUGE-L F1 (right at 0.98 or more; its mean is printed too).
Precision first means *wrong* should be 0. Run from the repository root::

    .venv/bin/python benchmarks/bench_demo.py
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pace_scrapy.demo.run import run_demo
from pace_scrapy.demo.site import DemoSite
from pace_scrapy.demo.truth import ArticleTruth
from pace_scrapy.evaluate.metrics_body import rouge_lsum

BODY_RIGHT = 0.98


def _instant(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _body_f1(item: dict[str, Any], truth: ArticleTruth) -> float:
    score = rouge_lsum(str(item.get("articleBody") or "").split("\n\n"), truth.body)
    return score.f1 if score is not None else 0.0


def _body_right(item: dict[str, Any], truth: ArticleTruth) -> bool:
    return _body_f1(item, truth) >= BODY_RIGHT


FIELDS: dict[str, Callable[[dict[str, Any], ArticleTruth], bool]] = {
    "headline": lambda item, truth: item["headline"] == truth.headline,
    "description": lambda item, truth: item["description"] == truth.description,
    "authors": lambda item, truth: [a["name"] for a in item["authors"]] == truth.authors,
    "datePublished": lambda item, truth: (
        _instant(item["datePublished"]) == _instant(truth.date_published)
    ),
    "dateModified": lambda item, truth: (
        _instant(item["dateModified"]) == _instant(truth.date_modified)
    ),
    "articleBody": _body_right,
}


def main() -> None:
    """Run the demo, score its items, print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=6, help="pages to learn from (default 6)")
    options = parser.parse_args()
    site = DemoSite()
    with tempfile.TemporaryDirectory() as tmp:
        result = run_demo(Path(tmp), pages=options.pages, site=site)
    counts: dict[str, Counter[str]] = {name: Counter() for name in FIELDS}
    body_f1: list[float] = []
    for item in result.items:
        truth = site.truth(urlsplit(str(item["url"])).path)
        if not isinstance(truth, ArticleTruth):
            continue
        body_f1.append(_body_f1(item, truth))
        for name, right in FIELDS.items():
            if not item.get(name):
                counts[name]["empty" if getattr(truth, _truth_name(name)) else "right"] += 1
            else:
                counts[name]["right" if right(item, truth) else "wrong"] += 1
    print(f"{len(result.items)} items, learnt from {options.pages} pages")
    print("| field | right | wrong | empty |\n|---|---|---|---|")
    for name, count in counts.items():
        print(f"| {name} | {count['right']} | {count['wrong']} | {count['empty']} |")
    if body_f1:
        print(f"articleBody ROUGE-L F1: mean {statistics.mean(body_f1):.3f}")


def _truth_name(field: str) -> str:
    """The truth attribute a field is checked against (empty there: empty is right)."""
    return {
        "datePublished": "date_published",
        "dateModified": "date_modified",
        "articleBody": "body",
    }.get(field, field)


if __name__ == "__main__":
    main()
