"""The page model: a parsed, cleaned document with its structured data and blocks."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

from lxml.html import HtmlElement

from pace_scrapy.errors import PageError
from pace_scrapy.page.blocks import Block, segment
from pace_scrapy.page.decode import decode_html, looks_binary
from pace_scrapy.page.parse import clean, parse_html
from pace_scrapy.page.structured import (
    JsonObject,
    meta_values,
    microdata_items,
    name_key,
    parse_jsonld,
    site_names,
)

MAX_PAGE_BYTES = 32 * 1024 * 1024


@dataclass(eq=False)
class Page:
    """A page ready for extraction.

    ``root`` is the cleaned document (no scripts, styles, comments or hidden elements);
    ``fetched`` is the page's capture date, which picks the config version to apply.
    """

    url: str
    root: HtmlElement
    jsonld_sources: list[str] = field(default_factory=list)
    raw_size: int = 0
    fetched: date | None = None

    @classmethod
    def from_html(
        cls,
        html: str | bytes,
        url: str,
        *,
        content_type: str | None = None,
        fetched: date | None = None,
        max_bytes: int = MAX_PAGE_BYTES,
    ) -> Page:
        """Parse and clean a page. Raises :class:`PageError` for binary or oversized input."""
        size = len(html)
        if size > max_bytes:
            raise PageError(f"{url}: page of {size} bytes is larger than the limit {max_bytes}")
        if isinstance(html, bytes):
            if looks_binary(html):
                raise PageError(f"{url}: not an HTML page (binary content)")
            text, encoding = decode_html(html, content_type)
            # Valid UTF-8 without a byte-order mark goes to the parser as it is.
            html = html if encoding == "utf-8" and not html.startswith(b"\xef\xbb\xbf") else text
        elif "\x00" in html[:4096]:
            raise PageError(f"{url}: not an HTML page (binary content)")
        root = parse_html(html)
        jsonld = clean(root)
        return cls(url=url, root=root, jsonld_sources=jsonld, raw_size=size, fetched=fetched)

    @cached_property
    def base_url(self) -> str:
        """The URL relative links resolve against (``<base href>`` when present)."""
        from urllib.parse import urljoin  # noqa: PLC0415

        base = self.root.find("head/base[@href]")
        return urljoin(self.url, base.get("href", "")) if base is not None else self.url

    @cached_property
    def body(self) -> HtmlElement:
        """The ``<body>`` element."""
        return self.root.body

    @cached_property
    def jsonld(self) -> list[JsonObject]:
        """JSON-LD objects (``@graph`` flattened)."""
        return parse_jsonld(self.jsonld_sources)

    @cached_property
    def meta(self) -> dict[str, list[str]]:
        """``<meta>`` values by name/property and head ``<link>`` hrefs by rel."""
        return meta_values(self.root)

    def meta_of(self, key: str) -> list[str]:
        """The ``<meta>`` values of ``key`` (any case); else of the key that differs from it only
        by punctuation (``article:published:time`` for ``article:published_time``)."""
        exact = self.meta.get(key.lower())
        if exact is not None:
            return exact
        letters = name_key(key)  # a key of punctuation alone has no other spelling
        return self._meta_by_name_key.get(letters, []) if letters else []

    @cached_property
    def _meta_by_name_key(self) -> dict[str, list[str]]:
        by_key: dict[str, list[str]] = {}
        for key, values in self.meta.items():
            by_key.setdefault(name_key(key), []).extend(values)
        return by_key

    @cached_property
    def site_names(self) -> frozenset[str]:
        """The name keys of the page's site (:func:`~pace_scrapy.page.structured.site_names`)."""
        return site_names(self.meta, self.jsonld, self.url)

    @cached_property
    def microdata(self) -> list[JsonObject]:
        """Microdata items."""
        return microdata_items(self.root, self.base_url)

    @cached_property
    def blocks(self) -> list[Block]:
        """The visible page as blocks in reading order (ids are stable for the same HTML)."""
        return segment(self.body)
