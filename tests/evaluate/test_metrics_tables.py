import pytest

from pace_scrapy.evaluate.metrics_tables import table_cells, tables_prf
from pace_scrapy.evaluate.textnorm import PRF

AGES = [["Name", "Age"], ["Ann", "30"]]
CITIES = [["City"], ["Rome"], ["Oslo"]]


def test_table_cells_skip_blank_cells() -> None:
    assert table_cells([["A ", ""], [" ", "b"]]) == {(0, 0, "a"), (1, 1, "b")}


def test_one_wrong_cell() -> None:
    assert tables_prf([[["name", "AGE"], ["Ann", "31"]]], [AGES]) == PRF(0.75, 0.75, 0.75)


def test_tables_are_paired_whatever_their_order() -> None:
    assert tables_prf([CITIES, AGES], [AGES, CITIES]) == PRF(1.0, 1.0, 1.0)


def test_unpaired_table_costs_precision() -> None:
    # 4 right cells of 4 + 2 predicted
    score = tables_prf([AGES, [["x", "y"]]], [AGES])
    assert score.precision == pytest.approx(4 / 6)
    assert score.recall == 1.0
    assert score.f1 == pytest.approx(0.8)


def test_cells_are_compared_by_position() -> None:
    shifted = [["Name", "Age"], *AGES]
    # only the header row stays in place: (0,0,name), (0,1,age)
    score = tables_prf([shifted], [AGES])
    assert score.precision == pytest.approx(2 / 6)
    assert score.recall == pytest.approx(2 / 4)


def test_no_tables() -> None:
    assert tables_prf([], []) == PRF(1.0, 1.0, 1.0)
    assert tables_prf([], [AGES]) == PRF(0.0, 0.0, 0.0)
