"""Single-page and cross-page signals that a block is boilerplate rather than content."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from lxml.html import HtmlElement

from pace_scrapy.page.blocks import Block
from pace_scrapy.page.model import Page
from pace_scrapy.page.text import element_text, has_sentence_mark

# Class/id words of page furniture (matched as whole words of the names).
FURNITURE = re.compile(
    r"(?:^|[-_\s])(share|sharing|social|related|recommend\w*|promo\w*|advert\w*|ads?|sponsor\w*|"
    r"newsletter|subscri\w+|signup|comments?|breadcrumbs?|tags?|toolbar|print|rating|widget|"
    r"sidebar|nav|navigation|menu|footer|cookie|popup|modal|outbrain|taboola|disqus)(?:$|[-_\s])",
    re.IGNORECASE,
)
LINK_DENSE = 0.5
PROSE_WORDS = 12
PROSE_LINKS = 0.3
# A page whose prose recurs elsewhere for at least this share and this many characters is a
# copy of an article, not a page of the same template.
DUPLICATE_SHARE = 0.5
DUPLICATE_MIN_CHARS = 600
FORM_TAGS = ("form", "button", "input", "select", "textarea")
# A short line opened by a label of one to three words and a colon: "Posted : Wed, 02 Jan".
LABELLED_LINE = re.compile(r"^([^\W\d_]{3,}(?: [^\W\d_]+){0,2}) ?: ?\S")
LABELLED_LINE_CHARS = 160


def template_texts(pages: Sequence[Page], min_pages: int = 2) -> set[str]:
    """Block texts that recur on at least ``min_pages`` pages: the template's text.

    Pages whose prose mostly recurs on another page are copies of one article (syndication,
    a page saved twice): their recurring prose is not template text.
    """
    counts: Counter[str] = Counter()
    for page in pages:
        counts.update({block.text for block in page.blocks if block.text})
    copies: set[str] = set()
    for page in pages:
        texts = {block.text for block in page.blocks if prose(block)}
        recurring = {text for text in texts if counts[text] >= min_pages}
        shared = sum(map(len, recurring))
        if shared >= DUPLICATE_MIN_CHARS and shared >= DUPLICATE_SHARE * sum(map(len, texts)):
            copies |= recurring
    return {text for text, count in counts.items() if count >= min_pages} - copies


def template_labels(pages: Sequence[Page], min_pages: int = 2) -> set[str]:
    """Labels that open a short line on at least ``min_pages`` pages: a template's metadata
    lines ("Posted : Wed, 02 Jan 2008", "Author : DPA"), whose values differ from page to page
    so that the lines themselves never recur."""
    counts: Counter[str] = Counter()
    for page in pages:
        counts.update({label for block in page.blocks if (label := line_label(block.text))})
    return {label for label, count in counts.items() if count >= min_pages}


def line_label(text: str) -> str | None:
    """The label (case-folded) opening a short line, if any (see :data:`LABELLED_LINE`)."""
    if len(text) > LABELLED_LINE_CHARS:
        return None
    found = LABELLED_LINE.match(text)
    return found.group(1).casefold() if found else None


def link_density(block: Block) -> float:
    """The share of a block's text that is link text."""
    if not block.text:
        return 0.0
    anchors = [node for node in block.nodes() if not isinstance(node, str)]
    linked = 0
    for node in anchors:
        for anchor in [node] if node.tag == "a" else node.iter("a"):
            linked += len(element_text(anchor))
    return min(1.0, linked / len(block.text))


def prose(block: Block, stop: HtmlElement | None = None) -> bool:
    """True for a block that reads like running text: a dozen words or more, sentence
    punctuation, few links, not in page furniture (an element named so, below ``stop``)."""
    text = block.text
    return (
        len(text.split()) >= PROSE_WORDS
        and has_sentence_mark(text)
        and link_density(block) < PROSE_LINKS
        and not furniture_name(block.element, stop)
    )


def furniture_name(element: HtmlElement, stop: HtmlElement | None = None) -> bool:
    """True when the element or an ancestor below ``stop`` is named like page furniture."""
    node: HtmlElement | None = element
    while node is not None and node is not stop:
        names = f"{node.get('class', '')} {node.get('id', '')}"
        if FURNITURE.search(names) or node.tag in FORM_TAGS:
            return True
        node = node.getparent()
    return False
