"""Resolving a page's relative URLs."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urljoin


@lru_cache(maxsize=4096)
def absolute_url(base_url: str, url: str) -> str:
    """``url`` resolved against ``base_url`` (``urljoin``, cached: ``urljoin`` is slow, and the
    HTML and Markdown renderers resolve the same links of a page in turn)."""
    return urljoin(base_url, url)
