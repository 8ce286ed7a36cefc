"""A tiny benchmark folder written from scratch, and learners that return hand-written configs.

Layout (page ids 0001..):
- news/alpha.example: 5 article pages, news/beta.example: 4, news/tiny.example: 2;
- shop/shop.example: 5 product pages (price, currency, sku).
Article pages have a headline, a byline and two body paragraphs inside ``div.text`` between a
navigation bar and a footer; the gold is exactly those texts.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.errors import PaceError
from pace_scrapy.evaluate.gold import LabelledPage

SITES = {("news", "alpha.example"): 5, ("news", "beta.example"): 4, ("news", "tiny.example"): 2}
PRODUCTS = 5
AUTHORS = ("Ann Lee", "Bo Chen", "Cy Diaz")


def article(site: str, n: int) -> tuple[str, dict[str, object]]:
    """The HTML and gold of article ``n`` of ``site``."""
    title = f"Council of {site} votes on plan number {n}"
    author = AUTHORS[n % len(AUTHORS)]
    body = [
        f"The council of {site} met on Monday to discuss plan {n}. It approved the plan.",
        f"Residents said plan {n} was welcome. Work starts in {2000 + n}.",
    ]
    html = f"""<!doctype html><html><head><title>{title} | {site}</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World news</a> <a href="/sport">Sport pages</a></nav>
<article><h1>{title}</h1><p class="byline">By {author}</p>
<div class="text"><p>{body[0]}</p><p>{body[1]}</p></div></article>
<footer><p>Copyright {site}. All rights reserved. Contact us for more.</p></footer>
</body></html>"""
    gold = {"kind": "article", "url": f"https://{site}/{n}.html", "title": title}
    return html, {**gold, "authors": [author], "body": body}


def product(n: int) -> tuple[str, dict[str, object]]:
    """The HTML and gold of product ``n``."""
    html = f"""<html><head><title>Widget {n}</title></head><body>
<div class="product"><h1>Widget {n}</h1><span class="price">€{n}.50</span>
<span class="sku">SKU-{n}</span><span class="ref">REF-{n}</span></div></body></html>"""
    attributes = {"price": [f"{n}.50"], "currency": ["EUR"], "sku": [f"SKU-{n}"]}
    return html, {"kind": "product", "url": f"https://shop.example/{n}", "attributes": attributes}


def write_page(site_dir: Path, page_id: str, html: str, gold: dict[str, object]) -> None:
    """``<page_id>.html.gz`` and ``<page_id>.json`` (with dataset and site) in ``site_dir``."""
    site_dir.mkdir(parents=True, exist_ok=True)
    (site_dir / f"{page_id}.html.gz").write_bytes(gzip.compress(html.encode("utf-8")))
    full = {"dataset": site_dir.parent.name, "site": site_dir.name, **gold}
    (site_dir / f"{page_id}.json").write_text(json.dumps(full), encoding="utf-8")


def build_bench(root: Path) -> Path:
    """Write the synthetic benchmark under ``root`` and return ``root``."""
    for (dataset, site), count in SITES.items():
        for n in range(1, count + 1):
            write_page(root / dataset / site, f"{n:04d}", *article(site, n))
    for n in range(1, PRODUCTS + 1):
        write_page(root / "shop" / "shop.example", f"{n:04d}", *product(n))
    return root


def _config(name: str, pages: list[LabelledPage], sku_query: str) -> PublisherConfig:
    host = (pages[0].gold.url or "").split("/")[2]
    if pages[0].gold.kind == "product":
        version: dict[str, object] = {
            "version": 1,
            "page_type": "product",
            "fields": {
                "price": {"rules": [{"source": "css", "query": ".price"}]},
                "currency": {"rules": [{"source": "css", "query": ".price"}]},
                "sku": {"rules": [{"source": "css", "query": sku_query}]},
            },
        }
    else:
        byline = {
            "source": "css",
            "query": ".byline",
            "transforms": [{"op": "strip", "prefixes": ["By "]}],
        }
        version = {
            "version": 1,
            "fields": {
                "headline": {"rules": [{"source": "css", "query": "h1"}]},
                "authors": {"rules": [byline]},
            },
            "body": {"containers": [{"css": "div.text"}]},
        }
    return PublisherConfig.model_validate({"name": name, "domains": [host], "versions": [version]})


def exact_learner(name: str, pages: list[LabelledPage]) -> PublisherConfig:
    """The right config for every synthetic site (it ignores what the pages say)."""
    return _config(name, pages, ".sku")


def sloppy_learner(name: str, pages: list[LabelledPage]) -> PublisherConfig:
    """Like :func:`exact_learner`, but the sku comes from the wrong element."""
    return _config(name, pages, ".ref")


def failing_learner(name: str, pages: list[LabelledPage]) -> PublisherConfig:
    """A learner that never manages to learn."""
    raise PaceError(f"cannot learn {name} from {len(pages)} pages")
