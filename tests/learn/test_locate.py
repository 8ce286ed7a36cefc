import pytest

from pace_scrapy.learn.locate import currency_code, value_nodes
from tests.factories import page

SHOP = page(
    """<body><p class="brand">Nordvik</p><h1>Nordvik Studio Kettle</h1>
    <div class="price"><span class="now">€1,299.00</span> <s>€1,499.00</s></div>
    <p class="inst">or 3 payments of €433.00</p><p class="stock">Only 5 left in stock</p>
    <span class="split"><b>$</b><b>34</b><sup>.98</sup></span>
    <div class="rating"><span>4.5</span> (<a>2,284 reviews</a>)</div>
    <img class="main" data-src="/img/k_800.png" src="data:image/gif;base64,R0lGOD">
    <table><tr><th>Brand:</th><td>Nordvik</td></tr><tr><th>EAN:</th><td>5016983594103</td></tr>
    </table></body>""",
    url="https://shop.example/p/kettle",
)


def classes(kind: str, value: str) -> list[str]:
    return [n.get("class") or n.tag for n in value_nodes(SHOP, kind, value)]


@pytest.mark.parametrize(
    ("kind", "value", "expected"),
    [
        ("price", "1299.00", ["now"]),
        ("price", "€1,299", ["now"]),  # as shown, or as a number: the same amount
        ("price", "34.98", ["split"]),  # a price split over several elements
        ("price", "1", []),
        ("currency", "EUR", ["now", "s", "inst"]),
        ("currency", "€", ["now", "s", "inst"]),
        ("availability", "InStock", ["stock"]),
        ("availability", "https://schema.org/InStock", ["stock"]),
        ("availability", "OutOfStock", []),
        ("number", "2284", ["a"]),
        ("number", "4.5", ["span"]),
        ("image", "https://shop.example/img/k_800.png", ["main"]),
        ("gtin", "5016-98359-4103", ["td"]),
        # The exact text first; the heading only contains it among other words.
        ("brand", "Nordvik", ["brand", "td", "h1"]),
    ],
)
def test_values_are_found_the_way_their_kind_reads_them(
    kind: str, value: str, expected: list[str]
) -> None:
    assert classes(kind, value) == expected


def test_currency_codes() -> None:
    assert currency_code("EUR") == "EUR"
    assert currency_code("£") == "GBP"
    assert currency_code("12,00 €") == "EUR"
    assert currency_code("euros") is None
