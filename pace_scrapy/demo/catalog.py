"""Everything the site publishes, generated lazily from the seed: articles, authors, products."""

from __future__ import annotations

from functools import cached_property, lru_cache

from pace_scrapy.demo import words as w
from pace_scrapy.demo.articles import make_blocks, make_live_posts, make_meta
from pace_scrapy.demo.model import ArticleMeta, Block, LivePost, Product
from pace_scrapy.demo.products import make_product
from pace_scrapy.demo.rng import rng_for
from pace_scrapy.demo.sections import SECTIONS
from pace_scrapy.demo.text import slugify

N_AUTHORS = 24


class Catalog:
    """The site's content for one seed; metadata is cached, bodies are generated per call."""

    def __init__(self, seed: int, n_articles: int, n_products: int) -> None:
        if n_articles < 1 or n_products < 1:
            raise ValueError(
                f"need at least one article and one product, got {n_articles}, {n_products}"
            )
        self.seed = seed
        self.n_articles = n_articles
        self.n_products = n_products
        self.article = lru_cache(maxsize=None)(self._make_article)
        self.product = lru_cache(maxsize=None)(self._make_product)

    @cached_property
    def authors(self) -> tuple[str, ...]:
        """Staff names, unique."""
        rng = rng_for(self.seed, "authors")
        names: list[str] = []
        while len(names) < N_AUTHORS:
            name = f"{rng.choice(w.FIRST_NAMES)} {rng.choice(w.LAST_NAMES)}"
            if name not in names and slugify(name) not in map(slugify, names):
                names.append(name)
        return tuple(names)

    @cached_property
    def author_slugs(self) -> dict[str, str]:
        """Author page slug -> name."""
        return {slugify(name): name for name in self.authors}

    def _make_article(self, index: int) -> ArticleMeta:
        if not 0 <= index < self.n_articles:
            raise IndexError(f"article index {index} out of range 0..{self.n_articles - 1}")
        return make_meta(self.seed, index, self.authors)

    def _make_product(self, index: int) -> Product:
        if not 0 <= index < self.n_products:
            raise IndexError(f"product index {index} out of range 0..{self.n_products - 1}")
        return make_product(self.seed, index)

    @cached_property
    def articles(self) -> tuple[ArticleMeta, ...]:
        """All article metadata, newest first."""
        return tuple(self.article(i) for i in range(self.n_articles))

    @cached_property
    def products(self) -> tuple[Product, ...]:
        """All products in catalogue order."""
        return tuple(self.product(i) for i in range(self.n_products))

    def blocks(self, meta: ArticleMeta) -> tuple[Block, ...]:
        """Body blocks of a news/opinion article."""
        return make_blocks(self.seed, meta, self.n_articles, lambda i: self.article(i).path)

    def live_posts(self, meta: ArticleMeta) -> tuple[LivePost, ...]:
        """Posts of a live article."""
        return make_live_posts(self.seed, meta)

    @cached_property
    def by_section(self) -> dict[str, tuple[ArticleMeta, ...]]:
        """Section slug -> its articles, newest first."""
        return {s.slug: tuple(a for a in self.articles if a.section == s.slug) for s in SECTIONS}

    @cached_property
    def by_tag(self) -> dict[str, tuple[str, tuple[ArticleMeta, ...]]]:
        """Tag slug -> (tag name, its articles newest first)."""
        found: dict[str, tuple[str, list[ArticleMeta]]] = {}
        for meta in self.articles:
            for tag in meta.tags:
                found.setdefault(slugify(tag), (tag, []))[1].append(meta)
        return {slug: (name, tuple(metas)) for slug, (name, metas) in sorted(found.items())}

    @cached_property
    def by_author(self) -> dict[str, tuple[ArticleMeta, ...]]:
        """Author name -> their articles, newest first."""
        return {name: tuple(a for a in self.articles if name in a.authors) for name in self.authors}

    @cached_property
    def most_read(self) -> tuple[ArticleMeta, ...]:
        """Five articles shown in every "Most read" box."""
        rng = rng_for(self.seed, "most-read")
        picks = rng.sample(range(min(self.n_articles, 60)), min(self.n_articles, 5))
        return tuple(self.article(i) for i in picks)

    def find_article(self, article_id: str) -> ArticleMeta | None:
        """The article with six-digit id ``article_id`` or None."""
        index = int(article_id) - 1
        return self.article(index) if 0 <= index < self.n_articles else None

    def find_product(self, product_id: str) -> Product | None:
        """The product with five-digit id ``product_id`` or None."""
        index = int(product_id) - 1
        return self.product(index) if 0 <= index < self.n_products else None
