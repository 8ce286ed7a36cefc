from pace_scrapy.config.model import FieldSpec, Rule, StripTransform
from pace_scrapy.learn.induce.candidates import FieldExample
from pace_scrapy.learn.labels import FieldLabel
from pace_scrapy.learn.nodes import field_signature
from pace_scrapy.page.model import Page
from tests.factories import page


def product(price: str, was: str | None) -> Page:
    struck = f'<s class="Price_was__Zz9Qq">{was}</s>' if was else ""
    return page(
        '<html><body><div class="Price_root__Ab3xY"><span class="Price_current__qeno7">'
        f"{price}</span>{struck}</div><table><tr><th>Price:</th><td>{price}</td></tr></table>"
        "</body></html>"
    )


def example(p: Page, value: str) -> FieldExample:
    # The labeller found the value twice: in the buy box and in the specs table.
    return FieldExample(p, FieldLabel([value], [*p.root.iter("span", "td")]))


def test_the_signature_describes_the_node_the_rules_read() -> None:
    pages = [product("€5.00", "€6.00"), product("€7.50", None)]
    spec = FieldSpec(rules=(Rule(source="meta", query="x"), Rule(source="css", query="span")))
    signature = field_signature(
        spec, "price", "price", [example(pages[0], "5.00"), example(pages[1], "7.50")]
    )
    assert signature is not None
    assert signature.examples == 2
    features = signature.features
    # Both nodes are the buy box's span (the first CSS rule that reads the value)...
    assert features["tag:span"] == features["cls:current"] == features["parent.cls:price"] == 1.0
    assert "tag:td" not in features
    # ...and only one of them had a struck-out price beside it.
    assert features["sibling.cls:was"] == 0.5
    assert (signature.attribute, signature.own_text, signature.transforms) == (None, False, ())


def test_the_signature_reads_like_its_rule() -> None:
    p = page("<html><body><ul><li><b>ISBN-13</b>: 9780316125581</li></ul></body></html>")
    strip = StripTransform(op="strip", prefixes=("ISBN-13",), required=True)
    spec = FieldSpec(rules=(Rule(source="css", query="li", transforms=(strip,)),))
    label = FieldLabel(["9780316125581"], p.root.cssselect("li"))
    signature = field_signature(spec, "gtin", "gtin", [FieldExample(p, label)])
    assert signature is not None
    assert signature.transforms == (strip,)
    # A text result is described by the element it is the text of, read by its own text.
    titled = page("<html><body><h2>Odd Hours<span> (Paperback)</span></h2></body></html>")
    label = FieldLabel(["Odd Hours"], titled.root.cssselect("h2"))
    own = FieldSpec(rules=(Rule(source="xpath", query="//h2/text()"),))
    signature = field_signature(own, "title", "text", [FieldExample(titled, label)])
    assert signature is not None and signature.own_text
    assert signature.features["tag:h2"] == 1.0


def test_no_signature_for_list_fields_or_without_nodes() -> None:
    p = page("<html><body><p class='by'>Jane Doe</p></body></html>")
    spec = FieldSpec(rules=(Rule(source="css", query="p.by", multiple=True),))
    label = FieldLabel(["Jane Doe"], p.root.cssselect("p"))
    assert field_signature(spec, "authors", "people", [FieldExample(p, label)]) is None
    nowhere = FieldExample(p, FieldLabel(["Kettle"], []))
    meta = FieldSpec(rules=(Rule(source="meta", query="og:title"),))
    assert field_signature(meta, "name", "text", [nowhere]) is None
