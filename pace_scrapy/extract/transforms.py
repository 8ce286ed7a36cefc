"""Applying a rule's transforms (data in the config) to the values it found."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from urllib.parse import urljoin

from pace_scrapy.config.model import (
    CurrencyTransform,
    DateTransform,
    MapTransform,
    PriceTransform,
    RegexTransform,
    ReplaceTransform,
    SplitTransform,
    StripTransform,
    Transform,
    UrlTransform,
)
from pace_scrapy.config.selectors import compile_regex
from pace_scrapy.extract.values import parse_currency, parse_date, parse_price
from pace_scrapy.page.text import normalize_space

# Transforms see at most this much of a value (bounds the cost of a config's regexes).
MAX_VALUE_CHARS = 20_000
_STRIP_CHARS = " \t\n:;,|-–—·•/"


def apply_transforms(
    values: Iterable[str], transforms: Iterable[Transform], base_url: str, today: date | None
) -> list[str]:
    """Run each value through the transforms in order; a value a transform rejects is dropped."""
    current = [value[:MAX_VALUE_CHARS] for value in values]
    for transform in transforms:
        nxt: list[str] = []
        for value in current:
            nxt.extend(_apply(transform, value, base_url, today))
        current = nxt
    return current


def _apply(transform: Transform, value: str, base_url: str, today: date | None) -> list[str]:
    result: str | None
    match transform:
        case RegexTransform(pattern=pattern, group=group):
            found = compile_regex(pattern).search(value)
            result = found.group(group) if found else None
        case StripTransform(prefixes=prefixes, suffixes=suffixes, required=required):
            result = strip_affixes(value, prefixes, suffixes, required)
        case SplitTransform(pattern=pattern):
            return [part for part in compile_regex(pattern).split(value) if part and part.strip()]
        case ReplaceTransform(pattern=pattern, replacement=replacement):
            result = compile_regex(pattern).sub(replacement, value)
        case MapTransform(values=mapping, default=default):
            lowered = value.lower()
            result = next((v for k, v in mapping.items() if k.lower() in lowered), default)
        case DateTransform(formats=formats, languages=languages, day_first=day_first):
            result = parse_date(value, formats, languages, day_first, today)
        case PriceTransform(decimal_separator=separator):
            result = parse_price(value, separator)
        case CurrencyTransform(default=default):
            result = parse_currency(value) or default
        case UrlTransform():
            result = urljoin(base_url, value.strip())
    return [result] if result is not None and result.strip() else []


def strip_affixes(
    value: str, prefixes: Iterable[str], suffixes: Iterable[str], required: bool = False
) -> str | None:
    """Remove the first matching prefix and suffix (case-insensitive), then edge punctuation.

    ``None`` when ``required`` and prefixes (or suffixes) are given but none of them is there.
    """
    text = normalize_space(value).strip(_STRIP_CHARS)
    starts = [affix for affix in prefixes if affix]
    ends = [affix for affix in suffixes if affix]
    prefix = next((a for a in starts if text.lower().startswith(a.lower())), None)
    if prefix is not None:
        text = text[len(prefix) :].strip(_STRIP_CHARS)
    suffix = next((a for a in ends if text.lower().endswith(a.lower())), None)
    if suffix is not None:
        text = text[: -len(suffix)].strip(_STRIP_CHARS)
    if required and ((starts and prefix is None) or (ends and suffix is None)):
        return None
    return text
