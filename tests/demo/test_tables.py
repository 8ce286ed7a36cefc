"""Grid expansion of spanning table cells."""

from __future__ import annotations

import random

from pace_scrapy.demo.model import Cell
from pace_scrapy.demo.tables import expand_grid, make_table
from pace_scrapy.demo.text import Writer


def test_rowspan_and_colspan_are_repeated() -> None:
    rows = [
        [Cell("R", rowspan=2), Cell("2023", colspan=2)],
        [Cell("a"), Cell("b")],
        [Cell("x"), Cell("y", rowspan=2), Cell("z")],
        [Cell("w"), Cell("v")],
        [Cell("note", colspan=3)],
    ]
    assert expand_grid(rows) == [
        ["R", "2023", "2023"],
        ["R", "a", "b"],
        ["x", "y", "z"],
        ["w", "y", "v"],
        ["note", "note", "note"],
    ]


def test_generated_tables_are_rectangular() -> None:
    kinds = set()
    for seed in range(40):
        table = make_table(Writer(random.Random(seed), "business"))
        grid = expand_grid((*table.head, *table.rows))
        assert len({len(row) for row in grid}) == 1
        kinds.add(len(table.head))
    assert kinds == {1, 2}
