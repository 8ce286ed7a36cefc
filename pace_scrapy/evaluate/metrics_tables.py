"""Table metric: cell-level F1 on expanded grids."""

from __future__ import annotations

from collections.abc import Sequence

from pace_scrapy.evaluate.textnorm import PRF, fold, prf

Table = Sequence[Sequence[str]]
Cell = tuple[int, int, str]


def table_cells(table: Table) -> set[Cell]:
    """The non-blank cells of a grid as ``(row, column, folded text)``.

    The grid must already be expanded: a cell spanning rows/columns is repeated in each
    position it covers. Blank cells (layout padding) are left out.
    """
    return {
        (row, column, text)
        for row, cells in enumerate(table)
        for column, cell in enumerate(cells)
        if (text := fold(cell))
    }


def tables_prf(predicted: Sequence[Table], gold: Sequence[Table]) -> PRF:
    """Cell P/R/F1 over all tables of a page.

    Predicted and gold tables are paired one-to-one, greedily by the number of identical cells
    (ties: earlier tables first); a cell is right when its paired table has the same text at
    the same row and column. Cells of unpaired tables are all wrong (precision) or missed
    (recall).
    """
    predicted_cells = [table_cells(t) for t in predicted]
    gold_cells = [table_cells(t) for t in gold]
    pairs = sorted(
        (
            (len(p_cells & g_cells), p, g)
            for p, p_cells in enumerate(predicted_cells)
            for g, g_cells in enumerate(gold_cells)
        ),
        key=lambda pair: (-pair[0], pair[1], pair[2]),
    )
    used_predicted: set[int] = set()
    used_gold: set[int] = set()
    hits = 0
    for overlap, p, g in pairs:
        if overlap and p not in used_predicted and g not in used_gold:
            used_predicted.add(p)
            used_gold.add(g)
            hits += overlap
    return prf(hits, sum(map(len, predicted_cells)), sum(map(len, gold_cells)))
