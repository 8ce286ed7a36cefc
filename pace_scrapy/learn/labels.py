"""Labels: what a labeller found on one page, in terms of the page's own blocks and nodes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from lxml.html import HtmlElement

from pace_scrapy.page.model import Page


@dataclass
class FieldLabel:
    """A field's value(s) on a page and the DOM nodes that show them (when found)."""

    values: list[str]
    nodes: list[HtmlElement] = field(default_factory=list)
    source: str = ""


@dataclass
class PageLabels:
    """A labelled page: the ids of its content blocks and its labelled fields."""

    page: Page
    body: frozenset[int] = frozenset()
    fields: dict[str, FieldLabel] = field(default_factory=dict)


class Labeler(Protocol):
    """Labels representative pages of one publisher (all at once: cross-page labellers
    compare them)."""

    name: str

    def label(self, pages: Sequence[Page], page_type: str) -> list[PageLabels]:
        """One :class:`PageLabels` per page, in order."""
        ...
