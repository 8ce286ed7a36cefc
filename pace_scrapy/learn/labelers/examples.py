"""The examples labeller: the user gives the values of a few pages; they are found in the DOM.

An examples file has one JSON object per line::

    {"page": "pages/a.html.gz", "url": "https://...", "values": {"headline": "...",
     "articleBody": ["first paragraph", "..."], "authors": ["..."], "price": "$12.99"}}

``page`` is relative to the examples file; a value is a string or a list of strings;
``articleBody`` (or ``body``) may be the whole text or its paragraphs; any other field name is
allowed and becomes a config field. Values are matched to nodes by their words, so
whitespace, entities and markup do not matter and a value split over several nodes is found in
their common ancestor; prices, currencies, availabilities and images by what they mean
(:mod:`pace_scrapy.learn.locate`: ``"price": "12.99"`` finds ``$12.99``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from pace_scrapy.config.store import describe_errors
from pace_scrapy.errors import PaceError
from pace_scrapy.extract.kinds import field_kind
from pace_scrapy.extract.values import parse_date
from pace_scrapy.learn.labelers.metadata import date_nodes
from pace_scrapy.learn.labels import FieldLabel, PageLabels
from pace_scrapy.learn.locate import value_nodes
from pace_scrapy.learn.matching import TextIndex, covered_blocks
from pace_scrapy.page.model import Page

BODY_FIELDS = ("articleBody", "body")


class Example(BaseModel):
    """One line of an examples file."""

    model_config = ConfigDict(extra="forbid")

    page: str
    url: str
    values: dict[str, str | list[str]]

    @field_validator("values")
    @classmethod
    def _names(cls, values: dict[str, str | list[str]]) -> dict[str, str | list[str]]:
        for name in values:
            if not name.replace("_", "a").isalnum() or name[0].isdigit():
                raise ValueError(f"field name {name!r} must be letters, digits and _")
        return values


@dataclass(frozen=True)
class ExampleFile:
    """The examples of a file, with their page paths resolved."""

    examples: tuple[Example, ...]
    folder: Path

    def page_path(self, example: Example) -> Path:
        """The page file of an example."""
        return self.folder / example.page


def read_examples(path: str | Path) -> ExampleFile:
    """Read an examples file; a bad line raises :class:`PaceError` naming file and line."""
    file = Path(path)
    examples = []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            examples.append(Example.model_validate(json.loads(line)))
        except json.JSONDecodeError as exc:
            raise PaceError(f"{file}:{number}: bad example: not JSON: {exc}") from exc
        except ValidationError as exc:
            raise PaceError(f"{file}:{number}: bad example: {describe_errors(exc)}") from exc
    return ExampleFile(tuple(examples), file.parent)


class ExamplesLabeler:
    """Labels pages from user-given values, keyed by page URL."""

    name = "examples"

    def __init__(self, values: Mapping[str, Mapping[str, str | list[str]]]) -> None:
        self.values = values

    def label(self, pages: Sequence[Page], page_type: str) -> list[PageLabels]:
        """One label set per page (a page without values gets none)."""
        return [label_page(page, self.values.get(page.url, {})) for page in pages]


def label_page(page: Page, values: Mapping[str, str | list[str]]) -> PageLabels:
    """The labels the given values make on a page."""
    labels = PageLabels(page)
    for name, value in values.items():
        texts = [value] if isinstance(value, str) else list(value)
        texts = [" ".join(t.split()) for t in texts if t and t.strip()]
        if not texts:
            continue
        kind = field_kind(name, None)
        if name in BODY_FIELDS:
            labels.body = frozenset(covered_blocks(page.blocks, TextIndex(texts)))
        elif kind == "date":
            day = parse_date(texts[0], today=page.fetched)
            if day:
                labels.fields[name] = FieldLabel([day], date_nodes(page.body, day[:10]), "example")
        else:
            nodes = [node for text in texts for node in value_nodes(page, kind, text)]
            labels.fields[name] = FieldLabel(texts, list(dict.fromkeys(nodes)), "example")
    return labels
