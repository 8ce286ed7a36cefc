"""Derive the ground truth of article and product pages from the content model."""

from __future__ import annotations

from collections.abc import Iterable

from pace_scrapy.demo.catalog import Catalog
from pace_scrapy.demo.images import true_src
from pace_scrapy.demo.model import (
    NOISE_BLOCKS,
    ArticleMeta,
    Block,
    Code,
    Figure,
    Heading,
    ListBlock,
    Paragraph,
    Product,
    Quote,
    Table,
)
from pace_scrapy.demo.products import breadcrumb_trail
from pace_scrapy.demo.sections import SECTION_BY_SLUG
from pace_scrapy.demo.tables import expand_grid
from pace_scrapy.demo.text import normalize_ws
from pace_scrapy.demo.truth import (
    ArticleTruth,
    CrumbTruth,
    ImageTruth,
    ProductTruth,
    RatingTruth,
    TableTruth,
)

CURRENCY = "EUR"


def body_items(blocks: Iterable[Block]) -> list[str]:
    """Visible main-text items of ``blocks`` in reading order (noise and figures skipped)."""
    items: list[str] = []
    for block in blocks:
        if isinstance(block, Paragraph | Heading | Code):
            items.append(block.text)
        elif isinstance(block, ListBlock):
            items.extend(block.items)
        elif isinstance(block, Quote):
            items.extend(block.paragraphs)
        elif isinstance(block, Table):
            items.extend(" | ".join(row) for row in table_grid(block))
        elif not isinstance(block, (Figure, *NOISE_BLOCKS)):
            raise TypeError(f"unhandled block type {type(block).__name__}")
    return [normalize_ws(item) for item in items]


def table_grid(table: Table) -> list[list[str]]:
    """Expanded grid of the head and body rows of ``table``."""
    return expand_grid((*table.head, *table.rows))


def _image(base: str, figure: Figure) -> ImageTruth:
    return ImageTruth(
        src=true_src(base, figure.image), caption=figure.caption, credit=figure.credit
    )


def article_truth(catalog: Catalog, meta: ArticleMeta, base: str) -> ArticleTruth:
    """Truth of the article page ``meta`` served under ``base``."""
    section = SECTION_BY_SLUG[meta.section]
    requires_js = section.template == "live"
    figures: list[Figure] = [] if meta.lead is None else [meta.lead]
    tables: list[TableTruth] = []
    if requires_js:
        posts = catalog.live_posts(meta)
        body = [normalize_ws(t) for post in posts for t in (post.title, *post.paragraphs)]
    else:
        blocks = catalog.blocks(meta)
        body = body_items(blocks)
        figures += [block for block in blocks if isinstance(block, Figure)]
        tables = [
            TableTruth(caption=block.caption, rows=table_grid(block))
            for block in blocks
            if isinstance(block, Table)
        ]
    return ArticleTruth(
        url=base + meta.path,
        headline=meta.headline,
        authors=list(meta.authors),
        date_published=meta.published.isoformat(),
        date_modified=None if meta.modified is None else meta.modified.isoformat(),
        description=meta.description,
        section=section.name,
        body=body,
        images=[_image(base, figure) for figure in figures],
        tables=tables,
        requires_js=requires_js,
    )


def product_truth(product: Product, base: str) -> ProductTruth:
    """Truth of the product page of ``product`` served under ``base``."""
    images = [true_src(base, image) for image in product.images]
    rating = None
    if product.rating is not None:
        rating = RatingTruth(ratingValue=product.rating[0], reviewCount=product.rating[1])
    return ProductTruth(
        url=base + product.path,
        name=product.name,
        price=str(product.price),
        currency=CURRENCY,
        regularPrice=None if product.regular_price is None else str(product.regular_price),
        sku=product.sku,
        mpn=product.mpn,
        gtin=product.gtin,
        brand=product.brand,
        availability="InStock" if product.in_stock else "OutOfStock",
        mainImage=images[0],
        images=images,
        description=normalize_ws(" ".join(product.description)),
        aggregateRating=rating,
        breadcrumbs=[
            CrumbTruth(name=name, url=base + path) for name, path in breadcrumb_trail(product)
        ],
    )
