"""Evaluating one config rule on a page: the raw values it finds, before transforms."""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any, NamedTuple
from urllib.parse import urljoin

from lxml.html import HtmlElement
from w3lib.html import remove_tags

from pace_scrapy.config.model import Rule
from pace_scrapy.config.selectors import compile_query
from pace_scrapy.extract.images import image_source
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import JsonObject, jsonld_types
from pace_scrapy.page.text import element_text, normalize_space

DEFAULT_IMAGE_ATTRIBUTES = ("srcset", "data-srcset", "data-src", "data-lazy-src", "src", "content")
MAX_NODES = 500


class Link(NamedTuple):
    """A link-shaped value (breadcrumbs): its text and absolute URL."""

    name: str | None
    url: str | None


Value = str | Link

_URL_KINDS = frozenset({"url", "image", "images"})


def rule_values(rule: Rule, page: Page, kind: str) -> list[Value]:
    """The values ``rule`` finds on ``page``, shaped for a field of ``kind``."""
    match rule.source:
        case "css" | "xpath":
            found = compile_query(rule.source, rule.query)(page.root)
            nodes = found if isinstance(found, list) else [found]
            return [
                v for n in nodes[:MAX_NODES] if (v := node_value(n, rule.attribute, page, kind))
            ]
        case "meta":
            return [normalize_space(v) for v in page.meta_of(rule.query) if v.strip()]
        case "jsonld":
            objects = _typed(page.jsonld, rule.types, jsonld_types)
            return _json_values(objects, rule.query, page.base_url, kind)
        case "microdata":
            items = _typed(page.microdata, rule.types, jsonld_types)
            return _json_values(items, rule.query, page.base_url, kind)
    return []


def node_value(node: object, attribute: str | None, page: Page, kind: str) -> Value | None:
    """The raw value of one selected node (an element, or a text or attribute result) for a
    field of ``kind``: its text, its ``attribute``, an image's source, or a link."""
    if not isinstance(node, HtmlElement):
        return normalize_space(str(node)) if isinstance(node, str | bytes) else None
    if attribute:
        return (node.get(attribute) or "").strip() or None
    if kind in ("image", "images"):
        return image_source(node, DEFAULT_IMAGE_ATTRIBUTES, page.base_url)
    if kind == "links":
        href = node.get("href")
        if href is None:
            anchor = next(node.iter("a"), None)
            href = anchor.get("href") if anchor is not None else None
        return Link(element_text(node) or None, urljoin(page.base_url, href) if href else None)
    return element_text(node) or None


def _typed(objects: list[JsonObject], types: tuple[str, ...], get_types: Any) -> list[JsonObject]:
    if not types:
        return objects
    wanted = set(types)
    return [obj for obj in objects if wanted.intersection(get_types(obj))]


def follow_path(data: Any, path: str) -> Iterator[Any]:
    """Values at a dotted path in JSON data; ``key[]`` iterates a list (a bare list also is)."""
    current = [data]
    for step in path.split("."):
        key, iterate = (step[:-2], True) if step.endswith("[]") else (step, False)
        nxt = []
        for value in current:
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict) and key in item:
                    child = item[key]
                    if iterate and isinstance(child, list):
                        nxt.extend(child)
                    else:
                        nxt.append(child)
        current = nxt
    for value in current:
        yield from value if isinstance(value, list) else [value]


def _json_values(objects: list[JsonObject], path: str, base_url: str, kind: str) -> list[Value]:
    values: list[Value] = []
    for obj in objects:
        for value in follow_path(obj, path):
            shaped = shape_json(value, base_url, kind)
            if shaped:
                values.append(shaped)
    return values


def shape_json(value: Any, base_url: str, kind: str) -> Value | None:
    """One JSON-LD/microdata value as a field of ``kind`` reads it: an object by its name (by
    its URL for URL and image kinds; a link for breadcrumbs), text unescaped and without
    markup."""
    if isinstance(value, dict):
        if kind == "links":
            item = value.get("item")
            url = item.get("@id") if isinstance(item, dict) else item
            name = value.get("name") or (item.get("name") if isinstance(item, dict) else None)
            return Link(
                normalize_space(str(name)) if name else None,
                urljoin(base_url, str(url)) if url else None,
            )
        if kind in _URL_KINDS:
            value = value.get("url") or value.get("contentUrl") or value.get("@id")
        else:  # a name: an object's "@id" is a reference, not its name ({"@id": "/#brand"})
            value = value.get("name")
    if isinstance(value, bool) or value is None or isinstance(value, dict | list):
        return None
    text = str(value)
    if "&" in text:  # JSON-LD written through an HTML escaper: "Black &amp; white"
        text = html.unescape(text)
    if "<" in text and kind not in _URL_KINDS:  # markup in a text value: "Zub<wbr/>ehör"
        text = remove_tags(text)
    return normalize_space(text) or None
