"""Exclusion text patterns: the non-content texts left inside a body container.

Each short one becomes an exact-text pattern; a long one that several pages repeat word for
word, a pattern of its opening. Texts that change from page to page (``Posted :
Thu, 10 Jan 2008``, ``US World News | Home``) also give patterns that hold on pages the
learner never saw: the label before a colon (``^Posted\\ *:``), a prefix or suffix two texts
of different training pages share (``News\\ \\|\\ Home$``), and the shape several texts share
but for their numbers (``^\\d+:\\d+$`` for the times of a live blog's posts). No pattern may
match a text that is content on any training page (precision first).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from difflib import SequenceMatcher
from itertools import combinations

from pace_scrapy.config.selectors import compile_regex

MAX_TEXT_PATTERN = 120
MAX_TEXT_PATTERNS = 50
MAX_AFFIX_TEXTS = 50
# A label is a few words before a colon: "Posted :", "Author:", "Filed under:".
_LABEL = re.compile(r"^(\w[\w'’.-]*(?: [\w'’.-]+){0,2}) ?:")
_DIGITS = re.compile(r"[0-9]+")
# The fewest characters a shared prefix or suffix must have (whole words, some letters).
MIN_AFFIX_CHARS = 8


def text_patterns(texts: Sequence[Sequence[str]], content: Collection[str]) -> list[str]:
    """Patterns for the non-content ``texts`` of each training page, none matching a text of
    ``content`` (the labelled content texts of all training pages).

    At most :data:`MAX_TEXT_PATTERNS` exact texts (those on the most pages) and as many other
    patterns are tried, and pages compare their first :data:`MAX_AFFIX_TEXTS` texts for
    shared affixes: a page of thousands of captions gives a short config, and quickly."""
    short = [[t for t in dict.fromkeys(page) if t and len(t) <= MAX_TEXT_PATTERN] for page in texts]
    exact = {f"^{re.escape(t)}$": t for t in _most_shown(short, content)}
    proposed: list[str] = []
    for page in short:
        proposed += (rf"^{re.escape(label)} ?:" for label in map(_label, page) if label)
    for first, second in combinations(short, 2):
        proposed += _shared_affixes(first[:MAX_AFFIX_TEXTS], second[:MAX_AFFIX_TEXTS])
    proposed += _shared_shapes([t for page in short for t in page if t not in content])
    proposed += _repeated_openings(texts)
    general_proposed = [p for p in dict.fromkeys(proposed) if p not in exact]
    tried = [*exact, *general_proposed[:MAX_TEXT_PATTERNS]]
    safe = [p for p in tried if not matches_any_of(content, [p])]
    general = [p for p in safe if p not in exact]
    # An exact text that a general pattern matches anyway would only lengthen the config.
    return [p for p in safe if p not in exact or not matches_any(exact[p], general)]


def _most_shown(texts: Sequence[Sequence[str]], content: Collection[str]) -> list[str]:
    """The non-content texts, in page order, at most :data:`MAX_TEXT_PATTERNS` of them: those
    on the most pages."""
    pages = Counter(t for page in texts for t in page)
    shown = [t for t in dict.fromkeys(t for page in texts for t in page) if t not in content]
    if len(shown) <= MAX_TEXT_PATTERNS:
        return shown
    kept = set(sorted(shown, key=lambda t: -pages[t])[:MAX_TEXT_PATTERNS])
    return [t for t in shown if t in kept]


def matches_any(text: str, patterns: Iterable[str]) -> bool:
    """True when any pattern is found in ``text``, compiled as the extractor compiles
    ``exclude_text`` (case-insensitive)."""
    return any(compile_regex(pattern).search(text) for pattern in patterns)


def matches_any_of(texts: Iterable[str], patterns: Sequence[str]) -> bool:
    """True when any pattern is found in any of ``texts``."""
    return any(matches_any(text, patterns) for text in texts)


def _label(text: str) -> str | None:
    """The label of a ``Label : value`` text (at most three words, not a number)."""
    found = _LABEL.match(text)
    if found is None or not any(c.isalpha() for c in found.group(1)):
        return None
    return found.group(1) if found.end() < len(text) else None


def _repeated_openings(texts: Sequence[Sequence[str]]) -> list[str]:
    """Patterns of the openings (:data:`MAX_TEXT_PATTERN` characters, whole words) of the texts
    too long for an exact pattern that several training pages repeat word for word: comment
    rules, a disclaimer under every post."""
    pages = Counter(t for page in texts for t in set(page) if len(t) > MAX_TEXT_PATTERN)
    return [f"^{re.escape(_opening(text))}" for text, count in pages.items() if count > 1]


def _opening(text: str) -> str:
    """The text's first :data:`MAX_TEXT_PATTERN` characters, back to the end of a word."""
    cut = text[: MAX_TEXT_PATTERN + 1]
    end = len(cut) - 1
    while end > 0 and cut[end].isalnum() and cut[end - 1].isalnum():
        end -= 1
    return cut[:end].rstrip() or cut[:MAX_TEXT_PATTERN]


def _shared_shapes(texts: Sequence[str]) -> list[str]:
    """Patterns of the shapes (any number for each run of digits) that several different texts
    share: the times of a live blog's posts (``19:58``, ``18:14``), page numbers."""
    shapes: dict[str, set[str]] = {}
    for text in texts:
        if any(c.isdigit() for c in text):
            shapes.setdefault(_DIGITS.sub(r"\\d+", re.escape(text)), set()).add(text)
    return [f"^{shape}$" for shape, seen in shapes.items() if len(seen) > 1]


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
            if not prefix and not suffix:
                patterns += _shared_infix(one, two)
    return patterns


def _shared_infix(one: str, two: str) -> list[str]:
    """A pattern of the words two texts share in their middle (``5 April 2013 Last updated at
    10:08 GMT``), with room around them for as much text as the two had, and half again."""
    match = SequenceMatcher(None, one, two, autojunk=False).find_longest_match()
    low, high = 0, match.size
    while low < high and not (_boundary(one, match.a + low) and _boundary(two, match.b + low)):
        low += 1
    while high > low and not (_boundary(one, match.a + high) and _boundary(two, match.b + high)):
        high -= 1
    infix = one[match.a + low : match.a + high]
    low += len(infix) - len(infix.lstrip())
    high -= len(infix) - len(infix.rstrip())
    infix = infix.strip()
    if len(infix) < MIN_AFFIX_CHARS or sum(c.isalpha() for c in infix) < 4:
        return []
    before = max(match.a + low, match.b + low)
    after = max(len(one) - match.a - high, len(two) - match.b - high)
    room = [size * 3 // 2 + 5 for size in (before, after)]
    return [rf"^.{{0,{room[0]}}}{re.escape(infix)}.{{0,{room[1]}}}$"]


def _boundary(text: str, position: int) -> bool:
    """True at the start or end of a word (or of the text)."""
    if position <= 0 or position >= len(text):
        return True
    return not (text[position - 1].isalnum() and text[position].isalnum())


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
