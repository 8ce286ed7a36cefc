"""Field kinds: how a field's found values become its output value, and plausibility checks.

A value that fails its kind's check (an unparsable date, a 2 000-character headline, a price
with no digits) is rejected with a reason, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache
from typing import Any
from urllib.parse import urljoin, urlsplit

from pace_scrapy.config.fields import STANDARD_KINDS
from pace_scrapy.extract.rules import Link, Value
from pace_scrapy.extract.values import (
    gtin_type,
    isbn10_to_gtin13,
    parse_availability,
    parse_currency,
    parse_date,
    parse_number,
    parse_price,
)
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import name_key
from pace_scrapy.page.text import normalize_space

MAX_LENGTHS = {"headline": 400, "name": 400, "description": 5000, "people": 120}
MAX_TEXT = 50_000
MAX_DATE_TEXT = 100
LIST_KINDS = frozenset({"texts", "people", "images", "links", "gtin"})

_IDENTIFIER = re.compile(r"^[\w][\w.\-/#]{0,63}$")
_LANGUAGE = re.compile(r"^[a-zA-Z]{2,3}(?:[-_][a-zA-Z0-9]{2,8})*$")
_HAS_LETTER = re.compile(r"[^\W\d_]")
_EMAIL = re.compile(r"[^\s@]+@[^\s@]+\.\w+")
# One word that is a URL or a path (``<link rel="author" href="../about.html">``), not a name
# ("AP/Reuters" and "ndr.de" are names).
_LINK = re.compile(
    r"^(?:\.{0,2}/\S*|[a-z][a-z0-9+.-]*://\S+|www\.\S+|\S+\.(?:html?|php|aspx?|jsp)(?:[?#]\S*)?)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Context:
    """What finalising a value may need from the page (``page``: for its site's names, read
    only when an author's name is checked)."""

    base_url: str
    today: date | None
    max_length: int
    page: Page | None = None

    @property
    def site_names(self) -> frozenset[str]:
        """The name keys of the page's site (:attr:`~pace_scrapy.page.model.Page.site_names`)."""
        return self.page.site_names if self.page is not None else frozenset()


def page_context(page: Page, max_length: int, today: date | None = None) -> Context:
    """The context of a page's values (``today``: the page's capture date by default)."""
    return Context(page.base_url, today or page.fetched, max_length, page)


class Rejected(ValueError):
    """A value that fails its kind's plausibility check."""


def field_kind(name: str, declared: str | None) -> str:
    """A field's kind: the one its config declares, else the standard one for its name."""
    return declared or STANDARD_KINDS.get(name, "text")


def max_length(name: str, kind: str, declared: int | None) -> int:
    """The longest plausible text for a field."""
    return declared or MAX_LENGTHS.get(name) or MAX_LENGTHS.get(kind) or MAX_TEXT


def finalize(kind: str, values: Sequence[Value], ctx: Context) -> Any:
    """The output value for ``values`` found for a field of ``kind``.

    List kinds keep every plausible value (de-duplicated, in order); single kinds take the
    first value (several text values are joined). Raises :class:`Rejected` with the reason when
    nothing plausible is left.
    """
    if kind == "text" and len(values) > 1:
        values = [" ".join(str(v) for v in values if isinstance(v, str))]
    converter = _CONVERTERS[kind]
    results: list[Any] = []
    reasons: list[str] = []
    for value in values:
        try:
            result = converter(value, ctx)
        except Rejected as exc:
            reasons.append(str(exc))
            continue
        if result not in results:
            results.append(result)
        if kind not in LIST_KINDS:
            return result
    if not results:
        raise Rejected(reasons[0] if reasons else "no value")
    return results


def _text(value: Value, ctx: Context) -> str:
    text = normalize_space(_as_text(value))
    if not text:
        raise Rejected("empty text")
    if len(text) > ctx.max_length:
        raise Rejected(f"text of {len(text)} characters is longer than {ctx.max_length}")
    return text


def _person(value: Value, ctx: Context) -> dict[str, str]:
    name = _text(value, replace(ctx, max_length=MAX_LENGTHS["people"]))
    if not _HAS_LETTER.search(name):
        raise Rejected(f"author name {name!r} has no letter")
    if _EMAIL.fullmatch(name):
        raise Rejected(f"author name {name!r} is an e-mail address")
    if _LINK.match(name):
        raise Rejected(f"author name {name!r} is a link")
    if name_key(name) in ctx.site_names:
        raise Rejected(f"author name {name!r} is the site's name")
    return {"name": name}


def _date(value: Value, ctx: Context) -> str:
    text = _as_text(value)
    # A date is short and has digits: anything else is refused before the (slow) parsers.
    plausible = len(text) <= MAX_DATE_TEXT and any(ch.isdigit() for ch in text)
    parsed = _parse_date_cached(text.strip(), ctx.today) if plausible else None
    if parsed is None:
        raise Rejected(f"unparsable or implausible date {text[:80]!r}")
    return parsed


@lru_cache(maxsize=8192)
def _parse_date_cached(text: str, today: date | None) -> str | None:
    """Dates repeat across a page's fields and a learner's candidate rules: parse each once."""
    return parse_date(text, today=today)


def _url(value: Value, ctx: Context) -> str:
    raw = value.url if isinstance(value, Link) else value
    url = urljoin(ctx.base_url, (raw or "").strip())
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise Rejected(f"not an http(s) URL: {url[:120]!r}")
    return url


def _image(value: Value, ctx: Context) -> dict[str, str]:
    return {"url": _url(value, ctx)}


def _link(value: Value, ctx: Context) -> dict[str, str]:
    link = value if isinstance(value, Link) else Link(_as_text(value), None)
    out = {}
    if link.name:
        out["name"] = normalize_space(link.name)
    if link.url:
        out["url"] = _url(link.url, ctx)
    if not out:
        raise Rejected("empty link")
    return out


def _price(value: Value, ctx: Context) -> str:
    text = _as_text(value)
    amount = parse_price(text)
    if amount is None:
        raise Rejected(f"no price in {text[:80]!r}")
    return amount


def _currency(value: Value, ctx: Context) -> str:
    text = _as_text(value).strip()
    code = text if re.fullmatch("[A-Z]{3}", text) else parse_currency(text)
    if code is None:
        raise Rejected(f"no currency in {text[:80]!r}")
    return code


def _identifier(value: Value, ctx: Context) -> str:
    text = normalize_space(_as_text(value))
    if not _IDENTIFIER.match(text):
        raise Rejected(f"implausible identifier {text[:80]!r}")
    return text


def _gtin(value: Value, ctx: Context) -> dict[str, str]:
    """A GTIN with a valid check digit; an ISBN-10 becomes its GTIN-13 (ISBN-13)."""
    digits = re.sub(r"[\s-]", "", _as_text(value))
    digits = isbn10_to_gtin13(digits) or digits
    kind = gtin_type(digits)
    if kind is None:
        raise Rejected(f"invalid GTIN (length or check digit) {digits[:40]!r}")
    return {"type": kind, "value": digits}


def _availability(value: Value, ctx: Context) -> str:
    text = _as_text(value)
    found = parse_availability(text)
    if found is None:
        raise Rejected(f"unknown availability {text[:80]!r}")
    return found


def _number(value: Value, ctx: Context) -> float:
    text = _as_text(value)
    number = parse_number(text)
    if number is None:
        raise Rejected(f"no number in {text[:80]!r}")
    return number


def _brand(value: Value, ctx: Context) -> dict[str, str]:
    name = _text(value, ctx)
    if name.endswith(":"):
        raise Rejected(f"brand {name[:80]!r} is a label")
    return {"name": name}


def _language(value: Value, ctx: Context) -> str:
    text = _as_text(value).strip()
    if not _LANGUAGE.match(text):
        raise Rejected(f"not a language code {text[:40]!r}")
    return text.replace("_", "-")


def _as_text(value: Value) -> str:
    return (value.name or "") if isinstance(value, Link) else value


_CONVERTERS: dict[str, Callable[[Value, Context], Any]] = {
    "text": _text,
    "texts": _text,
    "people": _person,
    "date": _date,
    "url": _url,
    "image": _image,
    "images": _image,
    "links": _link,
    "price": _price,
    "currency": _currency,
    "identifier": _identifier,
    "gtin": _gtin,
    "availability": _availability,
    "number": _number,
    "brand": _brand,
    "language": _language,
}
