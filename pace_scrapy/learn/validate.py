"""Scoring induced rules on labelled pages they were not learnt from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pace_scrapy.config.model import BodySpec, FieldSpec, NodeSignature, Rule
from pace_scrapy.extract.body import select_body
from pace_scrapy.extract.fields import apply_rule
from pace_scrapy.extract.kinds import Context, Rejected, field_kind, max_length
from pace_scrapy.extract.node_match import match_node
from pace_scrapy.extract.render_text import body_paragraphs
from pace_scrapy.learn.compare import agrees
from pace_scrapy.learn.labels import PageLabels
from pace_scrapy.learn.matching import words
from pace_scrapy.page.model import Page
from pace_scrapy.page.nodes import NodeFeatures


@dataclass
class FieldScore:
    """Counts of a field's values on validation pages: right, wrong, and labelled but missed."""

    correct: int = 0
    wrong: int = 0
    missed: int = 0

    def __iadd__(self, other: FieldScore) -> FieldScore:
        self.correct += other.correct
        self.wrong += other.wrong
        self.missed += other.missed
        return self

    @property
    def precision(self) -> float:
        """Right values among the values given (1.0 when none was given: nothing wrong)."""
        given = self.correct + self.wrong
        return round(self.correct / given, 4) if given else 1.0 if not self.missed else 0.0


def field_value(name: str, kind: str, spec: FieldSpec, page: Page) -> Any:
    """The field's value on a page: the first of the spec's rules that gives one."""
    ctx = Context(page.base_url, page.fetched, max_length(name, kind, spec.max_length))
    for rule in spec.rules:
        try:
            value = apply_rule(rule, page, kind, ctx)
        except Rejected:
            continue
        if value is not None:
            return value
    return None


def _score(
    name: str, kind: str, pages: Sequence[PageLabels], value_of: Callable[[Page], Any]
) -> FieldScore:
    """How ``value_of`` (a page's value of the field, or None) does on labelled pages."""
    score = FieldScore()
    for labels in pages:
        label = labels.fields.get(name)
        if label is None:
            continue
        value = value_of(labels.page)
        if value is None:
            score.missed += 1
        elif agrees(kind, value, label.values):
            score.correct += 1
        else:
            score.wrong += 1
    return score


def field_score(
    name: str, kind: str, spec: FieldSpec | None, pages: Sequence[PageLabels]
) -> FieldScore:
    """How the spec does on labelled pages (a missing spec misses every label)."""
    if spec is None:
        return _score(name, kind, pages, lambda page: None)
    return _score(name, kind, pages, lambda page: field_value(name, kind, spec, page))


def signature_score(
    name: str, kind: str, signature: NodeSignature | None, pages: Sequence[PageLabels]
) -> FieldScore:
    """How node matching alone (no rules) does on labelled pages."""

    def matched(page: Page) -> Any:
        if signature is None:
            return None
        ctx = Context(page.base_url, page.fetched, max_length(name, kind, None))
        try:
            found = match_node(page, signature, kind, ctx, NodeFeatures())
        except Rejected:
            return None
        return None if found is None else found.value

    return _score(name, kind, pages, matched)


def body_score(spec: BodySpec | None, pages: Sequence[PageLabels]) -> list[float]:
    """Per page, the word F1 of the body the spec extracts against the labelled content."""
    scores = []
    for labels in pages:
        if not labels.body:
            continue
        expected = Counter(w for i in labels.body for w in words(labels.page.blocks[i].text))
        body = select_body(labels.page.root, spec) if spec else None
        got = Counter(
            w
            for paragraph in (body_paragraphs(body.blocks, body.skip) if body else [])
            for w in words(paragraph)
        )
        overlap = sum((expected & got).values())
        total = sum(expected.values()) + sum(got.values())
        scores.append(2 * overlap / total if total else 0.0)
    return scores


def rule_gives_value(name: str, rule: Rule, page: Page) -> bool:
    """True when the rule gives a plausible value for the field on the page."""
    kind = field_kind(name, None)
    ctx = Context(page.base_url, page.fetched, max_length(name, kind, None))
    try:
        return apply_rule(rule, page, kind, ctx) is not None
    except Rejected:
        return False
