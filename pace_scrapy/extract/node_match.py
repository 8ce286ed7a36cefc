"""Node matching: the fallback for a field whose rules give nothing on a page.

The field's :class:`~pace_scrapy.config.model.NodeSignature` holds the features of the node(s)
labelled on the pages learnt from, each with the share of those nodes that had it. A page
node's similarity to it is a weighted Jaccard (Ruzicka) index::

    sim = sum_f w(f) * min(s_f, n_f) / sum_f w(f) * max(s_f, n_f)

over the union of both feature sets, where ``s_f`` is the signature's share of feature ``f``,
``n_f`` is 1 when the node has it (else 0) and ``w(f)`` the weight of its family
(:data:`~pace_scrapy.page.nodes.FAMILY_WEIGHTS`). It is 1.0 for a node with exactly the
features every labelled node had, and falls as features are missing or extra. Deterministic:
no model, no training.

The most similar node wins if it reaches the signature's ``min_similarity`` and its value is
plausible for the field's kind; when another node nearly as similar (within
:data:`AMBIGUITY_MARGIN`) gives a different value, nothing is taken (a wrong value is worse
than none).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lxml.html import HtmlElement

from pace_scrapy.config.model import NodeSignature
from pace_scrapy.extract.kinds import Context, Rejected, finalize
from pace_scrapy.extract.rules import Link, Value, node_value
from pace_scrapy.extract.transforms import apply_transforms
from pace_scrapy.page.model import Page
from pace_scrapy.page.nodes import FAMILY_WEIGHTS, NodeFeatures, family, own_text

AMBIGUITY_MARGIN = 0.05
IMAGE_KINDS = frozenset({"image", "images"})
_NO_VALUE_TAGS = frozenset({"script", "style", "noscript", "template", "head", "title"})


@dataclass(frozen=True)
class NodeMatch:
    """The value node matching gave a field, and the similarity of its node."""

    value: Any
    similarity: float


@lru_cache(maxsize=65_536)
def weight(feature: str) -> float:
    """The weight of one feature (by its family)."""
    return FAMILY_WEIGHTS.get(family(feature), 0.0)


def similarity(signature: Mapping[str, float], features: frozenset[str]) -> float:
    """The weighted Jaccard similarity of a node's ``features`` to a signature's (see the
    module docstring)."""
    return _Scorer(signature)(features)


class _Scorer:
    """:func:`similarity` to one signature, its weighted shares computed once."""

    def __init__(self, signature: Mapping[str, float]) -> None:
        self.weighted = {f: weight(f) * share for f, share in signature.items()}
        self.total = sum(self.weighted.values())

    def __call__(self, features: frozenset[str]) -> float:
        weighted = self.weighted
        shared = sum(weighted[f] for f in features if f in weighted)
        union = self.total - shared + sum(weight(f) for f in features)
        return shared / union if union else 0.0


def _candidates(page: Page, signature: NodeSignature, kind: str) -> Iterator[HtmlElement]:
    """Elements that could hold the field's value: images for image kinds; else elements
    with the signature's attribute, or with text of their own, or of a tag it has."""
    tags = {f.removeprefix("tag:") for f in signature.features if f.startswith("tag:")}
    for element in page.body.iter():
        if not isinstance(element.tag, str) or element.tag in _NO_VALUE_TAGS:
            continue
        if kind in IMAGE_KINDS:
            if element.tag == "img":
                yield element
        elif signature.attribute:
            if element.get(signature.attribute):
                yield element
        elif element.tag in tags or own_text(element):
            yield element


def _value(node: HtmlElement, signature: NodeSignature, page: Page, kind: str, ctx: Context) -> Any:
    """The field's value from one node, as a rule would read it; None when implausible."""
    raw = (
        own_text(node) if signature.own_text else node_value(node, signature.attribute, page, kind)
    )
    if not raw:
        return None
    values: list[Value] = [raw] if isinstance(raw, Link) else []
    if isinstance(raw, str):
        values.extend(apply_transforms([raw], signature.transforms, ctx.base_url, ctx.today))
    try:
        return finalize(kind, values, ctx) if values else None
    except Rejected:
        return None


def match_node(
    page: Page, signature: NodeSignature, kind: str, ctx: Context, nodes: NodeFeatures
) -> NodeMatch | None:
    """The value of the page's node most similar to ``signature``, or ``None`` when no node
    reaches its ``min_similarity`` with a plausible value. Raises :class:`Rejected` when two
    nodes about as similar give different values."""
    scored = []
    scorer = _Scorer(signature.features)
    for node in _candidates(page, signature, kind):
        score = scorer(nodes.features(node))
        if score >= signature.min_similarity:
            scored.append((score, node))
    scored.sort(key=lambda pair: -pair[0])  # stable: document order among equals
    best: NodeMatch | None = None
    for score, node in scored:
        if best is not None and score < best.similarity - AMBIGUITY_MARGIN:
            break
        value = _value(node, signature, page, kind, ctx)
        if value is None:
            continue
        if best is None:
            best = NodeMatch(value, round(score, 4))
        elif value != best.value:
            raise Rejected(
                f"node match ambiguous: similarity {best.similarity} and {score:.4f} give "
                "different values"
            )
    return best
