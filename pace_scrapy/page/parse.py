"""Parse any HTML robustly, then clean it: scripts, styles and hidden elements out.

JSON-LD is read before scripts go; ``<meta>`` and ``<link>`` stay in the head for metadata rules.
Both steps are tuned for the hot path: one C-level pass per kind of thing to remove.
"""

from __future__ import annotations

import re

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

_PARSER = lxml.html.HTMLParser(remove_comments=True, remove_pis=True, no_network=True)
# lxml refuses text that starts with an XML declaration naming an encoding: drop it.
_XML_DECLARATION = re.compile(r"\s*<\?xml[^>]*>")
_EMPTY_DOCUMENT = "<html><head></head><body></body></html>"

DROPPED_TAGS = (
    "script",
    "style",
    "noscript",
    "template",
    "svg",
    "math",
    "iframe",
    "object",
    "embed",
    "canvas",
)
_HIDING_ATTRIBUTES = etree.XPath("//@hidden | //@aria-hidden | //@style")
_HIDING_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def parse_html(text: str) -> HtmlElement:
    """Parse HTML text into an lxml document (never raises; empty input gives an empty page)."""
    declaration = _XML_DECLARATION.match(text)
    if declaration:
        text = text[declaration.end() :]
    try:
        root = lxml.html.document_fromstring(text, parser=_PARSER) if text.strip() else None
    except etree.ParserError:  # no element at all once parsed (e.g. a lone comment)
        root = None
    if root is None:
        root = lxml.html.document_fromstring(_EMPTY_DOCUMENT, parser=_PARSER)
    if root.find("body") is None:
        etree.SubElement(root, "body")
    return root


def clean(root: HtmlElement) -> list[str]:
    """Remove invisible and non-content elements in place; return the JSON-LD sources found."""
    jsonld: list[str] = []
    doomed: list[HtmlElement] = []
    for element in root.iter(*DROPPED_TAGS):
        if element.tag == "script" and "ld+json" in (element.get("type") or "").lower():
            jsonld.append(element.text or "")
        doomed.append(element)
    for link in root.iter("link"):
        parent = link.getparent()
        if parent is not None and parent.tag != "head":
            doomed.append(link)
    found = _HIDING_ATTRIBUTES(root)
    for attribute in found if isinstance(found, list) else ():
        if not isinstance(attribute, etree._ElementUnicodeResult):
            continue
        element = attribute.getparent()
        if element is None or element.tag in ("html", "body", "head"):
            continue
        if _hides(str(attribute.attrname), str(attribute)):
            doomed.append(element)
    for element in dict.fromkeys(doomed):  # an element may be doomed twice
        if element.getparent() is not None:
            element.drop_tree()
    return jsonld


def _hides(name: str, value: str) -> bool:
    """True when an attribute hides its element."""
    if name == "hidden":
        return True
    if name == "aria-hidden":
        return value.strip().lower() == "true"
    return bool(_HIDING_STYLE.search(value))
