"""The quality gate: a fixed benchmark subset and, per extractor, dataset and metric, a floor.

The gate file (JSON) holds the rule that picks the subset, the training size, the tolerance
and the floors. The gate fails when a mean is more than ``tolerance`` below its floor (or is
missing). Floors are only ever raised (:func:`raise_floors`), so lowering one takes a
deliberate edit of the file.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pace_scrapy.atomic import write_atomic
from pace_scrapy.evaluate.gold import iter_sites
from pace_scrapy.evaluate.results import Evaluation, summarize_dataset

# Metrics a new floor is set for (when an extractor or dataset has none yet).
GATE_METRICS = (
    "body_rougelsum_f1",
    "title_match",
    "authors_f1",
    "date_match",
    "images_f1",
    "attributes_f1",
)
FLOOR_DIGITS = 4

Floors = dict[str, dict[str, dict[str, float]]]  # extractor -> dataset -> metric -> floor
Means = Mapping[str, Mapping[str, Mapping[str, float | None]]]


class Subset(BaseModel):
    """Which pages the gate runs on: per dataset (all, or ``datasets``), the first
    ``sites_per_dataset`` sites by name among those with more than ``train`` pages, and of
    each the first ``pages_per_site`` pages by page id."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    datasets: tuple[str, ...] | None = None
    sites_per_dataset: int = Field(ge=1)
    pages_per_site: int = Field(ge=2)


class GateSpec(BaseModel):
    """The gate file: ``rule`` (the subset in words), ``subset``, ``train``, ``tolerance``,
    and ``floors`` keyed by extractor (a baseline name, or ``pace:<learner>``)."""

    model_config = ConfigDict(extra="forbid")

    rule: str = ""
    subset: Subset
    train: int = Field(ge=1)
    tolerance: float = Field(default=0.01, ge=0.0)
    floors: Floors = Field(default_factory=dict)


def load_gate(path: Path) -> GateSpec:
    """Read a gate file; ValueError names the file and the problem."""
    try:
        return GateSpec.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (ValidationError, json.JSONDecodeError) as exc:
        raise ValueError(f"invalid gate file {path}: {exc}") from exc


def save_gate(spec: GateSpec, path: Path) -> None:
    """Write a gate file atomically (stable key order, for readable diffs)."""
    text = json.dumps(spec.model_dump(mode="json"), indent=2, ensure_ascii=False)
    write_atomic(path, text + "\n")


def select_sites(root: Path, spec: GateSpec) -> list[Path]:
    """The site folders of the gate subset, dataset by dataset (see :class:`Subset`)."""
    datasets = spec.subset.datasets or sorted(p.name for p in root.iterdir() if p.is_dir())
    chosen = []
    for dataset in datasets:
        eligible = [
            site
            for site in iter_sites(root, dataset)
            if sum(1 for _ in site.glob("*.json")) > spec.train
        ]
        chosen += eligible[: spec.subset.sites_per_dataset]
    return chosen


def measured_means(evaluation: Evaluation) -> dict[str, dict[str, dict[str, float | None]]]:
    """Extractor -> dataset -> metric -> mean over the evaluated pages (None: no score)."""
    means: dict[str, dict[str, dict[str, float | None]]] = {}
    for dataset in evaluation.datasets():
        for extractor, summary in summarize_dataset(evaluation, dataset).overall.items():
            values = {metric: summary.value(metric) for metric in GATE_METRICS}
            means.setdefault(extractor, {})[dataset] = {
                m: v for m, v in values.items() if v is not None
            }
    return means


@dataclass(frozen=True)
class GateRow:
    """One floor checked: the measured mean (None when missing) and whether it passes."""

    extractor: str
    dataset: str
    metric: str
    mean: float | None
    floor: float
    passed: bool


def check(floors: Floors, means: Means, tolerance: float) -> list[GateRow]:
    """Every floor against its mean: it passes when ``mean >= floor - tolerance``."""
    rows = []
    for extractor, datasets in floors.items():
        for dataset, metrics in datasets.items():
            for metric, floor in metrics.items():
                mean = means.get(extractor, {}).get(dataset, {}).get(metric)
                passed = mean is not None and mean >= floor - tolerance
                rows.append(GateRow(extractor, dataset, metric, mean, floor, passed))
    return rows


@dataclass(frozen=True)
class FloorChange:
    """A floor raised (``old`` None: a new floor) or, in ``refused``, one left above its mean."""

    extractor: str
    dataset: str
    metric: str
    old: float | None
    new: float
    mean: float


@dataclass
class FloorUpdate:
    """New floors, the floors raised, and the floors left alone above their mean."""

    floors: Floors
    raised: list[FloorChange] = field(default_factory=list)
    refused: list[FloorChange] = field(default_factory=list)


def raise_floors(floors: Floors, means: Means) -> FloorUpdate:
    """Raise each floor to its mean (rounded down to 4 digits); never lower one.

    An extractor with an empty or missing dataset entry gets a floor for each of its
    :data:`GATE_METRICS` with a mean. Extractors not in ``floors`` are left out.
    """
    update = FloorUpdate({e: {d: dict(m) for d, m in ds.items()} for e, ds in floors.items()})
    for extractor, datasets in update.floors.items():
        for dataset, values in means.get(extractor, {}).items():
            metrics = datasets.setdefault(dataset, {})
            for metric in list(metrics) or GATE_METRICS:
                mean = values.get(metric)
                if mean is None:
                    continue
                old = metrics.get(metric)
                new = math.floor(mean * 10**FLOOR_DIGITS) / 10**FLOOR_DIGITS
                change = FloorChange(extractor, dataset, metric, old, new, mean)
                if old is None or new > old:
                    metrics[metric] = new
                    update.raised.append(change)
                elif mean < old:
                    update.refused.append(change)
    return update


def _cell(value: float | None) -> str:
    return "–" if value is None else f"{value:.4f}"


def gate_table(rows: list[GateRow]) -> str:
    """The checked floors as a Markdown table."""
    lines = [
        "| extractor | dataset | metric | mean | floor | status |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        status = "ok" if row.passed else ("MISSING" if row.mean is None else "FAIL")
        lines.append(
            f"| {row.extractor} | {row.dataset} | {row.metric} | {_cell(row.mean)} "
            f"| {_cell(row.floor)} | {status} |"
        )
    return "\n".join(lines) + "\n"
