"""Product pages of the shop: layout 1 (buy box beside the gallery) and layout 2 (buy bar)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pace_scrapy.demo.body_html import img_html
from pace_scrapy.demo.chrome import page_html
from pace_scrapy.demo.images import true_src
from pace_scrapy.demo.markup import Ctx, esc, json_ld
from pace_scrapy.demo.model import Product
from pace_scrapy.demo.products import CATEGORIES, breadcrumb_trail
from pace_scrapy.demo.rng import rng_for
from pace_scrapy.demo.truth_builder import CURRENCY

_REVIEWS = ("Does exactly what it says.", "Solid build, a bit pricey.",
            "Arrived quickly, very happy.", "Second one I’ve bought — still great.")  # fmt: skip


def money(ctx: Ctx, amount: Decimal) -> str:
    """``€1,299.00`` in layout 1, ``1.299,00 €`` in layout 2."""
    text = f"{amount:,.2f}"
    if ctx.theme.layout == 1:
        return f"€{text}"
    return text.replace(",", "_").replace(".", ",").replace("_", ".") + "\u00a0€"


def _stars(value: float) -> str:
    full = round(value)
    return "★" * full + "☆" * (5 - full)


def _price_block(ctx: Ctx, product: Product) -> str:
    t = ctx.theme
    was = save = ""
    if product.regular_price is not None:
        was = f' <s class="{t.m("Price", "was")}">{esc(money(ctx, product.regular_price))}</s>'
        saving = money(ctx, product.regular_price - product.price)
        save = f' <span class="{t.css("saving")}">Save {esc(saving)}</span>'
    instalment = (product.price / 3).quantize(Decimal("0.01"))
    stock_cls = t.m("Stock", "in" if product.in_stock else "out")
    return (
        f'<div class="{t.m("Price", "root")}"><span class="{t.m("Price", "current")}">'
        f"{esc(money(ctx, product.price))}</span>{was}{save}</div>"
        f'<p class="{t.css("instalments")}">or 3 interest-free payments of '
        f"{esc(money(ctx, instalment))}</p>"
        f'<p class="{stock_cls}">{esc(product.stock_text)}</p>'
        f'<button class="{t.css("add")}"{"" if product.in_stock else " disabled"}>'
        "Add to basket</button>"
        f'<p class="{t.css("delivery")}">Free delivery on orders over '
        f"{esc(money(ctx, Decimal(50)))}</p>"
    )


def _rating(ctx: Ctx, product: Product) -> str:
    if product.rating is None:
        return f'<p class="{ctx.theme.m("Rating", "none")}">No reviews yet</p>'
    value, count = product.rating
    return (
        f'<div class="{ctx.theme.m("Rating", "root")}" aria-label="Rated {value} out of 5">'
        f'<span aria-hidden="true">{_stars(value)}</span> <span>{value}</span> '
        f'(<a href="#reviews">{count:,} reviews</a>)</div>'
    )


def _gallery(ctx: Ctx, product: Product) -> str:
    t = ctx.theme
    thumbs = "".join(f"<li>{img_html(ctx, image)}</li>" for image in product.images[1:])
    return (
        f'<div class="{t.m("Gallery", "root")}"><div class="{t.m("Gallery", "main")}">'
        f"{img_html(ctx, product.images[0])}</div>"
        f'<ul class="{t.m("Gallery", "thumbs")}">{thumbs}</ul></div>\n'
    )


def _spec_rows(ctx: Ctx, product: Product) -> list[tuple[str, str]]:
    return [
        ("Brand:", product.brand),
        ("Price:", money(ctx, product.price)),
        ("SKU:", product.sku),
        ("EAN:", product.gtin),
        ("MPN:", product.mpn),
        ("Availability:", product.stock_text),
        *((f"{label}:", value) for label, value in product.specs),
    ]


def _details(ctx: Ctx, product: Product) -> str:
    t = ctx.theme
    paragraphs = "".join(f"<p>{esc(text)}</p>" for text in product.description)
    rows = _spec_rows(ctx, product)
    if t.layout == 1:
        specs = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in rows)
        specs = f'<table class="{t.m("Specs", "table")}">{specs}</table>'
    else:
        specs = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in rows)
        specs = f'<dl class="{t.m("Specs", "list")}">{specs}</dl>'
    return (
        f'<section class="{t.m("ProductDetails", "description")}"><h2>Description</h2>'
        f"{paragraphs}</section>\n"
        f'<section class="{t.m("ProductDetails", "specs")}"><h2>Specifications</h2>{specs}'
        "</section>\n"
    )


def _reviews_and_more(ctx: Ctx, product: Product) -> str:
    t, catalog = ctx.theme, ctx.catalog
    rng = rng_for(catalog.seed, "reviews", product.index)
    reviews = "".join(
        f'<li><span aria-label="{n} stars">{_stars(n)}</span> '
        f"<p>{esc(rng.choice(_REVIEWS))}</p></li>"
        for n in (rng.randint(3, 5) for _ in range(rng.randint(0, 3) if product.rating else 0))
    )
    others = [catalog.product((product.index + k) % catalog.n_products) for k in (1, 2, 3)]
    cards = "".join(
        f'<li><a href="{other.path}">{esc(other.name)}</a> '
        f'<span class="{t.m("ProductCard", "price")}">{esc(money(ctx, other.price))}</span></li>'
        for other in others
        if other is not product
    )
    return (
        f'<section id="reviews" class="{t.m("Reviews", "root")}"><h2>Customer reviews</h2>'
        f"<ul>{reviews}</ul></section>\n"
        f'<section class="{t.m("AlsoBought", "root")}"><h2>Customers also bought</h2>'
        f"<ul>{cards}</ul></section>\n"
    )


def _breadcrumbs(ctx: Ctx, product: Product) -> str:
    t = ctx.theme
    links = [f'<a href="{path}">{esc(name)}</a>' for name, path in breadcrumb_trail(product)]
    if t.layout == 1:
        items = "".join(f"<li>{link}</li>" for link in links)
        items += f'<li aria-current="page">{esc(product.name)}</li>'
        cls = t.m("Breadcrumbs", "root")
        return f'<nav class="{cls}" aria-label="Breadcrumb"><ol>{items}</ol></nav>\n'
    trail = " › ".join(links)
    return f'<div class="{t.m("Breadcrumbs", "trail")}">{trail}</div>\n'


def _product_json_ld(ctx: Ctx, product: Product) -> str:
    availability = "InStock" if product.in_stock else "OutOfStock"
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "sku": product.sku,
        "mpn": product.mpn,
        "gtin13": product.gtin,
        "brand": {"@type": "Brand", "name": product.brand},
        "image": [true_src(ctx.base, image) for image in product.images],
        "description": " ".join(product.description),
        "offers": {
            "@type": "Offer",
            "url": ctx.url(product.path),
            "price": str(product.price),
            "priceCurrency": CURRENCY,
            "availability": f"https://schema.org/{availability}",
        },
    }
    if product.rating is not None:
        data["aggregateRating"] = {
            "@type": "AggregateRating",
            "ratingValue": product.rating[0],
            "reviewCount": product.rating[1],
        }
    crumbs = {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": n, "name": name, "item": ctx.url(path)}
            for n, (name, path) in enumerate(breadcrumb_trail(product), start=1)
        ],
    }
    return json_ld(data) + "\n" + json_ld(crumbs) + "\n"


def product_html(ctx: Ctx, product: Product) -> str:
    """Full page of a product."""
    t = ctx.theme
    brand = f'<p class="{t.m("Product", "brand")}">{esc(product.brand)}</p>'
    title = f'<h1 class="{t.m("Product", "name")}">{esc(product.name)}</h1>'
    if t.layout == 1:
        buy_box = f'<div class="{t.m("BuyBox", "root")}">{brand}{title}{_rating(ctx, product)}'
        buy_box += f"{_price_block(ctx, product)}</div>\n"
        body = f'<div class="{t.m("Product", "layout")}">{_gallery(ctx, product)}{buy_box}</div>\n'
        body += _details(ctx, product)
    else:
        hero = f'<div class="{t.m("ProductHero", "root")}">{title}{brand}{_rating(ctx, product)}'
        body = f"{hero}{_gallery(ctx, product)}</div>\n{_details(ctx, product)}"
        body += f'<div class="{t.m("BuyBar", "root")}">{_price_block(ctx, product)}</div>\n'
    main = f"{_breadcrumbs(ctx, product)}{body}{_reviews_and_more(ctx, product)}"
    meta = [
        ("og:type", "product"),
        ("og:title", product.name),
        ("og:image", true_src(ctx.base, product.images[0])),
        ("product:price:amount", str(product.price)),
        ("product:price:currency", CURRENCY),
    ]
    category = CATEGORIES[product.category][0]
    return page_html(
        ctx,
        title=f"{product.name} – {category}",
        description=product.description[0],
        path=product.path,
        main=main,
        meta=meta,
        head_extra=_product_json_ld(ctx, product) if product.json_ld else "",
        page_kind="product",
    )
