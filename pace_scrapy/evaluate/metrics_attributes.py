"""Attribute metrics (products, books): per-attribute precision/recall/F1 with abstention.

Per page and attribute there is one decision. No predicted value is an abstention: it costs
recall when the gold has a value and nothing otherwise. Predicted values are right when each
of them matches some gold value (so listing many guesses does not pay); a wrong prediction
costs precision, and recall too when the gold has a value. Counts add up across pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from price_parser import Price

from pace_scrapy.evaluate.textnorm import fold, word_tokens

IDENTIFIERS = frozenset(
    {"sku", "mpn", "asin", "isbn", "isbn_10", "isbn_13", "isbn10", "isbn13", "product_id"}
)
# GTIN-8/12/13/14 are zero-padded forms of one number: leading zeros do not count.
GTINS = frozenset({"gtin", "gtin8", "gtin12", "gtin13", "gtin14", "ean", "upc"})
CURRENCY_SYMBOLS = {"€": "EUR", "£": "GBP", "$": "USD", "us$": "USD", "¥": "JPY", "₹": "INR"}


@dataclass(frozen=True)
class AttributeCounts:
    """True positives, false positives and false negatives; ``+`` adds them up."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: AttributeCounts) -> AttributeCounts:
        return AttributeCounts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float | None:
        """tp / (tp + fp); ``None`` when nothing was predicted."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        """tp / (tp + fn); ``None`` when the gold never has a value."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        """2tp / (2tp + fp + fn); ``None`` when there was nothing to predict and none predicted."""
        total = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / total if total else None


def total_counts(counts: Iterable[AttributeCounts]) -> AttributeCounts:
    """The sum of several counts (e.g. one attribute over all pages)."""
    return sum(counts, AttributeCounts())


def _price(value: str) -> Decimal | None:
    return Price.fromstring(value).amount


def _identifier(value: str) -> str:
    return re.sub(r"[\W_]", "", fold(value))


def _gtin(value: str) -> str:
    return _identifier(value).lstrip("0")


def _currency(value: str) -> str:
    folded = fold(value)
    return CURRENCY_SYMBOLS.get(folded, folded.upper())


def _availability(value: str) -> str:
    return _identifier(value.rstrip("/").rsplit("/", 1)[-1])


def _text_match(predicted: str, gold: str) -> bool:
    """Equal word tokens, or equal once the separators between them are dropped (``De’Longhi``
    = ``DeLonghi``), or one contiguously inside the other and at least half its length."""
    short, long = sorted((word_tokens(predicted), word_tokens(gold)), key=len)
    if not short:
        return False
    if "".join(short) == "".join(long):
        return True
    if 2 * len(short) < len(long):
        return False
    return any(long[i : i + len(short)] == short for i in range(len(long) - len(short) + 1))


def _equal_by(normalize: Callable[[str], object]) -> Callable[[str, str], bool]:
    def match(predicted: str, gold: str) -> bool:
        value = normalize(predicted)
        return value not in (None, "") and value == normalize(gold)

    return match


_MATCHERS: dict[str, Callable[[str, str], bool]] = {
    "price": _equal_by(_price),
    "identifier": _equal_by(_identifier),
    "gtin": _equal_by(_gtin),
    "currency": _equal_by(_currency),
    "availability": _equal_by(_availability),
    "text": _text_match,
}


def attribute_kind(name: str) -> str:
    """How values of attribute ``name`` are compared (a key of the matcher table)."""
    if name in IDENTIFIERS:
        return "identifier"
    if name in GTINS:
        return "gtin"
    if "price" in name and "currency" not in name:
        return "price"
    if name in ("currency", "price_currency", "pricecurrency"):
        return "currency"
    return "availability" if name == "availability" else "text"


def values_match(name: str, predicted: str, gold: str) -> bool:
    """Whether one predicted value of attribute ``name`` equals one gold value.

    Prices compare as numbers (price-parser: ``$1,299.00`` = ``1299``); identifiers (sku, mpn,
    isbn...) without punctuation, spaces or case; GTINs also without leading zeros; currencies
    as ISO codes (``€`` = ``EUR``); availability by its last URL segment without case or
    punctuation (``https://schema.org/InStock`` = ``In stock``); any other attribute by
    :func:`~pace_scrapy.evaluate.textnorm.word_tokens` (NFKC, case-folded, punctuation dropped),
    equal, equal without the separators between them (a brand written ``De’Longhi`` or
    ``DeLonghi``), or one contained in the other when it has at least half the other's tokens
    (SWDE values carry page punctuation such as ``: Hachette Book Group``).
    """
    return _MATCHERS[attribute_kind(name)](predicted, gold)


def attribute_counts(
    predicted: Mapping[str, Sequence[str]], gold: Mapping[str, Sequence[str]]
) -> dict[str, AttributeCounts]:
    """Counts for each gold attribute of one page (attributes the gold lacks are not scored)."""
    counts = {}
    for name, gold_values in gold.items():
        expected = [v for v in gold_values if v.strip()]
        values = [v for v in predicted.get(name, ()) if v.strip()]
        missed = int(bool(expected))
        if not values:
            counts[name] = AttributeCounts(fn=missed)
        elif all(any(values_match(name, v, g) for g in expected) for v in values):
            counts[name] = AttributeCounts(tp=1)
        else:
            counts[name] = AttributeCounts(fp=1, fn=missed)
    return counts
