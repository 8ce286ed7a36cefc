"""Metadata metrics: headline, authors and publication date.

A gold value of ``None`` / empty means the page was annotated as having none: an extractor
that also gives none is right (1.0), one that gives something is wrong (0.0).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import date, datetime

import dateparser

from pace_scrapy.evaluate.textnorm import PRF, bag_prf, fold, strip_punctuation, word_tokens

# Typographic quotes as their plain forms: a headline quoted 'so' in one source and ‘so’ in
# another is the same headline (NFKC keeps them apart).
_QUOTES = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'"}
    | {"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"'}
)


def normalize_title(text: str | None) -> str:
    """NFKC, case-folded, whitespace-collapsed, without surrounding punctuation, typographic
    quotes as plain ones, and without invisible format characters (soft hyphens, zero-width
    spaces: Unicode category Cf)."""
    visible = "".join(c for c in text or "" if unicodedata.category(c) != "Cf")
    return strip_punctuation(fold(visible.translate(_QUOTES)))


def title_match(predicted: str | None, gold: str | None) -> float:
    """1.0 when both headlines are equal after :func:`normalize_title`, else 0.0."""
    return float(normalize_title(predicted) == normalize_title(gold))


def authors_prf(predicted: Sequence[str], gold: Sequence[str] | None) -> PRF:
    """Token P/R/F1 of all author names together (a one-string byline equals the list form)."""
    return bag_prf(word_tokens(" ".join(predicted)), word_tokens(" ".join(gold or ())))


def calendar_day(text: str) -> date | None:
    """The calendar date written in ``text``, in the text's own time zone (never converted).

    ISO 8601 forms (``2024-04-22 15:26:46.863186+00:00``) are read with
    :meth:`datetime.fromisoformat`, anything else with dateparser, which must find a day, a
    month and a year. ``None`` when no full date is found.
    """
    text = text.strip()
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        parsed = dateparser.parse(text, settings={"REQUIRE_PARTS": ["day", "month", "year"]})
        return parsed.date() if parsed else None


def date_match(predicted: str | None, gold: str | None) -> float | None:
    """1.0 when both dates fall on the same calendar day as written, else 0.0.

    Each string keeps its own time zone: ``2024-04-22T23:30:00-04:00`` is April 22 even though
    it is April 23 in UTC. ``None`` (no score) when the gold date cannot be read.
    """
    if not gold:
        return float(not predicted)
    gold_day = calendar_day(gold)
    if gold_day is None:
        return None
    return float(predicted is not None and calendar_day(predicted) == gold_day)
