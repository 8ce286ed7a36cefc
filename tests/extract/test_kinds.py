from datetime import date

import pytest

from pace_scrapy.extract.kinds import Rejected, field_kind, finalize, max_length, page_context
from pace_scrapy.extract.rules import Link
from pace_scrapy.page.model import Page

CTX = page_context(
    Page.from_html(
        '<html><head><meta property="og:site_name" content="The Herald">', "https://e.com/a/"
    ),
    400,
    date(2025, 1, 1),
)


def test_standard_and_declared_kinds() -> None:
    assert field_kind("datePublished", None) == "date"
    assert field_kind("aggregateRating.reviewCount", None) == "number"
    assert field_kind("isbn_13", None) == "text"
    assert field_kind("isbn_13", "identifier") == "identifier"
    assert max_length("headline", "text", None) == 400
    assert max_length("bio", "text", 50) == 50


@pytest.mark.parametrize(
    ("kind", "values", "expected"),
    [
        ("text", ["  Big   news "], "Big news"),
        ("text", ["part one", "part two"], "part one part two"),
        ("texts", ["a", "b", "a"], ["a", "b"]),
        (
            "people",
            ["Jane Doe", "Jane Doe", "John Roe"],
            [{"name": "Jane Doe"}, {"name": "John Roe"}],
        ),
        ("date", ["bad", "2024-01-02"], "2024-01-02"),
        ("url", ["/x?y=1"], "https://e.com/x?y=1"),
        ("image", ["pic.jpg"], {"url": "https://e.com/a/pic.jpg"}),
        (
            "links",
            [Link("Home", "https://e.com/"), Link("News", None)],
            [{"name": "Home", "url": "https://e.com/"}, {"name": "News"}],
        ),
        ("price", ["$ 12.50"], "12.50"),
        ("currency", ["EUR"], "EUR"),
        ("identifier", [" SKU-12/a "], "SKU-12/a"),
        ("gtin", ["400-638-133-393-1"], [{"type": "gtin13", "value": "4006381333931"}]),
        ("gtin", ["0-316-12558-X"], [{"type": "gtin13", "value": "9780316125581"}]),
        ("availability", ["in stock"], "InStock"),
        ("number", ["4.5 stars"], 4.5),
        ("brand", ["Acme"], {"name": "Acme"}),
        ("language", ["en_GB"], "en-GB"),
    ],
)
def test_finalize(kind: str, values: list[object], expected: object) -> None:
    assert finalize(kind, values, CTX) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "value", "reason"),
    [
        ("text", "x" * 401, "text of 401 characters is longer than 400"),
        ("date", "yesterday", "unparsable or implausible date 'yesterday'"),
        ("price", "call for price", "no price in 'call for price'"),
        ("people", "12345", "has no letter"),
        ("people", "THE HERALD", "author name 'THE HERALD' is the site's name"),
        ("people", "jdoe@e.com", "author name 'jdoe@e.com' is an e-mail address"),
        ("people", "../about.html", "author name '../about.html' is a link"),
        ("people", "https://news.example/jane", "is a link"),
        ("url", "javascript:alert(1)", "not an http(s) URL"),
        ("gtin", "4006381333932", "invalid GTIN"),
        ("gtin", "0306406153", "invalid GTIN"),  # an ISBN-10 with a wrong check digit
        ("identifier", "has spaces inside", "implausible identifier"),
        ("availability", "maybe", "unknown availability"),
        ("brand", "Prezzo:", "brand 'Prezzo:' is a label"),
        ("language", "English please", "not a language code"),
    ],
)
def test_implausible_values_are_rejected_with_a_reason(kind: str, value: str, reason: str) -> None:
    with pytest.raises(Rejected, match=reason.replace("(", r"\(").replace(")", r"\)")):
        finalize(kind, [value], CTX)
