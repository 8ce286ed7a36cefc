"""Small DOM helpers: XPath results as elements, nesting tests."""

from __future__ import annotations

from collections.abc import Collection

from lxml.html import HtmlElement


def elements(found: object) -> list[HtmlElement]:
    """The elements of an XPath result (text, attribute and number results dropped)."""
    if not isinstance(found, list):
        return []
    return [node for node in found if isinstance(node, HtmlElement)]


def outermost(nodes: list[HtmlElement]) -> list[HtmlElement]:
    """Drop elements nested inside another one of the list (document order kept)."""
    chosen = set(nodes)
    return [e for e in nodes if not any(a in chosen for a in e.iterancestors())]


def inside(element: HtmlElement, group: Collection[HtmlElement]) -> bool:
    """True when ``element`` or one of its ancestors is in ``group``."""
    if not group:  # spares the walk up to the root
        return False
    return element in group or any(a in group for a in element.iterancestors())


def closest(element: HtmlElement, group: Collection[HtmlElement]) -> HtmlElement | None:
    """The nearest of ``element``'s ancestors (or itself) that is in ``group``."""
    if element in group:
        return element
    return next((a for a in element.iterancestors() if a in group), None)
