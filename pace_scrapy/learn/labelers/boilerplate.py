"""Single-page and cross-page signals that a block is boilerplate rather than content."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from lxml.html import HtmlElement

from pace_scrapy.page.blocks import Block
from pace_scrapy.page.model import Page
from pace_scrapy.page.text import element_text

# Class/id words of page furniture (matched as whole words of the names).
FURNITURE = re.compile(
    r"(?:^|[-_\s])(share|sharing|social|related|recommend\w*|promo\w*|advert\w*|ads?|sponsor\w*|"
    r"newsletter|subscri\w+|signup|comments?|breadcrumbs?|tags?|toolbar|print|rating|widget|"
    r"sidebar|nav|navigation|menu|footer|cookie|popup|modal|outbrain|taboola|disqus)(?:$|[-_\s])",
    re.IGNORECASE,
)
LINK_DENSE = 0.5
FORM_TAGS = ("form", "button", "input", "select", "textarea")


def repeated_texts(pages: Sequence[Page], min_pages: int = 2) -> set[str]:
    """Block texts that occur on at least ``min_pages`` of the pages (template text)."""
    counts: Counter[str] = Counter()
    for page in pages:
        counts.update({block.text for block in page.blocks if block.text})
    return {text for text, count in counts.items() if count >= min_pages}


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


def furniture_name(element: HtmlElement, stop: HtmlElement | None = None) -> bool:
    """True when the element or an ancestor below ``stop`` is named like page furniture."""
    node: HtmlElement | None = element
    while node is not None and node is not stop:
        names = f"{node.get('class', '')} {node.get('id', '')}"
        if FURNITURE.search(names) or node.tag in FORM_TAGS:
            return True
        node = node.getparent()
    return False
