"""Inducing a field's ordered rules from labelled values on several pages.

Candidates come from where the labelled value is: ``<meta>`` keys and JSON-LD paths holding
it, and CSS selectors of the DOM nodes showing it (with transforms that cut it out of a longer
text). Every candidate is applied on every training page with the extractor's own machinery
and kept only if it is never wrong there; rules are ordered so that each one adds pages the
earlier ones miss (precision first: no value beats a wrong value).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from lxml.html import HtmlElement

from pace_scrapy.config.model import FieldSpec, RegexTransform, Rule, SplitTransform, StripTransform
from pace_scrapy.extract.fields import apply_rule
from pace_scrapy.extract.kinds import LIST_KINDS, Context, Rejected, max_length
from pace_scrapy.learn.compare import agrees
from pace_scrapy.learn.induce.selectors import candidate_selectors
from pace_scrapy.learn.labels import FieldLabel
from pace_scrapy.learn.matching import words
from pace_scrapy.learn.patterns import DATE_PATTERNS, NAME_SEPARATOR, SEPARATOR_CUT
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import jsonld_types
from pace_scrapy.page.text import element_text

MAX_NODES = 3
MAX_SELECTORS = 12
MAX_JSON_DEPTH = 3
ATTRIBUTES = ("datetime", "content", "title", "href", "src", "data-src", "value")
SOURCE_RANK = {"jsonld": 0, "meta": 1, "microdata": 2, "css": 3, "xpath": 4}


@dataclass
class FieldExample:
    """A training page and the field's label on it (``None``: not labelled there)."""

    page: Page
    label: FieldLabel | None


@dataclass
class Outcome:
    """What one rule gives on each example: agreeing, disagreeing, or nothing (``None``)."""

    rule: Rule
    results: list[bool | None]

    @property
    def correct(self) -> int:
        return sum(1 for r in self.results if r is True)

    @property
    def wrong(self) -> int:
        return sum(1 for r in self.results if r is False)


def induce_field(name: str, kind: str, examples: Sequence[FieldExample]) -> FieldSpec | None:
    """Ordered rules for a field that reproduce its labels on the examples, or ``None``."""
    labelled = [e for e in examples if e.label is not None]
    if not labelled:
        return None
    candidates = dict.fromkeys(_candidates(kind, labelled))
    outcomes = [
        Outcome(rule, [_judge(rule, name, kind, e) for e in examples]) for rule in candidates
    ]
    rules = choose_rules(outcomes)
    return FieldSpec(rules=tuple(rules)) if rules else None


def choose_rules(outcomes: Sequence[Outcome]) -> list[Rule]:
    """Greedy ordering: each next rule is the best one on the examples no earlier rule answers,
    never wrong there (the extractor uses the first rule that gives a value)."""
    chosen: list[Rule] = []
    open_examples = set(range(len(outcomes[0].results))) if outcomes else set()
    while open_examples:
        best: tuple[tuple[int, int, int, int], Outcome] | None = None
        for outcome in outcomes:
            answered = {i for i in open_examples if outcome.results[i] is not None}
            correct = sum(1 for i in answered if outcome.results[i])
            if not correct or any(outcome.results[i] is False for i in answered):
                continue
            key = (
                correct,
                -SOURCE_RANK[outcome.rule.source],
                -len(outcome.rule.transforms),
                -len(outcome.rule.query),
            )
            if best is None or key > best[0]:
                best = (key, outcome)
        if best is None:
            break
        chosen.append(best[1].rule)
        open_examples = {i for i in open_examples if best[1].results[i] is None}
    return chosen


def _judge(rule: Rule, name: str, kind: str, example: FieldExample) -> bool | None:
    """True/False when the rule's value agrees/disagrees with the label; None when it gives
    nothing, or the page has no label to judge by."""
    page = example.page
    ctx = Context(page.base_url, page.fetched, max_length(name, kind, None))
    try:
        value = apply_rule(rule, page, kind, ctx)
    except Rejected:
        return None
    if value is None or example.label is None:
        return None
    return agrees(kind, value, example.label.values)


def _candidates(kind: str, labelled: Sequence[FieldExample]) -> Iterator[Rule]:
    multiple = kind in LIST_KINDS
    for example in labelled:
        assert example.label is not None
        yield from _meta_candidates(example.page, multiple)
        yield from _jsonld_candidates(example.page, multiple)
        for node in example.label.nodes[:MAX_NODES]:
            yield from _dom_candidates(node, kind, example.label.values, multiple)


def _meta_candidates(page: Page, multiple: bool) -> Iterator[Rule]:
    for key in page.meta:
        yield Rule(source="meta", query=key, multiple=multiple)


def _jsonld_candidates(page: Page, multiple: bool) -> Iterator[Rule]:
    for obj in page.jsonld:
        types = jsonld_types(obj)[:1]
        for path in _json_paths(obj, MAX_JSON_DEPTH):
            yield Rule(source="jsonld", query=path, types=types, multiple=multiple)


def _json_paths(data: Any, depth: int, prefix: str = "") -> Iterator[str]:
    if depth == 0 or not isinstance(data, dict):
        return
    for key, value in data.items():
        if key.startswith("@") or not re.fullmatch(r"[\w:-]+", key):
            continue
        path = f"{prefix}{key}"
        yield path
        items = value if isinstance(value, list) else [value]
        step = f"{path}[]." if isinstance(value, list) else f"{path}."
        for item in items[:1]:
            yield from _json_paths(item, depth - 1, step)


def _dom_candidates(
    node: HtmlElement, kind: str, values: Sequence[str], multiple: bool
) -> Iterator[Rule]:
    selectors = candidate_selectors(node, max_depth=2)[:MAX_SELECTORS]
    attributes = [a for a in ATTRIBUTES if node.get(a)]
    options = list(transform_options(kind, element_text(node), values))
    for css in selectors:
        for attribute in attributes:
            yield Rule(source="css", query=css, attribute=attribute, multiple=multiple)
        for transforms in options:
            yield Rule(source="css", query=css, transforms=transforms, multiple=multiple)


def transform_options(kind: str, text: str, values: Sequence[str]) -> Iterator[tuple[Any, ...]]:
    """Transform chains that may turn a node's text into the labelled value(s)."""
    yield ()
    if kind == "date":
        for pattern in DATE_PATTERNS:
            if re.search(pattern, text, re.IGNORECASE):
                yield (RegexTransform(op="regex", pattern=pattern),)
        return
    prefix, suffix = _affixes(text, values)
    strip: tuple[Any, ...] = ()
    if prefix or suffix:
        strip = (StripTransform(op="strip", prefixes=_opt(prefix), suffixes=_opt(suffix)),)
    cut = (RegexTransform(op="regex", pattern=SEPARATOR_CUT),)
    tails: list[tuple[Any, ...]] = [()]
    if kind == "people":
        tails.append(
            (SplitTransform(op="split", pattern=NAME_SEPARATOR), StripTransform(op="strip"))
        )
    for head in dict.fromkeys([(), cut, strip, cut + strip]):
        for tail in tails:
            if head or tail:
                yield head + tail


def _opt(value: str) -> tuple[str, ...]:
    return (value,) if value else ()


def _affixes(text: str, values: Sequence[str]) -> tuple[str, str]:
    """The text before the first and after the last labelled value in ``text`` (short ones)."""
    lowered = text.lower()
    starts = [lowered.find(v.lower()) for v in values if v and v.lower() in lowered]
    if not starts:
        return "", ""
    first = min(starts)
    last = max(lowered.find(v.lower()) + len(v) for v in values if v and v.lower() in lowered)
    prefix, suffix = text[:first].strip(), text[last:].strip()
    return (prefix if len(words(prefix)) <= 3 else ""), (suffix if len(words(suffix)) <= 3 else "")
