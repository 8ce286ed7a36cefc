"""Does an extracted field value agree with a labelled one? Compared the way the field's kind
means it (names as word sets, dates by calendar day, prices as numbers, currencies as ISO
codes, availabilities as schema.org names, GTINs without leading zeros...)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pace_scrapy.extract.values import (
    isbn10_to_gtin13,
    parse_availability,
    parse_number,
    parse_price,
)
from pace_scrapy.learn.locate import currency_code
from pace_scrapy.learn.matching import words

_ALNUM = re.compile(r"[^0-9a-z]+")


def agrees(kind: str, value: Any, labels: Sequence[str]) -> bool:
    """True when ``value`` (as the extractor outputs it) matches the labelled ``labels``."""
    if not labels or value is None:
        return False
    match kind:
        case "people":
            found = {tuple(words(person["name"])) for person in value}
            return found == {tuple(words(label)) for label in labels}
        case "texts":
            return [words(v) for v in value] == [words(label) for label in labels]
        case "date":
            return str(value)[:10] == labels[0][:10]
        case "price" | "number":
            number = parse_number(str(value))
            expected = parse_price(labels[0]) if kind == "price" else labels[0]
            return number is not None and expected is not None and number == parse_number(expected)
        case "currency":
            return str(value) == currency_code(labels[0])
        case "availability":
            return str(value) == parse_availability(labels[0])
        case "gtin":
            return _gtin(value[0]["value"]) == _gtin(labels[0])
        case "identifier":
            return _ALNUM.sub("", str(value).lower()) == _ALNUM.sub("", labels[0].lower())
        case "image" | "url":
            url = value["url"] if isinstance(value, dict) else str(value)
            return url.rstrip("/") == labels[0].rstrip("/")
        case "brand":
            return words(value["name"]) == words(labels[0])
    return _same_text(str(value), labels[0])


def _same_text(value: str, label: str) -> bool:
    """The same words, spaced as text is: a value with far fewer spaces than its label
    ("Angelina+Jolie+tops+poll", URL-encoded in a ``<meta>``) is no text to show."""
    return words(value) == words(label) and 2 * len(value.split()) >= len(label.split())


def _gtin(text: str) -> str:
    """A GTIN's digits without leading zeros (GTIN-8..14 are zero-padded forms of one number);
    an ISBN-10 as its GTIN-13."""
    digits = re.sub(r"[\s-]", "", text)
    return (isbn10_to_gtin13(digits) or digits).lstrip("0")
