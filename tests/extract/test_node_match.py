from datetime import date

import pytest

from pace_scrapy.config.model import NodeSignature
from pace_scrapy.extract.kinds import Context, Rejected
from pace_scrapy.extract.node_match import match_node, similarity
from pace_scrapy.page.model import Page
from pace_scrapy.page.nodes import NodeFeatures
from tests.factories import page

CTX = Context("https://shop.example/p/1", date(2025, 1, 1), 400)
BUY_BOX = (
    '<div class="BuyBox_root__a1b2C"><h1 class="Product_name__x1Y2z">Kettle</h1>'
    '<div class="Price_root__Ab3xY"><span class="Price_current__qeno7">€{price}</span>'
    '<s class="Price_was__Zz9Qq">€99.00</s></div></div>'
)
SPECS = "<table><tr><th>Weight:</th><td>{weight}</td></tr></table>"


def signature_of(example: Page, css: str, **options: object) -> NodeSignature:
    """A signature from one labelled node (every feature with share 1)."""
    node = example.root.cssselect(css)[0]
    features = dict.fromkeys(NodeFeatures().features(node), 1.0)
    return NodeSignature.model_validate({"features": features, **options})


def test_similarity_is_a_weighted_jaccard_index() -> None:
    # weights: tag 2, cls 2, text 1. min: tag 2*1; max: tag 2*1 + cls 2*0.5 + text 1*1.
    assert similarity(
        {"tag:span": 1.0, "cls:price": 0.5}, frozenset({"tag:span", "text:digits"})
    ) == pytest.approx(2 / 4)
    assert similarity({"tag:span": 1.0}, frozenset({"tag:span"})) == 1.0
    assert similarity({"tag:span": 1.0}, frozenset({"tag:div"})) == 0.0


def test_the_price_node_is_found_again_after_a_rebuild_that_moved_it() -> None:
    before = page(f"<html><body><main>{BUY_BOX.format(price='49.95')}</main></body></html>")
    signature = signature_of(before, "span")
    # Rebuilt: new hashes, the price block moved out of the buy box to the end of the page.
    after = page(
        '<html><body><main><h1 class="Product_name__Q9w8E">Kettle</h1><p>Nice.</p><section>'
        '<p>Details</p><div class="BuyBar_root__Kk2Lm"><div class="Price_root__Ur5Tt">'
        '<span class="Price_current__Ww0Pp">€12.50</span>'
        '<s class="Price_was__Hh6Jj">€15.00</s></div></div></section></main></body></html>'
    )
    found = match_node(after, signature, "price", CTX, NodeFeatures())
    assert found is not None
    assert found.value == "12.50"
    assert 0.8 <= found.similarity < 1.0


def test_nothing_is_taken_below_the_threshold() -> None:
    before = page(f"<html><body>{BUY_BOX.format(price='49.95')}</body></html>")
    signature = signature_of(before, "span")
    # Only the struck-out price and a specs cell: neither looks like the current price.
    after = page(
        '<html><body><s class="Price_was__Hh6Jj">€15.00</s>'
        "<table><tr><th>Price:</th><td>€12.50</td></tr></table></body></html>"
    )
    assert match_node(after, signature, "price", CTX, NodeFeatures()) is None


def test_two_equally_similar_nodes_with_different_values_give_nothing() -> None:
    before = page(f"<html><body>{SPECS.format(weight='2 kg')}</body></html>")
    signature = signature_of(before, "td")
    twice = page(
        f"<html><body>{SPECS.format(weight='3 kg')}{SPECS.format(weight='5 kg')}</body></html>"
    )
    with pytest.raises(Rejected, match="ambiguous"):
        match_node(twice, signature, "text", CTX, NodeFeatures())
    # The same value twice is not ambiguous.
    same = page(
        f"<html><body>{SPECS.format(weight='3 kg')}{SPECS.format(weight='3 kg')}</body></html>"
    )
    found = match_node(same, signature, "text", CTX, NodeFeatures())
    assert found is not None
    assert found.value == "3 kg"


def test_values_are_read_through_the_signature_transforms_and_kind() -> None:
    example = page("<html><body><ul><li><b>ISBN-13</b>: 9780316125581</li></ul></body></html>")
    transforms = [{"op": "strip", "prefixes": ["ISBN-13"], "required": True}]
    signature = signature_of(example, "li", transforms=transforms)
    other = page("<html><body><ul><li><b>ISBN-13</b>: 9780141439518</li></ul></body></html>")
    found = match_node(other, signature, "gtin", CTX, NodeFeatures())
    assert found is not None
    assert found.value == [{"type": "gtin13", "value": "9780141439518"}]
    # An implausible value (a bad check digit) is not taken.
    wrong = page("<html><body><ul><li><b>ISBN-13</b>: 9780141439519</li></ul></body></html>")
    assert match_node(wrong, signature, "gtin", CTX, NodeFeatures()) is None
