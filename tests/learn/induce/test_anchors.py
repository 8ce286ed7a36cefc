import lxml.html
import pytest
from lxml import etree

from pace_scrapy.learn.induce.anchors import anchored_xpaths, own_text_xpaths, xpath_literal


def doc(html: str) -> lxml.html.HtmlElement:
    return lxml.html.document_fromstring(f"<html><body>{html}</body></html>")


def first(root: lxml.html.HtmlElement, xpath: str) -> object:
    found = root.xpath(xpath)
    assert isinstance(found, list) and found, xpath
    return found[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Price:", "'Price:'"),
        ("Children's age:", '"Children\'s age:"'),
        ("5\" 'wide'", "concat('5\" ', \"'\", 'wide', \"'\", '')"),
    ],
)
def test_xpath_literals(text: str, expected: str) -> None:
    assert xpath_literal(text) == expected
    assert etree.XPath(f"string({expected})")(doc("")) == text


def test_a_cell_after_its_label_cell_and_the_same_label_in_a_definition_list() -> None:
    table = doc(
        "<table><tr><th>SKU:</th><td>A-1</td></tr><tr><th>EAN:</th><td>400</td></tr></table>"
    )
    node = table.xpath("//td")[0]
    generic, specific = anchored_xpaths(node)
    assert generic == "//*[normalize-space()='SKU:']/following-sibling::*[1]"
    assert specific == "//th[normalize-space()='SKU:']/following-sibling::*[1][self::td]"
    assert first(table, generic) is node and first(table, specific) is node
    # The general one survives a rebuild that turned the table into a definition list.
    listed = doc("<dl><dt>EAN:</dt><dd>400</dd><dt>SKU:</dt><dd>B-2</dd></dl>")
    assert first(listed, generic).text == "B-2"  # type: ignore[attr-defined]
    assert listed.xpath(specific) == []


def test_a_value_after_an_inline_label() -> None:
    page = doc(
        "<ul><li><strong>ISBN-13</strong>: 978</li><li><strong>Publisher</strong>: Hachette</li></ul>"
    )
    node = page.xpath("//li")[1]
    after, whole = anchored_xpaths(node)
    assert after == "//strong[normalize-space()='Publisher']/following-sibling::text()[1]"
    assert first(page, after) == ": Hachette"
    assert first(page, whole) is node


def test_a_value_in_a_cell_after_its_label_two_levels_up() -> None:
    page = doc("<table><tr><th>Price:</th><td><div><b>€5</b></div></td></tr></table>")
    node = page.xpath("//b")[0]
    generic = anchored_xpaths(node)[0]
    assert generic == "//*[normalize-space()='Price:']/following-sibling::*[1]/div[1]/b[1]"
    assert first(page, generic) is node


def test_labels_in_text_and_at_the_start_of_the_value() -> None:
    page = doc("<p>Price: <span>€5</span></p><p>ISBN-13: 978</p>")
    span, isbn = page.xpath("//span")[0], page.xpath("//p")[1]
    assert all(first(page, xpath) is span for xpath in anchored_xpaths(span))
    assert anchored_xpaths(isbn) == ["//p[starts-with(normalize-space(), 'ISBN-13:')]"]
    assert first(page, anchored_xpaths(isbn)[0]) is isbn


def test_no_label_no_anchored_rule() -> None:
    page = doc("<h1>Kettle</h1>")
    assert anchored_xpaths(page.xpath("//h1")[0]) == []


def test_own_text_before_the_children() -> None:
    page = doc('<h2>The Outsiders<span class="sub"> (Paperback)</span></h2>')
    node = page.xpath("//h2")[0]
    (xpath,) = own_text_xpaths(node, ["h2"])
    assert first(page, xpath) == "The Outsiders"
    assert own_text_xpaths(page.xpath("//span")[0], ["span.sub"]) == []
