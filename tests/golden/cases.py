"""The golden cases: saved pages, the config each is extracted with, and the expected JSON.

``pages/demo-*.html`` are demo-site pages saved by :mod:`tests.golden.regenerate`;
``pages/hand-*.html`` are hand-written pages of hostile structure, with their configs in
``configs/``. ``expected/<case>.json`` is the extracted item, written by the regenerate command
only (never by hand): these files pin the extractor's output, so that a change that alters it
(an optimisation, a refactoring) shows up as a diff to review.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from pace_scrapy.config.store import load_config
from pace_scrapy.demo import DEFAULT_BASE_URL
from pace_scrapy.extract.extractor import extract
from pace_scrapy.page.model import Page

GOLDEN = Path(__file__).resolve().parent
REPO = GOLDEN.parents[1]
FETCHED = date(2024, 7, 1)  # every page's capture date (it picks the config version)
REGENERATE = "python -m tests.golden.regenerate"


@dataclass(frozen=True)
class Case:
    """One golden page: file name stem, URL, config file and what it must exercise.

    A demo case names its site ``build`` (> 0) and ``path``; a hand-written one has build 0.
    ``covers`` lists markup the page must contain (checked when regenerating, so that a change
    of the demo site cannot silently empty a case of its purpose).
    """

    name: str
    url: str
    config: Path
    covers: tuple[str, ...] = ()
    build: int = 0

    @property
    def page_file(self) -> str:
        """The page's file name under ``pages/``."""
        return f"{self.name}.html"

    @property
    def expected_file(self) -> str:
        """The expected item's file name under ``expected/``."""
        return f"{self.name}.json"


def _demo(name: str, build: int, path: str, config: str, *covers: str) -> Case:
    return Case(name, DEFAULT_BASE_URL + path, REPO / "configs" / config, covers, build)


def _hand(name: str, url: str, *covers: str) -> Case:
    return Case(name, url, GOLDEN / "configs" / f"{name}.json", covers)


# Demo site: DemoSite(seed=DEMO_SEED, build=..., n_articles=DEMO_ARTICLES, n_products=...).
DEMO_SEED = 5
DEMO_ARTICLES = 60
DEMO_PRODUCTS = 30
CASES = (
    _demo(
        "demo-b1-science-code",
        1,
        "/science/2024/06/27/atmospheric-methane-rose-10-2-as-astronomers-published-evidence-000010",
        "demo-news.json",
        "<pre",
        "<figure",
    ),
    _demo(
        "demo-b1-politics-table",
        1,
        "/politics/2024/06/25/the-prime-ministers-office-unveiled-the-housing-bill-in-000025",
        "demo-news.json",
        "<table",
        "<figure",
    ),
    _demo(
        "demo-b1-opinion",
        1,
        "/opinion/2024/06/25/we-are-not-going-to-back-down-now-the-000028",
        "demo-news.json",
        "OpEd_column__",
    ),
    _demo(
        "demo-b1-live-fallback",
        1,
        "/live/2024/06/23/live-this-is-only-the-beginning-the-interim-president-000046",
        "demo-news.json",
        "<script",
    ),
    _demo(
        "demo-b2-sport-table",
        2,
        "/sport/2024/06/23/attendance-rose-6-7-as-the-19-year-old-000045",
        "demo-news.json",
        "<table",
        "<figure",
    ),
    _demo(
        "demo-b2-science-code",
        2,
        "/science/2024/06/26/people-are-tired-and-theyre-angry-engineers-at-the-000023",
        "demo-news.json",
        "<pre",
    ),
    _demo(
        "demo-b1-product",
        1,
        "/shop/audio/brightwell-heritage-wireless-headphones-plus-p00001",
        "demo-shop.json",
        '"@type":"Product"',
    ),
    _demo(
        "demo-b2-product",
        2,
        "/shop/kitchen/brightwell-ultralight-cast-iron-skillet-300-p00002",
        "demo-shop.json",
        '"@type":"Product"',
    ),
    _hand(
        "hand-layout-table",
        "http://parish.example/minutes/2024-03.html",
        'role="presentation"',
        "<br>",
        "rowspan",
        "colspan",
        "&mdash;",
    ),
    _hand(
        "hand-lists-figures",
        "https://blog.example/2024/05/sourdough",
        "<picture",
        "srcset",
        "<dl>",
        "<ol start",
        "<pre>",
    ),
    _hand("hand-rtl-cjk", "https://news.example/ar/2024/03/library", 'dir="rtl"', "&#769;"),
    _hand("hand-product", "https://shop.example/de/wanderschuh-alpin", "itemscope", "<dl"),
)


def expected_json(case: Case, pages: Path) -> str:
    """The item extracted from ``case``'s page file under ``pages``, as golden JSON text."""
    page = Page.from_html((pages / case.page_file).read_bytes(), case.url, fetched=FETCHED)
    item = extract(page, load_config(case.config))
    data = item.model_dump(mode="json", exclude_none=True)
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
