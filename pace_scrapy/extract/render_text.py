"""``articleBody``: the body as plain text, one paragraph per heading, paragraph, list item or
table row, paragraphs separated by a blank line. Figures are left out (captions go to images)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator

from lxml.html import HtmlElement

from pace_scrapy.extract.tables import table_grid
from pace_scrapy.page.blocks import Block, BlockKind
from pace_scrapy.page.text import iter_text, normalize_lines

LIST_TAGS = ("ul", "ol", "dl", "menu")


def body_paragraphs(blocks: Iterable[Block], skip: Collection[HtmlElement]) -> list[str]:
    """The body's paragraphs in reading order."""
    paragraphs: list[str] = []
    for block in blocks:
        paragraphs.extend(block_paragraphs(block, skip))
    return paragraphs


def block_paragraphs(block: Block, skip: Collection[HtmlElement]) -> list[str]:
    """The paragraphs of one block."""
    element = block.element
    match block.kind:
        case BlockKind.FIGURE:
            return []
        case BlockKind.LIST:
            return list(_list_items(element, skip))
        case BlockKind.TABLE:
            table = table_grid(element, skip)
            return [" | ".join(row) for row in table.headerRows + table.rows if any(row)]
        case BlockKind.CODE:
            code = "".join(iter_text(element, skip, raw=True)).strip("\n")
            return ["\n".join(line.rstrip() for line in code.split("\n"))] if code.strip() else []
    return normalize_lines("".join(nodes_text(block.nodes(), skip)))


def nodes_text(nodes: Iterable[str | HtmlElement], skip: Collection[HtmlElement]) -> Iterator[str]:
    """Text of a block's nodes, with line breaks at breaking element boundaries."""
    for node in nodes:
        if isinstance(node, str):
            yield node.replace("\n", " ")
        elif node not in skip:
            yield "\n"
            yield from iter_text(node, skip)
            yield "\n"


def _list_items(element: HtmlElement, skip: Collection[HtmlElement]) -> Iterator[str]:
    """One paragraph per item (``li``, ``dt``, ``dd``); nested lists follow their item."""
    for item in element:
        if item in skip or item.tag not in ("li", "dt", "dd"):
            continue
        nested = [child for child in item.iter(*LIST_TAGS) if child is not item]
        nested_outer = [n for n in nested if not any(a in nested for a in n.iterancestors())]
        text = " ".join(normalize_lines("".join(iter_text(item, {*skip, *nested_outer}))))
        if text:
            yield text
        for sublist in nested_outer:
            if sublist not in skip:
                yield from _list_items(sublist, skip)
