"""robots.txt, the sitemap index with its sub-sitemaps (one Google News), RSS 2.0 and Atom."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from email.utils import format_datetime
from xml.sax.saxutils import escape

from pace_scrapy.demo.markup import Ctx
from pace_scrapy.demo.model import ArticleMeta
from pace_scrapy.demo.products import CATEGORIES
from pace_scrapy.demo.sections import SECTION_BY_SLUG, SECTIONS, SITE_NAME
from pace_scrapy.demo.text import slugify

SITEMAP_CHUNK = 1000
FEED_SIZE = 30
NEWS_WINDOW = timedelta(days=2)
_XML = '<?xml version="1.0" encoding="UTF-8"?>\n'
_SM_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def robots_txt(ctx: Ctx) -> str:
    """robots.txt disallowing search and account pages and naming the sitemap index."""
    return (
        "User-agent: *\nDisallow: /search\nDisallow: /account\n\n"
        "User-agent: BadBot\nDisallow: /\n\n"
        f"Sitemap: {ctx.url('/sitemap.xml')}\n"
    )


def article_sitemap_count(ctx: Ctx) -> int:
    """Number of ``/sitemaps/articles-N.xml`` files."""
    return -(-ctx.catalog.n_articles // SITEMAP_CHUNK)


def sitemap_index(ctx: Ctx) -> str:
    """The sitemap index listing every sub-sitemap."""
    newest = ctx.catalog.article(0).published.isoformat()
    names = ["pages", "news", "products"]
    names += [f"articles-{n}" for n in range(1, article_sitemap_count(ctx) + 1)]
    entries = "".join(
        f"<sitemap><loc>{ctx.url(f'/sitemaps/{name}.xml')}</loc><lastmod>{newest}</lastmod>"
        "</sitemap>\n"
        for name in names
    )
    return f'{_XML}<sitemapindex xmlns="{_SM_NS}">\n{entries}</sitemapindex>\n'


def _urlset(ctx: Ctx, rows: Iterable[tuple[str, str | None]]) -> str:
    entries = "".join(
        f"<url><loc>{escape(ctx.url(path))}</loc>"
        + ("" if lastmod is None else f"<lastmod>{lastmod}</lastmod>")
        + "</url>\n"
        for path, lastmod in rows
    )
    return f'{_XML}<urlset xmlns="{_SM_NS}">\n{entries}</urlset>\n'


def _lastmod(meta: ArticleMeta) -> str:
    return (meta.modified or meta.published).isoformat()


def articles_sitemap(ctx: Ctx, number: int) -> str | None:
    """Sub-sitemap ``number`` (1-based) of articles; None if out of range."""
    if not 1 <= number <= article_sitemap_count(ctx):
        return None
    chunk = ctx.catalog.articles[(number - 1) * SITEMAP_CHUNK : number * SITEMAP_CHUNK]
    return _urlset(ctx, ((meta.path, _lastmod(meta)) for meta in chunk))


def pages_sitemap(ctx: Ctx) -> str:
    """Home, sections, tags, authors and the about page."""
    catalog = ctx.catalog
    paths = ["/", *(f"/{s.slug}/" for s in SECTIONS), "/about/"]
    paths += [f"/tag/{slug}/" for slug in catalog.by_tag]
    paths += [f"/author/{slugify(name)}/" for name in catalog.authors]
    return _urlset(ctx, ((path, None) for path in paths))


def products_sitemap(ctx: Ctx) -> str:
    """Shop home, categories and every product."""
    paths = ["/shop/", *(f"/shop/{slug}/" for slug in CATEGORIES)]
    paths += [product.path for product in ctx.catalog.products]
    return _urlset(ctx, ((path, None) for path in paths))


def news_sitemap(ctx: Ctx) -> str:
    """Google News sitemap of the articles of the last two days."""
    articles = ctx.catalog.articles
    cutoff = articles[0].published - NEWS_WINDOW
    entries = "".join(
        f"<url><loc>{escape(ctx.url(meta.path))}</loc><news:news><news:publication>"
        f"<news:name>{SITE_NAME}</news:name><news:language>en</news:language>"
        f"</news:publication><news:publication_date>{meta.published.isoformat()}"
        f"</news:publication_date><news:title>{escape(meta.headline)}</news:title>"
        "</news:news></url>\n"
        for meta in articles[:SITEMAP_CHUNK]
        if meta.published >= cutoff
    )
    return (
        f'{_XML}<urlset xmlns="{_SM_NS}" '
        'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n'
        f"{entries}</urlset>\n"
    )


def rss_feed(ctx: Ctx) -> str:
    """RSS 2.0 feed of the latest articles."""
    items = "".join(
        f"<item><title>{escape(meta.headline)}</title><link>{ctx.url(meta.path)}</link>"
        f'<guid isPermaLink="true">{ctx.url(meta.path)}</guid>'
        f"<pubDate>{format_datetime(meta.published)}</pubDate>"
        f"<description>{escape(meta.description)}</description>"
        + "".join(f"<dc:creator>{escape(name)}</dc:creator>" for name in meta.authors)
        + f"<category>{SECTION_BY_SLUG[meta.section].name}</category></item>\n"
        for meta in ctx.catalog.articles[:FEED_SIZE]
    )
    newest = format_datetime(ctx.catalog.article(0).published)
    return (
        f'{_XML}<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n'
        f"<title>{SITE_NAME}</title><link>{ctx.url('/')}</link>"
        f"<description>Latest news from {SITE_NAME}</description><language>en-gb</language>"
        f"<lastBuildDate>{newest}</lastBuildDate>"
        f'<atom:link href="{ctx.url("/feeds/rss.xml")}" rel="self" type="application/rss+xml"/>\n'
        f"{items}</channel>\n</rss>\n"
    )


def atom_feed(ctx: Ctx) -> str:
    """Atom feed of the latest articles."""
    latest = ctx.catalog.articles[:FEED_SIZE]
    entries = "".join(
        f"<entry><id>{ctx.url(meta.path)}</id><title>{escape(meta.headline)}</title>"
        f'<link rel="alternate" href="{ctx.url(meta.path)}"/>'
        f"<published>{meta.published.isoformat()}</published>"
        f"<updated>{_lastmod(meta)}</updated>"
        + "".join(f"<author><name>{escape(name)}</name></author>" for name in meta.authors)
        + f"<summary>{escape(meta.description)}</summary></entry>\n"
        for meta in latest
    )
    return (
        f'{_XML}<feed xmlns="http://www.w3.org/2005/Atom">\n<id>{ctx.url("/")}</id>'
        f"<title>{SITE_NAME}</title><updated>{max(map(_lastmod, latest))}</updated>"
        f'<link rel="self" href="{ctx.url("/feeds/atom.xml")}"/>\n{entries}</feed>\n'
    )
