"""Output items: zyte-common-items' Article and Product field names, plus ours.

Items are pydantic models whose values are plain JSON types (URLs are ``str``, never ``HttpUrl``),
so ``item.model_dump(mode="json", exclude_none=True)`` is what reaches Scrapy's feed exports.
Fields a config defines beyond these appear under their own names (``extra="allow"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Author(_Part):
    name: str


class Image(_Part):
    url: str
    caption: str | None = None
    credit: str | None = None
    alt: str | None = None


class Breadcrumb(_Part):
    name: str | None = None
    url: str | None = None


class Table(_Part):
    """A table as a full grid: rowspan/colspan cells repeated in every slot they cover."""

    caption: str | None = None
    headerRows: list[list[str]] = Field(default_factory=list)
    rows: list[list[str]] = Field(default_factory=list)


class Brand(_Part):
    name: str


class Gtin(_Part):
    type: str
    value: str


class AggregateRating(_Part):
    ratingValue: float | None = None
    bestRating: float | None = None
    reviewCount: int | None = None


class FieldSource(_Part):
    """Where a field's value came from: a config rule (by index) or a fallback."""

    source: Literal["rule", "fallback"]
    rule: int | None = None
    detail: str | None = None
    confidence: float = Field(ge=0.0, le=1.0)


class Metadata(_Part):
    """Provenance of an item: config, version, per-field sources, and what was rejected.

    ``renderFailed`` is True when the page was to be rendered in a browser but rendering
    failed, so the item comes from the plain (non-rendered) page; absent otherwise.
    """

    dateDownloaded: str | None = None
    probability: float = Field(default=0.0, ge=0.0, le=1.0)
    config: str | None = None
    configVersion: int | None = None
    pageType: str = "article"
    fallbackUsed: bool = False
    fields: dict[str, FieldSource] = Field(default_factory=dict)
    rejected: dict[str, str] = Field(default_factory=dict)
    renderFailed: bool | None = None


class _Item(BaseModel):
    model_config = ConfigDict(extra="allow")

    url: str
    canonicalUrl: str | None = None
    mainImage: Image | None = None
    images: list[Image] = Field(default_factory=list)
    breadcrumbs: list[Breadcrumb] = Field(default_factory=list)
    description: str | None = None
    metadata: Metadata = Field(default_factory=Metadata)


class Article(_Item):
    """An article (zyte-common-items ``Article`` names, plus Markdown and tables)."""

    headline: str | None = None
    authors: list[Author] = Field(default_factory=list)
    datePublished: str | None = None
    dateModified: str | None = None
    inLanguage: str | None = None
    articleBody: str | None = None
    articleBodyHtml: str | None = None
    articleBodyMarkdown: str | None = None
    tables: list[Table] = Field(default_factory=list)


class Product(_Item):
    """A product (zyte-common-items ``Product`` names)."""

    name: str | None = None
    price: str | None = None
    currency: str | None = None
    regularPrice: str | None = None
    sku: str | None = None
    mpn: str | None = None
    gtin: list[Gtin] = Field(default_factory=list)
    brand: Brand | None = None
    availability: str | None = None
    aggregateRating: AggregateRating | None = None


class Item(_Item):
    """A page of a custom type: only the fields its config defines."""


ITEM_TYPES: dict[str, type[_Item]] = {"article": Article, "product": Product}


def item_type(page_type: str) -> type[_Item]:
    """The item class for a config's ``page_type`` (custom types give :class:`Item`)."""
    return ITEM_TYPES.get(page_type, Item)


# The key an object value is read by, first found: authors and brands by name, identifiers by
# value, images by url.
TEXT_KEYS = ("name", "value", "url")


def value_texts(value: Any) -> list[str]:
    """The texts of an item field value (as the item dumps it): lists flattened, objects by
    their first :data:`TEXT_KEYS` key (other objects by all their values), booleans as
    ``true`` / ``false``, blank texts left out."""
    if isinstance(value, list):
        return [text for item in value for text in value_texts(item)]
    if isinstance(value, Mapping):
        key = next((k for k in TEXT_KEYS if k in value), None)
        return value_texts(value[key] if key else list(value.values()))
    if value is None:
        return []
    text = str(value).lower() if isinstance(value, bool) else str(value).strip()
    return [text] if text else []
