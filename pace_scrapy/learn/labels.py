"""Labels: what a labeller found on one page, in terms of the page's own blocks and nodes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

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


@dataclass(frozen=True)
class Disagreement:
    """A field whose label on a page disagrees with what the rules learnt from the other pages
    extract there: the labelled values, and the extracted value (``None``: nothing)."""

    labelled: tuple[str, ...]
    extracted: str | None


@runtime_checkable
class Reviser(Protocol):
    """A labeller that can look at a page again, told where its labels disagree with the rules
    learnt from the other pages (the LLM labeller); ``review_rounds`` bounds how often."""

    review_rounds: int

    def revise(
        self, page: Page, page_type: str, disagreements: dict[str, Disagreement]
    ) -> PageLabels | None:
        """The page's labels looked at again (``None``: no usable answer; keep the old ones)."""
        ...
