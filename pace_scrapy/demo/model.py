"""Content model of the demo site: article blocks, article metadata and products."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cached_property

from pace_scrapy.demo.text import slugify


@dataclass(frozen=True)
class Span:
    """Inline text run; ``tag`` is "", "em", "strong" or "a" (then ``href`` is a site path)."""

    text: str
    tag: str = ""
    href: str = ""


@dataclass(frozen=True)
class Paragraph:
    spans: tuple[Span, ...]

    @property
    def text(self) -> str:
        return "".join(span.text for span in self.spans)


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple[str, ...]


@dataclass(frozen=True)
class Quote:
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Code:
    text: str


@dataclass(frozen=True)
class Cell:
    text: str
    rowspan: int = 1
    colspan: int = 1


@dataclass(frozen=True)
class Table:
    """A table as authored: ``head`` and ``rows`` hold cells with their spans."""

    caption: str
    head: tuple[tuple[Cell, ...], ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Image:
    """An image file family ``/img/<key>_<width>.png``; ``lazy`` picks the markup style (0-3)."""

    key: str
    widths: tuple[int, ...]
    alt: str
    lazy: int


@dataclass(frozen=True)
class Figure:
    image: Image
    caption: str
    credit: str | None


@dataclass(frozen=True)
class Ad:
    """Advertisement slot inside the body (noise)."""

    slot: int
    sponsor_text: str


@dataclass(frozen=True)
class Newsletter:
    """Newsletter sign-up box inside the body (noise)."""

    name: str


@dataclass(frozen=True)
class ReadMore:
    """ "Read more" link paragraph pointing at another article (noise)."""

    target: int


@dataclass(frozen=True)
class Related:
    """Inline related-stories box (noise)."""

    targets: tuple[int, ...]


@dataclass(frozen=True)
class PullQuote:
    """Repeats a sentence of the body in large type (noise, opinion template)."""

    text: str


Block = (
    Paragraph
    | Heading
    | ListBlock
    | Quote
    | Code
    | Table
    | Figure
    | Ad
    | Newsletter
    | ReadMore
    | Related
    | PullQuote
)
NOISE_BLOCKS = (Ad, Newsletter, ReadMore, Related, PullQuote)


@dataclass(frozen=True)
class ArticleMeta:
    """Everything listings, feeds and headers need about one article (cheap to make)."""

    index: int
    section: str
    headline: str
    description: str
    published: datetime
    modified: datetime | None
    authors: tuple[str, ...]
    tags: tuple[str, ...]
    byline_style: int
    lead: Figure | None

    @property
    def id(self) -> str:
        return f"{self.index + 1:06d}"

    @cached_property
    def path(self) -> str:
        day = self.published.strftime("%Y/%m/%d")
        return f"/{self.section}/{day}/{slugify(self.headline)}-{self.id}"


@dataclass(frozen=True)
class LivePost:
    time: datetime
    title: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Product:
    """One shop product with every field the page and the truth need."""

    index: int
    category: str
    name: str
    brand: str
    price: Decimal
    regular_price: Decimal | None
    sku: str
    mpn: str
    gtin: str
    in_stock: bool
    stock_text: str
    images: tuple[Image, ...]
    description: tuple[str, ...]
    rating: tuple[float, int] | None
    specs: tuple[tuple[str, str], ...]
    json_ld: bool

    @property
    def id(self) -> str:
        return f"{self.index + 1:05d}"

    @cached_property
    def path(self) -> str:
        return f"/shop/{self.category}/{slugify(self.name)}-p{self.id}"
