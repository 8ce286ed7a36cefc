"""The learners ``pace-eval --learn`` runs on labelled pages: our labellers behind the
runner's ``Learner`` signature. Module-level functions, so worker processes can pickle them."""

from __future__ import annotations

from collections import Counter

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.evaluate.candidates import page_url
from pace_scrapy.evaluate.gold import GoldPage, LabelledPage
from pace_scrapy.learn.labelers.examples import ExamplesLabeler
from pace_scrapy.learn.labelers.heuristic import HeuristicLabeler
from pace_scrapy.learn.labels import Labeler
from pace_scrapy.learn.learner import learn_config
from pace_scrapy.page.model import Page

# Gold keys and the config fields they label, by page type.
GOLD_FIELDS = {
    "title": "headline",
    "authors": "authors",
    "date_published": "datePublished",
    "body": "articleBody",
}
# A product's title is its name; its main content is not a field (descriptions, specs and
# reviews are judgement calls of the gold), so it labels nothing.
PRODUCT_GOLD_FIELDS = {"title": "name"}
# Gold page kind -> config page type (books are products with attributes of their own).
PAGE_TYPES = {"article": "article", "generic": "article", "product": "product", "book": "product"}


def heuristic(name: str, pages: list[LabelledPage]) -> PublisherConfig:
    """Learn with the default labeller (no labels used)."""
    return _learn(name, pages, HeuristicLabeler())


def examples(name: str, pages: list[LabelledPage]) -> PublisherConfig:
    """Learn with the examples labeller, the training pages' gold as the user's examples."""
    values = {page_url(page): gold_values(page.gold) for page in pages}
    return _learn(name, pages, ExamplesLabeler(values))


def gold_values(gold: GoldPage) -> dict[str, str | list[str]]:
    """A gold page as example values: its annotated fields (named for its page type) and
    attributes."""
    values: dict[str, str | list[str]] = {}
    fields = PRODUCT_GOLD_FIELDS if page_type(gold) == "product" else GOLD_FIELDS
    for key, field in fields.items():
        value = getattr(gold, key, None)
        if value:
            values[field] = value if isinstance(value, str) else list(value)
    for name, found in (gold.attributes or {}).items():
        if found:
            values[name] = list(found) if len(found) > 1 else found[0]
    return values


def page_type(gold: GoldPage) -> str:
    """The config page type for a gold page's kind."""
    return PAGE_TYPES.get(gold.kind, gold.kind)


def site_page_type(pages: list[LabelledPage]) -> str:
    """The page type of most training pages (the first page's on a tie; article without
    pages): a shop's blog post among its product pages does not make it a news site."""
    kinds = Counter(page_type(page.gold) for page in pages)
    return kinds.most_common(1)[0][0] if kinds else "article"


def _learn(name: str, pages: list[LabelledPage], labeler: Labeler) -> PublisherConfig:
    kind = site_page_type(pages)
    loaded = [Page.from_html(page.html_bytes(), page_url(page)) for page in pages]
    return learn_config(name, loaded, labeler, page_type=kind).config
