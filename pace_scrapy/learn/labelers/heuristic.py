"""The default labeller, with no LLM and no network: cross-page template analysis.

Pages of one publisher share a template. On each page a generic extractor proposes the main
content; the *region* that holds most of it is found; inside the region every block is content
unless something says it is furniture: its text recurs on other pages of the site (template
text), it is mostly links, or it sits in an element named like furniture (share, related,
newsletter...). Metadata comes from the page's structured data, matched to its DOM.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml.html import HtmlElement

from pace_scrapy.learn.induce.body import BodySample
from pace_scrapy.learn.labelers.boilerplate import (
    LINK_DENSE,
    furniture_name,
    link_density,
    repeated_texts,
)
from pace_scrapy.learn.labelers.generic import generic_content
from pace_scrapy.learn.labelers.metadata import metadata_labels
from pace_scrapy.learn.labels import PageLabels
from pace_scrapy.page.model import Page

# Characters of other text a region may hold per character of proposed content it gains.
REGION_PENALTY = 0.6


class HeuristicLabeler:
    """Cross-page template analysis plus single-page signals (see the module docstring)."""

    name = "heuristic"

    def label(self, pages: Sequence[Page], page_type: str) -> list[PageLabels]:
        """Label every page, comparing each with the others."""
        template = repeated_texts(pages) if len(pages) > 1 else set()
        labels = []
        for page in pages:
            body = _body_labels(page, template) if page_type == "article" else frozenset()
            labels.append(PageLabels(page, body, metadata_labels(page, page_type)))
        return labels


def _body_labels(page: Page, template: set[str]) -> frozenset[int]:
    proposed = generic_content(page) - {b.id for b in page.blocks if b.text in template}
    if not proposed:
        return frozenset()
    sample = BodySample(page, frozenset(proposed))
    region = best_region(sample)
    content = set()
    for i in sample.inside([region]):
        block = page.blocks[i]
        if not block.text or block.text in template:
            continue
        furniture = link_density(block) >= LINK_DENSE or furniture_name(block.element, region)
        if i in proposed or not furniture:
            content.add(i)
    return frozenset(content)


def best_region(sample: BodySample) -> HtmlElement:
    """The element whose subtree best covers the proposed content: most proposed characters
    minus a penalty for the other characters it also holds."""
    best, best_score = sample.page.body, float("-inf")
    for element, (first, last) in sample.ranges.items():
        content, other = sample.span_chars(first, last)
        score = content - REGION_PENALTY * other
        if content and score > best_score:
            best, best_score = element, score
    return best
