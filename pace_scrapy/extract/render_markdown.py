"""``articleBodyMarkdown``: the body as Markdown (headings, lists, links, emphasis, quotes,
code, images with captions, GFM tables)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from lxml.html import HtmlElement

from pace_scrapy.extract.render_text import list_members
from pace_scrapy.extract.tables import TableGrids
from pace_scrapy.extract.urls import absolute_url
from pace_scrapy.items import Image
from pace_scrapy.page.blocks import Block, BlockKind
from pace_scrapy.page.text import BREAKING_TAGS, subtree_text

_SYNTAX = "\\`*_[]<"  # the backslash first: the escapes added after it must stay single
_LINE_START = re.compile(r"^(\s*)([#>+\-=]|\d+[.)])(?=\s|$)", re.MULTILINE)
_SYNTAX_STARTS = frozenset("#>+-=")  # the characters _LINE_START escapes, besides digits
_BLANK_LINES = re.compile(r"\n{3,}")
_SPACES = re.compile(r"[ \t\n\r\f\v\u00a0]+")  # a run of them is one space
_WRAP = {"strong": "**", "b": "**", "em": "*", "i": "*", "del": "~~", "s": "~~"}
_CODE_TAGS = ("code", "kbd", "samp", "tt")


def collapse_spaces(text: str) -> str:
    """Each run of :data:`_SPACES` characters as one space."""
    # Printable text has no such character but the space: without two spaces in a row (most
    # text nodes), it has nothing to collapse, and the two C-level checks are far cheaper
    # than a substitution that replaces every single space by itself.
    if text.isprintable() and "  " not in text:
        return text
    return _SPACES.sub(" ", text)


def escape(text: str) -> str:
    """Escape Markdown syntax characters in plain text."""
    # A few fast substring scans beat str.translate, which looks up every character.
    for char in _SYNTAX:
        if char in text:
            text = text.replace(char, "\\" + char)
    return text


class MarkdownRenderer:
    """Renders body blocks; ``images`` maps kept ``<img>`` elements to their resolved images,
    ``grids`` gives tables' grids (made here when not given)."""

    def __init__(
        self,
        skip: Collection[HtmlElement],
        base_url: str,
        images: dict[HtmlElement, Image],
        grids: TableGrids | None = None,
    ) -> None:
        self.skip = skip
        self.base_url = base_url
        self.images = images
        self.grids = grids or TableGrids(skip)

    def render(self, blocks: Iterable[Block]) -> str:
        """The Markdown document for ``blocks``."""
        parts = (self.block(block) for block in blocks)
        return "\n\n".join(part for part in parts if part)

    def block(self, block: Block) -> str:
        """The Markdown of one block."""
        element = block.element
        match block.kind:
            case BlockKind.HEADING:
                text = " ".join(self.inline([element]).split())
                return f"{'#' * int(element.tag[1])} {text}" if text else ""
            case BlockKind.LIST:
                return self.list(element, 0)
            case BlockKind.TABLE:
                return self.table(element)
            case BlockKind.CODE:
                return self.code(element)
            case BlockKind.FIGURE:
                return self.figure(element)
            case BlockKind.QUOTE:
                text = self.paragraph([element])
                return "\n".join(f"> {line}".rstrip() for line in text.split("\n"))
        return self.paragraph(block.nodes())

    def paragraph(self, nodes: Iterable[str | HtmlElement]) -> str:
        """Inline Markdown of nodes, blank lines between the block-level parts inside them."""
        raw = self.inline(nodes)
        lines = [line.strip() for line in raw.split("\n")]
        text = "\n".join(lines)
        # Both regular expressions are tried only when they can match: most paragraphs need
        # neither, and they are a fair share of the rendering time.
        if "\n\n\n" in text:
            text = _BLANK_LINES.sub("\n\n", text)
        text = text.strip()
        # Lines are stripped, so only a line's first character can start Markdown syntax.
        if any(line[:1] in _SYNTAX_STARTS or line[:1].isdecimal() for line in lines if line):
            text = _LINE_START.sub(r"\1\\\2", text)
        return text

    def inline(self, nodes: Iterable[str | HtmlElement]) -> str:
        """Inline Markdown of text and elements (``\\n\\n`` at block-level boundaries)."""
        out: list[str] = []
        for node in nodes:
            if isinstance(node, str):
                out.append(escape(collapse_spaces(node)))
            elif isinstance(node.tag, str) and node not in self.skip:
                out.append(self.element(node))
        return "".join(out)

    def element(self, element: HtmlElement) -> str:
        """Inline Markdown of one element (without its tail)."""
        tag = element.tag
        if tag == "br":
            return "\n"
        if tag == "img":
            return self.image(element)
        if tag in _CODE_TAGS:
            code = subtree_text(element, self.skip).replace("\n", " ")
            fence = "``" if "`" in code else "`"
            return f"{fence}{code}{fence}" if code.strip() else ""
        inner = self.inline(self.children(element))
        if tag == "a":
            href = (element.get("href") or "").strip()
            text = inner.strip()
            if text and href and not href.lower().startswith(("javascript:", "#")):
                return f"[{text}]({absolute_url(self.base_url, href)})"
        elif tag in _WRAP and (text := inner.strip()):
            return f"{_WRAP[tag]}{text}{_WRAP[tag]}"
        if tag in BREAKING_TAGS:
            return f"\n\n{inner}\n\n"
        return inner

    def children(self, element: HtmlElement) -> list[str | HtmlElement]:
        """An element's text, children and their tails, in order."""
        # .text and .tail read once each: lxml makes a new string at every access.
        nodes: list[str | HtmlElement] = [text] if (text := element.text) else []
        for child in element:
            nodes.append(child)
            if tail := child.tail:
                nodes.append(tail)
        return nodes

    def image(self, img: HtmlElement) -> str:
        """``![alt](url)`` for a kept image ('' for others)."""
        image = self.images.get(img)
        if image is None:
            return ""
        return f"![{escape(image.alt or '')}]({image.url})"

    def figure(self, element: HtmlElement) -> str:
        """The figure's images, then its caption (and credit) in italics."""
        images = [(img, self.images[img]) for img in element.iter("img") if img in self.images]
        lines = [self.image(img) for img, _ in images]
        caption = next((image for _, image in images if image.caption or image.credit), None)
        if caption is not None:
            text = " — ".join(filter(None, (caption.caption, caption.credit)))
            lines.append(f"*{escape(text)}*")
        return "\n\n".join(lines)

    def list(self, element: HtmlElement, depth: int) -> str:
        """A (nested) list; ordered lists are numbered from their ``start``."""
        lines: list[str] = []
        ordered = element.tag == "ol"
        number = _int(element.get("start"), 1)
        indent = "   " * depth
        for is_item, nodes in list_members(element, self.skip):
            if not is_item:
                loose = self.paragraph(nodes)
                lines.extend(f"{indent}{line}" for line in loose.split("\n") if line)
                continue
            item = nodes[0]
            assert not isinstance(item, str)
            nested = [c for c in item if c.tag in ("ul", "ol") and c not in self.skip]
            text = " ".join(
                self.paragraph(
                    n for n in self.children(item) if isinstance(n, str) or n not in nested
                ).split("\n")
            ).strip()
            marker = f"{number}." if ordered else "-"
            if text:
                lines.append(f"{indent}{marker} {text}")
                number += 1
            lines.extend(self.list(sub, depth + 1) for sub in nested)
        return "\n".join(line for line in lines if line)

    def table(self, element: HtmlElement) -> str:
        """A GFM table (the first row is the header when the table has none)."""
        table = self.grids(element)
        rows = table.headerRows[-1:] + table.rows if table.headerRows else table.rows
        if not rows:
            return ""
        cells = [[c.replace("|", "\\|") for c in row] for row in rows]
        lines = ["| " + " | ".join(cells[0]) + " |", "|" + " --- |" * len(cells[0])]
        lines.extend("| " + " | ".join(row) + " |" for row in cells[1:])
        if table.caption:
            lines.insert(0, f"*{escape(table.caption)}*\n")
        return "\n".join(lines)

    def code(self, element: HtmlElement) -> str:
        """A fenced code block (the fence longer than any backtick run inside)."""
        code = subtree_text(element, self.skip, raw=True).strip("\n")
        if not code.strip():
            return ""
        longest = max((len(run) for run in re.findall("`+", code)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}\n{code}\n{fence}"


def _int(value: str | None, default: int) -> int:
    try:
        return int(value or default)
    except ValueError:
        return default
