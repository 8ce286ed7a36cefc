"""Evaluation reports: a Markdown table per dataset and a JSON document with every page score."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pace_scrapy.atomic import write_atomic
from pace_scrapy.evaluate.results import (
    HEADLINE_METRICS,
    WORST_SITE_METRIC,
    DatasetSummary,
    Evaluation,
    Summary,
    summarize_dataset,
)

MISSING = "–"


def _number(value: float | None, digits: int = 3) -> str:
    return MISSING if value is None else f"{value:.{digits}f}"


def _rate(value: float | None) -> str:
    return MISSING if value is None else f"{value:.1f}"


def dataset_table(summary: DatasetSummary, train: int = 0) -> str:
    """The Markdown section of one dataset: a heading, what was evaluated, and a table with a
    row per extractor and a column per headline metric that some page of the dataset has."""
    rows = summary.overall
    metrics = [
        (key, label)
        for key, label in HEADLINE_METRICS
        if any(s.value(key) is not None for s in rows.values())
    ]
    header = ["extractor"]
    for key, label in metrics:
        header.append(label)
        if key == WORST_SITE_METRIC:
            header.append("worst site")
    header += ["pages/s", "errors"]
    learned = bool(summary.learn_seconds)
    if learned:
        header.append("learn s/site")
    lines = [f"### {summary.name}", "", _scope(summary, train), ""]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for extractor, overall in rows.items():
        cells = [extractor]
        for key, _label in metrics:
            cells.append(_number(overall.value(key)))
            if key == WORST_SITE_METRIC:
                cells.append(_number(summary.worst_site(extractor)))
        cells += [_rate(overall.pages_per_second), str(overall.errors)]
        if learned:
            seconds = summary.learn_seconds.get(extractor)
            cells.append(MISSING if seconds is None else f"{seconds:.2f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _scope(summary: DatasetSummary, train: int) -> str:
    pages = max((s.pages for s in summary.overall.values()), default=0)
    scored = summary.sites - summary.skipped_sites
    text = f"{pages} pages of {scored} sites"
    if train:
        text += f"; the first {train} pages of each site trained the learners and are not scored"
    if summary.skipped_sites:
        text += f"; {summary.skipped_sites} sites with at most {train} pages skipped"
    return text + "."


def markdown(evaluation: Evaluation) -> str:
    """One Markdown section per dataset, in evaluation order."""
    return "\n".join(
        dataset_table(summarize_dataset(evaluation, dataset), evaluation.train)
        for dataset in evaluation.datasets()
    )


def _summary_json(summary: Summary) -> dict[str, Any]:
    counts = summary.counts
    return {
        "pages": summary.pages,
        "means": dict(sorted(summary.means.items())),
        "attributes": {"tp": counts.tp, "fp": counts.fp, "fn": counts.fn},
        "headline": {key: summary.value(key) for key, _label in HEADLINE_METRICS},
        "seconds": round(summary.seconds, 6),
        "pages_per_second": summary.pages_per_second,
        "errors": summary.errors,
    }


def json_report(evaluation: Evaluation, **meta: Any) -> dict[str, Any]:
    """The evaluation as JSON: ``meta`` (command, date...), then per dataset and extractor the
    overall and per-site summaries, then every page score."""
    datasets = {}
    for dataset in evaluation.datasets():
        summary = summarize_dataset(evaluation, dataset)
        datasets[dataset] = {
            "sites": summary.sites,
            "skipped_sites": summary.skipped_sites,
            "learn_seconds_per_site": dict(summary.learn_seconds),
            "extractors": {
                extractor: {
                    **_summary_json(overall),
                    "worst_site": summary.worst_site(extractor),
                    "sites": {
                        site: _summary_json(site_summary)
                        for site, site_summary in summary.per_site[extractor].items()
                    },
                }
                for extractor, overall in summary.overall.items()
            },
        }
    return {
        **meta,
        "train": evaluation.train,
        "extractors": list(evaluation.extractors),
        "datasets": datasets,
        "pages": [score.to_json() for run in evaluation.sites for score in run.scores],
    }


def write_json(path: Path, evaluation: Evaluation, **meta: Any) -> None:
    """Write :func:`json_report` to ``path`` atomically."""
    text = json.dumps(json_report(evaluation, **meta), ensure_ascii=False, indent=1)
    write_atomic(path, text + "\n")
