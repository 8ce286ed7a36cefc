"""Segment a DOM subtree into blocks in reading order, each mapped back to its element.

Block-level elements become blocks; inline content is aggregated into the block of its nearest
block-level ancestor (a *run*); tables, lists, figures, quotes and code stay whole. A block keeps
the element it came from (for a run: the container and the range of its children), so labels on
blocks select real DOM nodes, and output built from blocks is a subset of the original page.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from lxml.html import HtmlElement

from pace_scrapy.page.text import node_text, normalize_space, subtree_text


class BlockKind(StrEnum):
    """What a block holds."""

    HEADING = "heading"
    PARAGRAPH = "paragraph"
    LIST = "list"
    TABLE = "table"
    FIGURE = "figure"
    QUOTE = "quote"
    CODE = "code"
    TEXT = "text"  # inline content directly inside a container (no <p> of its own)


_ATOMIC = {
    **dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6"), BlockKind.HEADING),
    **dict.fromkeys(("p", "address"), BlockKind.PARAGRAPH),
    **dict.fromkeys(("ul", "ol", "dl", "menu"), BlockKind.LIST),
    "table": BlockKind.TABLE,
    "figure": BlockKind.FIGURE,
    "blockquote": BlockKind.QUOTE,
    "pre": BlockKind.CODE,
}
CONTAINER_TAGS = frozenset(
    [
        "html",
        "body",
        "div",
        "section",
        "article",
        "main",
        "header",
        "footer",
        "nav",
        "aside",
        "form",
        "center",
        "details",
        "summary",
        "fieldset",
        "hgroup",
        "dialog",
        "search",
        "figcaption",
        "legend",
        "li",
        "dd",
        "dt",
        "tbody",
        "thead",
        "tfoot",
        "tr",
        "td",
        "th",
        "caption",
        "picture",
    ]
)
BLOCK_LEVEL_TAGS = frozenset(_ATOMIC) | CONTAINER_TAGS
MEDIA_TAGS = ("img", "picture", "video", "audio")
_SECTIONING = ("h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote", "pre")
_LAYOUT_CONTENT = ("p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "form")
_LAYOUT_CELL_TEXT = 120


class Run(NamedTuple):
    """Part of a container's inline content: the text after child ``after`` (``None``: the
    container's leading text), then ``children`` with their tails."""

    after: HtmlElement | None
    children: tuple[HtmlElement, ...]


@dataclass(frozen=True, eq=False, slots=True)
class Block:
    """A block of the page: its kind, its element, and its normalised text.

    A ``TEXT`` block that is only part of its container's content has a ``run``; ``run`` is
    ``None`` when the block is the whole element. ``one_line`` is true when no line break
    (``<br>``, a nested block) is inside the text: ``text`` is then also its only line.
    """

    id: int
    kind: BlockKind
    element: HtmlElement
    text: str
    run: Run | None = None
    one_line: bool = False

    def nodes(self) -> Iterator[str | HtmlElement]:
        """The block's content in order: text strings and inline elements (tails as strings)."""
        if self.run is None:
            yield self.element
            return
        lead = self.element.text if self.run.after is None else self.run.after.tail
        if lead:
            yield lead
        for child in self.run.children:
            yield child
            if child.tail:
                yield child.tail

    @property
    def link_density(self) -> float:
        """The share of the block's (non-space) characters that are link text, 0.0 to 1.0."""
        total = _visible_chars(self.text)
        if not total:
            return 0.0
        linked = sum(
            _visible_chars(anchor.text_content())
            for node in self.nodes()
            if not isinstance(node, str)
            for anchor in node.iter("a")
        )
        return min(1.0, linked / total)

    @property
    def has_media(self) -> bool:
        """True when the block contains an image, picture, video or audio element."""
        return any(
            not isinstance(node, str) and next(node.iter(*MEDIA_TAGS), None) is not None
            for node in self.nodes()
        )


def _visible_chars(text: str) -> int:
    return len(text) - sum(1 for char in text if char.isspace())


def segment(root: HtmlElement, skip: Collection[HtmlElement] = ()) -> list[Block]:
    """Blocks of ``root``'s subtree in reading order; subtrees in ``skip`` are left out."""
    segmenter = _Segmenter(root, skip)
    segmenter.visit(root)
    return segmenter.blocks


def atomic_kind(element: HtmlElement) -> BlockKind | None:
    """The kind of block an element forms as a whole, or ``None`` for a container/inline."""
    kind = _ATOMIC.get(element.tag) if isinstance(element.tag, str) else None
    if kind is BlockKind.TABLE and is_layout_table(element):
        return None
    if kind is BlockKind.FIGURE and next(element.iter(*MEDIA_TAGS), None) is None:
        return None
    if kind is BlockKind.LIST and next(element.iter(*_SECTIONING), None) is not None:
        return None
    return kind


def is_layout_table(table: HtmlElement) -> bool:
    """True for a table used for page layout rather than data.

    Layout: a nested table, ``role=presentation|none``, or cells holding paragraphs, headings,
    lists or forms with much text per cell.
    """
    if table.get("role") in ("presentation", "none"):
        return True
    if next(table.iterdescendants("table"), None) is not None:
        return True
    if next(table.iter(*_LAYOUT_CONTENT), None) is None:
        return False
    cells = sum(1 for _ in table.iter("td", "th"))
    return len(table.text_content()) > _LAYOUT_CELL_TEXT * max(cells, 1)


class _Segmenter:
    def __init__(self, root: HtmlElement, skip: Collection[HtmlElement]) -> None:
        self.skip = skip
        self.blocks: list[Block] = []
        self.block_level = _block_level_elements(root)

    def emit(
        self, kind: BlockKind, element: HtmlElement, text: str, run: Run | None, one_line: bool
    ) -> None:
        self.blocks.append(Block(len(self.blocks), kind, element, text, run, one_line))

    def visit(self, element: HtmlElement) -> None:
        kind = atomic_kind(element)
        if kind is not None:
            raw = subtree_text(element, self.skip)
            text = normalize_space(raw)
            if text or next(element.iter(*MEDIA_TAGS), None) is not None:
                self.emit(kind, element, text, None, "\n" not in raw)
            return
        # Children are walked once, never indexed: lxml indexing is linear in the position.
        after: HtmlElement | None = None
        inline: list[HtmlElement] = []
        whole = True
        for child in element:
            if child in self.block_level:
                self.flush(element, after, inline, whole=False)
                if child not in self.skip:
                    self.visit(child)
                after, inline, whole = child, [], False
            else:
                inline.append(child)
        self.flush(element, after, inline, whole=whole)

    def flush(
        self,
        element: HtmlElement,
        after: HtmlElement | None,
        inline: list[HtmlElement],
        whole: bool,
    ) -> None:
        """Emit the run of ``inline`` children after child ``after`` as a text block."""
        lead = element.text if after is None else after.tail
        if not inline and (not lead or lead.isspace()):  # a gap between block-level children
            return
        parts: list[str] = []
        media = False
        # Line breaks come from breaking elements only (text's own are spaces); a comment or
        # processing instruction, whose text a block's rendering would read, takes no shortcut.
        one_line = True
        if lead:
            parts.append(lead)
        for child in inline:
            if child not in self.skip:
                if isinstance(child.tag, str):
                    part = node_text(child, self.skip)
                    parts.append(part)
                    one_line = one_line and "\n" not in part
                    media = media or next(child.iter(*MEDIA_TAGS), None) is not None
                else:
                    one_line = False
            if child.tail:
                parts.append(child.tail)
        text = normalize_space("".join(parts))
        if text or media:
            run = None if whole else Run(after, tuple(inline))
            self.emit(BlockKind.TEXT, element, text, run, one_line)


def _block_level_elements(root: HtmlElement) -> set[HtmlElement]:
    """Elements that are block-level or contain a block-level descendant."""
    marked: set[HtmlElement] = set()
    for element in root.iter(*BLOCK_LEVEL_TAGS):
        node: HtmlElement | None = element
        while node is not None and node not in marked:
            marked.add(node)
            if node is root:
                break
            node = node.getparent()
    return marked
