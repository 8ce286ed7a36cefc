from datetime import date

import pytest

from pace_scrapy.errors import PageError
from pace_scrapy.page.model import Page


def test_bytes_are_decoded_and_base_url_honoured() -> None:
    page = Page.from_html(
        '<html><head><base href="/sub/"></head><body><p>Grüße</p></body></html>'.encode("cp1252"),
        "https://e.com/a/b",
        fetched=date(2024, 1, 2),
    )
    assert page.base_url == "https://e.com/sub/"
    assert page.blocks[0].text == "Grüße"
    assert page.fetched == date(2024, 1, 2)


def test_binary_and_oversized_input_raise_page_error() -> None:
    with pytest.raises(PageError, match="binary"):
        Page.from_html(b"\x89PNG\r\n\x1a\n\x00\x00\x00", "https://e.com/x.png")
    with pytest.raises(PageError, match="binary"):
        Page.from_html("\x00\x01\x02", "https://e.com/x")
    with pytest.raises(PageError, match="larger than the limit 10"):
        Page.from_html("<p>" + "x" * 20 + "</p>", "https://e.com/", max_bytes=10)


def test_meta_values_by_key_then_by_the_key_without_its_punctuation() -> None:
    page = Page.from_html(
        '<html><head><meta property="article:published:time" content="2024-10-23">'
        '<meta name="Author" content="Ann Lee"><meta name="--" content="x"></head><body></body>'
        "</html>",
        "https://e.com/a",
    )
    assert page.meta_of("author") == page.meta_of("AUTHOR") == ["Ann Lee"]
    assert page.meta_of("article:published_time") == ["2024-10-23"]
    assert page.meta_of("og:title") == []
    assert page.meta_of("--") == ["x"]
    assert page.meta_of(":::") == []  # punctuation alone is no other spelling of "--"
