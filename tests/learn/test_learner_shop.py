"""Learning the demo shop's product pages from one or two pages, checked against its truth.

Build 2 of the shop is a rebuild: new class-name hashes, specs in a definition list instead of
a table, the price block moved from the buy box to a buy bar at the end of the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from pace_scrapy.config.model import FieldSpec, PublisherConfig, Rule
from pace_scrapy.demo import DemoSite, ProductTruth
from pace_scrapy.demo.theme import Theme
from pace_scrapy.extract.extractor import NODE_MATCH, extract
from pace_scrapy.learn.labelers.examples import ExamplesLabeler
from pace_scrapy.learn.labelers.heuristic import HeuristicLabeler
from pace_scrapy.learn.labels import Labeler
from pace_scrapy.learn.learner import learn_config
from pace_scrapy.page.model import Page

SITE = DemoSite(build=1)
URLS = SITE.product_urls()
CHECKED = ("name", "price", "currency", "sku", "gtin", "brand", "availability")


def shop_page(site: DemoSite, url: str) -> Page:
    return Page.from_html(site.render(url.removeprefix("http://localhost:8000")).body, url)


def truth(site: DemoSite, url: str) -> ProductTruth:
    found = site.truth(url)
    assert isinstance(found, ProductTruth)
    return found


def expected(product: ProductTruth) -> dict[str, Any]:
    """The checked fields as the item gives them (zyte-common-items shapes)."""
    return {
        "name": product.name,
        "price": product.price,
        "currency": product.currency,
        "sku": product.sku,
        "gtin": [{"type": "gtin13", "value": product.gtin}],
        "brand": {"name": product.brand},
        "availability": product.availability,
    }


def learn(labeler: Labeler, k: int) -> PublisherConfig:
    pages = [shop_page(SITE, url) for url in URLS[:k]]
    return learn_config(
        "shop", pages, labeler, page_type="product", progress=lambda message: None
    ).config


def examples_labeler(k: int) -> ExamplesLabeler:
    values: dict[str, dict[str, str | list[str]]] = {}
    for url in URLS[:k]:
        product = truth(SITE, url)
        values[url] = {
            "name": product.name,
            "price": product.price,
            "currency": product.currency,
            "sku": product.sku,
            "gtin": product.gtin,
            "brand": product.brand,
            "availability": product.availability,
        }
    return ExamplesLabeler(values)


@pytest.fixture(scope="module")
def examples_config() -> PublisherConfig:
    return learn(examples_labeler(2), 2)


@pytest.fixture(scope="module")
def heuristic_config() -> PublisherConfig:
    return learn(HeuristicLabeler(), 2)


@pytest.mark.parametrize("build", [1, 2])
@pytest.mark.parametrize("labeller", ["examples_config", "heuristic_config"])
def test_the_other_products_are_extracted_exactly(
    labeller: str, build: int, request: pytest.FixtureRequest
) -> None:
    config: PublisherConfig = request.getfixturevalue(labeller)
    site = DemoSite(build=build)
    for url in URLS[2:]:
        item = extract(shop_page(site, url), config).model_dump(mode="json", exclude_none=True)
        assert {name: item.get(name) for name in CHECKED} == expected(truth(site, url)), url


def test_one_labelled_page_is_enough() -> None:
    config = learn(examples_labeler(1), 1)
    for url in URLS[1:]:
        item = extract(shop_page(SITE, url), config).model_dump(mode="json", exclude_none=True)
        assert {name: item.get(name) for name in CHECKED} == expected(truth(SITE, url)), url


def test_dom_rules_are_learnt_beside_the_structured_data(heuristic_config: PublisherConfig) -> None:
    # A third of the products have no JSON-LD: every field also needs a rule on the DOM.
    fields = heuristic_config.latest.fields
    for name in CHECKED:
        sources = [rule.source for rule in fields[name].rules]
        assert sources[0] == "jsonld", name
        assert {"css", "xpath"} & set(sources), name
        assert fields[name].signature is not None, name
    # Labels in the specs table become rules anchored on the label text.
    sku = [rule.query for rule in fields["sku"].rules if rule.source == "xpath"]
    assert sku == ["//*[normalize-space()='SKU:']/following-sibling::*[1]"]


def stale(config: PublisherConfig) -> PublisherConfig:
    """The config with the price found only by build 1's exact class name (as a config written
    for one build would), keeping the learnt signature of the price's node."""
    version = config.latest
    signature = version.fields["price"].signature
    assert signature is not None
    old_class = Theme(SITE.seed, 1).m("Price", "current")
    price = FieldSpec(rules=(Rule(source="css", query=f"span.{old_class}"),), signature=signature)
    fields = {**version.fields, "price": price}
    return config.model_copy(update={"versions": (version.model_copy(update={"fields": fields}),)})


def test_node_matching_recovers_the_moved_price_and_is_never_wrong(
    examples_config: PublisherConfig,
) -> None:
    config = stale(examples_config)
    rebuilt = DemoSite(build=2)
    recovered = 0
    for url in URLS:
        item = extract(shop_page(rebuilt, url), config)
        if item.price is None:
            continue  # empty is acceptable, wrong is not
        assert item.price == truth(rebuilt, url).price, url
        source = item.metadata.fields["price"]
        assert (source.source, source.detail, source.rule) == ("fallback", NODE_MATCH, None)
        assert 0.8 <= source.confidence <= 1.0
        assert item.metadata.fallbackUsed
        recovered += 1
    assert recovered == len(URLS)
    # On build 1 the stale rule still matches: no node matching there.
    item = extract(shop_page(SITE, URLS[5]), config)
    assert item.metadata.fields["price"].source == "rule"
