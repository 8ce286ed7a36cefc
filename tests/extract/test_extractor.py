import json
from datetime import date
from typing import Any

import pytest

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.errors import NoConfigVersion
from pace_scrapy.extract.extractor import FALLBACK_CONFIDENCE, NODE_MATCH, _Run, extract
from pace_scrapy.items import Article, Item, Product
from pace_scrapy.page.nodes import NodeFeatures
from tests.factories import config, css, page

ARTICLE_HTML = """<html lang="en"><head><title>T</title>
    <meta property="og:image" content="/og.jpg"><link rel="canonical" href="/canonical">
    <script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2024-03-03T10:15:00Z",
      "author": [{"@type": "Person", "name": "Jane Doe"}]}</script></head>
    <body><h1 class="headline">Rain falls on Paris</h1>
    <p class="byline">By Jane Doe and John Roe | 3 March 2024</p>
    <div class="body"><p>First paragraph.</p><div class="ad">Advertisement</div>
    <figure><img src="/a.jpg"><figcaption>Umbrellas</figcaption></figure>
    <table><tr><th>a</th></tr><tr><td>1</td></tr></table><p>Last paragraph.</p></div>
    </body></html>"""
ARTICLE = page(ARTICLE_HTML)
ARTICLE_CONFIG = config(
    fields={
        "headline": css("h1.headline"),
        "authors": {
            "rules": [
                {
                    "source": "css",
                    "query": "p.byline",
                    "transforms": [
                        {"op": "regex", "pattern": r"^By (.*?) \|"},
                        {"op": "split", "pattern": r"\band\b"},
                        {"op": "strip"},
                    ],
                }
            ]
        },
        "datePublished": {
            "rules": [
                {"source": "css", "query": ".missing"},
                {
                    "source": "jsonld",
                    "query": "datePublished",
                    "types": ["NewsArticle"],
                    "confidence": 0.9,
                },
            ]
        },
        "canonicalUrl": {"rules": [{"source": "meta", "query": "canonical"}]},
        "inLanguage": {"rules": [{"source": "xpath", "query": "/html/@lang"}]},
        "section": css("p.byline", transforms=[{"op": "regex", "pattern": r"nothing (here)"}]),
        "dateModified": css("h1.headline"),
    },
    body={"containers": [{"css": "div.body"}], "exclude": [{"css": ".ad"}]},
)


def test_article_fields_body_and_provenance() -> None:
    item = extract(ARTICLE, ARTICLE_CONFIG)
    assert isinstance(item, Article)
    assert item.headline == "Rain falls on Paris"
    assert [a.name for a in item.authors] == ["Jane Doe", "John Roe"]
    assert item.datePublished == "2024-03-03T10:15:00+00:00"
    assert item.canonicalUrl == "https://news.example/canonical"
    assert item.inLanguage == "en"
    assert item.articleBody == "First paragraph.\n\na\n\n1\n\nLast paragraph."
    assert item.images[0].url == "https://news.example/a.jpg"
    assert item.images[0].caption == "Umbrellas"
    assert item.mainImage is not None and item.mainImage.url == "https://news.example/a.jpg"
    assert item.tables[0].headerRows == [["a"]]
    assert "![](https://news.example/a.jpg)" in (item.articleBodyMarkdown or "")
    meta = item.metadata
    assert (meta.config, meta.configVersion, meta.fallbackUsed) == ("news", 1, False)
    assert meta.fields["datePublished"].rule == 1
    assert meta.fields["datePublished"].confidence == 0.9
    # an implausible value is left out and the reason recorded; a non-match is not an error
    assert item.dateModified is None
    assert "unparsable or implausible date 'Rain falls on Paris'" in meta.rejected["dateModified"]
    assert "section" not in meta.rejected and not hasattr(item, "section")


def test_output_is_plain_json_and_deterministic() -> None:
    first = extract(ARTICLE, ARTICLE_CONFIG).model_dump(mode="json", exclude_none=True)
    second = extract(page(ARTICLE_HTML), ARTICLE_CONFIG).model_dump(mode="json", exclude_none=True)
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    assert json.loads(json.dumps(first)) == first


def test_formats_choose_the_renderings_of_the_body() -> None:
    full = extract(ARTICLE, ARTICLE_CONFIG)
    assert full.articleBodyHtml and full.articleBodyMarkdown
    text_only = extract(ARTICLE, ARTICLE_CONFIG, formats=())
    assert (text_only.articleBodyHtml, text_only.articleBodyMarkdown) == (None, None)
    assert (text_only.articleBody, text_only.tables) == (full.articleBody, full.tables)
    assert "articleBodyHtml" not in text_only.metadata.fields
    markdown = extract(ARTICLE, ARTICLE_CONFIG, formats=["markdown"])
    assert (markdown.articleBodyHtml, markdown.articleBodyMarkdown) == (
        None,
        full.articleBodyMarkdown,
    )
    with pytest.raises(ValueError, match="'pdf'"):
        extract(ARTICLE, ARTICLE_CONFIG, formats=("html", "pdf"))


def test_min_confidence_skips_low_confidence_rules() -> None:
    item = extract(ARTICLE, ARTICLE_CONFIG, min_confidence=0.95)
    assert item.datePublished is None
    assert "confidence 0.9 < 0.95" in item.metadata.rejected["datePublished"]


def test_generic_fallback_when_the_container_is_missing() -> None:
    text = "It rained all day in the city and nobody seemed to mind very much at all. " * 4
    other = page(
        f"<body><nav>Home News</nav><main><h1>Other</h1><p>{text}</p><p>{text}</p></main></body>"
    )
    cfg = config(body={"containers": [{"css": "div.body"}]})
    item = extract(other, cfg)
    assert item.metadata.fallbackUsed
    assert item.metadata.fields["articleBody"].source == "fallback"
    assert item.metadata.fields["articleBody"].confidence == FALLBACK_CONFIDENCE
    assert text.strip() in (item.articleBody or "")
    no_fallback = extract(other, cfg, fallback=False)
    assert no_fallback.articleBody is None and not no_fallback.metadata.fallbackUsed
    cfg_none = config(body={"containers": [{"css": "div.body"}]}, fallback="none")
    assert extract(other, cfg_none).articleBody is None


def test_an_implausibly_short_body_goes_to_the_generic_fallback() -> None:
    text = "It rained all day in the city and nobody seemed to mind very much at all. " * 4
    other = page(
        f'<body><div class="story">Share</div><main><h1>Other</h1><p>{text}</p><p>{text}</p>'
        "</main></body>"
    )
    cfg = config(body={"containers": [{"css": "div.story"}], "min_chars": 40})
    item = extract(other, cfg)
    assert item.metadata.fallbackUsed
    assert item.metadata.fields["articleBody"].source == "fallback"
    assert text.strip() in (item.articleBody or "")
    assert item.metadata.rejected["articleBody"] == (
        "5 characters, fewer than the body's min_chars 40"
    )
    # Without the floor the container's five characters are the body.
    plain = extract(other, config(body={"containers": [{"css": "div.story"}]}))
    assert plain.articleBody == "Share" and not plain.metadata.fallbackUsed


def test_the_generic_fallback_leaves_layout_tables_out() -> None:
    text = "It rained all day in the city and nobody seemed to mind very much at all. " * 4
    other = page(
        '<body><div class="page"><table><tr><td>From Press Association</td>'
        "<td>Friday January 18, 2008 6:08 PM</td></tr><tr><td>Reporting by our staff</td>"
        f"<td>Filed under Weather</td></tr></table><p>{text}</p><p>{text}</p></div></body>"
    )
    item = extract(other, config(body={"containers": [{"css": "div.body"}]}))
    assert item.metadata.fallbackUsed and text.strip() in (item.articleBody or "")
    assert "Press Association" not in (item.articleBody or "")


def test_a_fallback_without_running_text_gives_no_body() -> None:
    # A post of a picture alone, in a frame the config does not know: what the generic
    # extractor finds around it is the links to the posts before and after.
    links = (
        '<p class="previous">Previous post: <a href="/1">Six ways to refuel your energy</a></p>'
        '<p class="next">Next post: <a href="/3">A manuscript found in Accra, 1099</a></p>'
    )
    html = (
        '<body><div class="hfeed"><h1>Nook</h1><div class="photo"><img src="/nook.jpg"></div>'
        f'<div class="prev_next">{links}{links}</div></div></body>'
    )
    cfg = config(body={"containers": [{"css": "div.entry"}]})
    item = extract(page(html), cfg)
    assert item.articleBody is None and not item.metadata.fallbackUsed
    assert item.metadata.rejected["articleBody"] == "the generic fallback found no running text"
    # with a sentence of running text the fallback's body is taken
    text = "The nook by the window is where the whole book was written, one page a day. " * 3
    told = page(html.replace('<img src="/nook.jpg">', f'<img src="/nook.jpg"><p>{text}</p>'))
    assert text.strip() in (extract(told, cfg).articleBody or "")


def test_a_short_article_the_fallback_agrees_with_is_kept() -> None:
    short = "Ship it today. Nobody remembers the delay, everyone remembers the work."
    comments = "I disagree with this completely and here is a long reason why. " * 6
    post = page(
        f'<body><main><div class="entry"><p>{short}</p></div>'
        f'<div class="comments"><p>{comments}</p><p>{comments}</p></div></main></body>'
    )
    cfg = config(body={"containers": [{"css": "div.entry"}], "min_chars": 100})
    item = extract(post, cfg)
    # The fallback's body holds the short text (and the comments): the container was right.
    assert item.articleBody == short
    assert not item.metadata.fallbackUsed and "articleBody" not in item.metadata.rejected


def test_product_item_with_nested_fields() -> None:
    product = page(
        """<body><h1>Kettle</h1><span class="price">£1,299.50</span><span class="was">£1,500</span>
        <span class="sku">K-1</span><span class="ean">4006381333931</span><span class="stock">Only 2 left</span>
        <span class="rating">4.5</span> (<span class="count">12</span> reviews)
        <img class="main" data-src="/k.jpg"><span class="isbn">ISBN 978-0316125581</span></body>""",
        url="https://shop.example/p/kettle",
    )
    cfg = config(
        "product",
        fields={
            "name": css("h1"),
            "price": css(".price"),
            "regularPrice": css(".was"),
            "currency": css(".price", transforms=[{"op": "currency"}]),
            "sku": css(".sku"),
            "gtin": css(".ean"),
            "availability": css(
                ".stock", transforms=[{"op": "map", "values": {"left": "InStock"}}]
            ),
            "aggregateRating.ratingValue": css(".rating"),
            "aggregateRating.reviewCount": css(".count"),
            "mainImage": css("img.main"),
            "isbn_13": {
                "kind": "identifier",
                "rules": [
                    {
                        "source": "css",
                        "query": ".isbn",
                        "transforms": [{"op": "regex", "pattern": r"ISBN ([\d-]+)"}],
                    }
                ],
            },
        },
    )
    item = extract(product, cfg)
    assert isinstance(item, Product)
    assert (item.name, item.price, item.regularPrice, item.currency) == (
        "Kettle",
        "1299.50",
        "1500",
        "GBP",
    )
    assert item.gtin[0].model_dump() == {"type": "gtin13", "value": "4006381333931"}
    assert item.availability == "InStock"
    assert item.aggregateRating is not None
    assert (item.aggregateRating.ratingValue, item.aggregateRating.reviewCount) == (4.5, 12)
    assert item.mainImage is not None and item.mainImage.url == "https://shop.example/k.jpg"
    assert item.model_dump()["isbn_13"] == "978-0316125581"
    assert item.metadata.pageType == "product"


def test_custom_page_type_and_images_without_body() -> None:
    recipe = page('<body><h1>Soup</h1><img src="/s.jpg"></body>')
    item = extract(recipe, config("recipe", fields={"title": css("h1")}, images={"scope": "page"}))
    assert isinstance(item, Item)
    assert item.model_dump()["title"] == "Soup"
    assert [i.url for i in item.images] == ["https://news.example/s.jpg"]


def test_no_valid_version_raises() -> None:
    old = page("<p>x</p>", fetched=date(2020, 1, 1))
    with pytest.raises(NoConfigVersion, match="no version of config 'news' is valid on 2020-01-01"):
        extract(old, config(valid_from="2024-01-01"))


def test_a_value_the_item_model_refuses_is_rejected_not_raised() -> None:
    product = page(
        '<body><h1>Kettle</h1><span class="n">4.5 reviews</span><span class="r">4</span></body>'
    )
    cfg = config(
        "product",
        fields={
            "name": css("h1"),
            "aggregateRating.reviewCount": css(".n"),
            "aggregateRating.ratingValue": css(".r"),
        },
    )
    item = extract(product, cfg)
    assert item.name == "Kettle"
    assert item.aggregateRating is not None and item.aggregateRating.reviewCount is None
    assert item.aggregateRating.ratingValue == 4
    assert "refused by the item model" in item.metadata.rejected["aggregateRating.reviewCount"]
    assert "aggregateRating.reviewCount" not in item.metadata.fields


SHOP = "https://shop.example/p/{}"
OLD_LAYOUT = (
    '<body><h1>Kettle</h1><div class="Price_root__Ab3xY"><span class="Price_current__qeno7">'
    '€49.95</span><s class="Price_was__Zz9Qq">€59.00</s></div></body>'
)
NEW_LAYOUT = (
    '<body><main><h1>Kettle</h1><p>Our best kettle.</p><div class="Price_root__Kq8Vv">'
    '<span class="Price_current__Pp1Rr">€19.99</span><s class="Price_was__Nn2Mm">€24.00</s>'
    "</div></main></body>"
)


def priced(**version: Any) -> PublisherConfig:
    """A shop config whose price rule only knows the old layout's exact class."""
    example = page(OLD_LAYOUT, SHOP.format(1))
    node = example.root.cssselect("span")[0]
    signature = {"features": dict.fromkeys(NodeFeatures().features(node), 1.0)}
    price = {**css("span.Price_current__qeno7"), "signature": signature}
    return config("product", fields={"name": css("h1"), "price": price}, **version)


def test_node_matching_finds_a_field_whose_rules_stopped_matching() -> None:
    item = extract(page(NEW_LAYOUT, SHOP.format(2)), priced())
    assert item.price == "19.99"
    source = item.metadata.fields["price"]
    assert (source.source, source.detail, source.rule) == ("fallback", NODE_MATCH, None)
    assert 0.8 <= source.confidence < 1.0
    assert item.metadata.fallbackUsed
    # Where the rule still matches, it wins and no node is described at all.
    old = page(OLD_LAYOUT, SHOP.format(3))
    run = _Run(old, date(2025, 1, 1), 0.0)
    for name, spec in priced().latest.fields.items():
        run.field(name, spec)
    assert run.values["price"] == "49.95"
    assert run.sources["price"].source == "rule"
    assert run.nodes is None


def test_a_node_match_below_min_confidence_is_left_out() -> None:
    item = extract(page(NEW_LAYOUT, SHOP.format(2)), priced(min_confidence=0.99))
    assert item.price is None
    assert "node-match: similarity" in item.metadata.rejected["price"]
    assert not item.metadata.fallbackUsed


def test_byline_and_date_lines_leave_the_body() -> None:
    # Inside the learnt container, on a page whose layout the training pages did not show.
    doc = page(
        ARTICLE_HTML.replace(
            '<div class="body">',
            '<div class="body"><p>By Jane Doe and John Roe</p><p>Sunday 3 March 2024, 10:15</p>',
        )
    )
    item = extract(doc, ARTICLE_CONFIG)
    assert item.authors[0].name == "Jane Doe" and item.datePublished.startswith("2024-03-03")
    assert item.articleBody.startswith("First paragraph.")
    assert "Jane Doe" not in (item.articleBodyMarkdown or "")


def test_the_lead_image_above_the_body_container_opens_the_images() -> None:
    html = (
        "<html><body><article><header><h1>Rain</h1><figure><img src='/lead.jpg'>"
        "<figcaption>The storm</figcaption></figure></header><div class='text'>"
        "<p>It rained all day in Paris, and the river rose.</p>"
        "<figure><img src='/river.jpg'></figure></div></article></body></html>"
    )
    item = extract(page(html), config(body={"containers": [{"css": "div.text"}]}))
    assert [image.url.rsplit("/", 1)[-1] for image in item.images] == ["lead.jpg", "river.jpg"]
    assert item.images[0].caption == "The storm"
    assert item.mainImage.url.endswith("/lead.jpg")
    assert "The storm" not in item.articleBody  # the lead figure is no body text
    # with a standfirst above the figure opening the body, the figure is still the lead's
    standfirst = html.replace("<h1>Rain</h1>", "<h1>Rain</h1><p class='lead'>Paris is wet.</p>")
    led = config(body={"containers": [{"css": "div.text"}], "lead": {"css": "p.lead"}})
    item = extract(page(standfirst), led)
    assert item.articleBody.startswith("Paris is wet.")
    assert [image.url.rsplit("/", 1)[-1] for image in item.images] == ["lead.jpg", "river.jpg"]


def test_the_generic_fallback_takes_images_from_around_its_text() -> None:
    text = "It rained all day in the city and nobody seemed to mind very much at all. " * 4
    other = page(
        '<body><header><img src="/logo.jpg"></header><main><h1>Other</h1>'
        '<figure><img src="/rain.jpg"><figcaption>Rain</figcaption></figure>'
        f'<p>{text}</p><div class="promo"><img src="/ad.jpg"></div><p>{text}</p></main>'
        '<aside><img src="/sidebar.jpg"></aside></body>'
    )
    cfg = config(body={"containers": [{"css": "div.body"}], "exclude": [{"css": ".promo"}]})
    item = extract(other, cfg)
    assert item.metadata.fallbackUsed
    assert [str(image.url) for image in item.images] == ["https://news.example/rain.jpg"]
    assert item.images[0].caption == "Rain"
    assert item.mainImage is not None and item.mainImage.url == "https://news.example/rain.jpg"
