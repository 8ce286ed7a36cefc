"""Exclusion text patterns: the short non-content texts left inside a body container.

Each such text becomes an exact-text pattern. Texts that change from page to page (``Posted :
Thu, 10 Jan 2008``, ``US World News | Home``) also give patterns that hold on pages the
learner never saw: the label before a colon (``^Posted\\ *:``) and, across training pages,
a prefix or suffix two texts share (``News\\ \\|\\ Home$``). No pattern may match a text that
is content on any training page (precision first).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from itertools import combinations

MAX_TEXT_PATTERN = 120
# A label is a few words before a colon: "Posted :", "Author:", "Filed under:".
_LABEL = re.compile(r"^(\w[\w'’.-]*(?: [\w'’.-]+){0,2}) ?:")
# The fewest characters a shared prefix or suffix must have (whole words, some letters).
MIN_AFFIX_CHARS = 8


def text_patterns(texts: Sequence[Sequence[str]], content: Collection[str]) -> list[str]:
    """Patterns for the non-content ``texts`` of each training page, none matching a text of
    ``content`` (the labelled content texts of all training pages)."""
    short = [[t for t in page if t and len(t) <= MAX_TEXT_PATTERN] for page in texts]
    proposed = [f"^{re.escape(text)}$" for page in short for text in page if text not in content]
    for page in short:
        proposed += (rf"^{re.escape(label)} ?:" for label in map(_label, page) if label)
    for first, second in combinations(short, 2):
        proposed += _shared_affixes(first, second)
    return [p for p in dict.fromkeys(proposed) if not matches_any_of(content, [p])]


def matches_any(text: str, patterns: Iterable[str]) -> bool:
    """True when any pattern (case-insensitive) is found in ``text``."""
    return any(re.search(pattern, text, re.IGNORECASE) for pattern in patterns)


def matches_any_of(texts: Iterable[str], patterns: Sequence[str]) -> bool:
    """True when any pattern is found in any of ``texts``."""
    return any(matches_any(text, patterns) for text in texts)


def _label(text: str) -> str | None:
    """The label of a ``Label : value`` text (at most three words, not a number)."""
    found = _LABEL.match(text)
    if found is None or not any(c.isalpha() for c in found.group(1)):
        return None
    return found.group(1) if found.end() < len(text) else None


def _shared_affixes(first: Sequence[str], second: Sequence[str]) -> list[str]:
    """Patterns of the prefixes and suffixes that a text of ``first`` and a different text of
    ``second`` share (whole words, at least :data:`MIN_AFFIX_CHARS` with letters)."""
    patterns = []
    for one in first:
        for two in second:
            if one == two:
                continue
            prefix = _shared_prefix(one, two)
            if prefix:
                patterns.append(f"^{re.escape(prefix)}")
            suffix = _shared_prefix(one[::-1], two[::-1])
            if suffix:
                patterns.append(f"{re.escape(suffix[::-1])}$")
    return patterns


def _shared_prefix(one: str, two: str) -> str | None:
    """The words both texts start with, or None when too short to tell a page element."""
    size = 0
    for a, b in zip(one, two, strict=False):
        if a != b:
            break
        size += 1
    # Back to a word boundary in both texts.
    while size and not all(len(t) == size or not t[size].isalnum() for t in (one, two)):
        size -= 1
    common = one[:size].strip()
    if len(common) < MIN_AFFIX_CHARS or sum(c.isalpha() for c in common) < 4:
        return None
    return one[:size]
