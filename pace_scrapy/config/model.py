"""Publisher config: what is known about one publisher, as data (never executed as code).

A config file holds the publisher's identity (name, domains, page URL patterns, where to find
pages, render policy) and one or more *versions* of its extraction rules, each valid for a span of
page dates. The deterministic extractor (:mod:`pace_scrapy.extract`) interprets a version.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from pace_scrapy.config.fields import RESERVED_FIELDS, STANDARD_KINDS
from pace_scrapy.config.selectors import (
    Query,
    check_css,
    check_regex,
    check_xpath,
    compile_query,
    compile_regex,
)
from pace_scrapy.page.nodes import FAMILY_WEIGHTS, family

SCHEMA_VERSION = 1  # the value of ``schema_version`` this code reads and writes

Name = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,63}$")]
FieldName = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$")]
Confidence = Annotated[float, Field(ge=0.0, le=1.0)]
Pattern = Annotated[str, AfterValidator(check_regex)]  # a regular expression that compiles


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Selector(_Data):
    """A CSS or an XPath selector (exactly one of the two)."""

    css: str | None = None
    xpath: str | None = None

    @model_validator(mode="after")
    def _one_and_valid(self) -> Selector:
        if (self.css is None) == (self.xpath is None):
            raise ValueError("a selector needs exactly one of 'css' or 'xpath'")
        if self.css is not None:
            check_css(self.css)
        else:
            check_xpath(str(self.xpath))
        return self

    def __str__(self) -> str:
        return f"css:{self.css}" if self.css is not None else f"xpath:{self.xpath}"

    def compiled(self) -> Query:
        """The compiled selector (cached per expression)."""
        if self.css is not None:
            return compile_query("css", self.css)
        return compile_query("xpath", str(self.xpath))


# -- transforms: applied in order to every value a rule yields ------------------------------


class RegexTransform(_Data):
    """Keep the capture ``group`` of the first match of ``pattern``; no match drops the value."""

    op: Literal["regex"]
    pattern: Pattern
    group: int | str = 1


class StripTransform(_Data):
    """Remove one of ``prefixes`` and of ``suffixes`` (case-insensitive), then edge punctuation.

    With ``required``, a value lacking one of the given prefixes (or suffixes) is dropped: the
    affix is then a label that says the value is the right one (``ISBN-13: ...``).
    """

    op: Literal["strip"]
    prefixes: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    required: bool = False


class SplitTransform(_Data):
    """Split one value into several on a regular expression (e.g. ``,|\\band\\b``)."""

    op: Literal["split"]
    pattern: Pattern


class ReplaceTransform(_Data):
    """Replace every match of ``pattern`` by ``replacement`` (``\\1`` references allowed)."""

    op: Literal["replace"]
    pattern: Pattern
    replacement: str = ""


class MapTransform(_Data):
    """Map a value to a canonical one: the first key found in the value (case-insensitive) wins."""

    op: Literal["map"]
    values: dict[str, str]
    default: str | None = None


class DateTransform(_Data):
    """Parse a date/time to ISO 8601: ISO forms, then ``formats`` (strptime), then dateparser."""

    op: Literal["date"]
    formats: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    day_first: bool | None = None


class PriceTransform(_Data):
    """Parse a price text (``$1,299.00``) to its amount as a decimal string (``1299.00``)."""

    op: Literal["price"]
    decimal_separator: Literal[".", ","] | None = None


class CurrencyTransform(_Data):
    """Find the ISO 4217 currency code in a price text; ``default`` when none is written."""

    op: Literal["currency"]
    default: str | None = Field(default=None, pattern=r"^[A-Z]{3}$")


class UrlTransform(_Data):
    """Make a URL absolute against the page's base URL."""

    op: Literal["url"]


Transform = Annotated[
    RegexTransform
    | StripTransform
    | SplitTransform
    | ReplaceTransform
    | MapTransform
    | DateTransform
    | PriceTransform
    | CurrencyTransform
    | UrlTransform,
    Field(discriminator="op"),
]


# -- rules and fields -------------------------------------------------------------------------


class Rule(_Data):
    """One way to find a field's value.

    ``source`` says where to look: ``css`` / ``xpath`` select DOM nodes (their text, or
    ``attribute``); ``jsonld`` follows a dotted ``path`` (``author[].name``; ``[]`` iterates a list)
    in JSON-LD objects of the given ``types``; ``meta`` reads a ``<meta name|property>`` (or
    ``<link rel>``) value; ``microdata`` follows a path in microdata items of the given ``types``.
    """

    source: Literal["css", "xpath", "jsonld", "meta", "microdata"]
    query: str = Field(min_length=1)
    attribute: str | None = None
    types: tuple[str, ...] = ()
    multiple: bool = False
    transforms: tuple[Transform, ...] = ()
    confidence: Confidence = 1.0

    @model_validator(mode="after")
    def _consistent(self) -> Rule:
        if self.source == "css":
            check_css(self.query)
        elif self.source == "xpath":
            check_xpath(self.query)
        if self.attribute is not None and self.source not in ("css", "xpath"):
            raise ValueError(f"'attribute' applies to css/xpath rules, not to {self.source!r}")
        if self.types and self.source not in ("jsonld", "microdata"):
            raise ValueError(f"'types' applies to jsonld/microdata rules, not to {self.source!r}")
        return self


FieldKind = Literal[
    "text",
    "texts",
    "people",
    "date",
    "url",
    "image",
    "images",
    "links",
    "price",
    "currency",
    "identifier",
    "gtin",
    "availability",
    "number",
    "brand",
    "language",
]


class NodeSignature(_Data):
    """What the node showing a field looked like on the pages learnt from (node matching).

    When none of the field's rules gives a value, the extractor takes the page's node most
    similar to this signature, if the similarity reaches ``min_similarity``, and reads it like
    a rule would (its text, only its ``own_text`` without its children's, or ``attribute``;
    then ``transforms``). ``features`` maps each feature of the labelled nodes
    (``family:value``, see :mod:`pace_scrapy.page.nodes`) to the share of them that had it;
    ``examples`` is how many labelled nodes it summarises.
    """

    features: dict[str, float] = Field(min_length=1)
    min_similarity: float = Field(default=0.8, ge=0.5, le=1.0)
    attribute: str | None = None
    own_text: bool = False
    transforms: tuple[Transform, ...] = ()
    examples: int = Field(default=1, ge=1)

    @field_validator("features")
    @classmethod
    def _features(cls, value: dict[str, float]) -> dict[str, float]:
        for feature, share in value.items():
            if family(feature) not in FAMILY_WEIGHTS or ":" not in feature:
                known = ", ".join(FAMILY_WEIGHTS)
                raise ValueError(f"feature {feature!r} is not 'family:value' of {known}")
            if not 0.0 < share <= 1.0:
                raise ValueError(f"feature {feature!r} has share {share}, not in (0, 1]")
        return value


class FieldSpec(_Data):
    """An output field: rules tried in order (the first that yields a plausible value wins),
    then, when none does, the node matching its ``signature`` (if it has one)."""

    rules: tuple[Rule, ...] = Field(min_length=1)
    kind: FieldKind | None = None
    required: bool = False
    max_length: int | None = Field(default=None, gt=0)
    signature: NodeSignature | None = None


# -- body and images --------------------------------------------------------------------------

BlockKindName = Literal["heading", "paragraph", "list", "table", "figure", "quote", "code"]
ALL_BLOCK_KINDS: tuple[BlockKindName, ...] = (
    "heading",
    "paragraph",
    "list",
    "table",
    "figure",
    "quote",
    "code",
)


class BodySpec(_Data):
    """Where the main text is and what to leave out of it.

    ``containers`` are tried in order; every node the first matching one selects (outermost
    only) is part of the body, in document order. ``exclude`` selects nodes inside the body to
    drop (ads, share bars, related boxes); ``exclude_text`` drops blocks whose text matches one of
    the regular expressions (searched, case-insensitive); ``max_link_density`` drops text,
    heading, list and quote blocks whose share of link text is above it (lists of related
    stories, "More in India" lines). A body with fewer than ``min_chars`` characters is
    taken for a wrong match (another template) and left to the generic fallback. ``lead``
    selects a standfirst kept apart from the body's container: the nodes it selects before the
    first container node (not around it) open the body; without a container match it is unused.
    ``lead_span``: the paragraphs (``<p>``) between the lead and the first container that hold
    at least this many characters open the body too, after the lead (a second standfirst, the
    caption of a lead video: what the training pages did not show but sits where the body
    starts); the body's exclusions apply to them. Without a lead, ``span_from`` (the headline)
    may mark where those paragraphs start; the nodes it selects are not part of the body.
    """

    containers: tuple[Selector, ...] = Field(min_length=1)
    lead: Selector | None = None
    lead_span: int | None = Field(default=None, gt=0)
    span_from: Selector | None = None
    exclude: tuple[Selector, ...] = ()
    exclude_text: tuple[Pattern, ...] = ()
    keep: tuple[BlockKindName, ...] = ALL_BLOCK_KINDS
    max_link_density: float | None = Field(default=None, gt=0.0, lt=1.0)
    min_chars: int | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _span_needs_a_start(self) -> BodySpec:
        if self.lead is not None and self.span_from is not None:
            raise ValueError(
                f"lead {self.lead} and span_from {self.span_from}: the span starts after the "
                "lead; give one of them"
            )
        if self.lead_span is not None and self.lead is None and self.span_from is None:
            raise ValueError(f"lead_span {self.lead_span} needs a lead or span_from to start from")
        if self.span_from is not None and self.lead_span is None:
            raise ValueError(f"span_from {self.span_from} needs a lead_span (fewest characters)")
        return self


# The elements that are images (AMP pages write <amp-img>).
IMAGE_TAGS = ("img", "amp-img")
# A figure's caption: its figcaption, else an element whose class says so.
CAPTION_CSS = 'figcaption, [class*="caption"], [class*="Caption"]'
# Elements of a caption that name the picture's author or agency, by the words their classes
# hold (``span.credit``, ``caption-source``, ``captionCredit``, ``distributor``).
CREDIT_WORDS = ("credit", "copyright", "source", "distributor", "photographer", "author")
CREDIT_CSS = ", ".join(
    f'[class*="{variant}"]' for word in CREDIT_WORDS for variant in (word, word.capitalize())
)


class ImageSpec(_Data):
    """Which images belong to the content, where their source URL is, and their captions.

    ``selector`` is applied inside the body containers (``scope="body"``) or the whole page.
    ``src_attributes`` are tried in order; a ``srcset``-like attribute yields its widest
    candidate. ``caption`` and ``credit`` are looked up inside the image's ``<figure>`` (its
    closest ancestor matching ``figure``, else a near ancestor that frames it with a caption);
    the credit's text is removed from the caption. By default the caption is a figcaption or
    an element whose class says caption, and the credit an element whose class names a credit
    (:data:`CREDIT_CSS`).
    """

    selector: Selector = Selector(css=", ".join(IMAGE_TAGS))
    scope: Literal["body", "page"] = "body"
    figure: Selector = Selector(css="figure")
    src_attributes: tuple[str, ...] = (
        "srcset",
        "data-srcset",
        "data-src",
        "data-lazy-src",
        "data-original",
        "data-lazy",
        "src",
    )
    caption: Selector | None = Selector(css=CAPTION_CSS)
    credit: Selector | None = Selector(css=CREDIT_CSS)
    exclude: tuple[Selector, ...] = ()
    min_size: int = Field(default=50, ge=0)


# -- provenance, versions, publisher -----------------------------------------------------------


class Provenance(_Data):
    """Where a config version came from and how well it validated."""

    learned_from: tuple[str, ...] = ()
    validated_on: tuple[str, ...] = ()
    labeler: str | None = None
    learner_version: str | None = None
    created: datetime | None = None
    scores: dict[str, float] = Field(default_factory=dict)
    notes: tuple[str, ...] = ()


class ConfigVersion(_Data):
    """One version of a publisher's extraction rules, valid for pages dated in [from, until)."""

    version: int = Field(ge=1)
    valid_from: date | None = None
    valid_until: date | None = None
    page_type: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")] = "article"
    fields: dict[FieldName, FieldSpec] = Field(default_factory=dict)
    body: BodySpec | None = None
    images: ImageSpec | None = None
    fallback: Literal["generic", "none"] = "generic"
    min_confidence: Confidence = 0.0
    provenance: Provenance = Provenance()

    @field_validator("fields")
    @classmethod
    def _field_names(cls, value: dict[str, FieldSpec]) -> dict[str, FieldSpec]:
        for name, spec in value.items():
            if name in RESERVED_FIELDS:
                raise ValueError(f"field {name!r} is filled by the extractor, not by rules")
            standard = STANDARD_KINDS.get(name)
            if standard and spec.kind not in (None, standard):
                raise ValueError(f"field {name!r} is of kind {standard!r}, not {spec.kind!r}")
        return value

    @model_validator(mode="after")
    def _span(self) -> ConfigVersion:
        if self.valid_from and self.valid_until and self.valid_from >= self.valid_until:
            raise ValueError(
                f"valid_from {self.valid_from} must be before valid_until {self.valid_until}"
            )
        return self

    def valid_at(self, day: date) -> bool:
        """True when a page dated ``day`` falls inside this version's validity span."""
        return (self.valid_from is None or self.valid_from <= day) and (
            self.valid_until is None or day < self.valid_until
        )


# -- rendering ------------------------------------------------------------------------------

# Playwright resource types a render may block ("document" and "script" never: the page needs them).
ResourceType = Literal[
    "stylesheet",
    "image",
    "media",
    "font",
    "texttrack",
    "xhr",
    "fetch",
    "eventsource",
    "websocket",
    "manifest",
    "other",
]
EvidenceValue = bool | int | float | str


class RenderDecision(_Data):
    """Whether a publisher's pages need a browser (``render: auto``), and the evidence for it.

    ``sections``: URL patterns (regular expressions) of the pages rendered although ``render``
    is False: the sections of the site whose sampled pages all gained from rendering.

    Written by the bootstrap after comparing plain and rendered fetches of the same pages
    (``pace_scrapy.render.decide``); read at crawl time for publishers whose ``render`` is
    ``auto``.
    """

    render: bool
    sections: tuple[Pattern, ...] = ()
    evidence: dict[str, EvidenceValue] = Field(default_factory=dict)
    decided: datetime | None = None

    def renders(self, url: str) -> bool:
        """True when the page at ``url`` is rendered by this decision."""
        return self.render or any(compile_regex(p).search(url) for p in self.sections)


class RenderSpec(_Data):
    """How to render a publisher's pages in a browser, as data (turned into browser steps).

    After loading the page: click ``dismiss`` if present (a consent button), wait for
    ``wait_for``, scroll to the bottom when ``scroll`` (lazy images), then click each ``click``
    selector ("load more") up to ``max_clicks`` times while it is visible. ``timeout_ms`` bounds
    each step; requests for ``block_resources`` are refused (they rarely change the text).
    ``decision`` holds the stored outcome of ``render: auto``.
    """

    wait_for: Selector | None = None
    scroll: bool = False
    dismiss: Selector | None = None
    click: tuple[Selector, ...] = ()
    max_clicks: int = Field(default=3, ge=1, le=50)
    timeout_ms: int = Field(default=15_000, ge=500, le=120_000)
    block_resources: tuple[ResourceType, ...] = ("image", "font", "media")
    decision: RenderDecision | None = None


class PublisherConfig(_Data):
    """A publisher: identity, page discovery, rendering policy and its rule versions."""

    schema_version: Literal[1] = 1
    name: Name
    domains: tuple[str, ...] = Field(min_length=1)
    url_patterns: tuple[Pattern, ...] = ()
    start_urls: tuple[str, ...] = ()
    sitemaps: tuple[str, ...] = ()
    feeds: tuple[str, ...] = ()
    render: Literal["never", "always", "auto"] = "never"
    rendering: RenderSpec = RenderSpec()
    versions: tuple[ConfigVersion, ...] = Field(min_length=1)

    @field_validator("domains")
    @classmethod
    def _domains(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for domain in value:
            if not re.fullmatch(r"[a-z0-9.-]+(:\d+)?", domain):
                raise ValueError(f"domain {domain!r} must be a lower-case host name")
        return value

    @model_validator(mode="after")
    def _unique_versions(self) -> PublisherConfig:
        numbers = [v.version for v in self.versions]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"version numbers must be unique, got {numbers}")
        return self

    def version_at(self, day: date) -> ConfigVersion | None:
        """The highest-numbered version valid for a page dated ``day``, if any."""
        valid = [v for v in self.versions if v.valid_at(day)]
        return max(valid, key=lambda v: v.version) if valid else None

    @property
    def latest(self) -> ConfigVersion:
        """The highest-numbered version."""
        return max(self.versions, key=lambda v: v.version)
