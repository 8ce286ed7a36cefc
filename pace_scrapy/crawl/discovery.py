"""Finding article pages: RSS/Atom feed entries, entry dates, and moving URLs to another origin."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin, urlsplit, urlunsplit

from lxml import etree

from pace_scrapy.crawl.record import parse_day

_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, recover=True, remove_comments=True, huge_tree=False
)


@dataclass(frozen=True)
class FeedEntry:
    """A feed entry: the page URL and its date (published, else updated), if given."""

    url: str
    day: date | None


def origin(base_url: str) -> str:
    """``scheme://host[:port]`` of ``base_url``; :class:`ValueError` unless it is just that."""
    parts = urlsplit(base_url)
    if (
        parts.scheme not in ("http", "https")
        or not parts.netloc
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise ValueError(f"base_url must be an origin like http://127.0.0.1:8000, got {base_url!r}")
    return f"{parts.scheme}://{parts.netloc}"


def rebase(url: str, base_origin: str | None) -> str:
    """``url`` with its scheme and host replaced by ``base_origin`` (unchanged when None)."""
    if base_origin is None:
        return url
    target, parts = urlsplit(base_origin), urlsplit(url)
    return urlunsplit((target.scheme, target.netloc, parts.path or "/", parts.query, ""))


def entry_day(value: str | None) -> date | None:
    """The day of a sitemap/feed date (W3C/ISO 8601 or RFC 822); None when absent or unreadable.

    An unreadable date does not exclude an entry: the page is fetched and its extracted
    ``datePublished`` decides.
    """
    text = (value or "").strip()
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        try:
            parsed = parsedate_to_datetime(text)
        except (TypeError, ValueError):
            return None
    return parse_day(parsed)


def feed_entries(body: bytes, base_url: str) -> list[FeedEntry]:
    """The entries of an RSS 2.0/1.0 or Atom feed, in feed order (relative links resolved)."""
    try:
        root = etree.fromstring(body, parser=_PARSER)
    except etree.XMLSyntaxError:
        return []
    if root is None:
        return []
    entries = []
    for node in root.iter("{*}item", "{*}entry"):
        if not isinstance(node.tag, str):
            continue
        link = _entry_link(node)
        if link:
            day = entry_day(_child_text(node, "published", "pubDate", "date", "updated"))
            entries.append(FeedEntry(urljoin(base_url, link), day))
    return entries


def _entry_link(node: etree._Element) -> str | None:
    for link in node.iterchildren("{*}link"):
        href = link.get("href")
        if href is None:
            if link.text and link.text.strip():
                return link.text.strip()  # RSS: <link>url</link>
        elif link.get("rel", "alternate") == "alternate":
            return href.strip()  # Atom: <link rel="alternate" href="url"/>
    guid = next(node.iterchildren("{*}guid"), None)
    if guid is not None and guid.get("isPermaLink", "true") == "true" and guid.text:
        return guid.text.strip()
    return None


def _child_text(node: etree._Element, *names: str) -> str | None:
    for name in names:
        child = next(node.iterchildren(f"{{*}}{name}"), None)
        if child is not None and child.text and child.text.strip():
            return child.text
    return None
