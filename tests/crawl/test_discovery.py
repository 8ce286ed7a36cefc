"""Feed entries, entry dates, and moving URLs to another origin."""

from __future__ import annotations

from datetime import date

import pytest

from pace_scrapy.crawl.discovery import FeedEntry, entry_day, feed_entries, origin, rebase

RSS = b"""<?xml version="1.0"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<atom:link href="https://n.example/rss" rel="self"/>
<item><title>A</title><link>https://n.example/a</link>
<pubDate>Tue, 05 Mar 2024 23:30:00 -0200</pubDate></item>
<item><title>B</title><guid isPermaLink="true">https://n.example/b</guid></item>
<item><title>C</title><guid isPermaLink="false">tag:n.example,2024:c</guid></item>
</channel></rss>"""

ATOM = b"""<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="/atom"/>
<entry><link rel="enclosure" href="/x.mp3"/><link href="/2024/a"/>
<published>2024-03-05T10:00:00Z</published><updated>2024-04-01T00:00:00Z</updated></entry>
<entry><link rel="alternate" href="https://n.example/2024/b"/><updated>2024-03-07</updated></entry>
</feed>"""


def test_rss_items() -> None:
    assert feed_entries(RSS, "https://n.example/rss") == [
        FeedEntry("https://n.example/a", date(2024, 3, 6)),
        FeedEntry("https://n.example/b", None),
    ]


def test_atom_entries_resolve_relative_links() -> None:
    assert feed_entries(ATOM, "https://n.example/feeds/atom") == [
        FeedEntry("https://n.example/2024/a", date(2024, 3, 5)),
        FeedEntry("https://n.example/2024/b", date(2024, 3, 7)),
    ]


def test_not_a_feed_has_no_entries() -> None:
    assert feed_entries(b"<html><body>nothing</body></html>", "https://n.example/") == []
    assert feed_entries(b"\x00\x01", "https://n.example/") == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2024-03-05", date(2024, 3, 5)),
        ("2024-03-05T23:00:00-02:00", date(2024, 3, 6)),
        ("2024-03-05T10:00:00Z", date(2024, 3, 5)),
        ("Tue, 05 Mar 2024 10:00:00 GMT", date(2024, 3, 5)),
        ("last week", None),
        ("", None),
        (None, None),
    ],
)
def test_entry_day(text: str | None, day: date | None) -> None:
    assert entry_day(text) == day


def test_origin_and_rebase() -> None:
    assert origin("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    for bad in ("127.0.0.1:8000", "http://h/path", "ftp://h", "http://h/?q=1"):
        with pytest.raises(ValueError, match="base_url must be an origin"):
            origin(bad)
    moved = rebase("https://news.example/sitemap.xml?page=2", "http://127.0.0.1:8000")
    assert moved == "http://127.0.0.1:8000/sitemap.xml?page=2"
    assert rebase("https://news.example", "http://h:1") == "http://h:1/"
    assert rebase("https://news.example/a", None) == "https://news.example/a"
