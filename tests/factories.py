"""Small builders for configs and pages used across the tests."""

from __future__ import annotations

from datetime import date
from typing import Any

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.store import parse_config
from pace_scrapy.page.model import Page

URL = "https://news.example/2024/03/story"


def config(page_type: str = "article", **version: Any) -> PublisherConfig:
    """A one-version config for news.example with the given version fields."""
    return parse_config(
        {
            "name": "news",
            "domains": ["news.example"],
            "versions": [{"version": 1, "page_type": page_type, **version}],
        }
    )


def css(query: str, **rule: Any) -> dict[str, Any]:
    """A field spec with one CSS rule."""
    return {"rules": [{"source": "css", "query": query, **rule}]}


def page(html: str, url: str = URL, fetched: date | None = date(2025, 1, 1)) -> Page:
    """A page of news.example."""
    return Page.from_html(html, url, fetched=fetched)
