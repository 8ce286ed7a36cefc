"""Labels from a generic extractor: the blocks trafilatura keeps as the main content."""

from __future__ import annotations

from pace_scrapy.extract.fallback import generic_body
from pace_scrapy.learn.matching import TextIndex, covered_blocks
from pace_scrapy.page.blocks import segment
from pace_scrapy.page.model import Page


def generic_content(page: Page) -> frozenset[int]:
    """Ids of the page's blocks that trafilatura's main content covers."""
    # Tables kept: on table layouts the article itself is in one.
    body = generic_body(page.root, page.url, tables=True)
    if body is None:
        return frozenset()
    index = TextIndex(block.text for block in segment(body))
    return frozenset(covered_blocks(page.blocks, index))
