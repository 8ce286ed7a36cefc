"""A training page for body induction: its blocks, which are labelled content, and the
character counts the induction scores candidate selectors by."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from lxml.html import HtmlElement

from pace_scrapy.config.selectors import compile_css
from pace_scrapy.page.blocks import Block
from pace_scrapy.page.dom import elements, inside, outermost
from pace_scrapy.page.model import Page

# Above this many roots, a selection under them filters the page's matches (one look at the
# page) instead of looking under each root.
FEW_ROOTS = 8


@dataclass
class BodySample:
    """A training page for body induction: its blocks, the ids of the content blocks and the
    node of its labelled headline (if any)."""

    page: Page
    content: frozenset[int]
    headline: HtmlElement | None = None

    @cached_property
    def blocks(self) -> list[Block]:
        return self.page.blocks

    @cached_property
    def weights(self) -> list[int]:
        return [len(block.text) for block in self.blocks]

    @cached_property
    def content_chars(self) -> int:
        return sum(self.weights[i] for i in self.content)

    @cached_property
    def ranges(self) -> dict[HtmlElement, tuple[int, int]]:
        """For every element holding blocks, the range of block ids inside it."""
        ranges: dict[HtmlElement, tuple[int, int]] = {}
        for block in self.blocks:
            for element in (block.element, *block.element.iterancestors()):
                first, _ = ranges.get(element, (block.id, block.id))
                ranges[element] = (first, block.id)
        return ranges

    def inside(self, roots: Iterable[HtmlElement]) -> set[int]:
        """Ids of the blocks inside any of ``roots``."""
        ids: set[int] = set()
        for root in roots:
            span = self.ranges.get(root)
            if span:
                ids.update(range(span[0], span[1] + 1))
        return ids

    @cached_property
    def _selected(self) -> dict[str, list[HtmlElement]]:
        return {}

    @cached_property
    def _matched(self) -> dict[str, list[HtmlElement]]:
        return {}

    def select(self, css: str, roots: Sequence[HtmlElement] | None = None) -> list[HtmlElement]:
        """Outermost matches of a CSS selector on the page (or under ``roots``)."""
        if roots is None:
            if css not in self._selected:
                self._selected[css] = outermost(self._matches(css))
            return self._selected[css]
        if len(roots) > FEW_ROOTS:  # one look at the page, not one per root
            group = set(roots)
            return outermost([e for e in self._matches(css) if inside(e, group)])
        compiled = compile_css(css)
        found: list[HtmlElement] = []
        for root in roots:
            found.extend(elements(compiled(root)))
        return outermost(list(dict.fromkeys(found)))

    def _matches(self, css: str) -> list[HtmlElement]:
        """Every element of the page the selector matches (remembered)."""
        if css not in self._matched:
            self._matched[css] = elements(compile_css(css)(self.page.root))
        return self._matched[css]

    @cached_property
    def _prefix(self) -> tuple[list[int], list[int]]:
        content, other = [0], [0]
        for block in self.blocks:
            weight = self.weights[block.id]
            inside = block.id in self.content
            content.append(content[-1] + (weight if inside else 0))
            other.append(other[-1] + (0 if inside else weight))
        return content, other

    def span_chars(self, first: int, last: int) -> tuple[int, int]:
        """(content chars, other chars) of the blocks ``first`` to ``last``."""
        content, other = self._prefix
        return content[last + 1] - content[first], other[last + 1] - other[first]

    def chars(self, ids: Iterable[int]) -> tuple[int, int]:
        """(content chars, other chars) of blocks."""
        content = other = 0
        for i in ids:
            if i in self.content:
                content += self.weights[i]
            else:
                other += self.weights[i]
        return content, other


def f1(content: int, other: int, total: int, beta: float = 1.0) -> float:
    """F-measure of keeping ``content`` of ``total`` content characters plus ``other`` ones."""
    if content == 0 or total == 0:
        return 0.0
    precision, recall = content / (content + other), content / total
    return (1 + beta**2) * precision * recall / (beta**2 * precision + recall)
