"""The common output shape every extractor (ours and the baselines) is converted to for scoring."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class PredictedImage(BaseModel):
    """An extracted image: its URL (absolute, or relative to the page URL) and caption."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    src: str
    caption: str | None = None


class Prediction(BaseModel):
    """What an extractor produced for one page; ``None`` / empty means nothing was extracted.

    ``body`` is the main text as paragraphs in reading order (headings as their own items);
    ``tables`` are lists of rows of cell texts with row/column spans expanded;
    ``attributes`` maps an attribute name (``price``, ``sku``, ``isbn_13``...) to its values.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    body: list[str] | None = None
    title: str | None = None
    description: str | None = None
    authors: list[str] = Field(default_factory=list)
    date_published: str | None = None
    images: list[PredictedImage] = Field(default_factory=list)
    tables: list[list[list[str]]] = Field(default_factory=list)
    attributes: dict[str, list[str]] = Field(default_factory=dict)
