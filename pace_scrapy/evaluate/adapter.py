"""Our extracted items as :class:`~pace_scrapy.evaluate.prediction.Prediction` for scoring."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from pace_scrapy.evaluate.prediction import PredictedImage, Prediction
from pace_scrapy.items import TEXT_KEYS, value_texts

# Item fields that are not attributes: the body and its renderings, media, navigation, provenance.
NOT_ATTRIBUTES = frozenset(
    {
        *("url", "canonicalUrl", "metadata", "articleBody", "articleBodyHtml"),
        *("articleBodyMarkdown", "tables", "images", "mainImage", "breadcrumbs"),
    }
)
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")


def item_prediction(item: BaseModel | Mapping[str, Any]) -> Prediction:
    """The prediction of an item (a model of :mod:`pace_scrapy.items` or its JSON dict).

    body: ``articleBody`` split on blank lines; title: ``headline``, else ``name``;
    description: ``description``; authors:
    their names; images: ``images`` (else ``mainImage``) as ``{src: url, caption}``; tables:
    header rows then rows of each table; attributes: every other field flattened to strings
    (``brand`` / authors by name, ``gtin`` by value, nested objects as ``parent.child``).
    """
    data = item.model_dump(mode="json", exclude_none=True) if isinstance(item, BaseModel) else item
    body = data.get("articleBody")
    images = data.get("images") or ([data["mainImage"]] if data.get("mainImage") else [])
    return Prediction(
        body=body_paragraphs(body) if isinstance(body, str) else None,
        title=data.get("headline") or data.get("name") or None,
        description=data.get("description") or None,
        authors=[name for author in data.get("authors", ()) for name in value_texts(author)],
        date_published=data.get("datePublished") or None,
        images=[
            PredictedImage(src=image["url"], caption=image.get("caption"))
            for image in images
            if image.get("url")
        ],
        tables=[
            [list(row) for row in [*table.get("headerRows", ()), *table.get("rows", ())]]
            for table in data.get("tables", ())
        ],
        attributes={
            name: values
            for key, value in data.items()
            if key not in NOT_ATTRIBUTES
            for name, values in flatten_named(key, value).items()
        },
    )


def body_paragraphs(text: str) -> list[str]:
    """The non-blank paragraphs of a text whose paragraphs are separated by blank lines."""
    return [p.strip() for p in _BLANK_LINE.split(text) if p.strip()]


def flatten_named(name: str, value: Any) -> dict[str, list[str]]:
    """``{name: texts}`` of one field; an object without ``name`` / ``value`` (an aggregate
    rating) gives one entry per key path instead (``aggregateRating.ratingValue``)."""
    if isinstance(value, Mapping) and not set(TEXT_KEYS) & value.keys():
        nested: dict[str, list[str]] = {}
        for key, child in value.items():
            nested |= flatten_named(f"{name}.{key}", child)
        return nested
    texts = value_texts(value)
    return {name: texts} if texts else {}
