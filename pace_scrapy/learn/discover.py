"""Telling article pages from listings, picking representative pages, and generalising their
URLs into the config's URL patterns. Plain functions, used by the bootstrap spider."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import urlsplit

from pace_scrapy.config.fields import ARTICLE_TYPES
from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.learn.labelers.boilerplate import prose
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import jsonld_types

_DATE_PART = re.compile(r"^(19|20)\d{2}$|^[01]?\d$|^[0-3]?\d$")
_ID = re.compile(r"\d{4,}")
_LISTING_WORDS = frozenset(
    (
        *("tag", "tags", "topic", "topics", "author", "authors", "category", "categories"),
        *("section", "search", "page", "login", "account", "about", "contact", "privacy"),
        *("terms", "feed", "rss", "sitemap", "shop", "cart"),
    )
)
MIN_ARTICLE_PROSE = 400  # characters of prose a page needs to count as an article


def url_article_score(url: str) -> float:
    """How much a URL looks like one article's (0 to 3): a long slug, an id, a date path;
    listing words, queries and short paths count against it."""
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    if not segments or parts.query:
        return 0.0
    last = segments[-1].rsplit(".", 1)[0]
    score = 0.0
    if last.count("-") >= 3 or last.count("_") >= 3:
        score += 1.0
    if _ID.search(last):
        score += 1.0
    if sum(1 for s in segments if _DATE_PART.match(s)) >= 2:
        score += 1.0
    if any(s.lower() in _LISTING_WORDS for s in segments):
        score -= 1.5
    return max(0.0, score)


def page_is_article(page: Page) -> bool:
    """True when a fetched page reads as one article: article structured data, an OpenGraph
    type ``article`` (another OpenGraph type says no), or else one main heading over enough
    prose and no product data."""
    if any(ARTICLE_TYPES.intersection(jsonld_types(obj)) for obj in page.jsonld):
        return True
    og_types = {value.strip().lower() for value in page.meta.get("og:type", [])}
    if og_types:
        return "article" in og_types
    if any("Product" in jsonld_types(obj) for obj in page.jsonld):
        return False
    headings = sum(1 for _ in page.body.iter("h1"))
    prose_chars = sum(len(block.text) for block in page.blocks if prose(block))
    return headings == 1 and prose_chars >= MIN_ARTICLE_PROSE


def section(url: str) -> str:
    """The first path segment of a URL (its section, on most sites)."""
    segments = [s for s in urlsplit(url).path.split("/") if s]
    return segments[0] if len(segments) > 1 else ""


def ranked(candidates: Mapping[str, float]) -> list[str]:
    """Candidate URLs by score, best first, ties by URL, highest first (dated and numbered
    paths put the newest pages, today's template, first): the same sample whatever order the
    crawl discovered them in."""
    return sorted(candidates, key=lambda url: (candidates[url], url), reverse=True)


def main_shape(urls: Sequence[str]) -> list[str]:
    """The URLs of the most common path shape (number of segments): one template's pages."""
    by_shape: dict[int, list[str]] = defaultdict(list)
    for url in urls:
        by_shape[len([s for s in urlsplit(url).path.split("/") if s])].append(url)
    return max(by_shape.values(), key=len) if by_shape else []


def representatives(urls: Sequence[str], count: int) -> list[str]:
    """``count`` URLs spread over the sections (round robin), keeping each section's order."""
    by_section: dict[str, list[str]] = defaultdict(list)
    for url in urls:
        by_section[section(url)].append(url)
    chosen: list[str] = []
    queues = list(by_section.values())
    while len(chosen) < count and any(queues):
        for queue in queues:
            if queue and len(chosen) < count:
                chosen.append(queue.pop(0))
    return chosen


def url_patterns(urls: Iterable[str]) -> list[str]:
    """Regular expressions generalising article URLs, one per path shape (segment count).

    Each segment becomes ``\\d{n}`` for same-length numbers, a literal when all URLs share it,
    ``[a-z]+`` for words (unseen sections included), ``[^/]+`` otherwise. The host is left open
    (the config's ``domains`` restrict it), so a staging copy of the site matches too.
    """
    shapes: dict[int, list[list[str]]] = defaultdict(list)
    for url in urls:
        segments = [s for s in urlsplit(url).path.split("/") if s]
        if segments:
            shapes[len(segments)].append(segments)
    patterns = []
    for _, rows in sorted(shapes.items()):
        parts = [_segment_pattern([row[i] for row in rows]) for i in range(len(rows[0]))]
        patterns.append(r"^https?://[^/]+/" + "/".join(parts) + "/?$")
    return patterns


def _segment_pattern(values: list[str]) -> str:
    if all(v.isdigit() for v in values) and len({len(v) for v in values}) == 1:
        return rf"\d{{{len(values[0])}}}"  # numbers vary (next year's dates) even if equal here
    if len(set(values)) == 1 and len(values) > 1:
        return re.escape(values[0])
    if all(re.fullmatch(r"[a-z]+", v) for v in values):
        return "[a-z]+"
    if all(re.fullmatch(r"[a-z0-9-]+", v) for v in values):
        return "[a-z0-9-]+"
    return "[^/]+"


def with_identity(
    config: PublisherConfig,
    *,
    home: str,
    article_urls: Sequence[str],
    sitemaps: Sequence[str],
    feeds: Sequence[str],
) -> PublisherConfig:
    """The learnt config with where to find the publisher's pages: its home page as start URL,
    its sitemaps and feeds, and URL patterns generalised from the article pages seen."""
    return config.model_copy(
        update={
            "url_patterns": tuple(url_patterns(article_urls)),
            "start_urls": (home,),
            "sitemaps": tuple(sitemaps),
            "feeds": tuple(feeds),
        }
    )
