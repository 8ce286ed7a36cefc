"""Applying a config's selectors to the DOM."""

from __future__ import annotations

from collections.abc import Iterable

from lxml.html import HtmlElement

from pace_scrapy.config.model import Selector
from pace_scrapy.page.dom import elements


def select(root: HtmlElement, selector: Selector) -> list[HtmlElement]:
    """The elements a selector matches under ``root`` (text or attribute results ignored)."""
    return elements(selector.compiled()(root))


def select_all(roots: Iterable[HtmlElement], selectors: Iterable[Selector]) -> set[HtmlElement]:
    """Every element any of the selectors matches under any of the roots."""
    selectors = list(selectors)
    return {node for root in roots for selector in selectors for node in select(root, selector)}
