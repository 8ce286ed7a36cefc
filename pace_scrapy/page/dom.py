"""Small DOM helpers: XPath results as elements, nesting tests."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TypeVar

from lxml.html import HtmlElement

T = TypeVar("T")


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


def in_link(element: HtmlElement) -> bool:
    """True when ``element`` is a link (``<a>``) or inside one."""
    return element.tag == "a" or next(element.iterancestors("a"), None) is not None


def closest(element: HtmlElement, group: Collection[HtmlElement]) -> HtmlElement | None:
    """The nearest of ``element``'s ancestors (or itself) that is in ``group``."""
    if element in group:
        return element
    return next((a for a in element.iterancestors() if a in group), None)


class PerElement(dict[HtmlElement, T]):
    """Values ``read`` from elements, each read once: for searches that climb from many
    elements to the ancestors they share (whose text would otherwise be read for each)."""

    def __init__(self, read: Callable[[HtmlElement], T]) -> None:
        super().__init__()
        self._read = read

    def __missing__(self, element: HtmlElement) -> T:
        value = self[element] = self._read(element)
        return value
