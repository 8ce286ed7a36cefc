"""DemoSite: routes request paths to generated pages and knows each page's ground truth."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from pace_scrapy.demo import feeds
from pace_scrapy.demo.article_page import news_article_html
from pace_scrapy.demo.catalog import Catalog
from pace_scrapy.demo.images import png_bytes
from pace_scrapy.demo.listing_pages import (
    article_listing_html,
    home_html,
    product_listing_html,
    simple_html,
)
from pace_scrapy.demo.live_page import live_article_html, live_json
from pace_scrapy.demo.markup import Ctx
from pace_scrapy.demo.opinion_page import opinion_article_html
from pace_scrapy.demo.product_page import product_html
from pace_scrapy.demo.products import CATEGORIES
from pace_scrapy.demo.sections import SECTION_BY_SLUG, SHOP_NAME, SITE_NAME
from pace_scrapy.demo.text import slugify
from pace_scrapy.demo.theme import Theme
from pace_scrapy.demo.truth import ArticleTruth, ProductTruth
from pace_scrapy.demo.truth_builder import article_truth, product_truth

DEFAULT_BASE_URL = "http://localhost:8000"
_CSS = b"body{font-family:Georgia,serif;max-width:70rem;margin:auto}img{max-width:100%}\n"
_ARTICLE = r"(?P<path>/(?P<section>[a-z]+)/\d{4}/\d{2}/\d{2}/[a-z0-9-]+-(?P<id>\d{6}))"
_PRODUCT = r"(?P<path>/shop/[a-z-]+/[a-z0-9-]+-p(?P<id>\d{5}))"


@dataclass(frozen=True)
class Response:
    """A generated HTTP response."""

    status: int
    content_type: str
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()


Handler = Callable[[Ctx, dict[str, str], int], Response | None]


def _ok(content_type: str, text: str | bytes | None) -> Response | None:
    if text is None:
        return None
    body = text.encode("utf-8") if isinstance(text, str) else text
    return Response(200, content_type, body)


def _html(text: str | None) -> Response | None:
    return _ok("text/html; charset=utf-8", text)


def _redirect(path: str) -> Response:
    return Response(301, "text/plain; charset=utf-8", b"Moved\n", (("Location", path),))


def _static(kind: str, path: str) -> Handler:
    return lambda ctx, match, page: _html(simple_html(ctx, kind, path))


def _feed(make: Callable[[Ctx], str], content_type: str = "application/xml") -> Handler:
    return lambda ctx, match, page: _ok(f"{content_type}; charset=utf-8", make(ctx))


class DemoSite:
    """A synthetic news site with a shop, generated on request from ``(seed, build)``."""

    def __init__(
        self, seed: int = 0, build: int = 1, n_articles: int = 240, n_products: int = 40
    ) -> None:
        self.seed = seed
        self.build = build
        self.catalog = Catalog(seed, n_articles, n_products)
        self.theme = Theme(seed, build)
        routes: list[tuple[str, Handler]] = [
            (r"/", lambda ctx, match, page: _html(home_html(ctx))),
            (r"/robots\.txt", _feed(feeds.robots_txt, "text/plain")),
            (r"/sitemap\.xml", _feed(feeds.sitemap_index)),
            (r"/sitemaps/pages\.xml", _feed(feeds.pages_sitemap)),
            (r"/sitemaps/news\.xml", _feed(feeds.news_sitemap)),
            (r"/sitemaps/products\.xml", _feed(feeds.products_sitemap)),
            (r"/sitemaps/articles-(?P<n>[1-9]\d*)\.xml", self._articles_sitemap),
            (r"/feeds/rss\.xml", _feed(feeds.rss_feed, "application/rss+xml")),
            (r"/feeds/atom\.xml", _feed(feeds.atom_feed, "application/atom+xml")),
            (r"/(?P<section>[a-z]+)/", self._section),
            (_ARTICLE, self._article),
            (r"/api/live/(?P<id>\d{6})\.json", self._live_api),
            (r"/tag/(?P<slug>[a-z0-9-]+)/", self._tag),
            (r"/author/(?P<slug>[a-z0-9-]+)/", self._author),
            (r"/about/", _static("about", "/about/")),
            (r"/search", _static("search", "/search")),
            (r"/account", _static("account", "/account")),
            (r"/shop/(?:(?P<category>[a-z-]+)/)?", self._shop),
            (_PRODUCT, self._product),
            (r"/img/(?P<key>[a-z0-9]+)_\d+\.png", self._image),
            (r"/static/site-[a-z0-9]+\.css", lambda ctx, match, page: _ok("text/css", _CSS)),
        ]
        self._routes = [(re.compile(pattern), handler) for pattern, handler in routes]

    def render(self, path: str, base_url: str = DEFAULT_BASE_URL) -> Response:
        """Respond to a request for ``path`` (may carry a query) as served under ``base_url``."""
        ctx = Ctx(self.catalog, self.theme, base_url.rstrip("/"))
        parts = urlsplit(path)
        page_value = parse_qs(parts.query).get("page", ["1"])[0]
        page = int(page_value) if page_value.isdigit() else 0
        matched = False
        for pattern, handler in self._routes:
            match = pattern.fullmatch(parts.path)
            if match is None:
                continue
            matched = True
            response = handler(ctx, match.groupdict(), page)
            if response is not None:
                return response
        if not matched and not parts.path.endswith("/"):
            with_slash = parts.path + "/"
            if self.render(with_slash, base_url).status == 200:
                return _redirect(with_slash)
        not_found = simple_html(ctx, "404", parts.path).encode("utf-8")
        return Response(404, "text/html; charset=utf-8", not_found)

    def truth(
        self, path: str, base_url: str = DEFAULT_BASE_URL
    ) -> ArticleTruth | ProductTruth | None:
        """Ground truth of the page at ``path`` (or at an absolute URL).

        None for pages that yield no item (listings, feeds, static pages); raises
        ``LookupError`` for paths this site does not serve with status 200.
        """
        parts = urlsplit(path)
        base = f"{parts.scheme}://{parts.netloc}" if parts.netloc else base_url.rstrip("/")
        query = f"?{parts.query}" if parts.query else ""
        status = self.render(parts.path + query, base).status
        if status != 200:
            raise LookupError(f"no page at {path!r} (status {status})")
        article = re.fullmatch(_ARTICLE, parts.path)
        if article is not None:
            meta = self.catalog.find_article(article["id"])
            return None if meta is None else article_truth(self.catalog, meta, base)
        product = re.fullmatch(_PRODUCT, parts.path)
        if product is not None:
            item = self.catalog.find_product(product["id"])
            return None if item is None else product_truth(item, base)
        return None

    def article_urls(self, base_url: str = DEFAULT_BASE_URL) -> list[str]:
        """Absolute URLs of every article, newest first."""
        return [base_url.rstrip("/") + meta.path for meta in self.catalog.articles]

    def product_urls(self, base_url: str = DEFAULT_BASE_URL) -> list[str]:
        """Absolute URLs of every product."""
        return [base_url.rstrip("/") + product.path for product in self.catalog.products]

    def _articles_sitemap(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        return _ok("application/xml; charset=utf-8", feeds.articles_sitemap(ctx, int(match["n"])))

    def _section(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        section = SECTION_BY_SLUG.get(match["section"])
        if section is None:
            return None
        intro = f"The latest {section.name.lower()} news and analysis from {SITE_NAME}."
        items = self.catalog.by_section[section.slug]
        return _html(
            article_listing_html(
                ctx,
                path=f"/{section.slug}/",
                title=section.name,
                intro=intro,
                items=items,
                page=page,
            )
        )

    def _article(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        meta = self.catalog.find_article(match["id"])
        if meta is None:
            return None
        if match["path"] != meta.path:
            return _redirect(meta.path)
        template = SECTION_BY_SLUG[meta.section].template
        if template == "opinion":
            return _html(opinion_article_html(ctx, meta))
        if template == "live":
            return _html(live_article_html(ctx, meta))
        return _html(news_article_html(ctx, meta))

    def _live_api(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        meta = self.catalog.find_article(match["id"])
        if meta is None or SECTION_BY_SLUG[meta.section].template != "live":
            return None
        return _ok("application/json", live_json(ctx, meta))

    def _tag(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        found = self.catalog.by_tag.get(match["slug"])
        if found is None:
            return None
        name, items = found
        path, intro = f"/tag/{match['slug']}/", f"Everything we have published about {name}."
        return _html(
            article_listing_html(ctx, path=path, title=name, intro=intro, items=items, page=page)
        )

    def _author(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        name = self.catalog.author_slugs.get(match["slug"])
        if name is None:
            return None
        path = f"/author/{slugify(name)}/"
        intro = f"{name} is a reporter at {SITE_NAME}."
        items = self.catalog.by_author[name]
        return _html(
            article_listing_html(ctx, path=path, title=name, intro=intro, items=items, page=page)
        )

    def _shop(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        category = match.get("category")
        products = self.catalog.products
        if category is None:
            return _html(
                product_listing_html(ctx, path="/shop/", title=SHOP_NAME, items=products, page=page)
            )
        if category not in CATEGORIES:
            return None
        items = [p for p in products if p.category == category]
        title = CATEGORIES[category][0]
        path = f"/shop/{category}/"
        return _html(product_listing_html(ctx, path=path, title=title, items=items, page=page))

    def _product(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        product = self.catalog.find_product(match["id"])
        if product is None:
            return None
        if match["path"] != product.path:
            return _redirect(product.path)
        return _html(product_html(ctx, product))

    def _image(self, ctx: Ctx, match: dict[str, str], page: int) -> Response | None:
        return _ok("image/png", png_bytes(match["key"]))
