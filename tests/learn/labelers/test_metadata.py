"""Metadata labels of the heuristic labeller: bylines read from the page."""

from __future__ import annotations

import pytest

from pace_scrapy.learn.labelers.metadata import date_nodes, metadata_labels
from pace_scrapy.page.text import element_text
from tests.factories import page


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        # the date right after the names, no separator between them
        (
            '<div class="byline"><p>By José Álvarez</p><p>May 31, 2024, 3:20 AM</p></div>',
            ["José Álvarez"],
        ),
        ('<p class="byline">By Ann Lee and Bo Chen 3 March 2024</p>', ["Ann Lee", "Bo Chen"]),
        ('<p class="byline">Ann Lee, Bo Chen | 24 June 2024</p>', ["Ann Lee", "Bo Chen"]),
        # a time or a count is no name
        ('<p class="byline">By Ann Lee, 10:15 CET</p>', ["Ann Lee"]),
    ],
)
def test_byline_names_without_the_date(byline: str, names: list[str]) -> None:
    labels = metadata_labels(page(f"<html><body><h1>T</h1>{byline}</body></html>"), "article")
    assert labels["authors"].values == names


@pytest.mark.parametrize(
    "shown",
    [
        "<p><time datetime='2024-06-27T19:58'>27 June</time></p>",
        "<p>Updated 27 June 2024</p>",
        # the date in the tail of a label element
        "<div class='status'><span>LIVE</span> Last updated Jun 27, 2024, 7:58 PM</div>",
    ],
)
def test_a_shown_date_is_found(shown: str) -> None:
    doc = page(f"<html><body><h1>T</h1>{shown}<p>Text of 2023.</p></body></html>")
    assert [element_text(e) for e in date_nodes(doc.body, "2024-06-27")] == [
        element_text(doc.body[1])
    ]


@pytest.mark.parametrize(
    "title",
    [
        "The Daily : Business : Rates rise for a third month",
        "Rates rise for a third month_English_News",
        "Rates rise for a third month | The Daily",
    ],
)
def test_a_headline_that_is_no_heading_is_found_by_the_title(title: str) -> None:
    body = (
        "<ul><li><a href='/x'>Rates rise for a third month</a></li></ul>"
        "<table><tr><td><font class='storyhead'><b>Rates rise for a third month</b></font>"
        "</td></tr></table><p>The bank raised rates again.</p>"
    )
    doc = page(f"<html><head><title>{title}</title></head><body>{body}</body></html>")
    label = metadata_labels(doc, "article")["headline"]
    assert label.values == ["Rates rise for a third month"]
    # the first element showing it that is no link (the list of stories links to it), the
    # innermost one
    assert [node.tag for node in label.nodes] == ["b"]


def test_a_title_part_of_fewer_than_three_words_labels_nothing() -> None:
    doc = page(
        "<html><head><title>Home | The Daily</title></head>"
        "<body><p>Home</p><p>The Daily</p><p>Rates rose.</p></body></html>"
    )
    assert "headline" not in metadata_labels(doc, "article")


@pytest.mark.parametrize(
    "before",
    [
        "<h2>Uddevalla</h2>",  # a place's tag, one word of the title
        "<h1>Scott Young</h1>",  # the site's name, in the document's title too
    ],
)
def test_the_headline_is_the_heading_sharing_most_words_with_the_title(before: str) -> None:
    html = (
        "<html><head><title>Hanna, 18, missing in Uddevalla - Scott Young</title>"
        '<meta property="og:title" content="Hanna, 18, missing in Uddevalla"></head>'
        f"<body>{before}<h1>Hanna, 18, missing in Uddevalla</h1><h2>Police ask for tips</h2>"
        "</body></html>"
    )
    label = metadata_labels(page(html), "article")["headline"]
    assert label.values == ["Hanna, 18, missing in Uddevalla"]
    assert [node.tag for node in label.nodes] == ["h1"]


def test_an_author_that_is_the_site_itself_gives_way_to_the_byline() -> None:
    html = (
        '<html><head><meta property="og:site_name" content="The Herald">'
        '<script type="application/ld+json">{"@type": "NewsArticle", '
        '"author": {"@type": "Organization", "name": "THE HERALD"}}</script></head>'
        '<body><h1>T</h1><p class="byline">By Ann Lee</p></body></html>'
    )
    assert metadata_labels(page(html), "article")["authors"].values == ["Ann Lee"]
