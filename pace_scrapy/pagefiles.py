"""Saved page files: ``<page>.html`` or ``<page>.html.gz``, with an optional ``<page>.json`` beside.

Shared by everything that reads pages from disk (offline extraction, evaluation).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from urllib.parse import urljoin

from pace_scrapy.page.model import MAX_PAGE_BYTES, Page

HTML_SUFFIXES = (".html.gz", ".html")


def page_id(path: Path) -> str:
    """The page id of a page file name (``a.html.gz`` -> ``a``); "" when it is no page file."""
    suffix = next((s for s in HTML_SUFFIXES if path.name.endswith(s)), "")
    return path.name.removesuffix(suffix) if suffix else ""


def sidecar(path: Path, suffix: str = ".json") -> Path:
    """The file beside a page file that shares its page id (``a.html.gz`` -> ``a.json``)."""
    return path.with_name(page_id(path) + suffix)


def read_page(path: Path, max_bytes: int | None = None) -> bytes:
    """The page's bytes, gunzipped for ``.gz`` files (at most ``max_bytes`` + 1 bytes read)."""
    limit = -1 if max_bytes is None else max_bytes + 1
    if path.name.endswith(".gz"):
        with gzip.open(path, "rb") as handle:
            return handle.read(limit)
    with path.open("rb") as handle:
        return handle.read(limit)


def find_page_files(paths: Iterable[Path]) -> list[Path]:
    """Page files named by ``paths``, in the given order; a folder gives its page files (searched
    recursively, sorted by path). Raises :class:`FileNotFoundError` for a path that is neither a
    folder nor a page file."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and page_id(p))
        elif path.is_file() and page_id(path):
            found.append(path)
        else:
            raise FileNotFoundError(f"{path} is neither a folder nor a .html/.html.gz page file")
    return found


def page_url(path: Path, base_url: str | None) -> str:
    """The URL of a saved page: its sidecar JSON's ``url``, else ``base_url`` + file name."""
    meta_file = sidecar(path)
    if meta_file.is_file():
        data = json.loads(meta_file.read_text(encoding="utf-8"))
        url = data.get("url") if isinstance(data, dict) else None
        if isinstance(url, str) and url:
            return url
    if base_url is None:
        raise ValueError(f"no URL: {meta_file.name} has no 'url' and no --base-url was given")
    return urljoin(base_url, path.name.removesuffix(".gz"))


def open_page(
    path: Path,
    *,
    url: str | None = None,
    base_url: str | None = None,
    fetched: date | None = None,
    max_bytes: int = MAX_PAGE_BYTES,
) -> Page:
    """A saved page as a :class:`Page` (its URL given, or found as by :func:`page_url`)."""
    return Page.from_html(
        read_page(path, max_bytes),
        url or page_url(path, base_url),
        fetched=fetched,
        max_bytes=max_bytes,
    )
