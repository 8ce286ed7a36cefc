"""Metadata labels from a page's own structured data (JSON-LD, OpenGraph, meta), located in its
DOM where the page shows them, and from single-page signals when it has none."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from lxml.html import HtmlElement

from pace_scrapy.config.fields import ARTICLE_TYPES, JSONLD_PROPERTIES, META_KEYS
from pace_scrapy.extract.kinds import MAX_LENGTHS, Rejected, finalize, page_context
from pace_scrapy.extract.rules import follow_path
from pace_scrapy.extract.values import DATE_REGEXES, parse_date, shows_day
from pace_scrapy.learn.labelers.product_metadata import product_labels
from pace_scrapy.learn.labels import FieldLabel
from pace_scrapy.learn.matching import nodes_with_text, words
from pace_scrapy.learn.patterns import NAME_SEPARATOR, SEPARATOR_CUT, TITLE_SEPARATOR
from pace_scrapy.page.dom import in_link
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import JsonObject, jsonld_types
from pace_scrapy.page.text import element_text

BYLINE = re.compile(r"author|byline|\bby\b", re.IGNORECASE)
MAX_BYLINE = 160
_TITLE_SEPARATOR = re.compile(TITLE_SEPARATOR)
# A part of the document's title shorter than this is a site's or a section's name.
MIN_TITLE_WORDS = 3
MAX_DATE_TEXT = 80
_OG_TITLE = META_KEYS["headline"][0]


def metadata_labels(page: Page, page_type: str) -> dict[str, FieldLabel]:
    """Labels for the standard metadata fields of ``page_type`` found on the page."""
    if page_type == "product":
        return product_labels(page)
    if page_type != "article":
        return {}
    articles = [obj for obj in page.jsonld if ARTICLE_TYPES.intersection(jsonld_types(obj))]
    labels: dict[str, FieldLabel] = {}
    for name, label in (
        ("headline", _headline(page, articles)),
        ("authors", _authors(page, articles)),
        ("datePublished", _date(page, articles, "datePublished")),
        ("dateModified", _date(page, articles, "dateModified")),
        ("description", _first_meta(page, META_KEYS["description"])),
    ):
        if label is not None:
            labels[name] = label
    return labels


def _json_strings(objects: Iterable[JsonObject], path: str) -> Iterator[str]:
    for obj in objects:
        for found in follow_path(obj, path):
            value = found.get("name") if isinstance(found, dict) else found
            if isinstance(value, str) and value.strip():
                yield " ".join(value.split())


def _first_meta(page: Page, keys: Iterable[str]) -> FieldLabel | None:
    for key in keys:
        values = [v for v in page.meta_of(key) if v.strip()]
        if values:
            return FieldLabel([" ".join(values[0].split())], source=f"meta:{key}")
    return None


def _headline(page: Page, articles: list[JsonObject]) -> FieldLabel | None:
    """The page's main heading: of the h1/h2 whose words are nearly all in a structured title or
    the document's title, the one sharing most words with it (the first of equals: not a
    section's name or the site's, whose words the title holds too); else the structured
    headline itself; else the element showing the document's title (its headline part)."""
    structured = list(_json_strings(articles, JSONLD_PROPERTIES["headline"]))
    titles = [*structured, *page.meta_of(_OG_TITLE)]
    title = page.root.find(".//title")
    if title is not None and title.text:
        titles.append(title.text)
    title_words = [set(words(t)) for t in titles if words(t)]
    best: FieldLabel | None = None
    shared = 0
    for heading in page.body.iter("h1", "h2"):
        text = element_text(heading)
        tokens = set(words(text))
        common = max(
            (len(tokens & t) for t in title_words if len(tokens & t) >= 0.8 * len(tokens)),
            default=0,
        )
        if common > shared:
            best, shared = FieldLabel([text], [heading], source="dom:heading"), common
    if best is not None:
        return best
    if structured:
        headline = structured[0]
        return FieldLabel([headline], nodes_with_text(page.body, headline), "jsonld")
    return _first_meta(page, (_OG_TITLE,)) or _title_part(page, title)


def _title_part(page: Page, title: HtmlElement | None) -> FieldLabel | None:
    """The element showing the longest part of the document's title (cut at separators: "The
    Hindu : Business : BSNL offers...", "..._English_Xinhua"), of at least
    :data:`MIN_TITLE_WORDS` words, first in the page and no link (a list of stories may link
    to this one): a headline that is no heading."""
    text = element_text(title) if title is not None else ""
    parts = sorted(
        (part for part in (" ".join(p.split()) for p in _TITLE_SEPARATOR.split(text)) if part),
        key=len,
        reverse=True,
    )
    for part in parts:
        if len(words(part)) < MIN_TITLE_WORDS:
            break
        shown = (e for e in nodes_with_text(page.body, part, max_extra=1.0) if _shows(e, part))
        element = next(shown, None)
        if element is not None:
            return FieldLabel([part], [element], source="dom:title")
    return None


def _shows(element: HtmlElement, text: str) -> bool:
    """True when ``element`` shows ``text`` and nothing else, not as (or in) a link."""
    return (
        element_text(element) == text
        and next(element.iter("a"), None) is None
        and not in_link(element)
    )


def _authors(page: Page, articles: list[JsonObject]) -> FieldLabel | None:
    """The authors the structured data names (people, not the site itself), else the byline's."""
    names = _people(page, dict.fromkeys(_json_strings(articles, JSONLD_PROPERTIES["authors"])))
    source = "jsonld"
    if not names:
        meta = _first_meta(page, META_KEYS["authors"])
        if meta is not None and not meta.values[0].startswith(("http://", "https://")):
            names, source = _people(page, meta.values), meta.source
    if not names:
        return _byline(page)
    nodes = [node for name in names for node in nodes_with_text(page.body, name)]
    return FieldLabel(names, nodes, source)


def _people(page: Page, names: Iterable[str]) -> list[str]:
    """The names that pass the extractor's check of author names (not the site's name, not an
    e-mail address)."""
    ctx = page_context(page, MAX_LENGTHS["people"])
    try:
        return [person["name"] for person in finalize("people", list(names), ctx)]
    except Rejected:
        return []


def _byline(page: Page) -> FieldLabel | None:
    """Authors read from the first byline-looking element (``rel=author``, ``itemprop=author``,
    or a class/id naming an author or byline): its text up to a separator, "By" dropped, split
    at "and" and commas."""
    for element in page.body.iter():
        if not isinstance(element.tag, str):
            continue
        names = f"{element.get('class', '')} {element.get('id', '')} {element.get('rel', '')}"
        if not (BYLINE.search(names) or element.get("itemprop") == "author"):
            continue
        text = element_text(element)
        if not text or len(text) > MAX_BYLINE:
            continue
        head = re.match(SEPARATOR_CUT, _before_date(text))
        assert head is not None  # the cut's last alternative is the end of the text
        people = re.sub(r"^(?:by|von|par|por|di|door|av)\s+", "", head.group(1), flags=re.I)
        found = [n.strip() for n in re.split(NAME_SEPARATOR, people, flags=re.I) if n.strip()]
        found = _people(page, [n for n in found if _looks_like_name(n)])
        if found:
            return FieldLabel(found, [element], "dom:byline")
    return None


def _before_date(text: str) -> str:
    """``text`` up to the first date written in it ("By Ann Lee May 31, 2024" -> "By Ann Lee"):
    a byline's date often follows the names with no separator."""
    starts = [m.start() for regex in DATE_REGEXES if (m := regex.search(text))]
    return text[: min(starts)] if starts else text


def _looks_like_name(text: str) -> bool:
    """One to five words, capitalised, no digit (a name holds no date or time)."""
    tokens = text.split()
    return 1 <= len(tokens) <= 5 and not any(c.isdigit() for c in text) and text[:1].isupper()


def _date(page: Page, articles: list[JsonObject], key: str) -> FieldLabel | None:
    raw = next(_json_strings(articles, JSONLD_PROPERTIES[key]), None)
    source = "jsonld"
    if raw is None:
        meta = _first_meta(page, META_KEYS[key])
        raw, source = (meta.values[0], meta.source) if meta else (None, "")
    value = parse_date(raw, today=page.fetched) if raw else None
    if value is None:
        return None
    return FieldLabel([value], date_nodes(page.body, value[:10]), source)


def date_nodes(root: HtmlElement, day: str) -> list[HtmlElement]:
    """Elements showing the calendar day ``day`` (``YYYY-MM-DD``): ``<time>`` elements whose
    ``datetime`` says so, then short texts that parse to it."""
    found = [t for t in root.iter("time") if (t.get("datetime") or "")[:10] == day]
    for element in root.iter():
        if element in found or not isinstance(element.tag, str):
            continue
        # Its own text (the tails of its children too: "<b>Updated</b> 27 June 2024").
        own = "".join([element.text or "", *(child.tail or "" for child in element)])
        if day[:4] not in own:  # a shown date almost always writes out its year
            continue
        text = element_text(element)
        if len(text) <= MAX_DATE_TEXT and shows_day(text, day):
            found.append(element)
    return found
