"""Write a sample of demo pages as ``<id>.html`` + ``<id>.json`` (benchmark gold format)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from pace_scrapy.atomic import write_atomic
from pace_scrapy.demo.sections import SECTION_BY_SLUG
from pace_scrapy.demo.site import DEFAULT_BASE_URL, DemoSite

logger = logging.getLogger(__name__)


def _spread(items: list[str], count: int) -> list[str]:
    """``count`` items evenly spread over ``items`` (all of them if fewer)."""
    if count >= len(items):
        return items
    return [items[i * len(items) // count] for i in range(count)]


def sample_paths(site: DemoSite, count: int) -> list[str]:
    """About four articles (static HTML only, no live blogs) for every product."""
    articles = [
        meta.path
        for meta in site.catalog.articles
        if SECTION_BY_SLUG[meta.section].template != "live"
    ]
    products = [product.path for product in site.catalog.products]
    n_products = min(len(products), max(1, count // 5))
    return _spread(articles, count - n_products) + _spread(products, n_products)


def export_sample(
    site: DemoSite, outdir: Path, count: int = 50, base_url: str = DEFAULT_BASE_URL
) -> list[Path]:
    """Write ``count`` pages with their gold; returns the written HTML paths."""
    outdir.mkdir(parents=True, exist_ok=True)
    label = f"demo-s{site.seed}-b{site.build}"
    written: list[Path] = []
    for number, path in enumerate(sample_paths(site, count), start=1):
        page_id = f"{number:04d}"
        truth = site.truth(path, base_url)
        if truth is None:
            raise LookupError(f"sample path {path!r} has no ground truth")
        html_path = outdir / f"{page_id}.html"
        write_atomic(html_path, site.render(path, base_url).body)
        gold = json.dumps(truth.to_gold(site=label), ensure_ascii=False, indent=2) + "\n"
        write_atomic(outdir / f"{page_id}.json", gold.encode("utf-8"))
        written.append(html_path)
    logger.info("exported %d demo pages to %s", len(written), outdir)
    return written
