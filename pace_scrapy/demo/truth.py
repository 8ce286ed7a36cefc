"""Ground-truth models: what a correct extractor yields for each demo page."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

GOLD_DATASET = "demo"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ImageTruth(_Frozen):
    """An article image: absolute ``src`` of the largest candidate, caption without credit."""

    src: str
    caption: str | None
    credit: str | None


class TableTruth(_Frozen):
    """A table: caption and the expanded grid (spanning cells repeated)."""

    caption: str | None
    rows: list[list[str]]


class ArticleTruth(_Frozen):
    """Expected extraction of an article page.

    ``body`` is the visible main text in reading order: one item per paragraph, h2/h3
    heading, list item, blockquote paragraph, code block and table row (cells of the
    expanded grid joined by " | "), whitespace-normalised; no standfirst, captions,
    ads, newsletter, related-story, share or comment text.
    """

    url: str
    headline: str
    authors: list[str]
    date_published: str
    date_modified: str | None
    description: str
    section: str
    body: list[str]
    images: list[ImageTruth]
    tables: list[TableTruth]
    requires_js: bool

    def to_gold(self, site: str = GOLD_DATASET) -> dict[str, Any]:
        """This page's truth in the benchmark gold JSON format (kind "article")."""
        return {
            "dataset": GOLD_DATASET,
            "site": site,
            "kind": "article",
            "url": self.url,
            "source": self.url,
            "title": self.headline,
            "authors": list(self.authors),
            "date_published": self.date_published,
            "body": list(self.body),
            "images": [{"src": image.src, "caption": image.caption} for image in self.images],
        }


class RatingTruth(_Frozen):
    ratingValue: float
    reviewCount: int


class CrumbTruth(_Frozen):
    name: str
    url: str


class ProductTruth(_Frozen):
    """Expected extraction of a product page (prices as plain decimals, e.g. "12.99").

    ``breadcrumbs`` lists the linked trail (Home, Shop, category), not the product itself.
    """

    url: str
    name: str
    price: str
    currency: str
    regularPrice: str | None
    sku: str
    mpn: str
    gtin: str
    brand: str
    availability: str  # a schema.org ItemAvailability name, as zyte-common-items: "InStock"
    mainImage: str
    images: list[str]
    description: str
    aggregateRating: RatingTruth | None
    breadcrumbs: list[CrumbTruth]

    def to_gold(self, site: str = GOLD_DATASET) -> dict[str, Any]:
        """This page's truth in the benchmark gold JSON format (kind "product")."""
        attributes = {
            "name": [self.name],
            "price": [self.price],
            "currency": [self.currency],
            "sku": [self.sku],
            "mpn": [self.mpn],
            "gtin": [self.gtin],
            "brand": [self.brand],
            "availability": [self.availability],
            "mainImage": [self.mainImage],
        }
        if self.regularPrice is not None:
            attributes["regularPrice"] = [self.regularPrice]
        if self.aggregateRating is not None:
            attributes["ratingValue"] = [str(self.aggregateRating.ratingValue)]
            attributes["reviewCount"] = [str(self.aggregateRating.reviewCount)]
        return {
            "dataset": GOLD_DATASET,
            "site": site,
            "kind": "product",
            "url": self.url,
            "source": self.url,
            "title": self.name,
            "body": [self.description],
            "images": [{"src": src, "caption": None} for src in self.images],
            "attributes": attributes,
        }
