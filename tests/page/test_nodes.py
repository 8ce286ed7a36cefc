import lxml.html
import pytest

from pace_scrapy.page.nodes import FAMILY_WEIGHTS, NodeFeatures, family, node_label, own_text


def find(html: str, xpath: str) -> lxml.html.HtmlElement:
    found = lxml.html.document_fromstring(html).xpath(xpath)
    assert len(found) == 1, xpath
    element: lxml.html.HtmlElement = found[0]
    return element


@pytest.mark.parametrize(
    ("html", "xpath", "text", "relation"),
    [
        ("<table><tr><th>Price:</th><td>€5.00</td></tr></table>", "//td", "Price:", "previous"),
        ("<dl><dt>ISBN-13</dt><dd>9780316125581</dd></dl>", "//dd", "ISBN-13", "previous"),
        ("<ul><li><strong>ISBN-13</strong>: 978</li></ul>", "//li", "ISBN-13", "inline"),
        ("<ul><li>ISBN-13: 9780316125581</li></ul>", "//li", "ISBN-13:", "leading"),
        ("<p>Posted: 26 May 2024, 9:41</p>", "//p", "Posted:", "leading"),
        ("<p>Price: <span>€5</span></p>", "//span", "Price:", "text"),
        ("<p><span>Price:</span><span>€5</span></p>", "//span[2]", "Price:", "previous"),
    ],
)
def test_labels_before_a_value(html: str, xpath: str, text: str, relation: str) -> None:
    label = node_label(find(html, xpath))
    assert label is not None
    assert (label.text, label.relation, label.levels) == (text, relation, 0)


def test_label_of_an_ancestor_when_the_node_comes_first_inside_it() -> None:
    html = "<table><tr><th>Price:</th><td><div><b>€5.00</b></div></td></tr></table>"
    label = node_label(find(html, "//b"))
    assert label is not None
    assert (label.text, label.relation, label.levels) == ("Price:", "previous", 2)


@pytest.mark.parametrize(
    ("html", "xpath"),
    [
        # A value before it is no label: a label needs a colon or a label element.
        ("<p><span>Nordvik</span><span>€5</span></p>", "//span[2]"),
        ("<p><span>€4</span><span>€5</span></p>", "//span[2]"),
        # A long text is no label.
        ("<p><b>This is a much longer sentence than labels are:</b> €5</p>", "//p"),
        # Text of its own before the node: it is not the first thing in its parent.
        ("<div>Total <p><span>€5</span></p></div>", "//span"),
        ("<p>10:30</p>", "//p"),
        # A time's colon ends no label.
        ("<time>Tue, 26 November 2024 9:41</time>", "//time"),
    ],
)
def test_no_label(html: str, xpath: str) -> None:
    assert node_label(find(html, xpath)) is None


def test_own_text_leaves_out_the_children() -> None:
    node = find("<li><strong>ISBN-13</strong>: 978 <i>x</i> tail</li>", "//li")
    assert own_text(node) == ": 978 tail"


def test_features_describe_the_node_and_its_neighbours() -> None:
    html = (
        '<div class="Price_root__Ab3xY"><span class="Price_current__qeno7" itemprop="price">'
        '€1,299.00</span><s class="Price_was__Zz9Qq">€1,499.00</s></div>'
    )
    features = NodeFeatures().features(find(html, "//span"))
    expected = {
        "tag:span",
        "cls:price",
        "cls:current",
        "attr:itemprop=price",
        "attr:itemprop",
        "text:digits",
        "text:money",
        "text:decimal",
        "text:words:0",
        "parent.tag:div",
        "parent.cls:price",
        "parent.cls:root",
        "sibling.tag:s",
        "sibling.cls:was",
        "kids:0",
        "sibs:1",
        "path:span[1]",
        "path:div[1]/span[1]",
    }
    assert expected <= features
    # The hashes are not features: a rebuild changes them.
    assert not any("qeno7" in f or "zz9qq" in f.lower() for f in features)
    assert all(family(f) in FAMILY_WEIGHTS for f in features)


def test_features_of_a_labelled_cell() -> None:
    html = "<table><tr><th>ISBN-13:</th><td>9780316125581</td></tr></table>"
    features = NodeFeatures().features(find(html, "//td"))
    assert {"label:isbn 13", "tag:td", "sibling.tag:th", "parent.tag:tr"} <= features
    assert "text:letters" not in features
