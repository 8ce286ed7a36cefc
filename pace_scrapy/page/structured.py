"""Structured data on a page: JSON-LD objects, ``<meta>``/``<link>`` values, microdata items."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from lxml.html import HtmlElement

logger = logging.getLogger(__name__)

MAX_JSONLD_CHARS = 2_000_000
JsonObject = dict[str, Any]


def parse_jsonld(sources: list[str]) -> list[JsonObject]:
    """Every JSON-LD object of the page, ``@graph`` members and list items flattened.

    A source that is not valid JSON (common in the wild) is skipped and logged at debug level.
    """
    objects: list[JsonObject] = []
    for source in sources:
        if len(source) > MAX_JSONLD_CHARS:
            logger.debug("Skipping JSON-LD of %d characters", len(source))
            continue
        try:
            data = json.loads(source, strict=False)
        except (ValueError, RecursionError) as exc:
            logger.debug("Skipping invalid JSON-LD: %s", exc)
            continue
        objects.extend(_flatten(data))
    return objects


def _flatten(data: Any) -> Iterator[JsonObject]:
    if isinstance(data, list):
        for item in data:
            yield from _flatten(item)
    elif isinstance(data, dict):
        graph = data.get("@graph")
        if isinstance(graph, list):
            yield from _flatten(graph)
        if "@type" in data or graph is None:
            yield data


def jsonld_types(obj: JsonObject) -> tuple[str, ...]:
    """The ``@type`` of a JSON-LD object as a tuple of names (schema.org prefix dropped)."""
    value = obj.get("@type")
    names = value if isinstance(value, list) else [value]
    return tuple(str(name).rsplit("/", 1)[-1] for name in names if isinstance(name, str))


_NOT_ALNUM = re.compile(r"[\W_]+")
# <meta> keys that name the publisher's site.
SITE_NAME_META = ("og:site_name", "application-name", "twitter:site")


def name_key(text: str) -> str:
    """A name as compared with others: letters and digits only, case folded ("STERN.de" and
    "stern.de", "n-tv" and "NTV")."""
    return _NOT_ALNUM.sub("", text.casefold())


def site_names(
    meta: Mapping[str, list[str]], jsonld: Sequence[JsonObject], url: str
) -> frozenset[str]:
    """The name keys (:func:`name_key`) of the site a page belongs to: its ``<meta>`` site
    names, the ``publisher`` of its JSON-LD objects and its host (without ``www.``)."""
    names = [value for key in SITE_NAME_META for value in meta.get(key, ())]
    for obj in jsonld:
        publishers = obj.get("publisher")
        for publisher in publishers if isinstance(publishers, list) else [publishers]:
            name = publisher.get("name") if isinstance(publisher, dict) else publisher
            if isinstance(name, str):
                names.append(name)
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    keys = {name_key(name) for name in [*names, host]}
    return frozenset(key for key in keys if key)


def meta_values(root: HtmlElement) -> dict[str, list[str]]:
    """``<meta>`` contents by lower-cased ``name``/``property``/``itemprop``, and head ``<link>``
    hrefs by ``rel`` (e.g. ``canonical``), in document order."""
    values: dict[str, list[str]] = {}
    for element in root.iter("meta", "link"):
        if element.tag == "meta":
            key = element.get("property") or element.get("name") or element.get("itemprop")
            content = element.get("content")
            if key and content is not None:
                values.setdefault(key.strip().lower(), []).append(content)
        elif element.get("href") is not None:
            for rel in (element.get("rel") or "").lower().split():
                values.setdefault(rel, []).append(element.get("href", ""))
    return values


def microdata_items(root: HtmlElement, base_url: str) -> list[JsonObject]:
    """Microdata items (``itemscope``) shaped like JSON-LD objects: extruct's ``{"type",
    "properties"}`` becomes ``{"@type", <property>: value}``, nested items too, so one path
    syntax (``offers.price``) reads both."""
    from extruct.w3cmicrodata import MicrodataExtractor  # noqa: PLC0415 (heavy, rarely needed)

    items = MicrodataExtractor().extract_items(root, base_url)
    return [plain for item in items if isinstance(plain := plain_microdata(item), dict)]


def plain_microdata(item: Any) -> Any:
    """One microdata value as extruct gives it, JSON-LD-shaped (see :func:`microdata_items`)."""
    if isinstance(item, list):
        return [plain_microdata(value) for value in item]
    if not isinstance(item, dict) or "properties" not in item:
        return item
    plain: JsonObject = {"@type": item.get("type") or []}
    plain.update({key: plain_microdata(value) for key, value in item["properties"].items()})
    return plain
