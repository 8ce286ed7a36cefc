"""``articleBody``: the body as plain text, one paragraph per heading, paragraph, list item or
table row, paragraphs separated by a blank line. Figures are left out (captions go to images)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator

from lxml.html import HtmlElement

from pace_scrapy.extract.tables import TableGrids
from pace_scrapy.page.blocks import Block, BlockKind
from pace_scrapy.page.text import node_text, normalize_lines, subtree_text

LIST_TAGS = ("ul", "ol", "dl", "menu")


def body_paragraphs(
    blocks: Iterable[Block], skip: Collection[HtmlElement], grids: TableGrids | None = None
) -> list[str]:
    """The body's paragraphs in reading order (tables' grids from ``grids`` when given)."""
    grids = grids or TableGrids(skip)
    paragraphs: list[str] = []
    for block in blocks:
        paragraphs.extend(block_paragraphs(block, skip, grids))
    return paragraphs


def block_paragraphs(
    block: Block, skip: Collection[HtmlElement], grids: TableGrids | None = None
) -> list[str]:
    """The paragraphs of one block (a table's grid from ``grids`` when given)."""
    element = block.element
    match block.kind:
        case BlockKind.FIGURE:
            return []
        case BlockKind.LIST:
            return list(_list_items(element, skip))
        case BlockKind.TABLE:
            table = (grids or TableGrids(skip))(element)
            return [" | ".join(row) for row in table.headerRows + table.rows if any(row)]
        case BlockKind.CODE:
            code = subtree_text(element, skip, raw=True).strip("\n")
            return ["\n".join(line.rstrip() for line in code.split("\n"))] if code.strip() else []
    if block.one_line:  # segmenting found the text and found no line break in it
        return [block.text] if block.text else []
    return normalize_lines(nodes_text(block.nodes(), skip))


def nodes_text(nodes: Iterable[str | HtmlElement], skip: Collection[HtmlElement]) -> str:
    """Text of a block's nodes, with line breaks at breaking element boundaries."""
    return "".join(
        node.replace("\n", " ") if isinstance(node, str) else node_text(node, skip)
        for node in nodes
        if isinstance(node, str) or node not in skip
    )


ITEM_TAGS = ("li", "dt", "dd")


def list_members(
    element: HtmlElement, skip: Collection[HtmlElement]
) -> Iterator[tuple[bool, list[str | HtmlElement]]]:
    """A list's content in order: ``(True, [item])`` for each ``li``/``dt``/``dd``, and
    ``(False, nodes)`` for loose content between items (malformed lists hold ``<p>``s or bare
    text: it is content too)."""
    loose: list[str | HtmlElement] = [element.text] if element.text else []
    for child in element:
        if child in skip:
            pass
        elif child.tag in ITEM_TAGS:
            if loose:
                yield False, loose
            yield True, [child]
            loose = []
        else:
            loose.append(child)
        if child.tail:
            loose.append(child.tail)
    if loose:
        yield False, loose


def _list_items(element: HtmlElement, skip: Collection[HtmlElement]) -> Iterator[str]:
    """One paragraph per item; nested lists follow their item; loose content as paragraphs."""
    for is_item, nodes in list_members(element, skip):
        if not is_item:
            yield from normalize_lines(nodes_text(nodes, skip))
            continue
        item = nodes[0]
        assert not isinstance(item, str)
        nested = list(item.iter(*LIST_TAGS))
        nested_outer = [n for n in nested if not any(a in nested for a in n.iterancestors())]
        text = " ".join(normalize_lines(subtree_text(item, {*skip, *nested_outer})))
        if text:
            yield text
        for sublist in nested_outer:
            if sublist not in skip:
                yield from _list_items(sublist, skip)
