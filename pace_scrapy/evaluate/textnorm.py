"""Text normalisation and token overlap shared by the metrics."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

# Scripts written without spaces: each character is one token (a stand-in for a word segmenter).
_UNSPACED = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN = re.compile(rf"[{_UNSPACED}]|[^\W_{_UNSPACED}]+")


def fold(text: str) -> str:
    """Unicode NFKC, casefolded, whitespace runs collapsed to one space, stripped."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def word_tokens(text: str) -> list[str]:
    """Folded word tokens: runs of letters/digits; CJK and kana characters one token each.

    Punctuation, symbols, underscores and whitespace are separators, never tokens.
    """
    return _TOKEN.findall(fold(text))


def strip_punctuation(text: str) -> str:
    """Drop leading/trailing whitespace and Unicode punctuation (categories P*)."""
    start, end = 0, len(text)
    while start < end and _is_trim(text[start]):
        start += 1
    while end > start and _is_trim(text[end - 1]):
        end -= 1
    return text[start:end]


def _is_trim(char: str) -> bool:
    return char.isspace() or unicodedata.category(char).startswith("P")


@dataclass(frozen=True)
class PRF:
    """Precision, recall and F1 of one comparison."""

    precision: float
    recall: float
    f1: float


def prf(hits: int, predicted: int, gold: int) -> PRF:
    """P/R/F1 from counts; nothing predicted and nothing gold counts as perfect (1, 1, 1)."""
    if predicted == 0 and gold == 0:
        return PRF(1.0, 1.0, 1.0)
    precision = hits / predicted if predicted else 0.0
    recall = hits / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if hits else 0.0
    return PRF(precision, recall, f1)


def bag_prf(predicted: Iterable[str], gold: Iterable[str]) -> PRF:
    """P/R/F1 of two token multisets (each gold token can be matched once)."""
    predicted_counts, gold_counts = Counter(predicted), Counter(gold)
    hits = sum((predicted_counts & gold_counts).values())
    return prf(hits, predicted_counts.total(), gold_counts.total())


def token_f1(predicted: str | None, gold: str | None) -> float:
    """F1 of the :func:`word_tokens` of two texts (a missing text has no tokens)."""
    return bag_prf(word_tokens(predicted or ""), word_tokens(gold or "")).f1
