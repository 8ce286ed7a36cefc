"""Product pages: every truth field is on the page; JSON-LD on some; layout 2 moves price."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from lxml.html import HtmlElement

from pace_scrapy.demo import DemoSite, ProductTruth

from .conftest import BASE, parse, visible_text


def _pages(site: DemoSite) -> list[tuple[ProductTruth, str, HtmlElement]]:
    out = []
    for url in site.product_urls(BASE):
        truth = site.truth(url)
        assert isinstance(truth, ProductTruth)
        body = site.render(urlsplit(url).path, BASE).body
        out.append((truth, body.decode(), parse(body)))
    return out


def _euros(value: str) -> str:
    whole, cents = value.split(".")
    return f"€{int(whole):,}.{cents}"


def test_truth_fields_are_visible(site: DemoSite) -> None:
    for truth, _, doc in _pages(site):
        text = visible_text(doc)
        for value in (truth.name, truth.sku, truth.mpn, truth.gtin, truth.brand):
            assert value in text, value
        paragraphs = doc.xpath("//h2[.='Description']/following-sibling::p")
        assert " ".join(" ".join(p.text_content().split()) for p in paragraphs) == truth.description
        assert _euros(truth.price) in text
        if truth.regularPrice is not None:
            (struck,) = doc.xpath("//s")
            assert " ".join(struck.text_content().split()) == _euros(truth.regularPrice)
        stock = "Out of stock" in text or "unavailable" in text
        assert stock == truth.availability.endswith("OutOfStock")
        for label in ("Price:", "SKU:", "EAN:"):
            assert label in text
        crumbs = doc.xpath("//nav[@aria-label='Breadcrumb']//a")
        assert [(a.text, BASE + a.get("href")) for a in crumbs] == [
            (c.name, c.url) for c in truth.breadcrumbs
        ]
        if truth.aggregateRating is not None:
            assert f"{truth.aggregateRating.reviewCount:,} reviews" in text


def test_images_are_lazy_and_absolute(site: DemoSite) -> None:
    for truth, html, _ in _pages(site):
        assert truth.mainImage == truth.images[0]
        for src in truth.images:
            assert src.startswith(BASE + "/img/")
            assert src in html


def test_json_ld_on_some_products_only(site: DemoSite) -> None:
    flags = []
    for truth, _, doc in _pages(site):
        blocks = [json.loads(s) for s in doc.xpath("//script[@type='application/ld+json']/text()")]
        products = [b for b in blocks if b["@type"] == "Product"]
        flags.append(bool(products))
        for data in products:
            assert data["gtin13"] == truth.gtin
            assert data["offers"]["price"] == truth.price
            assert data["offers"]["priceCurrency"] == truth.currency == "EUR"
            assert data["offers"]["availability"] == f"https://schema.org/{truth.availability}"
    assert True in flags
    assert False in flags


def test_layout_2_moves_the_price_below_the_details(site: DemoSite, site_b2: DemoSite) -> None:
    for url in site.product_urls(BASE)[:6]:
        path = urlsplit(url).path
        first = site.render(path, BASE).body.decode()
        second = site_b2.render(path, BASE).body.decode()
        assert first.index("Price_current") < first.index("<h2>Description</h2>")
        assert second.index("Price_current") > second.index("<h2>Description</h2>")
        truth = site_b2.truth(path, BASE)
        assert isinstance(truth, ProductTruth)
        whole, cents = truth.price.split(".")
        european = f"{int(whole):,}".replace(",", ".") + f",{cents}\u00a0€"
        assert european in second
        assert "<dl" in second
        assert "<dl" not in first
