"""Markdown feed exporter: one ``.md`` document per article, with YAML front matter.

To a folder (a feed URI ending in ``/``, see :mod:`pace_scrapy.crawl.storage`) every item is
written atomically to its own file, named from a slug of its URL plus a short hash of the full
URL: stable across crawls (the same page overwrites its file) and collision-free. To a plain
file, the documents are written one after the other.

The front matter holds ``headline`` (``name`` for products), ``authors`` (names), the dates and
``url``, as JSON scalars (valid YAML); the document body is ``articleBodyMarkdown``, else
``articleBody``, else ``description``.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from typing import Any
from urllib.parse import unquote, urlsplit

from itemadapter import ItemAdapter
from scrapy.exporters import BaseItemExporter

from pace_scrapy.atomic import write_atomic
from pace_scrapy.crawl.storage import FeedDirectory

FRONT_MATTER_KEYS = ("headline", "name", "authors", "datePublished", "dateModified", "url")
BODY_KEYS = ("articleBodyMarkdown", "articleBody", "description")
MAX_SLUG = 80
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def front_matter(item: dict[str, Any]) -> str:
    """The ``---`` delimited YAML front matter of an item."""
    lines = ["---"]
    for key in FRONT_MATTER_KEYS:
        value = item.get(key)
        if key == "authors" and isinstance(value, list):
            value = [a.get("name") if isinstance(a, dict) else a for a in value]
        if value not in (None, "", []):
            lines.append(f"{key}: {_yaml_scalar(value)}")
    lines.append("---")
    return "\n".join(lines) + "\n"


def _yaml_scalar(value: Any) -> str:
    """JSON text of a value: a YAML flow scalar (line separators escaped, as YAML wants)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def markdown_document(item: dict[str, Any]) -> str:
    """The Markdown document of an item: front matter, a blank line, the body."""
    body = next((item[key] for key in BODY_KEYS if isinstance(item.get(key), str)), "")
    return f"{front_matter(item)}\n{body.strip()}\n"


def slug(text: str) -> str:
    """ASCII lower-case words joined by ``-`` (accents dropped)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _NOT_SLUG.sub("-", ascii_text.lower()).strip("-")


def markdown_file_name(item: dict[str, Any]) -> str:
    """``<slug>-<hash>.md``: slug of the URL's path (else the headline), hash of the URL."""
    url = item.get("url")
    if isinstance(url, str) and url:
        parts = urlsplit(url)
        words = slug(unquote(f"{parts.path} {parts.query}")) or slug(parts.hostname or "")
        key = url
    else:
        words = slug(str(item.get("headline") or item.get("name") or ""))
        key = json.dumps(item, sort_keys=True, ensure_ascii=False)
    words = _last_words(words, MAX_SLUG) or "item"
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:10]
    return f"{words}-{digest}.md"


def _last_words(words: str, limit: int) -> str:
    """The end of a slug, at most ``limit`` characters of whole words (a path's last part is
    the most telling)."""
    if len(words) <= limit:
        return words.strip("-")
    tail = words[-limit:]
    if words[-limit - 1] != "-":  # the cut fell inside a word: start at the next one
        tail = tail.partition("-")[2]
    return tail.strip("-")


class MarkdownItemExporter(BaseItemExporter):
    """Exports items as Markdown documents (one file per item when the feed is a folder)."""

    writes_directory = True

    def __init__(self, file: Any, **kwargs: Any) -> None:
        super().__init__(dont_fail=True, **kwargs)
        self.file = file
        self.text_encoding: str = self.encoding or "utf-8"
        self.folder = file.path if isinstance(file, FeedDirectory) else None
        self._documents = 0

    def export_item(self, item: Any) -> None:
        """Write the item's document (to its own file for a folder feed)."""
        data = ItemAdapter(item).asdict()
        document = markdown_document(data)
        if self.folder is not None:
            write_atomic(self.folder / markdown_file_name(data), document)
        else:
            separator = "\n" if self._documents else ""  # keeps "---" from underlining text
            self.file.write((separator + document).encode(self.text_encoding))
        self._documents += 1
