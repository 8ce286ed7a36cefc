from typing import Any

import pytest

from pace_scrapy.config.store import parse_config
from pace_scrapy.errors import ConfigError


def shop(signature: dict[str, Any]) -> dict[str, Any]:
    price = {"rules": [{"source": "css", "query": ".price"}], "signature": signature}
    return {
        "name": "shop",
        "domains": ["shop.example"],
        "versions": [{"version": 1, "page_type": "product", "fields": {"price": price}}],
    }


def test_a_field_may_carry_the_signature_of_its_node() -> None:
    signature = {
        "features": {"tag:span": 1.0, "cls:price": 1.0, "label:price": 0.5},
        "transforms": [{"op": "strip", "prefixes": ["Price"], "required": True}],
        "examples": 2,
    }
    spec = parse_config(shop(signature)).latest.fields["price"]
    assert spec.signature is not None
    assert spec.signature.features["label:price"] == 0.5
    assert spec.signature.min_similarity == 0.8  # strict by default
    assert spec.signature.transforms[0].op == "strip"


@pytest.mark.parametrize(
    ("signature", "message"),
    [
        ({"features": {}}, "at least 1"),
        ({"features": {"colour:red": 1.0}}, "feature 'colour:red' is not 'family:value'"),
        ({"features": {"tag": 1.0}}, "feature 'tag' is not 'family:value'"),
        ({"features": {"tag:span": 1.5}}, "share 1.5, not in (0, 1]"),
        ({"features": {"tag:span": 0.0}}, "share 0.0, not in (0, 1]"),
        ({"features": {"tag:span": 1.0}, "min_similarity": 0.2}, "greater than or equal to 0.5"),
    ],
)
def test_bad_signatures_are_refused(signature: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace("]", r"\]")):
        parse_config(shop(signature))
