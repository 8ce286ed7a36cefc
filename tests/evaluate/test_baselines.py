import json

import pytest

from pace_scrapy.evaluate.baselines import (
    BASELINES,
    html_blocks,
    readability_baseline,
    resiliparse_baseline,
    text_lines,
    trafilatura_baseline,
)
from pace_scrapy.evaluate.baselines_structured import extruct_product_baseline
from pace_scrapy.evaluate.prediction import PredictedImage

PARAGRAPH = (
    "This paragraph is long enough to count as main content for the extractors and it "
    "carries several ordinary words, so that text density heuristics keep it. "
)
ARTICLE = f"""<html><head><title>Council approves the new city budget | Example News</title>
<meta name="author" content="Jane Doe">
<meta property="article:published_time" content="2024-01-02T10:00:00Z"></head>
<body><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About us</a></li></ul></nav>
<article><h1>Council approves the new city budget</h1><p>First. {PARAGRAPH * 3}</p>
<figure><img src="/img/a.jpg" alt="an image"><figcaption>Caption A</figcaption></figure>
<h2>Sub heading</h2><p>Second. {PARAGRAPH * 3}</p>
<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>30</td></tr></table>
<p>Third. {PARAGRAPH * 3}</p></article>
<footer><p>Copyright Example News</p></footer></body></html>"""
PARAGRAPHS = [f"{n}. {' '.join((PARAGRAPH * 3).split())}" for n in ("First", "Second", "Third")]


def test_text_lines() -> None:
    assert text_lines("  a  b \n\n c ") == ["a b", "c"]
    assert text_lines(None) == []


def test_html_blocks_split_at_block_elements_only() -> None:
    html = (
        "<div>Intro <b>bold</b> text<p>Para <i>one</i>.</p>tail text"
        "<ul><li>Item 1</li><li>Item <a href='#'>2</a></li></ul>before<br>after"
        "<!-- a comment --></div>"
    )
    assert html_blocks(html) == [
        "Intro bold text",
        "Para one.",
        "tail text",
        "Item 1",
        "Item 2",
        "before",
        "after",
    ]


def test_trafilatura_baseline() -> None:
    prediction = trafilatura_baseline(ARTICLE, "https://ex.com/news/1")
    assert prediction.body is not None
    assert [p for p in prediction.body if p in PARAGRAPHS] == PARAGRAPHS
    assert "Sub heading" in prediction.body
    assert not any("img" in p or "Home" in p or "Copyright" in p for p in prediction.body)
    assert prediction.title == "Council approves the new city budget"
    assert prediction.authors == ["Jane Doe"]
    assert prediction.date_published == "2024-01-02"
    assert prediction.images == [PredictedImage(src="https://ex.com/img/a.jpg")]
    assert prediction.tables == [[["Name", "Age"], ["Ann", "30"]]]


def test_readability_baseline() -> None:
    prediction = readability_baseline(ARTICLE, "https://ex.com/news/1")
    assert prediction.body is not None
    assert [p for p in prediction.body if p in PARAGRAPHS] == PARAGRAPHS
    assert "Home" not in prediction.body
    assert prediction.title == "Council approves the new city budget"


def test_resiliparse_baseline() -> None:
    pytest.importorskip("resiliparse", reason="resiliparse is an optional baseline")
    prediction = resiliparse_baseline(ARTICLE, None)
    assert prediction.body is not None
    assert [p for p in prediction.body if p in PARAGRAPHS] == PARAGRAPHS
    assert "Copyright Example News" not in prediction.body
    assert prediction.title == "Council approves the new city budget | Example News"


PRODUCT_JSONLD = {
    "@context": "https://schema.org",
    "@graph": [
        {"@type": "WebPage", "name": "Page"},
        {
            "@type": "Product",
            "name": "Widget",
            "sku": "AB-12",
            "gtin13": "0012345678905",
            "brand": {"@type": "Brand", "name": "Acme"},
            "offers": [
                {
                    "@type": "Offer",
                    "price": 14.99,
                    "priceCurrency": "USD",
                    "availability": "https://schema.org/InStock",
                },
                {"@type": "Offer", "price": 20, "priceCurrency": "USD"},
            ],
        },
    ],
}
OPENGRAPH = """<meta property="og:type" content="product">
<meta property="og:title" content="OG name">
<meta property="product:price:amount" content="9.99">
<meta property="product:price:currency" content="EUR">
<meta property="product:brand" content="OG brand">"""
MICRODATA = """<div itemscope itemtype="http://schema.org/Product">
<span itemprop="name">Micro</span><span itemprop="mpn">M-1</span></div>"""


def test_extruct_product_baseline_prefers_the_first_schema_org_product() -> None:
    html = (
        f"<html><head>{OPENGRAPH}<script type='application/ld+json'>"
        f"{json.dumps(PRODUCT_JSONLD)}</script></head><body>{MICRODATA}</body></html>"
    )
    prediction = extruct_product_baseline(html, "https://ex.com/p/1")
    assert prediction.attributes == {
        "name": ["Widget"],
        "brand": ["Acme"],
        "sku": ["AB-12"],
        "gtin": ["0012345678905"],
        "price": ["14.99"],
        "currency": ["USD"],
        "availability": ["https://schema.org/InStock"],
    }
    assert prediction.body is None


def test_extruct_product_baseline_falls_back_to_microdata_and_opengraph() -> None:
    html = f"<html><head>{OPENGRAPH}</head><body>{MICRODATA}</body></html>"
    assert extruct_product_baseline(html, None).attributes == {
        "name": ["Micro"],
        "mpn": ["M-1"],
        "brand": ["OG brand"],
        "price": ["9.99"],
        "currency": ["EUR"],
    }


def test_registry_names() -> None:
    assert set(BASELINES) == {"trafilatura", "readability", "resiliparse", "extruct"}
    assert BASELINES["extruct"] is extruct_product_baseline
