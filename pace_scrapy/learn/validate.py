"""Scoring induced rules on labelled pages they were not learnt from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pace_scrapy.config.model import BodySpec, FieldSpec, NodeSignature, Rule
from pace_scrapy.extract.body import select_body
from pace_scrapy.extract.fields import apply_rule
from pace_scrapy.extract.kinds import Rejected, field_kind, max_length, page_context
from pace_scrapy.extract.node_match import match_node
from pace_scrapy.extract.render_text import body_paragraphs
from pace_scrapy.learn.compare import agrees
from pace_scrapy.learn.labels import PageLabels
from pace_scrapy.learn.matching import words
from pace_scrapy.page.model import Page
from pace_scrapy.page.nodes import NodeFeatures


@dataclass
class FieldScore:
    """Counts of a field's values on validation pages: right, wrong, labelled but missed, and
    undecided (wrong, but a rule as good on the pages learnt from gave the right value)."""

    correct: int = 0
    wrong: int = 0
    missed: int = 0
    undecided: int = 0

    def __iadd__(self, other: FieldScore) -> FieldScore:
        self.correct += other.correct
        self.wrong += other.wrong
        self.missed += other.missed
        self.undecided += other.undecided
        return self

    @property
    def labelled(self) -> int:
        """Validation pages that had a label for the field."""
        return self.correct + self.wrong + self.missed + self.undecided

    @property
    def precision(self) -> float:
        """Right values among the values decided (1.0 when there were no labels at all, 0.0
        when no value was decided)."""
        given = self.correct + self.wrong
        if given:
            return round(self.correct / given, 4)
        return 0.0 if self.missed or self.undecided else 1.0


def field_value(name: str, kind: str, spec: FieldSpec, page: Page) -> Any:
    """The field's value on a page: the first of the spec's rules that gives one."""
    found = _first_value(name, kind, spec.rules, page, spec.max_length)
    return None if found is None else found[1]


def _first_value(
    name: str, kind: str, rules: Sequence[Rule], page: Page, max_chars: int | None = None
) -> tuple[Rule, Any] | None:
    """The first of ``rules`` that gives a value on the page, with the value."""
    ctx = page_context(page, max_length(name, kind, max_chars))
    for rule in rules:
        try:
            value = apply_rule(rule, page, kind, ctx)
        except Rejected:
            continue
        if value is not None:
            return rule, value
    return None


def _score(
    name: str,
    kind: str,
    pages: Sequence[PageLabels],
    found_of: Callable[[Page], tuple[Rule | None, Any] | None],
    ties: Mapping[Rule, tuple[Rule, ...]] | None = None,
) -> FieldScore:
    """How ``found_of`` (a page's value of the field with the rule that gave it, or None) does
    on labelled pages; a wrong value is undecided when one of the rule's ``ties`` gives the
    right one."""
    score = FieldScore()
    for labels in pages:
        label = labels.fields.get(name)
        if label is None:
            continue
        found = found_of(labels.page)
        if found is None:
            score.missed += 1
        elif agrees(kind, found[1], label.values):
            score.correct += 1
        elif (
            ties
            and found[0] is not None
            and any(
                (other := _first_value(name, kind, (tie,), labels.page)) is not None
                and agrees(kind, other[1], label.values)
                for tie in ties.get(found[0], ())
            )
        ):
            score.undecided += 1
        else:
            score.wrong += 1
    return score


def field_score(
    name: str,
    kind: str,
    spec: FieldSpec | None,
    pages: Sequence[PageLabels],
    ties: Mapping[Rule, tuple[Rule, ...]] | None = None,
) -> FieldScore:
    """How the spec does on labelled pages (a missing spec misses every label). With ``ties``
    (see :class:`~pace_scrapy.learn.induce.fields.FieldRules`), a wrong value is undecided
    when a rule tied with the one that gave it gives the right value: the pages the spec was
    learnt from could not choose between the two, and learning with this page can."""
    if spec is None:
        return _score(name, kind, pages, lambda page: None)

    def found_of(page: Page) -> tuple[Rule | None, Any] | None:
        return _first_value(name, kind, spec.rules, page, spec.max_length)

    return _score(name, kind, pages, found_of, ties)


def signature_score(
    name: str, kind: str, signature: NodeSignature | None, pages: Sequence[PageLabels]
) -> FieldScore:
    """How node matching alone (no rules) does on labelled pages."""

    def matched(page: Page) -> tuple[Rule | None, Any] | None:
        if signature is None:
            return None
        ctx = page_context(page, max_length(name, kind, None))
        try:
            found = match_node(page, signature, kind, ctx, NodeFeatures())
        except Rejected:
            return None
        return None if found is None else (None, found.value)

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
    ctx = page_context(page, max_length(name, kind, None))
    try:
        return apply_rule(rule, page, kind, ctx) is not None
    except Rejected:
        return False
