"""The default labeller, with no LLM and no network: cross-page template analysis.

Pages of one publisher share a template. On each page a generic extractor proposes the main
content; the *region* that holds most of it is found; inside the region every block is content
unless something says it is furniture: its text recurs on other pages of the site (template
text), it is mostly links, or it sits in an element named like furniture (share, related,
newsletter...). When the generic extractor finds little but template text, the page's prose
is proposed instead. Metadata comes from the page's structured data, matched to its DOM.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml.html import HtmlElement

from pace_scrapy.learn.induce.body_sample import BodySample
from pace_scrapy.learn.labelers.boilerplate import (
    LINK_DENSE,
    furniture_name,
    link_density,
    prose,
    template_texts,
)
from pace_scrapy.learn.labelers.generic import generic_content
from pace_scrapy.learn.labelers.metadata import metadata_labels
from pace_scrapy.learn.labels import PageLabels
from pace_scrapy.page.blocks import BlockKind
from pace_scrapy.page.model import Page

# Characters of other text a region may hold per character of proposed content it gains.
REGION_PENALTY = 0.6
# Characters of non-template text below which the generic extractor's proposal is not trusted.
MIN_PROPOSED = 400
# A page's body is left unlabelled when no block of it is this long (a short sentence).
MIN_SENTENCE = 30


class HeuristicLabeler:
    """Cross-page template analysis plus single-page signals (see the module docstring)."""

    name = "heuristic"

    def label(self, pages: Sequence[Page], page_type: str) -> list[PageLabels]:
        """Label every page, comparing each with the others."""
        article = page_type == "article"
        proposed = [generic_content(page) if article else frozenset() for page in pages]
        template = template_texts(pages) if len(pages) > 1 else set()
        labels = []
        for page, ids in zip(pages, proposed, strict=True):
            fields = metadata_labels(page, page_type)
            body = _body_labels(page, ids, template) if article else frozenset()
            labels.append(PageLabels(page, body, fields))
        return labels


def _body_labels(page: Page, generic: frozenset[int], template: set[str]) -> frozenset[int]:
    template_ids = {b.id for b in page.blocks if b.text in template}
    proposed = set(generic - template_ids)
    if sum(len(page.blocks[i].text) for i in proposed) < MIN_PROPOSED:
        # The generic extractor found little beyond template text: take the page's prose.
        proposed |= {b.id for b in page.blocks if prose(b)} - template_ids
    if not proposed:
        return frozenset()
    sample = BodySample(page, frozenset(proposed))
    region = best_region(sample)
    inside = [i for i in sorted(sample.inside([region])) if page.blocks[i].text]
    content = set()
    for i in inside:
        block = page.blocks[i]
        if i in template_ids or link_density(block) >= LINK_DENSE:
            continue
        if i in proposed or not furniture_name(block.element, region):
            content.add(i)
    # A subheading the site's articles share ("Why it matters") is template text, yet it
    # opens a section of content: keep it when the next block is content.
    for position, i in enumerate(inside[:-1]):
        heading = page.blocks[i].kind is BlockKind.HEADING
        if i in template_ids and heading and inside[position + 1] in content:
            content.add(i)
    if all(len(page.blocks[i].text) < MIN_SENTENCE for i in content):
        return frozenset()  # a heading or a caption is not an article: no label beats a wrong one
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
