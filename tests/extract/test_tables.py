import lxml.html

from pace_scrapy.extract.tables import MAX_CELLS, table_grid


def grid(html: str) -> tuple[str | None, list[list[str]], list[list[str]]]:
    table = table_grid(lxml.html.fragment_fromstring(html))
    return table.caption, table.headerRows, table.rows


def test_rowspan_and_colspan_are_expanded_into_a_full_grid() -> None:
    caption, head, rows = grid(
        """<table><caption>Results</caption>
        <thead><tr><th rowspan="2">Team</th><th colspan="2">Score</th></tr><tr><th>H1</th><th>H2</th></tr></thead>
        <tbody><tr><td>Reds</td><td rowspan="2">1</td><td>2</td></tr><tr><td>Blues</td><td>3</td></tr>
        <tr><td colspan="3">Total</td></tr></tbody></table>"""
    )
    assert caption == "Results"
    assert head == [["Team", "Score", "Score"], ["Team", "H1", "H2"]]
    assert rows == [["Reds", "1", "2"], ["Blues", "1", "3"], ["Total", "Total", "Total"]]


def test_leading_th_rows_are_headers_and_short_rows_are_padded() -> None:
    _, head, rows = grid("<table><tr><th>a</th><th>b</th></tr><tr><td>1</td></tr></table>")
    assert head == [["a", "b"]]
    assert rows == [["1", ""]]


def test_rowspan_is_clamped_to_the_table_and_bad_spans_ignored() -> None:
    _, _, rows = grid(
        '<table><tr><td rowspan="99">x</td><td colspan="zz">y</td></tr><tr><td>z</td></tr></table>'
    )
    assert rows == [["x", "y"], ["x", "z"]]


def test_caption_from_enclosing_figure_and_nested_tables_kept_apart() -> None:
    figure = lxml.html.fragment_fromstring(
        "<figure><table><tr><td>outer<table><tr><td>inner</td></tr></table></td></tr></table>"
        "<figcaption>Fig</figcaption></figure>"
    )
    table = table_grid(figure.find("table"))
    assert table.caption == "Fig"
    assert table.rows == [["outer inner"]]


def test_hostile_spans_are_bounded() -> None:
    rows = "".join('<tr><td colspan="1000">x</td></tr>' for _ in range(200))
    table = table_grid(lxml.html.fragment_fromstring(f"<table>{rows}</table>"))
    assert sum(len(row) for row in table.rows) <= MAX_CELLS
    assert len(table.rows) == MAX_CELLS // 1000
