"""Finding, in the page, the element that holds a body found elsewhere (the generic fallback's)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from lxml.html import HtmlElement

from pace_scrapy.page.text import element_text

# Tags of the page's elements matched against the body's paragraphs.
ANCHOR_TAGS = ("p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote")
# Paragraphs shorter than this match too many places ("Advertisement", "Share").
ANCHOR_MIN_CHARS = 40
# The anchor holds at least this share of the matched paragraphs' text.
ANCHOR_SHARE = 0.8
_PAGE_TAGS = ("body", "html")


def text_anchor(root: HtmlElement, texts: Iterable[str]) -> HtmlElement | None:
    """The deepest element of ``root`` holding :data:`ANCHOR_SHARE` of the text of the page's
    paragraphs whose text is one of ``texts`` (of at least :data:`ANCHOR_MIN_CHARS`
    characters); ``None`` when none matches or only ``<body>`` holds them."""
    wanted = {text for text in texts if len(text) >= ANCHOR_MIN_CHARS}
    if not wanted:
        return None
    held: Counter[HtmlElement] = Counter()
    total = 0
    for element in root.iter(*ANCHOR_TAGS):
        text = element_text(element)
        if text not in wanted:
            continue
        wanted.discard(text)  # each paragraph once (a repeated teaser is not the body)
        total += len(text)
        held[element] += len(text)
        for ancestor in element.iterancestors():
            held[ancestor] += len(text)
    if not total:
        return None
    holders = [element for element, chars in held.items() if chars >= ANCHOR_SHARE * total]
    deepest = max(holders, key=lambda element: sum(1 for _ in element.iterancestors()))
    return None if deepest.tag in _PAGE_TAGS else deepest
