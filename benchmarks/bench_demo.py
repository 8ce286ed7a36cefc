"""Field accuracy of the README's main job: ``make demo``'s items scored against the demo truth.

Runs the demo (serve the generated site, learn its config with the bootstrap spider and the
heuristic labeller, crawl it) into a temporary folder, then counts per field, over the
crawled articles, the items whose value is right, wrong or empty against the site's ground
truth: headline, description and authors (the list of names, in order) exactly, dates as
the same instant, the body by ROUGE-L F1 (right at 0.98 or more; its mean is printed too),
images as the list of their URLs, captions and credits, in order.
Precision first means *wrong* should be 0. Run from the repository root::

    .venv/bin/python benchmarks/bench_demo.py
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from pace_scrapy.demo.run import run_demo
from pace_scrapy.demo.site import DemoSite
from pace_scrapy.demo.truth import ArticleTruth
from pace_scrapy.evaluate.metrics_body import rouge_lsum

BODY_RIGHT = 0.98


# Item field -> the truth attribute it is checked against (empty there: an empty value is right).
FIELDS = {
    "headline": "headline",
    "description": "description",
    "authors": "authors",
    "datePublished": "date_published",
    "dateModified": "date_modified",
    "articleBody": "body",
    "images": "images",
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
        truth = site.truth(str(item["url"]))
        if not isinstance(truth, ArticleTruth):
            continue
        score = rouge_lsum(str(item.get("articleBody") or "").split("\n\n"), truth.body)
        body_f1.append(score.f1 if score is not None else 0.0)
        for name, attribute in FIELDS.items():
            value, expected = item.get(name), getattr(truth, attribute)
            if not value:
                counts[name]["empty" if expected else "right"] += 1
            else:
                right = _right(name, value, expected, body_f1[-1])
                counts[name]["right" if right else "wrong"] += 1
    print(
        f"{len(result.items)} items, learnt from {options.pages} pages, "
        f"{result.pages_rendered} pages rendered in a browser"
    )
    print("| field | right | wrong | empty |\n|---|---|---|---|")
    for name, count in counts.items():
        print(f"| {name} | {count['right']} | {count['wrong']} | {count['empty']} |")
    if body_f1:
        print(f"articleBody ROUGE-L F1: mean {statistics.mean(body_f1):.3f}")


def _right(name: str, value: Any, expected: Any, body_f1: float) -> bool:
    """Whether a non-empty item value is the truth: names in order, dates as instants, the
    body by its ROUGE-L F1, images by URL, caption and credit in order, the rest exactly."""
    if name == "authors":
        return bool([author["name"] for author in value] == expected)
    if name.startswith("date"):
        return bool(expected) and datetime.fromisoformat(value) == datetime.fromisoformat(expected)
    if name == "articleBody":
        return body_f1 >= BODY_RIGHT
    if name == "images":
        got = [(i["url"], i.get("caption"), i.get("credit")) for i in value]
        return got == [(i.src, i.caption, i.credit) for i in expected]
    return bool(value == expected)


if __name__ == "__main__":
    main()
