"""Non-article HTML pages: home, paginated listings (section, tag, author, shop), static pages."""

from __future__ import annotations

from collections.abc import Sequence

from pace_scrapy.demo.chrome import most_read_html, page_html, teaser_html
from pace_scrapy.demo.markup import Ctx, esc
from pace_scrapy.demo.model import ArticleMeta, Product
from pace_scrapy.demo.product_page import money
from pace_scrapy.demo.sections import SECTIONS, SHOP_NAME, SITE_NAME

PAGE_SIZE = 20


def page_count(n_items: int, size: int = PAGE_SIZE) -> int:
    """Number of listing pages for ``n_items`` (at least one)."""
    return max(1, -(-n_items // size))


def _pagination(ctx: Ctx, path: str, page: int, pages: int) -> str:
    if pages == 1:
        return ""
    t = ctx.theme

    def href(number: int) -> str:
        return path if number == 1 else f"{path}?page={number}"

    links = [f'<a rel="prev" href="{href(page - 1)}">‹ Previous</a>'] if page > 1 else []
    for number in range(1, pages + 1):
        if number == page:
            links.append(f'<span aria-current="page">{number}</span>')
        elif abs(number - page) <= 2 or number in (1, pages):
            links.append(f'<a href="{href(number)}">{number}</a>')
    if page < pages:
        links.append(f'<a rel="next" href="{href(page + 1)}">Next ›</a>')
    return f'<nav class="{t.m("Pagination", "root")}" aria-label="Pages">{" ".join(links)}</nav>\n'


def article_listing_html(
    ctx: Ctx, *, path: str, title: str, intro: str, items: Sequence[ArticleMeta], page: int
) -> str | None:
    """Page ``page`` (1-based) of an article listing; None when the page does not exist."""
    pages = page_count(len(items))
    if not 1 <= page <= pages:
        return None
    t = ctx.theme
    chunk = items[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
    cards = "".join(teaser_html(ctx, meta) for meta in chunk)
    heading = title if page == 1 else f"{title} – page {page}"
    main = (
        f'<h1 class="{t.m("Listing", "title")}">{esc(heading)}</h1>\n'
        f'<p class="{t.m("Listing", "intro")}">{esc(intro)}</p>\n'
        f'<div class="{t.m("Listing", "cards")}">{cards}</div>\n'
        f"{_pagination(ctx, path, page, pages)}{most_read_html(ctx)}"
    )
    canonical = path if page == 1 else f"{path}?page={page}"
    return page_html(ctx, title=heading, description=intro, path=canonical, main=main)


def home_html(ctx: Ctx) -> str:
    """Front page: latest stories, one block per section, most read, shop teaser."""
    t, catalog = ctx.theme, ctx.catalog
    latest = "".join(teaser_html(ctx, meta) for meta in catalog.articles[:8])
    blocks = "".join(
        f'<section class="{t.m("Front", "section")}"><h2><a href="/{s.slug}/">{s.name}</a></h2>'
        + "".join(teaser_html(ctx, m, with_summary=False) for m in catalog.by_section[s.slug][:3])
        + "</section>\n"
        for s in SECTIONS
    )
    main = (
        f'<section class="{t.m("Front", "top")}"><h2>Latest</h2>{latest}</section>\n{blocks}'
        f'<section class="{t.m("Front", "shop")}"><h2><a href="/shop/">{SHOP_NAME}</a></h2>'
        "<p>Products our reviewers rate, delivered.</p></section>\n"
        f"{most_read_html(ctx)}"
    )
    description = f"{SITE_NAME}: news, analysis and opinion."
    return page_html(ctx, title="Home", description=description, path="/", main=main)


def product_listing_html(
    ctx: Ctx, *, path: str, title: str, items: Sequence[Product], page: int
) -> str | None:
    """Page ``page`` of a product grid; None when the page does not exist."""
    pages = page_count(len(items))
    if not 1 <= page <= pages:
        return None
    t = ctx.theme
    cards = "".join(
        f'<li class="{t.m("ProductCard", "root")}"><a href="{p.path}">{esc(p.name)}</a> '
        f'<span class="{t.m("ProductCard", "price")}">{esc(money(ctx, p.price))}</span></li>'
        for p in items[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
    )
    main = (
        f'<h1 class="{t.m("Listing", "title")}">{esc(title)}</h1>\n'
        f'<ul class="{t.m("Listing", "products")}">{cards}</ul>\n'
        f"{_pagination(ctx, path, page, pages)}"
    )
    canonical = path if page == 1 else f"{path}?page={page}"
    return page_html(
        ctx, title=title, description=f"{title} at {SHOP_NAME}", path=canonical, main=main
    )


def simple_html(ctx: Ctx, kind: str, path: str) -> str:
    """About, search and account pages, and the 404 page (``kind`` names which)."""
    t = ctx.theme
    bodies = {
        "about": (
            "About us",
            f"<p>{SITE_NAME} is an independent newsroom covering world affairs, politics, "
            "business, science, culture and sport.</p>"
            '<h2 id="privacy">Privacy</h2><p>We use cookies as described in our privacy notice.</p>'
            '<h2 id="terms">Terms</h2><p>All content © 2024, all rights reserved.</p>',
        ),
        "search": (
            "Search",
            '<form action="/search" method="get"><input type="search" name="q">'
            "<button>Search</button></form><p>Enter a term to search the archive.</p>",
        ),
        "account": (
            "Sign in",
            '<form action="/account" method="get"><label>Email <input type="email" name="email">'
            '</label><label>Password <input type="password" name="password"></label>'
            "<button>Sign in</button></form>",
        ),
        "404": (
            "Page not found",
            '<p>Sorry, we couldn’t find that page. Try the <a href="/">front page</a>.</p>',
        ),
    }
    title, inner = bodies[kind]
    main = f'<div class="{t.m("StaticPage", "root")}"><h1>{title}</h1>{inner}</div>\n'
    return page_html(ctx, title=title, description=title, path=path, main=main, page_kind=kind)
