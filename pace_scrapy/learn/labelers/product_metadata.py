"""Product labels from a page's own structured data, located in its DOM where it shows them.

Values come from the first schema.org product in JSON-LD (nested objects searched too), else
in microdata, then OpenGraph product tags for what is still missing (``product:price:amount``,
``og:title`` when ``og:type`` is a product...). Each value is then looked for in the page's
body the way its field's kind reads it (:func:`~pace_scrapy.learn.locate.value_nodes`), so
rules can be learnt from the DOM as well: structured data is often missing on some pages of a
shop, stale, or wrong. A value the page does not show still labels its field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pace_scrapy.extract.kinds import field_kind
from pace_scrapy.extract.rules import follow_path, shape_json
from pace_scrapy.extract.values import parse_availability
from pace_scrapy.learn.labels import FieldLabel
from pace_scrapy.learn.locate import value_nodes
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import JsonObject, jsonld_types

PRODUCT_TYPES = frozenset({"Product", "ProductModel", "ProductGroup", "IndividualProduct", "Book"})
# field -> paths in a schema.org product, the first with a value wins
PRODUCT_PATHS: dict[str, tuple[str, ...]] = {
    "name": ("name",),
    "price": ("offers.price", "offers.lowPrice", "offers.priceSpecification.price"),
    "currency": ("offers.priceCurrency", "offers.priceSpecification.priceCurrency"),
    "availability": ("offers.availability",),
    "sku": ("sku",),
    "mpn": ("mpn",),
    "gtin": ("gtin13", "gtin", "gtin12", "gtin14", "gtin8", "isbn"),
    "brand": ("brand",),
    "mainImage": ("image",),
    "aggregateRating.ratingValue": ("aggregateRating.ratingValue",),
    "aggregateRating.reviewCount": ("aggregateRating.reviewCount", "aggregateRating.ratingCount"),
}
# field -> OpenGraph / product meta keys
META_KEYS: dict[str, tuple[str, ...]] = {
    "price": ("product:price:amount", "og:price:amount"),
    "currency": ("product:price:currency", "og:price:currency"),
    "availability": ("product:availability", "og:availability"),
    "brand": ("product:brand", "og:brand"),
    "sku": ("product:retailer_item_id",),
}
# Used only on a page whose og:type says it is a product.
PRODUCT_PAGE_META_KEYS: dict[str, tuple[str, ...]] = {
    "name": ("og:title",),
    "mainImage": ("og:image",),
}
HEADINGS = frozenset({"h1", "h2", "h3"})


def product_labels(page: Page) -> dict[str, FieldLabel]:
    """Labels for the standard product fields the page's structured data gives."""
    labels: dict[str, FieldLabel] = {}
    product = next(_products(page.jsonld), None)
    source = "jsonld"
    if product is None:
        product = next(_products(page.microdata), None)
        source = "microdata"
    for name, paths in PRODUCT_PATHS.items():
        value = _first(page, product, paths, name) if product is not None else None
        if value is not None:
            labels[name] = _located(page, name, value, source)
    meta_keys = dict(META_KEYS)
    if any("product" in v for v in page.meta.get("og:type", [])):
        meta_keys |= PRODUCT_PAGE_META_KEYS
    for name, keys in meta_keys.items():
        if name in labels:
            continue
        key, value = next(
            ((k, v) for k in keys for v in page.meta.get(k, []) if v.strip()), ("", "")
        )
        if value:
            labels[name] = _located(page, name, " ".join(value.split()), f"meta:{key}")
    return labels


def _located(page: Page, name: str, value: str, source: str) -> FieldLabel:
    kind = field_kind(name, None)
    if kind == "availability":
        value = parse_availability(value) or value
    nodes = value_nodes(page, kind, value)
    if name == "name":
        nodes.sort(key=lambda node: node.tag not in HEADINGS)
    return FieldLabel([value], nodes, source)


def _first(page: Page, product: JsonObject, paths: tuple[str, ...], name: str) -> str | None:
    """The first text value at one of the paths, read as the extractor reads the field."""
    kind = field_kind(name, None)
    for path in paths:
        for found in follow_path(product, path):
            text = shape_json(found, page.base_url, kind)
            if isinstance(text, str):
                return text
    return None


def _products(objects: list[Any]) -> Iterator[JsonObject]:
    """Product objects in document order, nested ones included (``mainEntity``...)."""
    for obj in objects:
        if isinstance(obj, list):
            yield from _products(obj)
        elif isinstance(obj, dict):
            if PRODUCT_TYPES.intersection(jsonld_types(obj)):
                yield obj
            else:
                yield from _products(list(obj.values()))
