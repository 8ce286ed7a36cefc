"""Evaluation results: per-page scores, per-site runs, and their summaries.

Means are over the pages that have a score for the metric (a page whose gold does not annotate
a field has no score for it). Attribute precision/recall/F1 are micro-averaged: the per-page
true/false positive and false negative counts are added up first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pace_scrapy.evaluate.metrics_attributes import AttributeCounts, total_counts

# The metrics of the summary tables and of the quality gate: (key, column label).
HEADLINE_METRICS: tuple[tuple[str, str], ...] = (
    ("body_rougelsum_f1", "body F1"),
    ("title_match", "title"),
    ("authors_f1", "authors F1"),
    ("date_match", "date"),
    ("attributes_precision", "attr P"),
    ("attributes_recall", "attr R"),
    ("attributes_f1", "attr F1"),
)
WORST_SITE_METRIC = "body_rougelsum_f1"  # also reported as the mean of the worst site
_MICRO = {
    "attributes_precision": "precision",
    "attributes_recall": "recall",
    "attributes_f1": "f1",
}


@dataclass(frozen=True)
class PageScore:
    """One extractor on one page: its scores, attribute counts, time and error (if it failed).

    ``seconds`` is parse + extract from the page's bytes; ``error`` is set when the extractor
    raised, in which case the page was scored as an empty prediction.
    """

    extractor: str
    dataset: str
    site: str
    page_id: str
    path: str
    scores: Mapping[str, float]
    counts: AttributeCounts | None = None
    seconds: float = 0.0
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict (``attributes`` holds the counts when the gold has attributes)."""
        data: dict[str, Any] = {
            "extractor": self.extractor,
            "dataset": self.dataset,
            "site": self.site,
            "page": self.page_id,
            "path": self.path,
            "scores": dict(self.scores),
            "seconds": round(self.seconds, 6),
        }
        if self.counts is not None:
            data["attributes"] = {"tp": self.counts.tp, "fp": self.counts.fp, "fn": self.counts.fn}
        if self.error is not None:
            data["error"] = self.error
        return data


@dataclass(frozen=True)
class SiteRun:
    """Everything evaluated on one site.

    ``skipped`` is set when the site had too few pages to learn from (no page was scored);
    ``learn_seconds`` holds each learned extractor's time on the training pages.
    """

    dataset: str
    site: str
    scores: tuple[PageScore, ...] = ()
    skipped: bool = False
    learn_seconds: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Evaluation:
    """The site runs of one evaluation, the extractors in table order, and training size."""

    sites: tuple[SiteRun, ...]
    extractors: tuple[str, ...]
    train: int = 0

    def datasets(self) -> list[str]:
        """Dataset names in order of first appearance."""
        return list(dict.fromkeys(run.dataset for run in self.sites))


@dataclass(frozen=True)
class Summary:
    """One extractor on a group of pages."""

    pages: int
    means: Mapping[str, float]
    counts: AttributeCounts
    seconds: float
    errors: int

    def value(self, metric: str) -> float | None:
        """The metric's page mean (micro average for attribute P/R/F1); None when undefined."""
        if metric in _MICRO:
            value: float | None = getattr(self.counts, _MICRO[metric])
            return value
        return self.means.get(metric)

    @property
    def pages_per_second(self) -> float | None:
        """Pages parsed and extracted per second (None when no time was measured)."""
        return self.pages / self.seconds if self.seconds > 0 else None


def summarize(scores: Iterable[PageScore]) -> Summary:
    """The summary of some page scores (of one extractor)."""
    pages = list(scores)
    totals: dict[str, list[float]] = {}
    for page in pages:
        for metric, value in page.scores.items():
            totals.setdefault(metric, []).append(value)
    return Summary(
        pages=len(pages),
        means={metric: sum(values) / len(values) for metric, values in totals.items()},
        counts=total_counts(p.counts for p in pages if p.counts is not None),
        seconds=sum(p.seconds for p in pages),
        errors=sum(p.error is not None for p in pages),
    )


@dataclass(frozen=True)
class DatasetSummary:
    """One dataset: per extractor the overall and per-site summaries, learning times, skips."""

    name: str
    sites: int
    skipped_sites: int
    overall: Mapping[str, Summary]
    per_site: Mapping[str, Mapping[str, Summary]]
    learn_seconds: Mapping[str, float]

    def worst_site(self, extractor: str, metric: str = WORST_SITE_METRIC) -> float | None:
        """The lowest per-site mean of ``metric`` for ``extractor`` (None when no site has it)."""
        values = [
            value
            for summary in self.per_site.get(extractor, {}).values()
            if (value := summary.value(metric)) is not None
        ]
        return min(values, default=None)


def summarize_dataset(evaluation: Evaluation, dataset: str) -> DatasetSummary:
    """Summaries of one dataset of an evaluation.

    ``learn_seconds`` is, per learned extractor, its mean training time per learned site.
    """
    runs = [run for run in evaluation.sites if run.dataset == dataset]
    per_site: dict[str, dict[str, Summary]] = {}
    overall: dict[str, Summary] = {}
    for extractor in evaluation.extractors:
        scores = [s for run in runs for s in run.scores if s.extractor == extractor]
        if not scores:
            continue
        overall[extractor] = summarize(scores)
        per_site[extractor] = {
            run.site: summarize(s for s in run.scores if s.extractor == extractor)
            for run in runs
            if any(s.extractor == extractor for s in run.scores)
        }
    learned: dict[str, list[float]] = {}
    for run in runs:
        for learner, seconds in run.learn_seconds.items():
            learned.setdefault(learner, []).append(seconds)
    return DatasetSummary(
        name=dataset,
        sites=len(runs),
        skipped_sites=sum(run.skipped for run in runs),
        overall=overall,
        per_site=per_site,
        learn_seconds={k: sum(v) / len(v) for k, v in learned.items()},
    )
