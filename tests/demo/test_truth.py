"""Gold export format of the truth models."""

from __future__ import annotations

from pace_scrapy.demo import ArticleTruth, DemoSite, ProductTruth

BASE = "http://gold.test"


def test_article_gold_keys() -> None:
    site = DemoSite(seed=2, n_articles=30, n_products=3)
    truth = site.truth(site.article_urls(BASE)[1])
    assert isinstance(truth, ArticleTruth)
    gold = truth.to_gold(site="demo-x")
    assert gold["kind"] == "article"
    assert gold["site"] == "demo-x"
    assert gold["title"] == truth.headline
    assert gold["body"] == truth.body
    assert gold["images"] == [{"src": i.src, "caption": i.caption} for i in truth.images]
    assert gold["date_published"] == truth.date_published
    assert "attributes" not in gold


def test_product_gold_attributes() -> None:
    site = DemoSite(seed=2, n_articles=30, n_products=3)
    truth = site.truth(site.product_urls(BASE)[0])
    assert isinstance(truth, ProductTruth)
    attributes = truth.to_gold()["attributes"]
    assert attributes["price"] == [truth.price]
    assert attributes["gtin"] == [truth.gtin]
    assert attributes["availability"][0] in ("InStock", "OutOfStock")
    assert all(
        isinstance(v, list) and all(isinstance(x, str) for x in v) for v in attributes.values()
    )
