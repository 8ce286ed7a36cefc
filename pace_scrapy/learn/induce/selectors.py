"""Candidate CSS selectors that describe an element, in ways that may hold on other pages.

Unstable names are generalised: a CSS-module or hashed class (``ArticleBody_body__x7Kq2``)
becomes a prefix match (``[class*="ArticleBody_body__"]``), an id with a number
(``post-1234``) a prefix match on the id; names that are only a hash are not used.
"""

from __future__ import annotations

import re
from itertools import islice

from lxml.html import HtmlElement

from pace_scrapy.config.selectors import check_css
from pace_scrapy.page.names import MAX_NAME, STABLE_ATTRIBUTES, looks_utility, stable_name

_IDENTIFIER = re.compile(r"^-?[_a-zA-Z][_a-zA-Z0-9-]*$")
# Names of a child that may stand for an unnamed element.
MAX_CHILD_ANCHORS = 2
# The furthest position a positional step may name (``p:nth-of-type(30)``): the 200th of a
# page's paragraphs is no handle that holds on another page, and trying one costs a count of
# its siblings for each element of the page.
MAX_POSITION = 30
SEMANTIC_TAGS = frozenset(
    [
        "article",
        "main",
        "section",
        "header",
        "footer",
        "nav",
        "aside",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "time",
        "figure",
        "figcaption",
        "blockquote",
        "table",
        "ul",
        "ol",
        "dl",
        "address",
    ]
)


def quote(value: str) -> str:
    """A CSS string literal."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def class_selector(name: str) -> str | None:
    """A selector part matching a class name (or its stable prefix); none for a utility class,
    which says how an element looks rather than what it is."""
    if looks_utility(name):
        return None
    stable = stable_name(name)
    if stable is None:
        return None
    stem, exact = stable
    if not exact:
        return f"[class*={quote(stem)}]"
    return f".{stem}" if _IDENTIFIER.match(stem) else f"[class~={quote(stem)}]"


def id_selector(value: str) -> str | None:
    """A selector part matching an id (or its stable prefix)."""
    stable = stable_name(value)
    if stable is None:
        return None
    stem, exact = stable
    if not exact:
        return f"[id^={quote(stem)}]"
    return f"#{stem}" if _IDENTIFIER.match(stem) else f"[id={quote(stem)}]"


def element_parts(element: HtmlElement) -> list[str]:
    """Selector parts for the element alone: id, each class, stable attributes, its tag."""
    tag = str(element.tag)
    parts: list[str] = []
    if element.get("id"):
        part = id_selector(element.get("id", "").strip())
        if part:
            parts.append(tag + part)
    for name in element.get("class", "").split():
        part = class_selector(name)
        if part and tag + part not in parts:
            parts.append(tag + part)
    for attribute in STABLE_ATTRIBUTES:
        value = element.get(attribute)
        if value and len(value) <= MAX_NAME:
            parts.append(f"{tag}[{attribute}={quote(value)}]")
    if tag in SEMANTIC_TAGS:
        parts.append(tag)
    return parts


def candidate_selectors(element: HtmlElement, max_depth: int = 3) -> list[str]:
    """Selectors that match ``element``: its own parts, then each anchored on an ancestor with
    a part of its own (``ancestor part > ... tag``), up to ``max_depth`` levels up."""
    own = element_parts(element)
    candidates = list(own)
    tag = str(element.tag)
    path = tag
    ancestor = element.getparent()
    for _ in range(max_depth):
        if ancestor is None or ancestor.tag in ("html", "body"):
            break
        for part in element_parts(ancestor)[:4]:
            candidates.append(f"{part} > {path}")
            for extra in own[:2]:
                if extra != tag:
                    candidates.append(f"{part} {extra}")
        path = f"{ancestor.tag} > {path}"
        ancestor = ancestor.getparent()
    positional = positional_path(element)
    if positional:
        candidates.append(positional)
    # Broken markup yields odd tag names (``ipt"``): keep only selectors that compile.
    return [css for css in dict.fromkeys(candidates) if _valid(css)]


def by_child(element: HtmlElement, child: HtmlElement) -> list[str]:
    """For an element with no name of its own, ``tag:has(> part)`` by the names of one of its
    children (the child on the way to its content): the handle on a table-layout cell whose
    paragraphs are named (``td:has(> p.story)``)."""
    if element_parts(element):
        return []
    anchored = (
        f"{element.tag}:has(> {part})"
        for part in element_parts(child)[:MAX_CHILD_ANCHORS]
        if _named(part)
    )
    return [css for css in anchored if _valid(css)]


def _named(part: str) -> bool:
    """True for a part that names its element (an id, a class or an attribute), not a bare
    tag."""
    return any(mark in part for mark in "#.[")


def _valid(css: str) -> bool:
    try:
        check_css(css)
    except ValueError:
        return False
    return True


def positional(css: str) -> bool:
    """True for a selector with a positional step (made by :func:`positional_path`): the
    first thing a change of layout breaks."""
    return ":nth-of-type(" in css


def unnamed(css: str) -> bool:
    """True for a selector of tag names only (``h2``, ``div > h1``): on a page of another
    template it takes whatever element of those tags comes first, where a named one (a class,
    an id or an attribute) finds nothing."""
    return not any(mark in css for mark in "#.[")


def positional_path(element: HtmlElement, max_steps: int = 8) -> str | None:
    """A path of ``tag:nth-of-type(k)`` steps from the nearest ancestor with an id or a stable
    class (or from ``body``): the only handle on table layouts and class-less markup. None
    when a step would name a position beyond :data:`MAX_POSITION`."""
    steps: list[str] = []
    node: HtmlElement | None = element
    while node is not None and len(steps) < max_steps:
        parent = node.getparent()
        if parent is None:
            return None
        anchor = element_parts(node)[:1] if node is not element else []
        if anchor and _named(anchor[0]):
            return " > ".join([anchor[0], *steps])
        if node.tag == "body":
            return " > ".join(["body", *steps]) if steps else None
        same = (s for s in node.itersiblings(preceding=True) if s.tag == node.tag)
        position = 1 + sum(1 for _ in islice(same, MAX_POSITION))
        if position > MAX_POSITION:
            return None
        steps.insert(0, f"{node.tag}:nth-of-type({position})")
        node = parent
    return None
