"""``articleBodyHtml``: the body as clean HTML — a subset of the page's own markup.

Only structural and inline formatting tags are kept (others are unwrapped), attributes are
dropped except ``href``/``src``/``alt``/spans, URLs are absolute, images use their resolved source.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from html import escape
from urllib.parse import urljoin

from lxml.html import HtmlElement

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
        if block.kind is BlockKind.TEXT:
            inner = "".join(self.node(node) for node in block.nodes()).strip()
            return f"<p>{inner}</p>" if inner else ""
        return self.node(block.element).strip()

    def node(self, node: str | HtmlElement) -> str:
        """HTML of a text node or an element subtree (without the element's tail)."""
        if isinstance(node, str):
            return escape(node, quote=False)
        if node in self.skip or not isinstance(node.tag, str):
            return ""
        tag = node.tag
        if tag == "img":
            image = self.images.get(node)
            if image is None:
                return ""
            alt = f' alt="{escape(image.alt)}"' if image.alt else ""
            return f'<img src="{escape(image.url)}"{alt}>'
        inner = escape(node.text or "", quote=False) + "".join(
            self.node(child) + escape(child.tail or "", quote=False) for child in node
        )
        if tag not in KEPT_TAGS:
            return inner
        if tag in _VOID:
            return f"<{tag}>"
        return f"<{tag}{self.attributes(node)}>{inner}</{tag}>"

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
                value = urljoin(self.base_url, value.strip())
            out.append(f' {name}="{escape(value)}"')
        return "".join(out)
