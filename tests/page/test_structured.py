from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import jsonld_types, parse_jsonld, site_names


def test_jsonld_graph_and_lists_are_flattened_invalid_skipped() -> None:
    objects = parse_jsonld(
        [
            '{"@context": "https://schema.org", "@graph": [{"@type": "WebPage"}, {"@type": "NewsArticle"}]}',
            '[{"@type": "Person"}, {"@type": ["Product", "https://schema.org/Thing"]}]',
            "{not json",
            "[" * 100_000 + "]" * 100_000,
        ]
    )
    assert [jsonld_types(o) for o in objects] == [
        ("WebPage",),
        ("NewsArticle",),
        ("Person",),
        ("Product", "Thing"),
    ]


def test_jsonld_with_raw_control_characters_is_read() -> None:
    assert parse_jsonld(['{"headline": "a\tb\nc"}']) == [{"headline": "a\tb\nc"}]


def test_meta_and_link_values() -> None:
    page = Page.from_html(
        '<html><head><meta property="og:title" content="OG"><meta name="Author" content="A">'
        '<meta name="author" content="B"><link rel="canonical alternate" href="/c">'
        '<meta name="empty"></head><body><span itemprop="price" content="9.99"></span>'
        '<meta itemprop="sku" content="S1"></body></html>',
        "https://e.com/a",
    )
    assert page.meta == {
        "og:title": ["OG"],
        "author": ["A", "B"],
        "canonical": ["/c"],
        "alternate": ["/c"],
        "sku": ["S1"],
    }


def test_microdata_items() -> None:
    page = Page.from_html(
        '<body><div itemscope itemtype="https://schema.org/Product">'
        '<span itemprop="name">Kettle</span></div></body>',
        "https://e.com/",
    )
    assert page.microdata == [{"@type": "https://schema.org/Product", "name": "Kettle"}]


def test_microdata_links_in_the_body_are_kept() -> None:
    # Shops state availability and condition as <link itemprop> inside the product markup.
    page = Page.from_html(
        '<body><div itemscope itemtype="https://schema.org/Product">'
        '<span itemprop="name">Kettle</span><div itemprop="offers" itemscope'
        ' itemtype="https://schema.org/Offer">'
        '<link itemprop="availability" href="https://schema.org/InStock">'
        '<link rel="stylesheet" href="/x.css"></div></div></body>',
        "https://e.com/",
    )
    offer = page.microdata[0]["offers"]
    assert offer == {
        "@type": "https://schema.org/Offer",
        "availability": "https://schema.org/InStock",
    }
    assert page.body.find(".//link[@rel='stylesheet']") is None


def test_site_names_from_meta_publisher_and_host() -> None:
    page = Page.from_html(
        '<html><head><meta property="og:site_name" content="The Herald">'
        '<script type="application/ld+json">{"@type": "NewsArticle", "publisher": '
        '{"@type": "Organization", "name": "STERN.de"}}</script></head><body></body></html>',
        "https://www.n-tv.de/a",
    )
    assert page.site_names == {"theherald", "sternde", "ntvde"}
    assert site_names({}, [], "not a url") == frozenset()
