"""Candidate XPath rules anchored on the label a page shows before a value, and on own text.

A value with little to describe it (a ``<td>`` among many, an ``<li>`` of a list) is usually
announced by a label: ``<th>ISBN-13:</th><td>...``, ``<dt>Price:</dt><dd>...``,
``<li><b>Publisher</b>: ...``. Rules anchored on the label text hold wherever the page keeps
its wording, even when the markup around it changes (a table becomes a definition list).
The label is found by :func:`~pace_scrapy.page.nodes.node_label`.

A value that is the text of an element before its children (``<h2>Title<span> (Paperback)
</span></h2>``) is selected by the element's selector followed by ``/text()``.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml.html import HtmlElement

from pace_scrapy.config.selectors import css_to_xpath
from pace_scrapy.page.nodes import node_label
from pace_scrapy.page.text import normalize_space

OWN_TEXT_SELECTORS = 3  # selectors of an element given a ``/text()`` variant


def xpath_literal(text: str) -> str:
    """An XPath string literal for ``text`` (``concat()`` when it has both kinds of quote)."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    parts = text.split("'")
    return "concat(" + ', "\'", '.join(f"'{part}'" for part in parts) + ")"


def _down(node: HtmlElement, levels: int) -> tuple[HtmlElement, str]:
    """The ancestor ``levels`` up from ``node`` and the path from it back down to ``node``
    (each step the first child of its tag)."""
    steps: list[str] = []
    anchor = node
    for _ in range(levels):
        steps.insert(0, f"/{anchor.tag}[1]")
        parent = anchor.getparent()
        assert parent is not None  # node_label only climbs to existing ancestors
        anchor = parent
    return anchor, "".join(steps)


def anchored_xpaths(node: HtmlElement, values: Sequence[str] = ()) -> list[str]:
    """XPaths that select ``node`` (or the text after its label) from the label before it,
    the most general first (any element after the label: it survives a table becoming a
    definition list); none when it has no label, or when what looks like one opens one of
    the labelled ``values`` (the headline "Sandra Fluke: A warning" has no label "Sandra
    Fluke:": anchored on its own words, a rule finds that one page's headline only)."""
    label = node_label(node)
    if label is None or _opens_a_value(label.text, values):
        return []
    literal = xpath_literal(label.text)
    anchor, down = _down(node, label.levels)
    holder = label.holder
    match label.relation:
        case "previous":
            assert holder is not None
            after = f"[normalize-space()={literal}]/following-sibling::*[1]"
            return [f"//*{after}{down}", f"//{holder.tag}{after}[self::{anchor.tag}]{down}"]
        case "text":
            after = f"//text()[normalize-space()={literal}]/following-sibling::*[1]"
            return [f"{after}{down}", f"{after}[self::{anchor.tag}]{down}"]
        case "inline":
            assert holder is not None
            return [
                f"//{holder.tag}[normalize-space()={literal}]/following-sibling::text()[1]",
                f"//{node.tag}[{holder.tag}[normalize-space()={literal}]]",
            ]
        case "leading":
            return [f"//{node.tag}[starts-with(normalize-space(), {literal})]"]
    return []


def _opens_a_value(label: str, values: Sequence[str]) -> bool:
    folded = normalize_space(label).casefold()
    return any(normalize_space(value).casefold().startswith(folded) for value in values)


def own_text_xpaths(node: HtmlElement, selectors: Sequence[str]) -> list[str]:
    """``<selector>/text()`` XPaths for an element whose own text comes before its children;
    none for an element without children or without such text."""
    if not len(node) or not (node.text or "").strip():
        return []
    return [f"{css_to_xpath(css)}/text()" for css in selectors[:OWN_TEXT_SELECTORS]]
