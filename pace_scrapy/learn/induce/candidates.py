"""Candidate rules for a field, generated from where its labelled values are on the pages.

``<meta>`` keys and JSON-LD paths (any of them may hold the value); CSS selectors of the DOM
nodes showing it, their text (with transforms that cut the value out of a longer text) or an
attribute; XPaths selecting a node's own text, or anchored on the label shown before it
(:mod:`~pace_scrapy.learn.induce.anchors`). Which candidates are right is for
:mod:`~pace_scrapy.learn.induce.fields` to judge.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from lxml.html import HtmlElement

from pace_scrapy.config.model import RegexTransform, Rule, SplitTransform, StripTransform
from pace_scrapy.config.selectors import compile_query
from pace_scrapy.extract.kinds import LIST_KINDS
from pace_scrapy.extract.rules import node_value
from pace_scrapy.extract.values import DATE_REGEXES
from pace_scrapy.learn.induce.anchors import anchored_xpaths, own_text_xpaths
from pace_scrapy.learn.induce.selectors import candidate_selectors
from pace_scrapy.learn.labels import FieldLabel
from pace_scrapy.learn.matching import words
from pace_scrapy.learn.patterns import NAME_SEPARATOR, SEPARATED_HEAD, SEPARATOR_CUT
from pace_scrapy.page.dom import in_link
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import jsonld_types
from pace_scrapy.page.text import element_text

MAX_NODES = 3
MAX_SELECTORS = 12
MAX_JSON_DEPTH = 3
ATTRIBUTES = ("datetime", "content", "title", "href", "src", "data-src", "value")
# A link or an image source is no text value, even when its slug has the same words.
TEXT_ATTRIBUTES = ("datetime", "content", "title", "value")
# A token made of digits and punctuation only.
_NUMBER = re.compile(r"[\W\d_]*\d[\W\d_]*")
# The transforms that split one text into names ("Ann Lee and Bo Chen").
NAME_SPLIT = (SplitTransform(op="split", pattern=NAME_SEPARATOR), StripTransform(op="strip"))
# Kinds whose values are not a node's text: no rules from text or labels.
NOT_TEXT_KINDS = frozenset({"image", "images", "links", "url"})


@dataclass
class FieldExample:
    """A training page and the field's label on it (``None``: not labelled there)."""

    page: Page
    label: FieldLabel | None


def candidates(kind: str, labelled: Sequence[FieldExample]) -> Iterator[Rule]:
    """Candidate rules for a field from its labelled examples (see the module docstring)."""
    multiple = kind in LIST_KINDS
    for example in labelled:
        assert example.label is not None
        # Structured data holds the value as it is, except that names may be in one string.
        tails = _people_tails(example.label.values) if kind == "people" else [()]
        yield from _meta_candidates(example.page, multiple, tails)
        yield from _jsonld_candidates(example.page, multiple, tails)
        nodes = example.label.nodes
        if kind == "text":  # a list of stories may link to this one under its headline
            nodes = [node for node in nodes if not in_link(node)] or nodes
        for node in nodes[:MAX_NODES]:
            yield from _dom_candidates(example.page, node, kind, example.label.values, multiple)


def _meta_candidates(
    page: Page, multiple: bool, tails: Sequence[tuple[Any, ...]]
) -> Iterator[Rule]:
    for key in page.meta:
        for tail in tails:
            yield Rule(source="meta", query=key, multiple=multiple, transforms=tail)


def _jsonld_candidates(
    page: Page, multiple: bool, tails: Sequence[tuple[Any, ...]]
) -> Iterator[Rule]:
    for obj in page.jsonld:
        types = jsonld_types(obj)[:1]
        for path in _json_paths(obj, MAX_JSON_DEPTH):
            for tail in tails:
                yield Rule(
                    source="jsonld", query=path, types=types, multiple=multiple, transforms=tail
                )


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
    page: Page, node: HtmlElement, kind: str, values: Sequence[str], multiple: bool
) -> Iterator[Rule]:
    """CSS rules from the node's selectors (its text or attributes), and XPath rules from its
    own text and the label before it (:mod:`~pace_scrapy.learn.induce.anchors`)."""
    selectors = candidate_selectors(node, max_depth=2)[:MAX_SELECTORS]
    allowed = ATTRIBUTES if kind in NOT_TEXT_KINDS else TEXT_ATTRIBUTES
    attributes = [a for a in allowed if node.get(a)]
    options = list(transform_options(kind, element_text(node), values))
    for css in selectors:
        for transforms in options:
            yield Rule(source="css", query=css, transforms=transforms, multiple=multiple)
        for attribute in attributes:
            yield Rule(source="css", query=css, attribute=attribute, multiple=multiple)
    if kind in NOT_TEXT_KINDS:
        return
    for xpath in [*own_text_xpaths(node, selectors), *anchored_xpaths(node, values)]:
        found = compile_query("xpath", xpath)(page.root)
        first = found[0] if isinstance(found, list) and found else None
        text = node_value(first, None, page, kind) if first is not None else None
        if not isinstance(text, str):
            continue
        for transforms in transform_options(kind, text, values):
            yield Rule(source="xpath", query=xpath, transforms=transforms, multiple=multiple)


def transform_options(kind: str, text: str, values: Sequence[str]) -> Iterator[tuple[Any, ...]]:
    """Transform chains that may turn a node's text into the labelled value(s).

    People are split into names unless a labelled name would be split too: a byline of one
    name on the training pages may show several on others."""
    if kind == "date":
        yield ()
        for regex in DATE_REGEXES:
            if regex.search(text):
                yield (RegexTransform(op="regex", pattern=regex.pattern),)
        return
    heads: list[tuple[Any, ...]] = [(), _strip(text, values)]
    for pattern in (SEPARATOR_CUT, SEPARATED_HEAD):
        head = re.match(pattern, text)
        if head is not None:
            cut = (RegexTransform(op="regex", pattern=pattern),)
            heads += [cut, cut + _strip(head.group(1), values)]
    tails = _people_tails(values) if kind == "people" else [()]
    for start in dict.fromkeys(heads):
        for tail in tails:
            yield start + tail


def _people_tails(values: Sequence[str]) -> list[tuple[Any, ...]]:
    """The transforms that end a people rule: a split into names, and none as well when a
    labelled name would be split too."""
    whole = any(re.search(NAME_SEPARATOR, value, re.IGNORECASE) for value in values)
    return [(), NAME_SPLIT] if whole else [NAME_SPLIT]


def _strip(text: str, values: Sequence[str]) -> tuple[Any, ...]:
    """A required strip of the label-like text around the values in ``text``, if any."""
    prefix, suffix = _affixes(text, values)
    if not (prefix or suffix):
        return ()
    return (
        StripTransform(op="strip", prefixes=_opt(prefix), suffixes=_opt(suffix), required=True),
    )


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
    return _label_like(prefix), _label_like(suffix)


def _label_like(affix: str) -> str:
    """``affix`` when it may be a label shown on every page ("By", "ISBN-13:"): at most three
    words, none of them a number ("24", "2024,", "10:15": a date or a count is this page's
    own, and no other page shows it)."""
    if len(words(affix)) > 3 or any(_NUMBER.fullmatch(token) for token in affix.split()):
        return ""
    return affix
