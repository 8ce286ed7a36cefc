from typing import Any

from pace_scrapy.config.model import Rule
from pace_scrapy.extract.rules import Link, follow_path, rule_values
from pace_scrapy.page.model import Page
from tests.factories import page

PAGE = page(
    """<html><head><meta property="og:image" content="/og.jpg">
    <script type="application/ld+json">{"@graph": [
      {"@type": "NewsArticle", "headline": "LD headline", "author": [{"@type": "Person", "name": "A"}, {"name": "B"}],
       "image": {"@type": "ImageObject", "url": "https://cdn.example/i.jpg"}},
      {"@type": "BreadcrumbList", "itemListElement": [
         {"@type": "ListItem", "position": 1, "name": "Home", "item": "https://news.example/"},
         {"@type": "ListItem", "position": 2, "item": {"@id": "/world", "name": "World"}}]}]}
    </script></head>
    <body><h1 class="t">DOM headline</h1><p class="by">By <a href="/a">A</a></p>
    <nav class="crumbs"><a href="/">Home</a><a href="/world">World</a></nav>
    <img class="lead" data-src="/lazy.jpg" src="data:image/gif;base64,R0l">
    <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span></div>
    </body></html>"""
)


def values(kind: str = "text", **rule: Any) -> list[str | Link]:
    return rule_values(Rule.model_validate(rule), PAGE, kind)


def test_css_xpath_text_and_attributes() -> None:
    assert values(source="css", query="h1.t") == ["DOM headline"]
    assert values(source="xpath", query="//p[@class='by']/a/@href") == ["/a"]
    assert values(source="css", query="p.by a", attribute="href") == ["/a"]
    assert values(source="xpath", query="count(//p)") == []  # not nodes or strings


def test_image_and_link_shaped_values() -> None:
    assert values("image", source="css", query="img.lead") == ["https://news.example/lazy.jpg"]
    assert values("links", source="css", query="nav.crumbs a") == [
        Link("Home", "https://news.example/"),
        Link("World", "https://news.example/world"),
    ]


def test_meta_jsonld_and_microdata() -> None:
    assert values(source="meta", query="OG:Image") == ["/og.jpg"]
    assert values(source="jsonld", query="headline", types=["NewsArticle"]) == ["LD headline"]
    assert values(source="jsonld", query="headline", types=["Product"]) == []
    assert values("people", source="jsonld", query="author") == ["A", "B"]
    assert values("image", source="jsonld", query="image") == ["https://cdn.example/i.jpg"]
    assert values("links", source="jsonld", query="itemListElement") == [
        Link("Home", "https://news.example/"),
        Link("World", "https://news.example/world"),
    ]
    assert values(source="microdata", query="name", types=["Product"]) == ["Kettle"]


def test_follow_path() -> None:
    data = {"a": [{"b": 1}, {"b": [2, 3]}, {"c": 4}], "d": {"e": "x"}}
    assert list(follow_path(data, "a[].b")) == [1, 2, 3]
    assert list(follow_path(data, "a.b")) == [1, 2, 3]
    assert list(follow_path(data, "d.e")) == ["x"]
    assert list(follow_path(data, "missing.path")) == []


def product_page(members: str) -> Page:
    """A page whose only content is a JSON-LD Product with ``members`` (JSON text)."""
    return page(
        '<html><head><script type="application/ld+json">{"@type": "Product", '
        f"{members}}}</script></head><body></body></html>"
    )


def product_rule(query: str) -> Rule:
    return Rule(source="jsonld", query=query, types=("Product",))


def test_html_escaped_json_ld_text_is_unescaped() -> None:
    escaped = product_page('"name": "Top black, white &amp; green"')
    assert rule_values(product_rule("name"), escaped, "text") == ["Top black, white & green"]


def test_markup_in_json_ld_text_is_dropped_but_urls_are_kept() -> None:
    marked = product_page(
        '"name": "Staubsaugerzub<wbr/>eh\\u00f6r <b>neu</b> a < b",'
        ' "url": "https://shop.example/p?a=<1>"'
    )
    assert rule_values(product_rule("name"), marked, "text") == ["Staubsaugerzubehör neu a < b"]
    assert rule_values(product_rule("url"), marked, "url") == ["https://shop.example/p?a=<1>"]


def test_an_object_referenced_by_id_has_no_name() -> None:
    referenced = product_page(
        '"name": "Mac", "brand": {"@id": "https://e.com/#brand"},'
        ' "image": {"@id": "https://e.com/m.jpg"}'
    )
    assert rule_values(product_rule("brand"), referenced, "brand") == []
    assert rule_values(product_rule("image"), referenced, "image") == ["https://e.com/m.jpg"]
