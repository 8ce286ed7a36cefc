"""DOM nodes described by features, to recognise "the same" node on another page or layout.

A node's features are strings ``family:value`` (PinPoint-style, without learned embeddings):

- its own: ``tag``; ``cls`` the words of its class and id names, generated parts dropped
  (:func:`~pace_scrapy.page.names.name_words`); ``attr`` its attribute names, with the value
  for stable attributes (``itemprop=price``); ``text`` the shape of its own text (digits,
  letters, a currency sign, decimals, how many words are not numbers); ``label`` the words
  of the label shown before it (``Price:``, ``ISBN-13``: :func:`node_label`); ``depth``;
  ``kids`` and ``sibs`` (counts, bucketed); ``path`` the last one to three steps of its path,
  tags with their position among same-tag siblings (``div[2]/span[1]``);
- its neighbours' tag, class/id words and stable attributes, under ``parent.``, ``sibling.``
  (the two nearest on each side) and ``child.`` (the first five).

:data:`FAMILY_WEIGHTS` says how much a shared feature of each family counts in a similarity.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import islice
from typing import Literal

from lxml.html import HtmlElement

from pace_scrapy.page.names import STABLE_ATTRIBUTES, name_words
from pace_scrapy.page.text import normalize_space

# Weight of one shared feature, by family. The label before a node and its own names say
# most about what it is; positions say least, since layouts move blocks around.
FAMILY_WEIGHTS: dict[str, float] = {
    "tag": 2.0,
    "cls": 2.0,
    "attr": 1.0,
    "text": 1.0,
    "label": 4.0,
    "depth": 0.1,
    "kids": 0.25,
    "sibs": 0.1,
    "path": 0.25,
    "parent.tag": 1.0,
    "parent.cls": 1.0,
    "parent.attr": 0.5,
    "sibling.tag": 0.25,
    "sibling.cls": 0.25,
    "sibling.attr": 0.25,
    "child.tag": 0.5,
    "child.cls": 0.5,
    "child.attr": 0.25,
}
LABEL_TAGS = frozenset({"th", "dt", "label", "strong", "b", "em", "legend"})
MAX_LABEL_CHARS = 40
MAX_LABEL_WORDS = 5
MAX_LABEL_CLIMB = 2
MAX_LABEL_ELEMENTS = 4  # a label element holds at most this many elements (itself included)
SIBLINGS_EACH_SIDE = 2
MAX_CHILDREN = 5
PATH_STEPS = 3
_DECIMAL = re.compile(r"\d[.,]\d{1,2}(?!\d)")
_WORD = re.compile(r"\w+")
# The colon ending a label: not one between digits ("Posted 26 May, 9:41": a time, no label).
_LABEL_COLON = re.compile(r"(?<!\d):|:(?!\d)")
_SKIPPED_ATTRIBUTES = frozenset({"class", "id", "style"})

Relation = Literal["previous", "text", "inline", "leading"]


@dataclass(frozen=True)
class Label:
    """The label shown before a node's value.

    ``relation``: ``previous`` an element just before (``<th>Price:</th><td>``, ``dt``/``dd``);
    ``text`` a text just before (``Price: <span>``); ``inline`` the node's first child, its
    value following (``<li><b>ISBN-13</b>: 978...</li>``); ``leading`` the start of the node's
    own text (``<li>ISBN-13: 978...</li>``). ``levels``: how many ancestors up from the node
    the label's anchor is (the node is the first thing inside each of them).
    """

    text: str
    relation: Relation
    holder: HtmlElement | None = None
    levels: int = 0


def own_text(node: HtmlElement) -> str:
    """The node's own text (not its children's), whitespace normalised."""
    parts = [node.text or "", *(child.tail or "" for child in node)]
    return normalize_space(" ".join(parts))


def _short_text(element: HtmlElement) -> str | None:
    """The text of a small element (a label candidate); None for a bigger one."""
    if len(list(islice(element.iter(), MAX_LABEL_ELEMENTS + 1))) > MAX_LABEL_ELEMENTS:
        return None
    return normalize_space(element.text_content())


def _label_like(text: str | None, holder: HtmlElement | None) -> bool:
    if not text or len(text) > MAX_LABEL_CHARS or not any(c.isalpha() for c in text):
        return False
    if len(_WORD.findall(text)) > MAX_LABEL_WORDS:
        return False
    return text.endswith(":") or (holder is not None and holder.tag in LABEL_TAGS)


def _text_before(node: HtmlElement) -> str:
    previous = node.getprevious()
    if previous is not None:
        return normalize_space(previous.tail or "")
    parent = node.getparent()
    return normalize_space(parent.text or "") if parent is not None else ""


def _label_before(node: HtmlElement, levels: int) -> Label | None:
    before = _text_before(node)
    if before:
        return Label(before, "text", None, levels) if _label_like(before, None) else None
    previous = node.getprevious()
    while previous is not None and not isinstance(previous.tag, str):
        previous = previous.getprevious()  # comments and processing instructions
    if previous is None:
        return None
    text = _short_text(previous)
    if text is None or not _label_like(text, previous):
        return None
    return Label(text, "previous", previous, levels)


def node_label(node: HtmlElement) -> Label | None:
    """The label shown before ``node``'s value, if it has one (see :class:`Label`)."""
    first = next((c for c in node if isinstance(c.tag, str)), None)
    if first is not None and not (node.text or "").strip() and (first.tail or "").strip():
        text = _short_text(first)
        if text is not None and _label_like(text, first):
            return Label(text, "inline", first)
    head = normalize_space(node.text or "")
    found = _LABEL_COLON.search(head)
    colon = found.start() if found else -1
    if 0 < colon < len(head) - 1 and _label_like(head[: colon + 1], None):
        return Label(head[: colon + 1], "leading")
    current = node
    for levels in range(MAX_LABEL_CLIMB + 1):
        label = _label_before(current, levels)
        parent = current.getparent()
        if label is not None or parent is None or current.getprevious() is not None:
            return label
        if (parent.text or "").strip():
            return None
        current = parent
    return None


def _bucket(count: int) -> str:
    return str(count) if count < 4 else "4-6" if count < 7 else "7+"


def _names(node: HtmlElement) -> list[str]:
    """Tag, class/id words and stable attribute values: what neighbours contribute."""
    names = [name for attr in ("class", "id") for name in node.get(attr, "").split()]
    words = dict.fromkeys(word for name in names for word in name_words(name))
    stable = [f"{a}={node.get(a)}" for a in STABLE_ATTRIBUTES if node.get(a)]
    return [f"tag:{node.tag}", *(f"cls:{w}" for w in words), *(f"attr:{s}" for s in stable)]


def _text_shape(text: str) -> list[str]:
    if not text:
        return ["text:none"]
    words = [word for word in _WORD.findall(text) if not word.isdigit()]
    shape = [f"text:words:{_bucket(len(words))}"]
    if any(c.isdigit() for c in text):
        shape.append("text:digits")
    if any(c.isalpha() for c in text):
        shape.append("text:letters")
    if any(unicodedata.category(c) == "Sc" for c in text):
        shape.append("text:money")
    if _DECIMAL.search(text):
        shape.append("text:decimal")
    return shape


class NodeFeatures:
    """Features of a page's nodes, computed when first asked for and kept (one per page)."""

    def __init__(self) -> None:
        self._names: dict[HtmlElement, list[str]] = {}
        self._steps: dict[HtmlElement, str] = {}

    def names(self, node: HtmlElement) -> list[str]:
        """The node's tag, class/id words and stable attributes (cached)."""
        found = self._names.get(node)
        if found is None:
            found = self._names[node] = _names(node)
        return found

    def step(self, node: HtmlElement) -> str:
        """The node's path step: its tag and position among same-tag siblings (cached)."""
        found = self._steps.get(node)
        if found is None:
            preceding = node.itersiblings(node.tag, preceding=True)
            found = self._steps[node] = f"{node.tag}[{1 + sum(1 for _ in preceding)}]"
        return found

    def features(self, node: HtmlElement) -> frozenset[str]:
        """Every feature of ``node`` (see the module docstring)."""
        features = set(self.names(node))
        attributes = (a for a in node.attrib if a not in _SKIPPED_ATTRIBUTES)
        features.update(f"attr:{a}" for a in attributes)
        features.update(_text_shape(own_text(node)))
        label = node_label(node)
        if label is not None:
            features.add("label:" + " ".join(_WORD.findall(label.text.casefold())))
        children = [c for c in node if isinstance(c.tag, str)]
        parent = node.getparent()
        features.add(f"depth:{sum(1 for _ in node.iterancestors())}")
        features.add(f"kids:{_bucket(len(children))}")
        features.add(f"sibs:{_bucket(len(parent) - 1 if parent is not None else 0)}")
        ancestors = islice(node.iterancestors(), PATH_STEPS - 1)
        steps = [self.step(node), *(self.step(a) for a in ancestors)]
        features.update("path:" + "/".join(reversed(steps[:n])) for n in range(1, len(steps) + 1))
        if parent is not None:
            features.update("parent." + name for name in self.names(parent))
        for sibling in _near_siblings(node):
            features.update("sibling." + name for name in self.names(sibling))
        for child in children[:MAX_CHILDREN]:
            features.update("child." + name for name in self.names(child))
        return frozenset(features)


def _near_siblings(node: HtmlElement) -> list[HtmlElement]:
    found: list[HtmlElement] = []
    for preceding in (True, False):
        side = (s for s in node.itersiblings(preceding=preceding) if isinstance(s.tag, str))
        found.extend(islice(side, SIBLINGS_EACH_SIDE))
    return found


def family(feature: str) -> str:
    """The family of a feature (the part before the first ``:``)."""
    return feature.partition(":")[0]
