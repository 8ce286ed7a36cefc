"""Parsing raw field text into typed values: dates, prices, currencies, identifiers.

Each parser returns ``None`` for text it cannot read; nothing here guesses.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import TYPE_CHECKING

from price_parser import Price

if TYPE_CHECKING:
    from dateparser.date import DateDataParser

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_LIKE = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}")
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_TIME = r"(?:,?\s+(?:at\s+)?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)?"

# Each captures (group 1) one way of writing a date, with an optional time.
DATE_PATTERNS = (
    r"(\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?)",
    r"(\d{4}[./]\d{1,2}[./]\d{1,2}(?!\d)(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?)",
    r"(\d{4}\s*[年년]\s*\d{1,2}\s*[月월]\s*\d{1,2}\s*[日일]?)",
    rf"(?<!\d)(\d{{1,2}}[./-]\d{{1,2}}[./-]\d{{2,4}}{_TIME})",
    rf"({_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}{_TIME})",
    rf"(\d{{1,2}}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?[^\W\d_]{{3,}}\.?,?\s+\d{{4}}{_TIME})",
)
DATE_REGEXES = tuple(re.compile(pattern, re.IGNORECASE) for pattern in DATE_PATTERNS)
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_DIGIT_RUN = re.compile(r"\d+")
_WORD = re.compile(r"[^\W\d_]{3,}")  # a month name (not "at", "am", "pm", 年, 月 or 日)
# Dates outside this span are taken for parsing mistakes (e.g. a year read from a price).
MIN_YEAR = 1800
MAX_YEARS_AHEAD = 2

_DATEPARSER_SETTINGS = {
    # No relative dates ("2 hours ago") or timestamps: they would depend on when we run.
    "PARSERS": ["custom-formats", "absolute-time"],
    "REQUIRE_PARTS": ["day", "month", "year"],
    "RETURN_AS_TIMEZONE_AWARE": False,
    "PREFER_DAY_OF_MONTH": "first",
}

CURRENCY_SYMBOLS = {
    "$": "USD",
    "US$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    "₩": "KRW",
    "₽": "RUB",
    "zł": "PLN",
    "kr": "SEK",
    "CHF": "CHF",
    "R$": "BRL",
    "A$": "AUD",
    "C$": "CAD",
    "CA$": "CAD",
    "AU$": "AUD",
    "₺": "TRY",
    "₪": "ILS",
    "Kč": "CZK",
    "Ft": "HUF",
}
_CURRENCY_CODE = re.compile(r"\b([A-Z]{3})\b")

AVAILABILITY = {
    "instock": "InStock",
    "in stock": "InStock",
    "available": "InStock",
    "add to cart": "InStock",
    "outofstock": "OutOfStock",
    "out of stock": "OutOfStock",
    "sold out": "SoldOut",
    "soldout": "SoldOut",
    "unavailable": "OutOfStock",
    "preorder": "PreOrder",
    "pre-order": "PreOrder",
    "backorder": "BackOrder",
    "limitedavailability": "LimitedAvailability",
    "limited": "LimitedAvailability",
    "discontinued": "Discontinued",
    "instoreonly": "InStoreOnly",
    "onlineonly": "OnlineOnly",
    # The same in a few other languages shops often use.
    "auf lager": "InStock",
    "nicht verfügbar": "OutOfStock",
    "ausverkauft": "SoldOut",
    "en stock": "InStock",
    "indisponible": "OutOfStock",
    "rupture de stock": "OutOfStock",
    "disponibilità immediata": "InStock",
    "non disponibile": "OutOfStock",
    "esaurito": "SoldOut",
    "no disponible": "OutOfStock",
    "agotado": "SoldOut",
}


# Longest phrases first, as whole words: "unavailable" is not "available", nor "unlimited"
# "limited". The vague ones are common words in shops' other texts.
VAGUE_AVAILABILITY = frozenset({"available", "limited", "add to cart"})
_AVAILABILITY_PHRASES = [
    (phrase, re.compile(rf"\b{re.escape(phrase)}\b"), value)
    for phrase, value in sorted(AVAILABILITY.items(), key=lambda kv: -len(kv[0]))
]


def parse_date(
    text: str,
    formats: tuple[str, ...] = (),
    languages: tuple[str, ...] = (),
    day_first: bool | None = None,
    today: date | None = None,
) -> str | None:
    """ISO 8601 for a date or date-time text, or ``None``.

    ISO forms first, then the strptime ``formats``, then dateparser (absolute dates only, all of
    day, month and year required). A date-only ISO text stays a date; otherwise the result is a
    date-time, with its UTC offset when the text had one.
    """
    text = text.strip()
    if not text or len(text) > 200:
        return None
    if _ISO_DATE.match(text):
        try:
            day = datetime.fromisoformat(text)
        except ValueError:
            return None
        return text if _plausible(day, today) else None
    parsed = _parse_datetime(text, formats, languages, day_first)
    if parsed is None or not _plausible(parsed, today):
        return None
    return parsed.isoformat()


def shows_day(text: str, day: str) -> bool:
    """True when a date written in the text (:data:`DATE_PATTERNS`) is the calendar day ``day``
    (``YYYY-MM-DD``). An all-numeric date shows either day its order allows (``10.09.2025``:
    10 September or 9 October); one with a month name is parsed (never the whole text:
    dateparser tries every language it knows on a text that is not a date, which takes
    milliseconds and, the first time in a process, seconds)."""
    if not _ISO_DAY.fullmatch(day):
        return False
    # A text that does not write the day of the month (``3``, ``03``, ``3rd``) cannot show the
    # day: checked first, as most dates on a page are of other days.
    day_of_month = re.compile(rf"(?<!\d)0?{int(day[8:])}(?!\d)")
    candidates = [m.group(1) for regex in DATE_REGEXES for m in regex.finditer(text)]
    return any(day in _days_written(c) for c in candidates if day_of_month.search(c))


def _days_written(date_text: str) -> set[str]:
    """The calendar days (``YYYY-MM-DD``) a date text may be."""
    if _WORD.search(date_text):  # a month name: read by dateparser
        parsed = parse_date(date_text)
        return {parsed[:10]} if parsed else set()
    numbers = _DIGIT_RUN.findall(date_text)[:3]
    if len(numbers) < 3:
        return set()
    first, second, last = numbers
    if len(first) == 4:  # year first: Y-M-D
        orders = [(int(first), int(second), int(last))]
    else:  # D.M.Y or M/D/Y; a two-digit year of either century
        years = [int(last)] if len(last) > 2 else [1900 + int(last), 2000 + int(last)]
        orders = [
            order
            for year in years
            for order in ((year, int(second), int(first)), (year, int(first), int(second)))
        ]
    days = set()
    for year, month, day_of_month in orders:
        try:
            days.add(date(year, month, day_of_month).isoformat())
        except ValueError:
            continue
    return days


def _parse_datetime(
    text: str, formats: tuple[str, ...], languages: tuple[str, ...], day_first: bool | None
) -> datetime | None:
    if _ISO_LIKE.match(text):
        try:
            return datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            pass
    for fmt in formats:
        try:
            return datetime.strptime(text, fmt)
        except ValueError:
            continue
    result: datetime | None = _date_parser(languages, day_first).get_date_data(text)["date_obj"]
    return result


@lru_cache(maxsize=64)
def _date_parser(languages: tuple[str, ...], day_first: bool | None) -> DateDataParser:
    """dateparser's parser for these options, made once.

    ``dateparser.parse`` builds a new parser for every call with settings, which costs several
    times the parse itself. The parser keeps no state between dates (that would take
    ``try_previous_locales``), so sharing it changes no result.
    """
    from dateparser.date import DateDataParser  # noqa: PLC0415 (slow import, rarely needed)

    settings = dict(_DATEPARSER_SETTINGS)
    if day_first is not None:
        settings["DATE_ORDER"] = "DMY" if day_first else "MDY"
    return DateDataParser(languages=list(languages) or None, settings=settings)


def _plausible(value: datetime, today: date | None) -> bool:
    latest = (today or datetime.now(UTC).date()).year + MAX_YEARS_AHEAD
    return MIN_YEAR <= value.year <= latest


def parse_price(text: str, decimal_separator: str | None = None) -> str | None:
    """The amount of a price text as a plain decimal string (``"1,299.00 €"`` -> ``"1299.00"``)."""
    if not any(ch.isdigit() for ch in text):
        return None  # price-parser reads "free" as 0
    amount = Price.fromstring(text, decimal_separator=decimal_separator).amount
    if amount is None:
        return None
    try:
        return format(Decimal(amount), "f")
    except InvalidOperation:
        return None


def parse_currency(text: str) -> str | None:
    """The ISO 4217 code of the currency a price text is written in, when it says."""
    code = _CURRENCY_CODE.search(text)
    if code and code.group(1) not in ("THE", "AND", "FOR"):
        return code.group(1)
    found = Price.fromstring(text).currency
    if found is None:
        return None
    found = found.strip()
    return CURRENCY_SYMBOLS.get(found) or (found if re.fullmatch("[A-Z]{3}", found) else None)


_NUMBER = re.compile(r"-?\d+(?:[.,]\d+|[\u00a0\u202f ]\d{3}(?!\d))*")


def parse_number(text: str) -> float | None:
    """The first number in a text, with thousands separators understood.

    ``"4,5 out of 5"`` -> 4.5, ``"2,284 reviews"`` -> 2284, ``"1.234,5"`` -> 1234.5: the last
    separator is the decimal one unless it is followed by exactly three digits and is the only
    kind of separator (``"1,234"``), which groups thousands.
    """
    match = _NUMBER.search(text)
    if match is None:
        return None
    number = re.sub("[\u00a0\u202f ]", "", match.group())
    separators = [c for c in number if c in ",."]
    if separators:
        last = max(number.rfind(","), number.rfind("."))
        digits_after = len(number) - last - 1
        thousands_only = len(set(separators)) == 1 and (digits_after == 3 or len(separators) > 1)
        if thousands_only:
            number = number.replace(separators[0], "")
        else:
            number = number[:last].replace(",", "").replace(".", "") + "." + number[last + 1 :]
    return float(number)


def parse_availability(text: str, strict: bool = False) -> str | None:
    """A schema.org ItemAvailability name (``InStock``...) for an availability text or URL.

    ``strict`` reads a text as an availability only through phrases that say nothing else
    (not "available" or "limited" inside a longer text: "More options available").
    """
    key = text.strip().rsplit("/", 1)[-1].lower()
    if key.replace(" ", "") in AVAILABILITY:
        return AVAILABILITY[key.replace(" ", "")]
    for phrase, pattern, value in _AVAILABILITY_PHRASES:
        if pattern.search(key) and not (strict and phrase in VAGUE_AVAILABILITY):
            return value
    return None


def gtin_type(digits: str) -> str | None:
    """``gtin8`` .. ``gtin14`` for a GTIN whose check digit is valid, else ``None``."""
    if not digits.isdigit() or len(digits) not in (8, 12, 13, 14):
        return None
    return f"gtin{len(digits)}" if _gtin_check_digit(digits[:-1]) == int(digits[-1]) else None


def _gtin_check_digit(body: str) -> int:
    """The GS1 check digit of the digits before it (weights 3, 1, 3... from the right)."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return (10 - total % 10) % 10


def isbn10_to_gtin13(text: str) -> str | None:
    """The GTIN-13 (ISBN-13, ``978`` prefix) of an ISBN-10 whose check digit is valid
    (``031612558X`` -> ``9780316125581``); ``None`` for anything else."""
    isbn = text.upper()
    if len(isbn) != 10 or not isbn[:9].isdigit() or not (isbn[9].isdigit() or isbn[9] == "X"):
        return None
    values = [int(d) for d in isbn[:9]] + [10 if isbn[9] == "X" else int(isbn[9])]
    if sum((10 - i) * d for i, d in enumerate(values)) % 11:
        return None
    body = "978" + isbn[:9]
    return body + str(_gtin_check_digit(body))
