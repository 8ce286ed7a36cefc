"""``articleBodyHtml``: the body as clean HTML — a subset of the page's own markup.

Only structural and inline formatting tags are kept (others are unwrapped), attributes are
dropped except ``href``/``src``/``alt``/spans, URLs are absolute, images use their resolved source.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from html import escape

from lxml.html import HtmlElement

from pace_scrapy.extract.urls import absolute_url
from pace_scrapy.items import Image
from pace_scrapy.page.blocks import Block, BlockKind

KEPT_TAGS = frozenset(
    [
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "table",
        "caption",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "th",
        "td",
        "figure",
        "figcaption",
        "a",
        "strong",
        "b",
        "em",
        "i",
        "u",
        "s",
        "del",
        "ins",
        "sub",
        "sup",
        "code",
        "pre",
        "blockquote",
        "q",
        "cite",
        "abbr",
        "mark",
        "small",
        "br",
        "hr",
        "time",
        "kbd",
        "samp",
    ]
)
_KEPT_ATTRIBUTES = {
    "a": ("href",),
    "td": ("colspan", "rowspan"),
    "th": ("colspan", "rowspan", "scope"),
    "ol": ("start",),
    "time": ("datetime",),
}
_VOID = frozenset({"br", "hr"})


class HtmlRenderer:
    """Renders body blocks to clean HTML; ``images`` maps kept ``<img>`` elements to images."""

    def __init__(
        self, skip: Collection[HtmlElement], base_url: str, images: dict[HtmlElement, Image]
    ) -> None:
        self.skip = skip
        self.base_url = base_url
        self.images = images

    def render(self, blocks: Iterable[Block]) -> str:
        """The HTML of ``blocks``, one top-level element per line."""
        parts = (self.block(block) for block in blocks)
        return "\n".join(part for part in parts if part)

    def block(self, block: Block) -> str:
        """The HTML of one block; an inline run is wrapped in ``<p>``."""
        out: list[str] = []
        if block.kind is not BlockKind.TEXT:
            self.write(block.element, out)
            return "".join(out).strip()
        for node in block.nodes():
            if isinstance(node, str):
                out.append(escape(node, quote=False))
            else:
                self.write(node, out)
        inner = "".join(out).strip()
        return f"<p>{inner}</p>" if inner else ""

    def write(self, element: HtmlElement, out: list[str]) -> None:
        """Append the HTML of an element subtree (without the element's tail) to ``out``."""
        # One list for the whole block: returning each subtree's string instead would copy
        # every piece of text once per level of nesting above it. .tag, .text and .tail are
        # read once each: lxml makes a new string at every access.
        tag = element.tag
        if element in self.skip or not isinstance(tag, str):
            return
        if tag == "img":
            out.append(self.image(element))
            return
        kept = tag in KEPT_TAGS
        if kept and tag in _VOID:
            out.append(f"<{tag}>")
            return
        if kept:
            attributes = self.attributes(element) if tag in _KEPT_ATTRIBUTES else ""
            out.append(f"<{tag}{attributes}>")
        if text := element.text:
            out.append(escape(text, quote=False))
        for child in element:
            self.write(child, out)
            if tail := child.tail:
                out.append(escape(tail, quote=False))
        if kept:
            out.append(f"</{tag}>")

    def image(self, img: HtmlElement) -> str:
        """``<img>`` with the resolved source of a kept image ('' for others)."""
        image = self.images.get(img)
        if image is None:
            return ""
        alt = f' alt="{escape(image.alt)}"' if image.alt else ""
        return f'<img src="{escape(image.url)}"{alt}>'

    def attributes(self, element: HtmlElement) -> str:
        """The kept attributes of an element, URLs made absolute."""
        out = []
        for name in _KEPT_ATTRIBUTES.get(element.tag, ()):
            value = element.get(name)
            if value is None:
                continue
            if name == "href":
                if value.strip().lower().startswith("javascript:"):
                    continue
                value = absolute_url(self.base_url, value.strip())
            out.append(f' {name}="{escape(value)}"')
        return "".join(out)
