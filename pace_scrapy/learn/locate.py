"""Finding the DOM nodes that show a known field value, read the way the field's kind reads it.

Texts, names and identifiers are matched as words (:func:`nodes_with_text`), exact matches
first. The other kinds are matched by what a short text means: a price by its amount
(``€1,299.00`` shows ``1299.00``), a currency by a price written in it (``€5`` shows
``EUR``), an availability by its schema.org name (``Only 2 left`` shows ``InStock``), a number
by its value, an image by its source URL. Values come from users, from structured data or
from a language model, so they may be written either way (``InStock`` or ``In stock``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from urllib.parse import urljoin

from lxml.html import HtmlElement

from pace_scrapy.extract.images import image_source
from pace_scrapy.extract.rules import DEFAULT_IMAGE_ATTRIBUTES
from pace_scrapy.extract.values import (
    parse_availability,
    parse_currency,
    parse_number,
    parse_price,
)
from pace_scrapy.learn.matching import nodes_with_text, words
from pace_scrapy.page.dom import PerElement
from pace_scrapy.page.model import Page
from pace_scrapy.page.nodes import own_text
from pace_scrapy.page.text import element_text

MAX_SHOWN = 60  # characters: a price, a stock status or a rating is shown in a short text
CLIMB = 3  # ancestors looked at above an element whose own text starts a match
_CODE = re.compile(r"\b[A-Z]{3}\b")
_DECIMALS = re.compile(r"\d[.,]\d{2}(?!\d)")
_SKIPPED = frozenset({"script", "style", "noscript", "template", "head", "title"})

Reads = Callable[[str], bool]


def currency_code(value: str) -> str | None:
    """The ISO 4217 code a currency value means (``EUR``, ``€`` or ``12,00 €`` -> ``EUR``)."""
    text = value.strip()
    return text if re.fullmatch("[A-Z]{3}", text) else parse_currency(text)


def _money(text: str) -> bool:
    """True when a text is written like a price: a currency sign or code, or cents."""
    return any(unicodedata.category(c) == "Sc" for c in text) or bool(
        _CODE.search(text) or _DECIMALS.search(text)
    )


def shown_in(root: HtmlElement, seed: Reads, reads: Reads) -> list[HtmlElement]:
    """The smallest elements whose short text ``reads`` accepts, searched from the elements
    whose own text passes ``seed`` and up to :data:`CLIMB` of their ancestors (a price may
    be split over several elements: ``<b>12</b><sup>99</sup>``)."""
    found: dict[HtmlElement, None] = {}
    texts = PerElement(element_text)  # an ancestor's text is read once, not once per seed
    for element in root.iter():
        if not isinstance(element.tag, str) or element.tag in _SKIPPED:
            continue
        own = own_text(element)
        if not own or not seed(own):
            continue
        node: HtmlElement | None = element
        for _ in range(CLIMB + 1):
            if node is None or node in found:
                break
            text = texts[node]
            if len(text) > MAX_SHOWN:
                break
            if reads(text):
                found[node] = None
                break
            node = node.getparent()
    return [e for e in found if not any(d in found for d in e.iterdescendants())]


def _readers(kind: str, value: str) -> tuple[Reads, Reads] | None:
    """(seed, reads) for the kinds matched by meaning, ``None`` for the others."""
    match kind:
        case "price":
            amount = parse_price(value)
            if amount is None:
                return None
            target = Decimal(amount)

            def same_price(text: str) -> bool:
                found = parse_price(text)
                return found is not None and Decimal(found) == target and _money(text)

            return (lambda own: any(c.isdigit() for c in own)), same_price
        case "currency":
            code = currency_code(value)
            if code is None:
                return None

            def priced_in(text: str) -> bool:
                return any(c.isdigit() for c in text) and parse_currency(text) == code

            return _money, priced_in
        case "availability":
            meaning = parse_availability(value)
            if meaning is None:
                return None

            def means(text: str) -> bool:
                return parse_availability(text, strict=True) == meaning

            return means, means
        case "number":
            number = parse_number(value)
            if number is None:
                return None

            def same_number(text: str) -> bool:
                return parse_number(text) == number

            return (lambda own: any(c.isdigit() for c in own)), same_number
    return None


def _image_nodes(page: Page, value: str) -> list[HtmlElement]:
    url = urljoin(page.base_url, value.strip())
    return [
        img
        for img in page.body.iter("img")
        if image_source(img, DEFAULT_IMAGE_ATTRIBUTES, page.base_url) == url
    ]


def value_nodes(page: Page, kind: str, value: str) -> list[HtmlElement]:
    """The nodes of ``page`` that show ``value`` of a field of ``kind``, in document order
    (for text kinds: the ones showing exactly the value first)."""
    if kind in ("image", "images"):
        return _image_nodes(page, value)
    readers = _readers(kind, value)
    if readers is not None:
        return shown_in(page.body, *readers)
    if kind == "gtin":
        value = re.sub(r"[\s-]", "", value)
    found = nodes_with_text(page.body, value)
    target = words(value)
    exact = [node for node in found if words(element_text(node)) == target]
    return exact + [node for node in found if node not in exact]
