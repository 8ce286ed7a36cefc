"""robots.txt, sitemap index, Google News sitemap, RSS and Atom feeds."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

from lxml import etree

from pace_scrapy.demo import DemoSite

from .conftest import BASE

SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
NEWS = "{http://www.google.com/schemas/sitemap-news/0.9}"
ATOM = "{http://www.w3.org/2005/Atom}"


def _texts(elements: Iterable[etree._Element]) -> list[str]:
    return [element.text or "" for element in elements]


def _xml(site: DemoSite, url: str) -> etree._Element:
    response = site.render(urlsplit(url).path, BASE)
    assert response.status == 200, url
    assert "xml" in response.content_type
    return etree.fromstring(response.body)


def _assert_ok(site: DemoSite, urls: list[str]) -> None:
    for url in urls:
        assert url.startswith(BASE + "/")
        assert site.render(urlsplit(url).path, BASE).status == 200, url


def test_robots_disallows_private_paths(site: DemoSite) -> None:
    robots = RobotFileParser()
    robots.parse(site.render("/robots.txt", BASE).body.decode().splitlines())
    assert not robots.can_fetch("pace-scrapy", f"{BASE}/search?q=x")
    assert not robots.can_fetch("pace-scrapy", f"{BASE}/account")
    assert robots.can_fetch("pace-scrapy", site.article_urls(BASE)[0])
    assert robots.site_maps() == [f"{BASE}/sitemap.xml"]


def test_sitemap_index_covers_every_article_and_product() -> None:
    site = DemoSite(seed=1, n_articles=2100, n_products=10)
    index = _xml(site, f"{BASE}/sitemap.xml")
    assert index.tag == f"{SM}sitemapindex"
    children = _texts(index.iter(f"{SM}loc"))
    assert f"{BASE}/sitemaps/news.xml" in children
    listed: set[str] = set()
    for child in children:
        listed |= set(_texts(_xml(site, child).iter(f"{SM}loc")))
    assert set(site.article_urls(BASE)) <= listed
    assert set(site.product_urls(BASE)) <= listed
    assert sum("/sitemaps/articles-" in child for child in children) == 3
    _assert_ok(site, sorted(listed)[::50])


def test_news_sitemap_lists_the_last_two_days(site: DemoSite) -> None:
    root = _xml(site, f"{BASE}/sitemaps/news.xml")
    urls = [u.findtext(f"{SM}loc") or "" for u in root.iter(f"{SM}url")]
    dates = [datetime.fromisoformat(d) for d in _texts(root.iter(f"{NEWS}publication_date"))]
    assert len(urls) == len(dates) > 5
    assert max(dates) - min(dates) <= timedelta(days=2)
    assert urls == site.article_urls(BASE)[: len(urls)]
    assert all(n.text == "The Meridian Herald" for n in root.iter(f"{NEWS}name"))
    _assert_ok(site, urls)


def test_rss_feed(site: DemoSite) -> None:
    channel = _xml(site, f"{BASE}/feeds/rss.xml").find("channel")
    assert channel is not None
    items = channel.findall("item")
    assert len(items) == 30
    links = [item.findtext("link") or "" for item in items]
    assert links == site.article_urls(BASE)[:30]
    dates = [parsedate_to_datetime(item.findtext("pubDate") or "") for item in items]
    assert dates == sorted(dates, reverse=True)
    _assert_ok(site, links)


def test_atom_feed(site: DemoSite) -> None:
    feed = _xml(site, f"{BASE}/feeds/atom.xml")
    entries = feed.findall(f"{ATOM}entry")
    links = [
        entry.xpath("string(atom:link/@href)", namespaces={"atom": ATOM[1:-1]}) for entry in entries
    ]
    assert links == site.article_urls(BASE)[:30]
    for entry in entries:
        published = datetime.fromisoformat(entry.findtext(f"{ATOM}published") or "")
        updated = datetime.fromisoformat(entry.findtext(f"{ATOM}updated") or "")
        assert updated >= published
