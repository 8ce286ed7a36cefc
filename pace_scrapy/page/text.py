"""Visible text of DOM nodes, with whitespace and Unicode normalised the same way everywhere."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection

from lxml.html import HtmlElement

# Elements whose boundaries separate words (a line break in the text of their ancestor).
BREAKING_TAGS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "br",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
        "caption",
        "center",
    ]
)
_INVISIBLE = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad")


# Marks that end a sentence, Latin and CJK.
SENTENCE_MARKS = ".!?。！？"


def has_sentence_mark(text: str) -> bool:
    """True when ``text`` holds a mark that ends a sentence (:data:`SENTENCE_MARKS`)."""
    return any(mark in text for mark in SENTENCE_MARKS)


def normalize_space(text: str) -> str:
    """NFC-normalise, drop zero-width characters and soft hyphens, collapse whitespace."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
        # A few fast substring scans beat str.translate, which looks up every character.
        for invisible in _INVISIBLE:
            if invisible in text:
                text = text.replace(invisible, "")
    return " ".join(text.split())


def normalize_lines(text: str) -> list[str]:
    """Split on line breaks and normalise each line, dropping empty ones."""
    return [line for line in (normalize_space(part) for part in text.split("\n")) if line]


def subtree_text(
    element: HtmlElement, skip: Collection[HtmlElement] = (), raw: bool = False
) -> str:
    """The text of ``element``'s subtree in order, with ``\\n`` at breaking boundaries.

    Line breaks in the source are spaces (as a browser shows them) unless ``raw`` (for
    ``<pre>``). Descendants in ``skip`` contribute nothing (their tail text, which belongs to
    the parent, is kept). The element's own tail is not included.
    """
    parts: list[str] = []
    _collect_text(element, skip, raw, parts)
    return "".join(parts)


def _collect_text(
    element: HtmlElement, skip: Collection[HtmlElement], raw: bool, parts: list[str]
) -> None:
    # One list filled by plain recursion (nested generators cost a frame switch per level for
    # every string they pass up), and each of .text, .tail and .tag read once: lxml builds a
    # new Python string at every access. This runs over every block of every page.
    if text := element.text:
        parts.append(text if raw else text.replace("\n", " "))
    for child in element:
        tag = child.tag
        if isinstance(tag, str) and child not in skip:
            if tag in BREAKING_TAGS:
                parts.append("\n")
                _collect_text(child, skip, raw, parts)
                parts.append("\n")
            else:
                _collect_text(child, skip, raw, parts)
        if tail := child.tail:
            parts.append(tail if raw else tail.replace("\n", " "))


def node_text(node: HtmlElement, skip: Collection[HtmlElement] = ()) -> str:
    """The text of one node of a run, inside line breaks when the node itself breaks lines
    (``<br>``, a nested block), as part of its parent's text."""
    text = subtree_text(node, skip)
    return f"\n{text}\n" if node.tag in BREAKING_TAGS else text


def element_text(element: HtmlElement, skip: Collection[HtmlElement] = ()) -> str:
    """The normalised visible text of an element (one line)."""
    return normalize_space(subtree_text(element, skip))
