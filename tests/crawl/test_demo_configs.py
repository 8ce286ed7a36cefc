"""The hand-written demo configs fit the demo site in two builds (hashed class names change)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from pace_scrapy.config.store import load_config
from pace_scrapy.demo import ArticleTruth, DemoSite, ProductTruth
from pace_scrapy.extract.extractor import extract
from pace_scrapy.page.model import Page
from tests.conftest import REPO

BASE = "http://127.0.0.1:8123"
FETCHED = date(2024, 7, 1)
NOISE = ("Advertisement", "Sponsored:", "Read more:", "Sign up to", "More on this story")


def extracted(site: DemoSite, url: str, config_name: str) -> dict[str, Any]:
    response = site.render(url.removeprefix(BASE), BASE)
    assert response.status == 200, url
    page = Page.from_html(response.body, url, content_type=response.content_type, fetched=FETCHED)
    config = load_config(REPO / "configs" / f"{config_name}.json")
    item: dict[str, Any] = extract(page, config).model_dump(mode="json", exclude_none=True)
    return item


@pytest.mark.parametrize("build", [1, 2])
def test_news_config(build: int) -> None:
    site = DemoSite(seed=5, build=build, n_articles=40, n_products=2)
    for url in site.article_urls(BASE):
        truth = site.truth(url)
        assert isinstance(truth, ArticleTruth)
        item = extracted(site, url, "demo-news")
        assert item["headline"] == truth.headline
        assert [author["name"] for author in item["authors"]] == truth.authors
        assert item["datePublished"] == truth.date_published
        assert item.get("dateModified") == truth.date_modified
        assert item["metadata"]["fallbackUsed"] == truth.requires_js
        if truth.requires_js:
            continue
        body = " ".join(item["articleBody"].split())
        assert all(" ".join(p.split()) in body for p in truth.body), url
        assert not any(noise in body for noise in NOISE), url
        images = [(i["url"], i.get("caption")) for i in item.get("images", [])]
        assert images == [(i.src, i.caption) for i in truth.images], url


@pytest.mark.parametrize("build", [1, 2])
def test_shop_config(build: int) -> None:
    site = DemoSite(seed=5, build=build, n_articles=2, n_products=30)
    for url in site.product_urls(BASE):
        truth = site.truth(url)
        assert isinstance(truth, ProductTruth)
        item = extracted(site, url, "demo-shop")
        rating = truth.aggregateRating
        expected = {
            "name": truth.name,
            "price": truth.price,
            "currency": truth.currency,
            "sku": truth.sku,
            "mpn": truth.mpn,
            "gtin": [{"type": "gtin13", "value": truth.gtin}],
            "brand": {"name": truth.brand},
            "mainImage": {"url": truth.mainImage},
            "images": [{"url": src} for src in truth.images],
            "description": truth.description,
            "breadcrumbs": [{"name": c.name, "url": c.url} for c in truth.breadcrumbs],
        }
        assert {key: item.get(key) for key in expected} == expected
        assert item.get("regularPrice") == truth.regularPrice
        assert item.get("aggregateRating") == (rating.model_dump() if rating else None)
        assert item["availability"] == truth.availability
