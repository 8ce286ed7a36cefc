"""A structured-data-only baseline for product attributes (JSON-LD, microdata, OpenGraph)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import extruct

from pace_scrapy.evaluate.prediction import Prediction

PRODUCT_TYPES = frozenset({"Product", "ProductModel", "ProductGroup", "IndividualProduct"})
# attribute -> schema.org properties of the Product, first one with a value wins
PRODUCT_PROPERTIES = {
    "name": ("name",),
    "brand": ("brand",),
    "sku": ("sku",),
    "mpn": ("mpn",),
    "gtin": ("gtin", "gtin13", "gtin12", "gtin14", "gtin8"),
}
# attribute -> properties of the Product's (first) Offer
OFFER_PROPERTIES = {
    "price": ("price", "lowPrice"),
    "currency": ("priceCurrency",),
    "availability": ("availability",),
}
# attribute -> OpenGraph properties, used for attributes the schema.org product lacks
OPENGRAPH_PROPERTIES = {
    "name": ("og:title",),
    "brand": ("product:brand", "og:brand"),
    "sku": ("product:retailer_item_id",),
    "price": ("product:price:amount", "og:price:amount"),
    "currency": ("product:price:currency", "og:price:currency"),
    "availability": ("product:availability", "og:availability"),
}


def extruct_product_baseline(html: str, url: str | None = None) -> Prediction:
    """Product attributes from the page's structured data only (no body or metadata).

    The first schema.org Product (JSON-LD, including ``@graph`` and nested objects, then
    microdata) gives name, brand, sku, mpn, gtin and, from its first offer, price, currency
    and availability; an OpenGraph ``product`` object fills what is still missing. Values are
    kept as written (``https://schema.org/InStock``, ``14.99``); malformed markup is logged by
    extruct and skipped.
    """
    data = extruct.extract(
        html,
        base_url=url,
        syntaxes=["json-ld", "microdata", "opengraph"],
        uniform=True,
        errors="log",
    )
    attributes: dict[str, list[str]] = {}
    product = next(_products([*data["json-ld"], *data["microdata"]]), None)
    if product is not None:
        _fill(attributes, product, PRODUCT_PROPERTIES)
        offer = next(_dicts(product.get("offers")), None)
        if offer is not None:
            _fill(attributes, offer, OFFER_PROPERTIES)
    for graph in data["opengraph"]:
        if "product" in str(graph.get("@type", "")):
            _fill(attributes, graph, OPENGRAPH_PROPERTIES)
    return Prediction(attributes=attributes)


def _fill(
    attributes: dict[str, list[str]],
    source: Mapping[str, Any],
    properties: Mapping[str, tuple[str, ...]],
) -> None:
    """Set each attribute not yet set from the first of its properties that has a value."""
    for attribute, names in properties.items():
        found = next((v for name in names if (v := _texts(source.get(name)))), None)
        if found and attribute not in attributes:
            attributes[attribute] = found


def _texts(value: Any) -> list[str]:
    """Text values of a property: lists flattened, objects (a Brand) by their ``name``."""
    if isinstance(value, list):
        return [text for item in value for text in _texts(item)]
    if isinstance(value, dict):
        return _texts(value.get("name"))
    if value is None or isinstance(value, bool):
        return []
    text = " ".join(str(value).split())
    return [text] if text else []


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    """The objects in a property value (one object or a list)."""
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, dict):
            yield item


def _products(nodes: list[Any]) -> Iterator[dict[str, Any]]:
    """Product objects in document order, searching nested objects and lists depth-first."""
    for node in nodes:
        if isinstance(node, list):
            yield from _products(node)
        elif isinstance(node, dict):
            types = node.get("@type", [])
            names = {
                str(t).rsplit("/", 1)[-1] for t in (types if isinstance(types, list) else [types])
            }
            if names & PRODUCT_TYPES:
                yield node
            else:
                yield from _products(list(node.values()))
