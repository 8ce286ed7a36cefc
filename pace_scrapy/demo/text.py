"""Sentence, paragraph and headline generation from the word lists."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable

from pace_scrapy.demo import words as w

_FOLD = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "ß": "ss", "æ": "ae", "ı": "i"})


def cap(text: str) -> str:
    """Upper-case the first character only."""
    return text[:1].upper() + text[1:]


def slugify(text: str, max_words: int = 9) -> str:
    """ASCII URL slug of ``text`` (accents folded, punctuation dropped)."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    ascii_text = folded.encode("ascii", "ignore").decode("ascii").lower()
    parts = re.findall(r"[a-z0-9]+", ascii_text)
    return "-".join(parts[:max_words])


def normalize_ws(text: str) -> str:
    """Collapse every run of whitespace (including no-break spaces) to one space."""
    return " ".join(text.split())


class Writer:
    """Generates prose for one section from a deterministic random stream."""

    def __init__(self, rng: random.Random, section_vocab: str) -> None:
        self.rng = rng
        self.vocab = w.VOCABS[section_vocab]
        self._seen: set[str] = set()

    def person(self) -> str:
        """A full name (accents likely)."""
        return f"{self.rng.choice(w.FIRST_NAMES)} {self.rng.choice(w.LAST_NAMES)}"

    def _fill(self, template: str) -> str:
        return template.format_map(_Slots(self))

    def sentence(self) -> str:
        """One sentence; repeats within the same writer are avoided."""
        for _ in range(8):
            text = cap(self._fill(self.rng.choice(_SENTENCES)))
            if text not in self._seen:
                break
        self._seen.add(text)
        return text

    def paragraph(self, low: int = 1, high: int = 4) -> str:
        """A paragraph of ``low``..``high`` sentences."""
        return " ".join(self.sentence() for _ in range(self.rng.randint(low, high)))

    def headline(self) -> str:
        """A news headline (sentence case)."""
        return cap(self._fill(self.rng.choice(_HEADLINES)))

    def standfirst(self) -> str:
        """A one-sentence summary under the headline."""
        return cap(self._fill(self.rng.choice(_STANDFIRSTS)))

    def subheading(self) -> str:
        """A short subheading."""
        return cap(self._fill(self.rng.choice(w.SUBHEADINGS)))

    def caption(self) -> str:
        """A photo caption (without credit)."""
        return cap(self._fill("{actor} {past} {thing} in {place} on {weekday}."))

    def credit(self) -> str:
        """A photo credit such as ``Photo: Ana Muñoz/Northlight``."""
        kind = self.rng.choice(("Photo", "Photograph", "Illustration"))
        return f"{kind}: {self.person()}/{self.rng.choice(w.AGENCIES)}"

    def list_item(self) -> str:
        """A short bullet point."""
        return cap(self._fill(self.rng.choice(_LIST_ITEMS)))

    def quote(self) -> str:
        """A quotation paragraph for a blockquote."""
        return cap(self._fill("“{quote2}. {quote3}.”"))


class _Slots(dict[str, str]):
    """Template slot values, drawn lazily so that only used slots consume randomness."""

    def __init__(self, writer: Writer) -> None:
        super().__init__()
        self.writer = writer

    def __missing__(self, key: str) -> str:
        rng, v = self.writer.rng, self.writer.vocab
        if key in ("base", "past"):
            self["base"], self["past"] = rng.choice(v.acts)
            return self[key]
        value: str
        if key == "role":
            value = rng.choice(w.ROLES).format_map(self)
        elif key == "person":
            value = self.writer.person()
        elif key in _CHOICES:
            value = rng.choice(_CHOICES[key](v))
        elif key in ("quote2", "quote3"):
            value = cap(rng.choice(w.QUOTES))
        elif key == "pct":
            value = f"{rng.randint(1, 19)}.{rng.randint(0, 9)}"
        elif key == "num":
            value = f"{rng.randint(12, 990):,}"
        elif key == "year":
            value = str(rng.randint(1992, 2019))
        else:
            raise KeyError(f"unknown template slot {key!r}")
        self[key] = value
        return value


_CHOICES: dict[str, Callable[[w.Vocab], tuple[str, ...]]] = {
    "actor": lambda v: v.actors,
    "thing": lambda v: v.things,
    "issue": lambda v: v.issues,
    "metric": lambda v: v.metrics,
    "place": lambda v: w.PLACES,
    "place2": lambda v: w.PLACES,
    "org": lambda v: w.ORGS,
    "detail": lambda v: w.DETAILS,
    "aside": lambda v: w.ASIDES,
    "weekday": lambda v: w.WEEKDAYS,
    "month": lambda v: w.MONTHS,
    "ordinal": lambda v: w.ORDINALS,
    "quote": lambda v: w.QUOTES,
    "last": lambda v: w.LAST_NAMES,
    "moved": lambda v: ("rose", "fell", "climbed", "slipped"),
}
_HEADLINES = (
    "{actor} to {base} {thing}",
    "{actor} {past} {thing} in {place}",
    "‘{quote2}’: {actor} {past} {thing}",
    "what {thing} means for {issue}",
    "{metric} {moved} {pct}% as {actor} {past} {thing}",
    "in {place}, {actor} {past} {thing} — {aside}",
)
_STANDFIRSTS = (
    "The decision, {aside}, comes as {issue} dominates the debate in {place}.",
    "{actor} {past} {thing}, {detail}, raising questions about {issue}.",
    "Figures show {metric} {moved} {pct} per cent in {month} — but the picture is mixed.",
)
_SENTENCES = (
    "{actor} {past} {thing} on {weekday}, {detail}.",
    "“{quote2},” said {person}, {role}.",
    "{person}, {role}, described the decision as “{quote}”.",
    "Figures published on {weekday} showed {metric} {moved} {pct} per cent in {month}, "
    "the sharpest change since {year}.",
    "In {place}, {actor} {past} {thing} — {aside}.",
    "Critics argue that {thing} does little to address {issue}.",
    "It was the {ordinal} time this year that {actor} {past} {thing}.",
    "{actor} did not respond to a request for comment.",
    "Will it be enough to tackle {issue}? Not everyone is convinced.",
    "The plan covers roughly {num}\u00a0km², stretching from {place} to {place2}.",
    "“{quote2},” {last} told reporters. “{quote3}.”",
    "Some {num} people gathered in {place} on {weekday}, organisers said.",
    "The debate over {issue} is not new; what has changed is its urgency.",
    "{last} (who declined to give further details) said talks would resume in {month}.",
    "Analysts had expected {metric} to change by about {pct}%, according to {org}.",
    "Back in {year}, few in {place} paid attention to {issue}.",
)
_LIST_ITEMS = (
    "{actor} {past} {thing}.",
    "{metric}: {moved} {pct}% since {month}.",
    "A review by {org} is due in {month}.",
    "Talks in {place} resume on {weekday}.",
)
