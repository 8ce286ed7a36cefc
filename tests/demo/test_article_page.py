"""News and opinion article pages: noise boxes, figures, tables, bylines, layouts."""

from __future__ import annotations

import json
import re
from datetime import datetime
from functools import cache
from urllib.parse import urlsplit

import lxml.html

from pace_scrapy.demo import ArticleTruth, DemoSite

from .conftest import BASE, expand_table, parse

NOISE_XPATH = (
    "//*[@data-ad-slot]|//aside|//*[starts-with(@class, 'ReadMore_')]"
    "|//*[starts-with(@class, 'InlineRelated_')]|//figcaption|//*[@id='comments']"
    "|//*[starts-with(@class, 'ShareBar_')]|//*[@role='dialog']"
)


@cache
def _articles(
    site: DemoSite, template: str = "news"
) -> list[tuple[ArticleTruth, lxml.html.HtmlElement]]:
    out = []
    for url in site.article_urls(BASE):
        section = urlsplit(url).path.split("/")[1]
        kind = {"opinion": "opinion", "live": "live"}.get(section, "news")
        if kind == template:
            truth = site.truth(url)
            assert isinstance(truth, ArticleTruth)
            out.append((truth, parse(site.render(urlsplit(url).path, BASE).body)))
    return out


def _text(element: lxml.html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


def test_noise_text_never_in_truth(site: DemoSite) -> None:
    kinds: set[str] = set()
    for truth, doc in _articles(site) + _articles(site, "opinion"):
        body = "\n".join(truth.body)
        for box in doc.xpath(NOISE_XPATH):
            kinds.add(box.get("class", "").split("_")[0] or box.get("id", "") or box.tag)
            for para in box.xpath(".//p|.//h3|.//h4|.//li") or [box]:
                text = _text(para)
                if box.get("class", "").startswith("PullQuote_"):
                    # repeats a body sentence: counted once per real paragraph only
                    paras = doc.xpath("//div[starts-with(@class, 'OpEd_para__')]")
                    assert truth.body.count(text) == [_text(p) for p in paras].count(text)
                elif len(text) > 15:
                    assert text not in body, (truth.url, text)
    assert {"NewsletterSignup", "ReadMore", "InlineRelated", "PullQuote", "Comments"} <= kinds


def test_noise_boxes_sit_inside_the_body_container(site: DemoSite) -> None:
    containers = 0
    for _, doc in _articles(site):
        (body,) = doc.xpath("//*[starts-with(@class, 'ArticleBody_body__')]")
        assert body.xpath(".//*[@data-ad-slot]")
        containers += bool(body.xpath(".//*[starts-with(@class, 'NewsletterSignup_')]"))
    assert containers > 10


def test_images_truth_matches_markup(site: DemoSite) -> None:
    styles: set[str] = set()
    for truth, doc in _articles(site):
        figures = doc.xpath("//article//figure")
        assert len(figures) == len(truth.images)
        for figure, image in zip(figures, truth.images, strict=True):
            (img,) = figure.xpath(".//img[not(ancestor::noscript)]")
            candidates = img.get("srcset") or img.get("data-srcset")
            if candidates:
                pairs = [c.strip().split(" ") for c in candidates.split(",")]
                largest = max(pairs, key=lambda pair: int(pair[1].rstrip("w")))[0]
                assert image.src == largest
                styles.add("data-srcset" if img.get("data-srcset") else "srcset")
            else:
                assert image.src == (img.get("data-src") or img.get("src"))
                styles.add("data-src" if img.get("data-src") else "src")
            assert image.src.startswith(BASE + "/img/")
            caption = figure.xpath(".//figcaption")[0]
            credit = caption.xpath("./span")
            assert image.credit == (_text(credit[0]) if credit else None)
            own = " ".join((caption.text or "").split())
            assert image.caption == own
    assert styles == {"srcset", "data-srcset", "data-src", "src"}


def test_tables_truth_is_the_expanded_grid(site: DemoSite) -> None:
    spans = set()
    for truth, doc in _articles(site):
        tables = doc.xpath("//article//table")
        assert len(tables) == len(truth.tables)
        for table, expected in zip(tables, truth.tables, strict=True):
            grid = expand_table(table)
            assert expected.rows == grid
            assert expected.caption == _text(table.xpath("./caption")[0])
            rows_in_body = [" | ".join(row) for row in grid]
            start = truth.body.index(rows_in_body[0])
            assert truth.body[start : start + len(grid)] == rows_in_body
            spans |= {attr for attr in ("rowspan", "colspan") if table.xpath(f".//*[@{attr}]")}
    assert spans == {"rowspan", "colspan"}


def test_every_body_paragraph_is_in_truth(site: DemoSite) -> None:
    for truth, doc in _articles(site):
        paragraphs = doc.xpath("//p[starts-with(@class, 'ArticleBody_paragraph__')]")
        texts = [_text(p) for p in paragraphs]
        assert texts == [item for item in truth.body if item in texts]
        assert len(texts) >= 3


def test_bylines_and_dates_vary(site: DemoSite) -> None:
    seen = set()
    for truth, doc in _articles(site):
        (byline,) = doc.xpath("//*[starts-with(@class, 'Byline_root__')]")
        text = _text(byline)
        published = datetime.fromisoformat(truth.date_published)
        assert published.tzinfo is not None
        meta = doc.xpath("//meta[@property='article:published_time']/@content")
        assert datetime.fromisoformat(meta[0]) == published
        if byline.xpath(".//time"):
            seen.add("time-element")
        if re.search(r"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M", text):
            seen.add("us-text")
        if " | " in text:
            seen.add("pipe")
        if " and " in text and text.startswith("By "):
            seen.add("by-and")
        if truth.date_modified is not None and "Updated" in text:
            seen.add("updated")
    assert seen == {"time-element", "us-text", "pipe", "by-and", "updated"}


def test_json_ld_only_in_some_sections(site: DemoSite) -> None:
    with_ld: set[str] = set()
    without: set[str] = set()
    for truth, doc in _articles(site):
        scripts = doc.xpath("//script[@type='application/ld+json']/text()")
        (with_ld if scripts else without).add(truth.section)
        for script in scripts:
            data = json.loads(script)
            assert data["@type"] == "NewsArticle"
            assert data["headline"] == truth.headline
        assert doc.xpath("//meta[@property='og:title']/@content") == [truth.headline]
    assert with_ld == {"World", "Politics", "Business"}
    assert without == {"Science", "Culture", "Sport"}


def test_layout_2_moves_the_byline_below_the_header(site: DemoSite, site_b2: DemoSite) -> None:
    order = (
        "//*[starts-with(@class, 'Byline_root__')]/@class"
        "|//*[starts-with(@class, 'ArticleHeader_standfirst__')]/@class"
    )
    for truth, _ in _articles(site)[:20]:
        path = urlsplit(truth.url).path
        first = [c.split("_")[1] for c in parse(site.render(path, BASE).body).xpath(order)]
        second = [c.split("_")[1] for c in parse(site_b2.render(path, BASE).body).xpath(order)]
        assert first == ["root", "standfirst"]
        assert second == ["standfirst", "root"]


def test_opinion_template_differs(site: DemoSite) -> None:
    pages = _articles(site, "opinion")
    drop_caps = 0
    for truth, doc in pages:
        assert not doc.xpath("//main//article")
        assert not doc.xpath("//*[starts-with(@class, 'ArticleBody_body__')]")
        paras = doc.xpath("//div[starts-with(@class, 'OpEd_para__')]")
        assert [_text(p) for p in paras] == [i for i in truth.body if i in map(_text, paras)]
        drop_caps += len(doc.xpath("//span[starts-with(@class, 'OpEd_dropCap__')]"))
    assert drop_caps > len(pages) / 2


def test_some_articles_use_named_entities(site: DemoSite) -> None:
    raw = [site.render(urlsplit(u).path, BASE).body for u in site.article_urls(BASE)[:12]]
    assert any(b"&rdquo;" in body or b"&mdash;" in body for body in raw)
    assert any("”".encode() in body for body in raw)
