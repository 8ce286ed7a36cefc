import codecs

import pytest

from pace_scrapy.page.decode import decode_html, looks_binary


def test_valid_utf8_wins_over_a_stale_meta_charset() -> None:
    data = "<meta charset=iso-8859-1><p>café</p>".encode()
    assert decode_html(data) == ("<meta charset=iso-8859-1><p>café</p>", "utf-8")


def test_declared_charset_used_when_bytes_are_not_utf8() -> None:
    data = "<meta charset=koi8-r><p>привет</p>".encode("koi8-r")
    text, encoding = decode_html(data)
    assert "привет" in text
    assert encoding == "koi8-r"


def test_http_header_charset_beats_meta() -> None:
    data = "<meta charset=utf-8><p>Grüße</p>".encode("latin-1")
    text, encoding = decode_html(data, "text/html; charset=ISO-8859-1")
    assert "Grüße" in text
    assert encoding == "cp1252"  # browsers read latin-1 as windows-1252


@pytest.mark.parametrize("declared", ["", "<meta charset=no-such-charset>"])
def test_undeclared_or_unknown_charset_falls_back_to_cp1252(declared: str) -> None:
    data = declared.encode() + b"<p>caf\xe9 \x80</p>"
    text, encoding = decode_html(data)
    assert "café €" in text
    assert encoding == "cp1252"


@pytest.mark.parametrize(
    ("bom", "codec"),
    [
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ],
)
def test_byte_order_mark_decides_and_is_removed(bom: bytes, codec: str) -> None:
    text, encoding = decode_html(bom + "<p>ok €</p>".encode(codec))
    assert text == "<p>ok €</p>"
    assert encoding == codec


def test_binary_detection() -> None:
    assert looks_binary(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert looks_binary(bytes(range(32)) * 10)
    assert not looks_binary(b"<html><body>plain</body></html>")
    assert not looks_binary(codecs.BOM_UTF16_LE + "<p>x</p>".encode("utf-16-le"))
