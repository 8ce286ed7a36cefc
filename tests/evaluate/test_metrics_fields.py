from datetime import date

import pytest

from pace_scrapy.evaluate.metrics_fields import (
    authors_prf,
    calendar_day,
    date_match,
    normalize_title,
    title_match,
)


def test_normalize_title() -> None:
    assert normalize_title("  \u201cThe  Big Story!\u201d  ") == "the big story"
    assert normalize_title(None) == ""


def test_title_match() -> None:
    assert title_match("The big story", "\u201cTHE BIG STORY\u201d") == 1.0
    assert title_match("Big story", "The big story") == 0.0
    assert title_match("Wait... what", "Wait what") == 0.0
    # typographic quotes and invisible characters (a zero-width space, a soft hyphen) aside
    assert title_match("Unveils \u2018family\u2019 plan", "Unveils 'family' plan") == 1.0
    assert title_match("Ein Fortschritt\u200b", "Ein Fortschritt") == 1.0
    assert title_match("Helikopter\u00adlandeplatz", "Helikopterlandeplatz") == 1.0


def test_title_annotated_as_absent() -> None:
    assert title_match(None, None) == 1.0
    assert title_match("Something", None) == 0.0
    assert title_match(None, "Something") == 0.0


def test_authors_token_f1() -> None:
    score = authors_prf(["Jasper Riemann"], ["Jasper Riemann", "Barbara Schneider"])
    assert (score.precision, score.recall) == (1.0, 0.5)
    assert score.f1 == pytest.approx(2 / 3)
    # the byline adds the token "and": P 4/5, R 1
    byline = authors_prf(
        ["Jasper Riemann and Barbara Schneider"], ["Jasper Riemann", "Barbara Schneider"]
    )
    assert byline.f1 == pytest.approx(8 / 9)


def test_authors_annotated_as_absent() -> None:
    assert authors_prf([], None).f1 == 1.0
    assert authors_prf(["Someone"], None).f1 == 0.0
    assert authors_prf([], ["Someone"]).f1 == 0.0


def test_calendar_day_keeps_the_written_time_zone() -> None:
    assert calendar_day("2024-04-22 15:26:46.863186+00:00") == date(2024, 4, 22)
    # 03:00 UTC on the 26th, but written as the 25th
    assert calendar_day("2023-04-25 23:00:00-04:00") == date(2023, 4, 25)
    assert calendar_day("2024-04-22T15:26:46Z") == date(2024, 4, 22)
    assert calendar_day("Mon, 22 Apr 2024 23:26:46 -0700") == date(2024, 4, 22)
    assert calendar_day("22. April 2024") == date(2024, 4, 22)


def test_calendar_day_needs_a_full_date() -> None:
    assert calendar_day("June 2010") is None
    assert calendar_day("") is None


def test_date_match() -> None:
    assert date_match("2024-04-22", "2024-04-22 15:26:46+00:00") == 1.0
    # the same instant, written on different calendar days
    assert date_match("2024-04-23T01:00:00+02:00", "2024-04-22 23:00:00+00:00") == 0.0
    assert date_match("not a date", "2024-04-22") == 0.0
    assert date_match(None, "2024-04-22") == 0.0


def test_date_annotated_as_absent_or_unreadable() -> None:
    assert date_match(None, None) == 1.0
    assert date_match("2024-01-01", None) == 0.0
    assert date_match("2024-01-01", "soon") is None
