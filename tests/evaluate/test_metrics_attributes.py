import pytest

from pace_scrapy.evaluate.metrics_attributes import (
    AttributeCounts,
    attribute_counts,
    attribute_kind,
    total_counts,
    values_match,
)


@pytest.mark.parametrize(
    ("name", "predicted", "gold", "expected"),
    [
        ("price", "$1,299.00", "1299", True),
        ("price", "14.99", "14.90", False),
        ("price", "call us", "14.99", False),
        ("sku", "ab-12 3", "AB123", True),
        ("mpn", "X-1", "X-2", False),
        ("gtin", "0099482467999", "099482467999", True),
        ("isbn_13", "978-0-316-12558-1", ": 9780316125581", True),
        ("currency", "€", "EUR", True),
        ("currency", "eur", "EUR", True),
        ("currency", "£", "EUR", False),
        ("availability", "https://schema.org/InStock", "InStock", True),
        ("availability", "In stock", "InStock", True),
        ("availability", "OutOfStock", "InStock", False),
        ("publisher", "Hachette Book Group", ": Hachette Book Group", True),
        ("title", "The Road", "The Road (Paperback)", True),
        ("author", "Smith", "Dr. John Smith Jr.", False),
        ("title", "Road The", "The Road", False),
        ("brand", "...", "...", False),
        ("brand", "De’Longhi", "DeLonghi", True),
        ("brand", "De Longhi Group", "DeLonghi", False),
        ("brand", "DeLonghi", "De Longhi Group", False),
    ],
)
def test_values_match(name: str, predicted: str, gold: str, expected: bool) -> None:
    assert values_match(name, predicted, gold) is expected


def test_attribute_kind() -> None:
    assert attribute_kind("sale_price") == "price"
    assert attribute_kind("price_currency") == "currency"
    assert attribute_kind("gtin13") == "gtin"
    assert attribute_kind("isbn_13") == "identifier"
    assert attribute_kind("color") == "text"


def test_attribute_counts_with_abstention() -> None:
    gold = {"price": ["14.99"], "sku": ["X1"], "brand": ["Acme"], "mpn": [], "gtin": []}
    predicted = {"price": ["14.99"], "sku": ["X2"], "mpn": ["M"], "brand": [" "], "color": ["red"]}
    counts = attribute_counts(predicted, gold)
    assert counts == {
        "price": AttributeCounts(tp=1),
        "sku": AttributeCounts(fp=1, fn=1),
        "brand": AttributeCounts(fn=1),
        "mpn": AttributeCounts(fp=1),
        "gtin": AttributeCounts(),
    }
    total = total_counts(counts.values())
    assert total == AttributeCounts(tp=1, fp=2, fn=2)
    assert total.precision == pytest.approx(1 / 3)
    assert total.recall == pytest.approx(1 / 3)
    assert total.f1 == pytest.approx(1 / 3)


def test_every_predicted_value_must_match() -> None:
    gold = {"author": ["Ann Lee", "Bob Roe"]}
    assert attribute_counts({"author": ["Bob Roe", "Ann Lee"]}, gold)["author"].tp == 1
    assert attribute_counts({"author": ["Bob Roe", "Cy Doe"]}, gold)["author"].fp == 1


def test_attribute_counts_arithmetic() -> None:
    total = AttributeCounts(tp=1, fn=1) + AttributeCounts(fp=1)
    assert total == AttributeCounts(1, 1, 1)
    assert (total.precision, total.recall, total.f1) == (0.5, 0.5, 0.5)
    empty = AttributeCounts()
    assert (empty.precision, empty.recall, empty.f1) == (None, None, None)
    # nothing predicted: precision undefined, recall 0
    assert AttributeCounts(fn=2).precision is None
    assert AttributeCounts(fn=2).recall == 0.0
