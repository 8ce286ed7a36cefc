"""Parse any HTML robustly, then clean it: scripts, styles and hidden elements out.

JSON-LD is read before scripts go; ``<meta>`` and ``<link>`` stay in the head for metadata rules,
and microdata's ``<link itemprop>`` wherever it is. A ``hidden`` element that holds paragraphs
of text stays: scripts reveal it (streamed server rendering, paywalled articles sent whole).
Both steps are tuned for the hot path: one C-level pass per kind of thing to remove.
"""

from __future__ import annotations

import re

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

# Bytes, not str, go to libxml2 (a str with an XML encoding declaration is refused). No ID
# table: nothing looks elements up by it (selectors test the attribute), and building it, with
# a logged error for each duplicate id, took 7 % of the parse.
_PARSER = lxml.html.HTMLParser(
    encoding="utf-8", remove_comments=True, remove_pis=True, no_network=True, collect_ids=False
)
# lxml.html's own class lookup calls back into Python for every element proxy created (a third
# of a Python walk over the tree); this C-level one gives every element the same HtmlElement
# class (no FormElement, InputElement... subclasses, which extraction never uses).
_PARSER.set_element_class_lookup(
    etree.ElementDefaultClassLookup(
        element=lxml.html.HtmlElement,
        comment=lxml.html.HtmlComment,
        pi=lxml.html.HtmlProcessingInstruction,
        entity=lxml.html.HtmlEntity,
    )
)
_EMPTY_DOCUMENT = b"<html><head></head><body></body></html>"
# Characters XML forbids: libxml2 keeps them in text, but lxml then refuses to write such text
# back into the tree (as dropping an element does). No UTF-8 multi-byte sequence contains them.
_CONTROL_BYTES = bytes(range(9)) + b"\x0b\x0c" + bytes(range(14, 32))
# Each one alone: a search for one byte is a memchr, and all of them together take half the
# time of the copy that deleting them makes (which pages almost never need).
_CONTROL_BYTE_LIST = [bytes([byte]) for byte in _CONTROL_BYTES]
_NONCHARACTERS = ("\ufffe".encode(), "\uffff".encode())
_NONCHARACTER = re.compile(b"|".join(_NONCHARACTERS))
# A title longer than this holding markup was never closed: it swallowed the page.
SWALLOWING_TITLE_CHARS = 1000
_TAG = re.compile(r"<(?:[a-zA-Z]|/[a-zA-Z]|!--)")
_TITLE_START = re.compile(rb"<title\b[^>]*>", re.IGNORECASE)

DROPPED_TAGS = (
    "script",
    "style",
    "noscript",
    "template",
    "svg",
    "math",
    "iframe",
    "param",
    "embed",
    "canvas",
)
# Evaluated on the root element: <html> itself is never dropped, and libxml2 scans
# ``descendant::*/@name`` faster than ``//@name`` (which also visits every text node). Styles are
# checked in Python (:func:`_hides`): a predicate testing each one in the XPath costs more than
# the scan itself.
_HIDING_ATTRIBUTES = etree.XPath(
    "descendant::*/@hidden | descendant::*/@aria-hidden | descendant::*/@style"
)
# Paragraph text a ``hidden`` element must hold to be kept as content revealed by scripts.
DEFERRED_MIN_CHARS = 300
_HIDING_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def parse_html(html: str | bytes) -> HtmlElement:
    """Parse HTML text (or UTF-8 bytes) into an lxml document.

    Never raises: empty or element-less input gives an empty page. A ``<title>`` never
    closed, whose text would run on to the end of the page (as it does in a browser), is closed
    before the next tag.
    """
    data = html.encode("utf-8", "replace") if isinstance(html, str) else html
    if any(byte in data for byte in _CONTROL_BYTE_LIST):
        data = data.translate(None, _CONTROL_BYTES)
    # Noncharacters are rare and multi-byte: one regular expression scan (faster than two
    # substring scans) tells whether there is any, ASCII pages need none.
    if not data.isascii() and _NONCHARACTER.search(data):
        for noncharacter in _NONCHARACTERS:
            data = data.replace(noncharacter, b"")
    root = _parse(data)
    if _swallowing_title(root):
        root = _parse(_close_title(data))
    if root.find("body") is None:
        etree.SubElement(root, "body")
    return root


def _parse(data: bytes) -> HtmlElement:
    try:
        root = lxml.html.document_fromstring(data, parser=_PARSER) if data.strip() else None
    except etree.ParserError:  # no element at all once parsed (e.g. a lone comment)
        root = None
    if root is None:
        root = lxml.html.document_fromstring(_EMPTY_DOCUMENT, parser=_PARSER)
    return root


def _swallowing_title(root: HtmlElement) -> bool:
    """True when the ``<title>`` holds the page: it was never closed, and its text (raw text to
    the parser, as to a browser) runs on with the page's markup."""
    title = root.find("head/title")
    text = title.text if title is not None else None
    return text is not None and len(text) > SWALLOWING_TITLE_CHARS and bool(_TAG.search(text))


def _close_title(data: bytes) -> bytes:
    """``data`` with its first ``<title>`` closed before the next tag."""
    start = _TITLE_START.search(data)
    end = data.find(b"<", start.end()) if start is not None else -1
    return data if end < 0 else data[:end] + b"</title>" + data[end:]


def clean(root: HtmlElement) -> list[str]:
    """Remove invisible and non-content elements in place; return the JSON-LD sources found."""
    jsonld: list[str] = []
    doomed: list[HtmlElement] = []
    for element in root.iter("script", "link", "audio", "video"):  # one pass over the tree
        if element.tag in ("audio", "video"):
            _drop_fallback(element)
        elif element.tag == "link":
            parent = element.getparent()
            # Links in the body are dropped, except microdata's (<link itemprop=availability>).
            if parent is not None and parent.tag != "head" and element.get("itemprop") is None:
                doomed.append(element)
        elif "ld+json" in (element.get("type") or "").lower():
            jsonld.append(element.text or "")
    # One C-level pass, tails kept in place (a Python drop_tree per script costs more).
    etree.strip_elements(root, *DROPPED_TAGS, with_tail=False)
    found = _HIDING_ATTRIBUTES(root)
    for attribute in found if isinstance(found, list) else ():
        if not isinstance(attribute, etree._ElementUnicodeResult):
            continue
        element = attribute.getparent()
        if element is None or element.tag in ("html", "body", "head"):
            continue
        name = str(attribute.attrname)
        if _hides(name, str(attribute)) and not (name == "hidden" and _deferred_text(element)):
            doomed.append(element)
    for element in dict.fromkeys(doomed):  # an element may be doomed twice
        if element.getparent() is not None:
            element.drop_tree()
    return jsonld


def _drop_fallback(media: HtmlElement) -> None:
    """Remove what an audio or video element shows only to browsers that cannot play it (the
    parser, not knowing ``<source>`` and ``<track>`` are empty, may have put it inside them)."""
    media.text = None
    for child in list(media):
        if child.tag in ("source", "track"):
            _drop_fallback(child)
            child.tail = None
        else:
            media.remove(child)


def _deferred_text(element: HtmlElement) -> bool:
    """True when a ``hidden`` element holds paragraphs of text (:data:`DEFERRED_MIN_CHARS`):
    content that the page's scripts reveal (a streamed server-rendered page, a paywalled
    article sent whole), not a menu or a dialog."""
    chars = 0
    for paragraph in element.iter("p"):
        chars += len(paragraph.text_content())
        if chars >= DEFERRED_MIN_CHARS:
            return True
    return False


def _hides(name: str, value: str) -> bool:
    """True when an attribute hides its element."""
    if name == "hidden":
        return True
    if name == "aria-hidden":
        return value.strip().lower() == "true"
    return bool(_HIDING_STYLE.search(value))
