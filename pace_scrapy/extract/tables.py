"""Tables as full grids: every rowspan/colspan cell repeated in each slot it covers."""

from __future__ import annotations

from collections.abc import Collection

from lxml.html import HtmlElement

from pace_scrapy.items import Table
from pace_scrapy.page.text import element_text

MAX_COLSPAN = 1000  # the HTML limit
MAX_CELLS = 100_000


def table_grid(table: HtmlElement, skip: Collection[HtmlElement] = ()) -> Table:
    """The table's caption, header rows and body rows, with spans expanded.

    Header rows are the rows of ``<thead>``, or else the leading rows made only of ``<th>``.
    Rows are padded to the table's width. A hostile table is cut at ``MAX_CELLS`` cells.
    """
    rows = [row for row in table.iter("tr") if _own_row(row, table) and row not in skip]
    grid: list[list[str]] = []
    spans: dict[int, tuple[int, str]] = {}  # column -> (rows it still covers, text)
    header_count = cells_total = 0
    for index, row in enumerate(rows):
        cells = [cell for cell in row if cell.tag in ("td", "th") and cell not in skip]
        line: list[str] = []
        for cell in cells:
            while len(line) in spans:
                _take_span(line, spans)
            text = element_text(cell, skip)
            rowspan = min(_span(cell.get("rowspan"), 65534), len(rows) - index)
            for _ in range(_span(cell.get("colspan"), MAX_COLSPAN)):
                if rowspan > 1:
                    spans[len(line)] = (rowspan - 1, text)
                line.append(text)
        while any(column >= len(line) for column in spans):
            if len(line) in spans:
                _take_span(line, spans)
            else:
                line.append("")
        cells_total += len(line)
        if cells_total > MAX_CELLS:
            break
        grid.append(line)
        parent = row.getparent()
        is_header = (parent is not None and parent.tag == "thead") or all(
            cell.tag == "th" for cell in cells
        )
        if header_count == index and cells and is_header:
            header_count += 1
    width = max((len(line) for line in grid), default=0)
    grid = [line + [""] * (width - len(line)) for line in grid]
    return Table(
        caption=_caption(table, skip), headerRows=grid[:header_count], rows=grid[header_count:]
    )


class TableGrids:
    """The grids of a body's tables (``skip`` left out), each made once however many
    renderings of the body read it."""

    def __init__(self, skip: Collection[HtmlElement] = ()) -> None:
        self.skip = skip
        self._grids: dict[HtmlElement, Table] = {}

    def __call__(self, table: HtmlElement) -> Table:
        """The grid of ``table``."""
        grid = self._grids.get(table)
        if grid is None:
            grid = self._grids[table] = table_grid(table, self.skip)
        return grid


def _take_span(line: list[str], spans: dict[int, tuple[int, str]]) -> None:
    """Fill the next slot of ``line`` with the cell spanning into it from a row above."""
    remaining, text = spans.pop(len(line))
    if remaining > 1:
        spans[len(line)] = (remaining - 1, text)
    line.append(text)


def _span(value: str | None, limit: int) -> int:
    try:
        return max(1, min(int((value or "1").strip()), limit))
    except ValueError:
        return 1


def _own_row(row: HtmlElement, table: HtmlElement) -> bool:
    ancestor = row.getparent()
    while ancestor is not None and ancestor.tag != "table":
        ancestor = ancestor.getparent()
    return ancestor is table


def _caption(table: HtmlElement, skip: Collection[HtmlElement]) -> str | None:
    caption = table.find("caption")
    if caption is None:
        parent = table.getparent()
        if parent is not None and parent.tag == "figure":
            caption = parent.find("figcaption")
    text = element_text(caption, skip) if caption is not None and caption not in skip else ""
    return text or None
