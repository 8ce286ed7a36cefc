"""The default labeller, with no LLM and no network: cross-page template analysis.

Pages of one publisher share a template. On each page a generic extractor proposes the main
content; the *region* that holds most of it is found; inside the region every block is content
unless something says it is furniture: its text recurs on other pages of the site (template
text), it is mostly links, it sits in an element named like furniture (share, related,
newsletter...), it is a pull quote (a quotation of another block's text), it is a heading that
opens no content (the title of a box of links or of a newsletter sign-up), or it shows another
field of the page: the headline, the standfirst (the description's text), a byline or a date
line (zyte-common-items' ``articleBody`` leaves them out). A short line opened by a label that
opens lines on other pages too ("Posted : ...", "Author : ...": the values differ, the label is
the template's) counts as template text. When the generic extractor finds little but template
text, the page's prose is proposed instead. Metadata comes from the page's structured data,
matched to its DOM.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from lxml.html import HtmlElement

from pace_scrapy.extract.body import FIELD_LINE_CHARS, repeated
from pace_scrapy.learn.induce.body_sample import BodySample
from pace_scrapy.learn.labelers.boilerplate import (
    LINK_DENSE,
    furniture_name,
    line_label,
    link_density,
    prose,
    template_labels,
    template_texts,
)
from pace_scrapy.learn.labelers.generic import generic_content
from pace_scrapy.learn.labelers.metadata import metadata_labels
from pace_scrapy.learn.labels import FieldLabel, PageLabels
from pace_scrapy.page.blocks import Block, BlockKind
from pace_scrapy.page.dom import closest
from pace_scrapy.page.model import Page
from pace_scrapy.page.text import element_text, normalize_space

# Characters of other text a region may hold per character of proposed content it gains.
REGION_PENALTY = 0.6
# Characters of non-template text below which the generic extractor's proposal is not trusted.
MIN_PROPOSED = 400
# A page's body is left unlabelled when no block of it is this long (a short sentence).
MIN_SENTENCE = 30
# Fields a short line (at most FIELD_LINE_CHARS characters) shows by holding their labelled node
# (a byline, a date line): such a block is not body text.
NODE_FIELDS = ("authors", "datePublished", "dateModified")
# Kinds of block that are running text (a standfirst has none beside it).
RUNNING_TEXT = frozenset({BlockKind.PARAGRAPH, BlockKind.TEXT, BlockKind.LIST, BlockKind.QUOTE})


class HeuristicLabeler:
    """Cross-page template analysis plus single-page signals (see the module docstring)."""

    name = "heuristic"

    def label(self, pages: Sequence[Page], page_type: str) -> list[PageLabels]:
        """Label every page, comparing each with the others."""
        article = page_type == "article"
        proposed = [generic_content(page) if article else frozenset() for page in pages]
        template = template_texts(pages) if len(pages) > 1 else set()
        line_labels = template_labels(pages) if len(pages) > 1 else set()
        labels = []
        for page, ids in zip(pages, proposed, strict=True):
            fields = metadata_labels(page, page_type)
            shown = _field_blocks(page, fields)
            template_ids = _template_blocks(page, template, line_labels)
            body = _body_labels(page, ids, template_ids, shown) if article else frozenset()
            if body:
                body |= _opening(page, body, template_ids | shown, _texts(fields, "headline"))
            labels.append(PageLabels(page, body, fields))
        return labels


def _template_blocks(page: Page, texts: set[str], labels: set[str]) -> set[int]:
    """The blocks of the site's template: their text recurs on other pages, or they are short
    lines opened by a label that opens lines on other pages ("Posted : ...")."""
    return {b.id for b in page.blocks if b.text in texts or line_label(b.text) in labels}


def _body_labels(
    page: Page, generic: frozenset[int], template_ids: set[int], shown: frozenset[int]
) -> frozenset[int]:
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
        if i in template_ids or i in shown or link_density(block) >= LINK_DENSE:
            continue
        if i in proposed or not furniture_name(block.element, region):
            content.add(i)
    # A heading is content when it opens content: a subheading the site's articles share ("Why
    # it matters") is template text, yet the section after it is content; a heading proposed
    # with the box it titles ("Sign up to ...", "Related stories") is not. From the last block
    # up, so that a heading over a subheading over content stays.
    for position in range(len(inside) - 1, -1, -1):
        i = inside[position]
        if page.blocks[i].kind is not BlockKind.HEADING or i in shown:
            continue
        opens = any(j in content for j in _section(page, inside, position))
        if opens and (i in template_ids or i in content):
            content.add(i)
        else:
            content.discard(i)
    ordered = sorted(content)
    content.difference_update(ordered[i] for i in repeated([page.blocks[i] for i in ordered]))
    if all(len(page.blocks[i].text) < MIN_SENTENCE for i in content):
        return frozenset()  # a heading or a caption is not an article: no label beats a wrong one
    return frozenset(content)


def _opening(
    page: Page, content: frozenset[int], excluded: Collection[int], headlines: set[str]
) -> frozenset[int]:
    """The running text between the headline and the first content block (a standfirst
    beside the article's opening, a lead video's description), which the generic extractor's
    region often starts below: prose that is neither template text nor another field."""
    first = min(content)
    heads = [block.id for block in page.blocks[:first] if block.text in headlines]
    if not heads:
        return frozenset()
    # Furniture names count below the element around both (a page wrapper may be named
    # "content-sidebar-wrap").
    around = set(page.blocks[first].element.iterancestors())
    top = closest(page.blocks[max(heads)].element, around)
    between = page.blocks[max(heads) + 1 : first]
    return frozenset(b.id for b in between if b.id not in excluded and prose(b, top))


def _section(page: Page, inside: Sequence[int], position: int) -> list[int]:
    """The blocks a heading (at ``position`` of ``inside``) opens: those after it in its parent
    element, up to the next heading (an ad or a figure may come first); when there are none
    (a heading alone in its wrapper, or over a subheading), the next block."""
    box = page.blocks[inside[position]].element.getparent()
    section = []
    for j in inside[position + 1 :]:
        block = page.blocks[j]
        outside = block.element is not box and box not in block.element.iterancestors()
        if block.kind is BlockKind.HEADING or outside:
            break
        section.append(j)
    return section or list(inside[position + 1 : position + 2])


def _field_blocks(page: Page, fields: dict[str, FieldLabel]) -> frozenset[int]:
    """The blocks that show another field of the page: the headline's text; a short line
    holding an author's or a date's labelled node (a byline, a date line); the description's
    text with no running text beside it (a standfirst: a blog's first paragraph, which pages
    often take as their description, has the rest of the post beside it)."""
    nodes = [node for name in NODE_FIELDS if name in fields for node in fields[name].nodes]
    headlines = _texts(fields, "headline")
    shown = {
        block.id
        for block in page.blocks
        if block.text in headlines or (len(block.text) <= FIELD_LINE_CHARS and _shows(block, nodes))
    }
    descriptions = _texts(fields, "description")
    shown.update(
        block.id
        for block in page.blocks
        if block.text in descriptions and not _beside_text(page, block, shown)
    )
    return frozenset(shown)


def _texts(fields: dict[str, FieldLabel], name: str) -> set[str]:
    return {normalize_space(value) for value in fields[name].values} if name in fields else set()


def _beside_text(page: Page, block: Block, shown: set[int]) -> bool:
    """True when a block of running text (not a field) shares ``block``'s parent element."""
    parent = block.element.getparent()
    return any(
        other.id != block.id
        and other.id not in shown
        and other.kind in RUNNING_TEXT
        and len(other.text) >= MIN_SENTENCE
        and other.element.getparent() is parent
        for other in page.blocks
    )


def _shows(block: Block, nodes: list[HtmlElement]) -> bool:
    """True when one of the nodes is the block's element or inside it, with its text in the
    block's (a block that is one run of a container's text holds only its own nodes)."""
    for node in nodes:
        if node is block.element or block.element in node.iterancestors():
            text = element_text(node)
            if text and text in block.text:
                return True
    return False


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
