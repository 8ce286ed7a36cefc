"""Site chrome shared by all HTML pages: head, header/nav, cookie banner, footer, boxes."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

from pace_scrapy.demo.markup import Ctx, attr, esc
from pace_scrapy.demo.model import ArticleMeta
from pace_scrapy.demo.sections import SECTIONS, SITE_NAME


def page_html(
    ctx: Ctx,
    *,
    title: str,
    description: str,
    path: str,
    main: str,
    meta: Sequence[tuple[str, str]] = (),
    head_extra: str = "",
    page_kind: str = "page",
) -> str:
    """A complete HTML document with the site's chrome around ``main``."""
    t, canonical = ctx.theme, ctx.url(path)
    meta_tags = "".join(
        f"<meta {'property' if key.startswith(('og:', 'article:', 'product:')) else 'name'}"
        f'="{attr(key)}" content="{attr(value)}">\n'
        for key, value in (("og:site_name", SITE_NAME), ("og:url", canonical), *meta)
    )
    cookie = cookie_banner(ctx)
    return (
        '<!DOCTYPE html>\n<html lang="en-GB">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)} | {SITE_NAME}</title>\n"
        f'<meta name="description" content="{attr(description)}">\n'
        f'<link rel="canonical" href="{attr(canonical)}">\n'
        f'<link rel="stylesheet" href="/static/site-{t.asset_hash}.css">\n'
        f'<link rel="alternate" type="application/rss+xml" title="{SITE_NAME}" '
        f'href="{ctx.url("/feeds/rss.xml")}">\n'
        f"{meta_tags}{head_extra}</head>\n"
        f'<body class="{t.css("body")} page-{page_kind}">\n'
        f'<a class="{t.css("skip")}" href="#main">Skip to content</a>\n'
        f"{cookie if t.layout == 1 else ''}{header_html(ctx)}"
        f'<main id="main" class="{t.m("Layout", "main")}">\n{main}</main>\n'
        f"{footer_html(ctx)}{cookie if t.layout == 2 else ''}</body>\n</html>\n"
    )


def header_html(ctx: Ctx) -> str:
    """Masthead with the section navigation, search and sign-in links."""
    t = ctx.theme
    items = "".join(
        f'<li class="{t.m("Nav", "item")}"><a href="/{s.slug}/">{s.name}</a></li>' for s in SECTIONS
    )
    return (
        f'<header class="{t.m("Masthead", "root")}">\n'
        f'<div class="{t.m("Masthead", "brand")}"><a href="/" rel="home">{SITE_NAME}</a></div>\n'
        f'<nav class="{t.m("Nav", "root")}" aria-label="Sections"><ul>{items}'
        f'<li class="{t.m("Nav", "item")}"><a href="/shop/">Shop</a></li></ul></nav>\n'
        f'<form class="{t.css("search")}" action="/search" method="get" role="search">'
        '<input type="search" name="q" placeholder="Search the Herald">'
        '<button type="submit">Search</button></form>\n'
        f'<a class="{t.css("signin")}" href="/account">Sign in</a>\n</header>\n'
    )


def cookie_banner(ctx: Ctx) -> str:
    """GDPR-style consent dialog."""
    t = ctx.theme
    return (
        f'<div class="{t.m("CookieConsent", "banner")}" role="dialog" aria-live="polite">'
        "<p>We use cookies to personalise content and ads, and to analyse our traffic. "
        'See our <a href="/about/#privacy">privacy notice</a>.</p>'
        f'<button class="{t.css("cookie-accept")}">Accept all</button>'
        f'<button class="{t.css("cookie-manage")}">Manage preferences</button></div>\n'
    )


def footer_html(ctx: Ctx) -> str:
    """Footer with links and the copyright line."""
    t = ctx.theme
    links = " ".join(f'<a href="/{s.slug}/">{s.name}</a>' for s in SECTIONS)
    return (
        f'<footer class="{t.m("Footer", "root")}">\n'
        f'<div class="{t.m("Footer", "links")}">{links} <a href="/shop/">Shop</a></div>\n'
        f'<div class="{t.m("Footer", "meta")}"><a href="/about/">About us</a> '
        '<a href="/about/#privacy">Privacy</a> <a href="/feeds/rss.xml">RSS</a> '
        '<a href="/feeds/atom.xml">Atom</a> <a href="/sitemap.xml">Sitemap</a></div>\n'
        f"<p>© 2024 {SITE_NAME}. All rights reserved.</p>\n</footer>\n"
    )


def most_read_html(ctx: Ctx) -> str:
    """The site-wide "Most read" box."""
    t = ctx.theme
    items = "".join(
        f'<li><a href="{meta.path}">{esc(meta.headline)}</a></li>' for meta in ctx.catalog.most_read
    )
    return (
        f'<aside class="{t.m("MostRead", "root")}"><h2 class="{t.m("MostRead", "title")}">'
        f"Most read</h2><ol>{items}</ol></aside>\n"
    )


def teaser_html(ctx: Ctx, meta: ArticleMeta, with_summary: bool = True) -> str:
    """A story card for listings."""
    t = ctx.theme
    summary = ""
    if with_summary:
        summary = f'<p class="{t.m("Card", "summary")}">{esc(meta.description)}</p>'
    return (
        f'<div class="{t.m("Card", "root")}"><h3 class="{t.m("Card", "headline")}">'
        f'<a href="{meta.path}">{esc(meta.headline)}</a></h3>{summary}'
        f'<time datetime="{meta.published.isoformat()}">'
        f"{meta.published.strftime('%d %b %Y')}</time></div>\n"
    )


def share_bar(ctx: Ctx, url: str, title: str, position: str) -> str:
    """Share links (``position`` "top" or "bottom" only changes the hash)."""
    t = ctx.theme
    u, q = quote(url, safe=""), quote(title, safe="")
    return (
        f'<div class="{t.m("ShareBar", position)}" aria-label="Share this article">'
        f'<a href="https://twitter.com/intent/tweet?url={u}&amp;text={q}">Share on X</a> '
        f'<a href="https://www.facebook.com/sharer/sharer.php?u={u}">Share on Facebook</a> '
        f'<a href="mailto:?subject={q}&amp;body={u}">Email</a> '
        f'<button class="{t.css("copy-link")}">Copy link</button></div>\n'
    )
