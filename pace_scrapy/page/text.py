"""Visible text of DOM nodes, with whitespace and Unicode normalised the same way everywhere."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterator

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
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)


def normalize_space(text: str) -> str:
    """NFC-normalise, drop zero-width characters and soft hyphens, collapse whitespace."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text).translate(_INVISIBLE)
    return " ".join(text.split())


def normalize_lines(text: str) -> list[str]:
    """Split on line breaks and normalise each line, dropping empty ones."""
    return [line for line in (normalize_space(part) for part in text.split("\n")) if line]


def iter_text(
    element: HtmlElement, skip: Collection[HtmlElement] = (), raw: bool = False
) -> Iterator[str]:
    """Yield the text of ``element``'s subtree in order, with ``\\n`` at breaking boundaries.

    Line breaks in the source are spaces (as a browser shows them) unless ``raw`` (for
    ``<pre>``). Descendants in ``skip`` contribute nothing (their tail text, which belongs to
    the parent, is kept). The element's own tail is not included.
    """
    if element.text:
        yield element.text if raw else element.text.replace("\n", " ")
    for child in element:
        if child not in skip and isinstance(child.tag, str):
            breaking = child.tag in BREAKING_TAGS
            if breaking:
                yield "\n"
            yield from iter_text(child, skip, raw)
            if breaking:
                yield "\n"
        if child.tail:
            yield child.tail if raw else child.tail.replace("\n", " ")


def element_text(element: HtmlElement, skip: Collection[HtmlElement] = ()) -> str:
    """The normalised visible text of an element (one line)."""
    return normalize_space("".join(iter_text(element, skip)))
