"""Node signatures of learnt fields, for node matching at run time.

A field's signature summarises the nodes its values were read from on the training pages:
on each page, the node the field's first agreeing CSS/XPath rule selects (read the way that
rule reads it), else the first node the labeller located. Their features
(:class:`~pace_scrapy.page.nodes.NodeFeatures`) are kept with the share of nodes that had
each; :mod:`pace_scrapy.extract.node_match` compares page nodes to it when the field's rules
stop matching.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from lxml.html import HtmlElement

from pace_scrapy.config.model import FieldSpec, NodeSignature, Rule, Transform
from pace_scrapy.config.selectors import compile_query
from pace_scrapy.extract.fields import apply_rule
from pace_scrapy.extract.kinds import Rejected, max_length, page_context
from pace_scrapy.learn.compare import agrees
from pace_scrapy.learn.induce.candidates import FieldExample
from pace_scrapy.page.dom import elements
from pace_scrapy.page.nodes import NodeFeatures

# Kinds whose value is many nodes (a list of names, images, links): no single node to match.
UNSIGNED_KINDS = frozenset({"texts", "people", "images", "links"})
TEXT_RESULT = "/text()"


@dataclass(frozen=True)
class Reading:
    """How a field's value is read from its node: text, own text or attribute, transforms."""

    attribute: str | None = None
    own_text: bool = False
    transforms: tuple[Transform, ...] = ()


def _agrees(rule: Rule, name: str, kind: str, example: FieldExample) -> bool:
    page = example.page
    assert example.label is not None
    ctx = page_context(page, max_length(name, kind, None))
    try:
        value = apply_rule(rule, page, kind, ctx)
    except Rejected:
        return False
    return value is not None and agrees(kind, value, example.label.values)


def _selected(rule: Rule, example: FieldExample) -> HtmlElement | None:
    """The first element a DOM rule selects (a text result's parent element)."""
    query = rule.query
    if rule.source == "xpath" and query.endswith(TEXT_RESULT):
        query = f"{query}/.."
    found = elements(compile_query(rule.source, query)(example.page.root))
    return found[0] if found else None


def signature_node(
    spec: FieldSpec, name: str, kind: str, example: FieldExample
) -> tuple[HtmlElement, Reading] | None:
    """The node the field's value is read from on one labelled page, and how it is read."""
    if example.label is None:
        return None
    for rule in spec.rules:
        if rule.source not in ("css", "xpath") or not _agrees(rule, name, kind, example):
            continue
        node = _selected(rule, example)
        if node is not None:
            own = rule.source == "xpath" and rule.query.endswith(TEXT_RESULT)
            return node, Reading(rule.attribute, own, rule.transforms)
    return (example.label.nodes[0], Reading()) if example.label.nodes else None


def field_signature(
    spec: FieldSpec, name: str, kind: str, examples: Sequence[FieldExample]
) -> NodeSignature | None:
    """The signature of a field's nodes on the examples; ``None`` for list kinds and when no
    node was found."""
    if kind in UNSIGNED_KINDS:
        return None
    found = [n for e in examples if (n := signature_node(spec, name, kind, e)) is not None]
    if not found:
        return None
    describe = NodeFeatures()
    counts = Counter(f for node, _ in found for f in describe.features(node))
    reading = Counter(r for _, r in found).most_common(1)[0][0]
    shares = {f: round(count / len(found), 4) for f, count in sorted(counts.items())}
    return NodeSignature(
        features=shares,
        attribute=reading.attribute,
        own_text=reading.own_text,
        transforms=reading.transforms,
        examples=len(found),
    )
