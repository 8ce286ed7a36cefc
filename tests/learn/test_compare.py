import pytest

from pace_scrapy.learn.compare import agrees


@pytest.mark.parametrize(
    ("kind", "value", "label", "expected"),
    [
        ("price", "1299.00", "€1,299", True),
        ("price", "1299.00", "1299.5", False),
        ("currency", "EUR", "€", True),
        ("currency", "USD", "$", True),
        ("currency", "EUR", "EUR", True),
        ("currency", "GBP", "€", False),
        ("availability", "InStock", "https://schema.org/InStock", True),
        ("availability", "InStock", "In stock", True),
        ("availability", "InStock", "OutOfStock", False),
        ("gtin", [{"type": "gtin13", "value": "0099482467999"}], "099482467999", True),
        ("gtin", [{"type": "gtin13", "value": "9780316125581"}], "031612558X", True),
        ("gtin", [{"type": "gtin13", "value": "9780316125581"}], "9780316125582", False),
        ("identifier", "MH00003-11", "mh00003 11", True),
        ("brand", {"name": "Acorn & Pine"}, "Acorn and Pine", False),
        ("brand", {"name": "Acorn & Pine"}, "acorn & pine", True),
        ("text", "Jolie tops “poll” of do-gooders", 'Jolie tops "poll" of do-gooders', True),
        ("text", "Jolie—tops poll", "Jolie — tops poll", True),
        # URL-encoded in a <meta>: the words, but no text to show
        ("text", "Jolie+tops+poll+of+do-gooders", "Jolie tops poll of do-gooders", False),
    ],
)
def test_values_agree_the_way_their_kind_means_them(
    kind: str, value: object, label: str, expected: bool
) -> None:
    assert agrees(kind, value, [label]) is expected
