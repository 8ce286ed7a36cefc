import json

from pace_scrapy.learn.labelers.metadata import metadata_labels
from pace_scrapy.learn.labelers.product_metadata import product_labels
from pace_scrapy.learn.labels import FieldLabel
from tests.factories import page

URL = "https://shop.example/p/kettle"
BODY = """<body><h1 class="title">Nordvik Kettle</h1><p class="brand">Nordvik</p>
<span class="price">€49.95</span><p class="stock">In stock</p>
<table><tr><th>SKU:</th><td>K-100</td></tr><tr><th>EAN:</th><td>4006381333931</td></tr></table>
<img class="main" src="/k.jpg"><span class="stars">4.5</span> <a>(12 reviews)</a></body>"""
PRODUCT = {
    "@context": "https://schema.org",
    "@type": "Product",
    "name": "Nordvik Kettle",
    "sku": "K-100",
    "gtin13": "4006381333931",
    "brand": {"@type": "Brand", "name": "Nordvik"},
    "image": ["https://shop.example/k.jpg"],
    "offers": {
        "@type": "Offer",
        "price": "49.95",
        "priceCurrency": "EUR",
        "availability": "https://schema.org/InStock",
    },
    "aggregateRating": {"ratingValue": 4.5, "reviewCount": 12},
}


def located(labels: dict[str, FieldLabel], name: str) -> tuple[list[str], list[str]]:
    label = labels[name]
    return label.values, [node.get("class") or node.tag for node in label.nodes]


def test_json_ld_product_values_are_found_where_the_page_shows_them() -> None:
    html = f'<html><head><script type="application/ld+json">{json.dumps(PRODUCT)}</script></head>{BODY}</html>'
    labels = product_labels(page(html, URL))
    assert located(labels, "name") == (["Nordvik Kettle"], ["title"])
    assert located(labels, "price") == (["49.95"], ["price"])
    assert located(labels, "currency") == (["EUR"], ["price"])
    assert located(labels, "availability") == (["InStock"], ["stock"])
    assert located(labels, "sku") == (["K-100"], ["td"])
    assert located(labels, "gtin") == (["4006381333931"], ["td"])
    assert located(labels, "brand") == (["Nordvik"], ["brand", "title"])
    assert located(labels, "mainImage") == (["https://shop.example/k.jpg"], ["main"])
    assert located(labels, "aggregateRating.ratingValue") == (["4.5"], ["stars"])
    assert located(labels, "aggregateRating.reviewCount") == (["12"], ["a"])
    assert {label.source for label in labels.values()} == {"jsonld"}
    # The heuristic labeller's metadata step gives the same labels for product pages.
    assert metadata_labels(page(html, URL), "product").keys() == labels.keys()


def test_a_product_nested_in_another_object_and_a_value_the_page_does_not_show() -> None:
    graph = {"@type": "WebPage", "mainEntity": {**PRODUCT, "mpn": "NOR-1"}}
    html = f'<html><head><script type="application/ld+json">{json.dumps(graph)}</script></head>{BODY}</html>'
    labels = product_labels(page(html, URL))
    assert located(labels, "mpn") == (["NOR-1"], [])
    assert labels["sku"].values == ["K-100"]


def test_microdata_product() -> None:
    html = """<html><body><div itemscope itemtype="https://schema.org/Product">
    <h1 itemprop="name">Nordvik Kettle</h1><span itemprop="sku">K-100</span>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <span class="price">€<span itemprop="price" content="49.95">49.95</span></span>
    <meta itemprop="priceCurrency" content="EUR"></div></div></body></html>"""
    labels = product_labels(page(html, URL))
    assert located(labels, "name") == (["Nordvik Kettle"], ["h1"])
    # The smallest element showing the amount (cents say it is a price).
    assert [node.get("itemprop") for node in labels["price"].nodes] == ["price"]
    assert labels["currency"].values == ["EUR"]
    assert {label.source for label in labels.values()} == {"microdata"}


def test_opengraph_product_tags_when_there_is_no_schema_org_product() -> None:
    head = """<head><meta property="og:type" content="product">
    <meta property="og:title" content="Nordvik Kettle">
    <meta property="product:price:amount" content="49.95">
    <meta property="product:price:currency" content="EUR"></head>"""
    labels = product_labels(page(f"<html>{head}{BODY}</html>", URL))
    assert located(labels, "price") == (["49.95"], ["price"])
    assert labels["price"].source == "meta:product:price:amount"
    assert located(labels, "name") == (["Nordvik Kettle"], ["title"])
    assert "sku" not in labels
    # og:title names the product only on a product page.
    article = head.replace('content="product"', 'content="article"')
    assert "name" not in product_labels(page(f"<html>{article}{BODY}</html>", URL))
