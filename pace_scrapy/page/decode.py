"""Decode raw page bytes to text, whatever charset the page declares (or fails to)."""

from __future__ import annotations

import codecs

from w3lib.encoding import html_body_declared_encoding, http_content_type_encoding, read_bom

# A charset a page may declare but that Python does not know is treated as undeclared.
_FALLBACK_ENCODING = "cp1252"
_BINARY_SAMPLE = 4096
# Control bytes that text does not hold (tab, line breaks and escape excepted); counted as the
# bytes a deletion removes, which is far cheaper than a regular expression's findall.
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x1B), *range(0x1C, 0x20)])


def looks_binary(data: bytes) -> bool:
    """True when the first bytes are mostly control characters (an image, PDF, archive...)."""
    sample = data[:_BINARY_SAMPLE]
    if not sample or sample.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return False
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    return b"\x00" in sample or controls > len(sample) // 20


def decode_html(data: bytes, content_type: str | None = None) -> tuple[str, str]:
    """Return ``(text, encoding)`` for raw page bytes.

    Order: a byte-order mark; then bytes that are valid UTF-8 (pages re-encoded to UTF-8 often
    keep a stale ``<meta charset=iso-8859-1>``, and valid non-ASCII UTF-8 is very unlikely to be
    anything else); then the HTTP ``Content-Type`` charset; then the ``<meta>`` declaration;
    then cp1252 (the browsers' default for undeclared Western pages). Undecodable bytes become
    U+FFFD, so this never raises.
    """
    bom_encoding, bom = read_bom(data)
    if bom_encoding and bom:
        return data[len(bom) :].decode(bom_encoding, errors="replace"), bom_encoding
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    for declared in (
        http_content_type_encoding(content_type) if content_type else None,
        html_body_declared_encoding(data),
    ):
        encoding = _known_encoding(declared)
        if encoding and encoding != "utf-8":
            return data.decode(encoding, errors="replace"), encoding
    return data.decode(_FALLBACK_ENCODING, errors="replace"), _FALLBACK_ENCODING


def _known_encoding(name: str | None) -> str | None:
    if not name:
        return None
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None
