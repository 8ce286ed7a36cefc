"""Small HTML helpers: escaping (optionally with named entities) and JSON-LD blocks."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any

from pace_scrapy.demo.catalog import Catalog
from pace_scrapy.demo.theme import Theme

_ENTITIES = str.maketrans(
    {
        "—": "&mdash;",
        "–": "&ndash;",
        "’": "&rsquo;",
        "‘": "&lsquo;",
        "“": "&ldquo;",
        "”": "&rdquo;",
        "é": "&eacute;",
        "ö": "&ouml;",
        "\u00a0": "&nbsp;",
        "€": "&euro;",
    }
)


def esc(text: str, entities: bool = False) -> str:
    """Escape text content; with ``entities`` also spell common characters as named entities."""
    escaped = html.escape(text, quote=False)
    return escaped.translate(_ENTITIES) if entities else escaped


def attr(value: str) -> str:
    """Escape an attribute value (for use inside double quotes)."""
    return html.escape(value, quote=True)


def json_ld(data: dict[str, Any]) -> str:
    """A JSON-LD script element (``</`` escaped so it cannot close the script)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/ld+json">{text}</script>'


@dataclass(frozen=True)
class Ctx:
    """What a page renderer needs: the content, the build's theme and the public base URL."""

    catalog: Catalog
    theme: Theme
    base: str

    def url(self, path: str) -> str:
        """Absolute URL of a site path."""
        return self.base + path
