"""Product generation: GTIN-13 check digits, identifiers, prices."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pace_scrapy.demo.products import gtin13_check_digit, make_product


def _valid_gtin(code: str) -> bool:
    """GS1 rule read from the right: the check digit makes the weighted sum a multiple of 10."""
    digits = [int(d) for d in reversed(code)]
    return sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10 == 0


def test_known_check_digits() -> None:
    assert gtin13_check_digit("400638133393") == 1  # 4006381333931
    assert gtin13_check_digit("978030640615") == 7  # ISBN 978-0-306-40615-7
    assert gtin13_check_digit("590123412345") == 7  # GS1 example 5901234123457


def test_check_digit_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="12 digits"):
        gtin13_check_digit("12345")


def test_generated_products_are_valid() -> None:
    products = [make_product(7, i) for i in range(300)]
    assert all(len(p.gtin) == 13 and _valid_gtin(p.gtin) for p in products)
    assert len({p.sku for p in products}) == len(products)
    for p in products:
        assert p.price == p.price.quantize(Decimal("0.01"))
        if p.regular_price is not None:
            assert p.regular_price > p.price
    assert {p.in_stock for p in products} == {True, False}
    assert {p.json_ld for p in products} == {True, False}
    assert any(p.rating is None for p in products)
