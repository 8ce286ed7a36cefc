"""The standard output fields (zyte-common-items' Article and Product names) and their kinds."""

from __future__ import annotations

STANDARD_KINDS = {
    "headline": "text",
    "name": "text",
    "description": "text",
    "authors": "people",
    "datePublished": "date",
    "dateModified": "date",
    "canonicalUrl": "url",
    "inLanguage": "language",
    "mainImage": "image",
    "images": "images",
    "breadcrumbs": "links",
    "price": "price",
    "regularPrice": "price",
    "currency": "currency",
    "sku": "identifier",
    "mpn": "identifier",
    "gtin": "gtin",
    "brand": "brand",
    "availability": "availability",
    "aggregateRating.ratingValue": "number",
    "aggregateRating.bestRating": "number",
    "aggregateRating.reviewCount": "number",
}
# Filled by the extractor itself, never by a field rule.
RESERVED_FIELDS = frozenset(
    {"url", "metadata", "articleBody", "articleBodyHtml", "articleBodyMarkdown", "tables"}
)
