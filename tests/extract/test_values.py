from datetime import date

import pytest

from pace_scrapy.extract import values
from pace_scrapy.extract.values import (
    gtin_type,
    isbn10_to_gtin13,
    parse_availability,
    parse_currency,
    parse_date,
    parse_number,
    parse_price,
    shows_day,
)

TODAY = date(2025, 6, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024-03-03", "2024-03-03"),
        ("2024-03-03T10:15:00Z", "2024-03-03T10:15:00+00:00"),
        ("2024-03-03 10:15:00.5+02:00", "2024-03-03T10:15:00.500000+02:00"),
        ("3 March 2024", "2024-03-03T00:00:00"),
        ("Mar 3, 2024, 10:15 AM", "2024-03-03T10:15:00"),
        ("03.03.2024 10:15", "2024-03-03T10:15:00"),
        ("2 hours ago", None),  # relative dates would depend on when we run
        ("March 2024", None),  # no day: refuse rather than guess
        ("not a date", None),
        ("1066-10-14", None),  # implausible
        ("2031-01-01", None),  # too far ahead of TODAY
        ("", None),
    ],
)
def test_parse_date(text: str, expected: str | None) -> None:
    assert parse_date(text, today=TODAY) == expected


def test_parse_date_formats_languages_and_day_order() -> None:
    assert parse_date("03/04/2024", day_first=True, today=TODAY) == "2024-04-03T00:00:00"
    assert parse_date("03/04/2024", day_first=False, today=TODAY) == "2024-03-04T00:00:00"
    assert parse_date("3. März 2024", languages=("de",), today=TODAY) == "2024-03-03T00:00:00"
    assert parse_date("20240303", formats=("%Y%m%d",), today=TODAY) == "2024-03-03T00:00:00"


def test_parse_date_options_do_not_leak_between_calls() -> None:
    """dateparser's parser is shared per set of options: each call must still see its own."""
    calls = [
        ("3. März 2024", ("de",), None, "2024-03-03T00:00:00"),
        ("03/04/2024", (), True, "2024-04-03T00:00:00"),
        ("3 mars 2024", ("fr",), None, "2024-03-03T00:00:00"),
        ("03/04/2024", (), False, "2024-03-04T00:00:00"),
        ("3. März 2024", ("fr",), None, None),
        ("03/04/2024", (), True, "2024-04-03T00:00:00"),
    ]
    for text, languages, day_first, expected in calls * 2:
        found = parse_date(text, languages=languages, day_first=day_first, today=TODAY)
        assert found == expected, (text, languages, day_first)


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("$1,299.00", "1299.00", "USD"),
        ("1.299,95 €", "1299.95", "EUR"),
        ("£12", "12", "GBP"),
        ("Price: 15.50 CHF", "15.50", "CHF"),
        ("EUR 9,99", "9.99", "EUR"),
        ("free", None, None),
    ],
)
def test_prices_and_currencies(text: str, amount: str | None, currency: str | None) -> None:
    assert parse_price(text) == amount
    assert parse_currency(text) == currency


def test_number_and_availability() -> None:
    assert parse_number("4,5 out of 5") == 4.5
    assert parse_number("(2,284 reviews)") == 2284
    assert parse_number("1.234.567 views") == 1234567
    assert parse_number("1.234,5") == 1234.5
    assert parse_number("1,234.5") == 1234.5
    assert parse_number("Rated 4.75") == 4.75
    assert parse_number("12 345 votes") == 12345
    assert parse_number("4 5 stars") == 4
    assert parse_number("none") is None
    assert parse_availability("https://schema.org/InStock") == "InStock"
    assert parse_availability("Only 3 left in stock") == "InStock"
    assert parse_availability("Currently unavailable") == "OutOfStock"
    assert parse_availability("SOLD OUT") == "SoldOut"
    assert parse_availability("call us") is None
    # Whole words only: "unlimited" is not "limited", "unavailable" not "available".
    assert parse_availability("Amazon Music Unlimited") is None
    assert parse_availability("Currently unavailable.") == "OutOfStock"
    assert parse_availability("Auf Lager.") == "InStock"
    assert parse_availability("Actuellement indisponible.") == "OutOfStock"
    assert parse_availability("Non disponibile.") == "OutOfStock"
    # Strictly, vague words inside a longer text say nothing about the stock.
    assert parse_availability("More options available") == "InStock"
    assert parse_availability("More options available", strict=True) is None
    assert parse_availability("Available", strict=True) == "InStock"
    assert parse_availability("Only 3 left in stock", strict=True) == "InStock"


@pytest.mark.parametrize(
    ("digits", "expected"),
    [
        ("4006381333931", "gtin13"),
        ("4006381333932", None),  # wrong check digit
        ("9780316125581", "gtin13"),  # an ISBN-13 is a GTIN-13
        ("73513537", "gtin8"),
        ("036000291452", "gtin12"),
        ("10012345678902", "gtin14"),
        ("12345", None),
        ("40063813339a1", None),
    ],
)
def test_gtin_check_digits(digits: str, expected: str | None) -> None:
    assert gtin_type(digits) == expected


@pytest.mark.parametrize(
    ("isbn", "expected"),
    [
        # ISBN-10 and ISBN-13 of one book, as its page lists both (independent ground truth).
        ("031612558X", "9780316125581"),
        ("031612558x", "9780316125581"),
        ("0306406152", "9780306406157"),
        ("0306406153", None),  # wrong ISBN-10 check digit
        ("9780316125581", None),  # not an ISBN-10
        ("03061X6152", None),
    ],
)
def test_isbn10_becomes_a_gtin13_only_when_its_check_digit_is_valid(
    isbn: str, expected: str | None
) -> None:
    assert isbn10_to_gtin13(isbn) == expected


@pytest.mark.parametrize(
    ("text", "day", "expected", "parsed"),
    [
        # a month name: the date (not the whole text) is parsed
        ("Published 3 March 2025 · 4 min read", "2025-03-03", True, ["3 March 2025"]),
        # all-numeric dates are read without parsing, in either order they allow
        ("Updated 2025-03-03 10:00, 4 min read", "2025-03-03", True, []),
        ("Last Updated: 1:19am GMT 14/01/2008", "2008-01-14", True, []),
        ("10.09.2025, 09:53 Uhr", "2025-09-10", True, []),
        ("10.09.2025, 09:53 Uhr", "2025-10-09", True, []),
        ("Posted 10/09/98", "1998-09-10", True, []),  # a two-digit year of either century
        ("Posted 10/09/25", "2025-10-09", True, []),
        ("2025年3月3日", "2025-03-03", True, []),
        ("입력 2025.05.15 20:00 수정 2025.05.16", "2025-05-16", True, []),
        # dates that do not write the day of the month are not read at all
        ("Updated 2025-03-03 10:00, 4 min read", "2025-03-04", False, []),
        ("12 March 2025 | 13 March 2025", "2025-03-03", False, []),
        # no date in it: nothing is parsed (dateparser would try every language it knows)
        ("Page 3 of 12", "2025-03-03", False, []),
        ("3 Comments 2025", "2025-03-03", False, ["3 Comments 2025"]),
    ],
)
def test_shows_day_reads_the_dates_in_a_text_not_the_text(
    monkeypatch: pytest.MonkeyPatch, text: str, day: str, expected: bool, parsed: list[str]
) -> None:
    seen: list[str] = []

    def recording(candidate: str) -> str | None:
        seen.append(candidate)
        return parse_date(candidate)

    monkeypatch.setattr(values, "parse_date", recording)
    assert shows_day(text, day) is expected
    assert seen == parsed
