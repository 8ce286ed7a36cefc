"""Data tables with rowspan/colspan for article bodies, and their expanded grids."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pace_scrapy.demo import words as w
from pace_scrapy.demo.model import Cell, Table
from pace_scrapy.demo.text import Writer, cap


def _number(rng: random.Random, signed: bool = False) -> str:
    value = rng.randint(-99, 99) / 10 if signed else rng.randint(100, 99_999)
    if not signed:
        return f"{value:,}"
    return f"+{value:.1f}" if value >= 0 else f"\u2212{-value:.1f}"


def make_table(writer: Writer) -> Table:
    """A table grouped by region (rowspan) or with a two-level header (colspan)."""
    rng = writer.rng
    metric = cap(writer.vocab.metrics[rng.randrange(len(writer.vocab.metrics))])
    places = rng.sample(w.PLACES, rng.randint(2, 4))
    head: tuple[tuple[Cell, ...], ...]
    rows: list[tuple[Cell, ...]] = []
    if rng.random() < 0.5:
        head = ((Cell("Region"), Cell("Period"), Cell("Total"), Cell("Change, %")),)
        for place in places:
            rows.append(
                (Cell(place, rowspan=2), Cell("First half"), Cell(_number(rng)),
                 Cell(_number(rng, signed=True)))
            )  # fmt: skip
            rows.append((Cell("Second half"), Cell(_number(rng)), Cell(_number(rng, True))))
        caption = f"{metric} by region"
    else:
        head = (
            (Cell("Region", rowspan=2), Cell("2023", colspan=2), Cell("2024", colspan=2)),
            (Cell("Total"), Cell("Change, %"), Cell("Total"), Cell("Change, %")),
        )
        rows += [
            (Cell(place), *(Cell(_number(rng, signed=bool(i % 2))) for i in range(4)))
            for place in places
        ]
        org = rng.choice(w.ORGS)
        rows.append((Cell(f"Source: {cap(org)}", colspan=5),))
        caption = f"{metric}, 2023–2024"
    return Table(caption=caption, head=head, rows=tuple(rows))


def expand_grid(rows: Sequence[Sequence[Cell]]) -> list[list[str]]:
    """Expand spanning cells so that every grid position holds its cell's text."""
    grid: dict[tuple[int, int], str] = {}
    for r, row in enumerate(rows):
        c = 0
        for cell in row:
            while (r, c) in grid:
                c += 1
            for dr in range(cell.rowspan):
                for dc in range(cell.colspan):
                    grid[(r + dr, c + dc)] = cell.text
            c += cell.colspan
    n_rows = max((r for r, _ in grid), default=-1) + 1
    return [[grid[key] for key in sorted(k for k in grid if k[0] == r)] for r in range(n_rows)]
