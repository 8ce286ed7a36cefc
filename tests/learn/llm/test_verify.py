"""Checking the model's answer against the page: names, block ids, values, kinds."""

from __future__ import annotations

import pytest

from pace_scrapy.learn.llm.schema import LabelAnswer
from pace_scrapy.learn.llm.verify import (
    Discarded,
    PageFindings,
    confirm,
    field_name,
    page_span,
)
from pace_scrapy.page.blocks import Block
from pace_scrapy.page.model import Page

KNOWN = {"headline": "headline", "datepublished": "datePublished"}
PRODUCT = """<html><body>
<h1 class="name">Acme Drill 3000</h1>
<p class="price"><span class="now">€1.299,00</span> <s>€1.499,00</s></p>
<p class="stock">In stock</p>
<p class="codes">SKU: AB-123 · EAN 4006381333931 · Old EAN 4006381333932</p>
<div class="gallery"><img src="/i/1.jpg"><img data-src="/i/2.jpg"></div>
<p class="byline">By <a href="/jane">Jane Doe</a> and John Smith, 3 March 2024</p>
<p class="bio">Jane Doe tests drills.</p>
</body></html>"""


@pytest.fixture(scope="module")
def page() -> Page:
    return Page.from_html(PRODUCT, "https://shop.example/p/drill")


def block(page: Page, start: str) -> Block:
    """The block whose text starts with ``start`` (the gallery: ``""``)."""
    return next(b for b in page.blocks if b.text.startswith(start) and (start or b.has_media))


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("headline", "headline"),
        ("Headline", "headline"),
        ("DATEPUBLISHED", "datePublished"),
        ("section name", "section_name"),
        ("author-bio", "author_bio"),
        ("_private2", "_private2"),
    ],
)
def test_field_names(raw: str, name: str) -> None:
    assert field_name(raw, KNOWN) == name


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("x'); import os; os.system('rm -rf /') #", "bad field name"),
        ("2ndAuthor", "bad field name"),
        ("aggregateRating.ratingValue", "bad field name"),
        ("<script>", "bad field name"),
        ("", "bad field name"),
        ("a" * 65, "bad field name"),
        ("url", "reserved field name"),
        ("articleBody", "reserved field name"),
        ("body", "reserved field name"),
    ],
)
def test_bad_field_names(raw: str, reason: str) -> None:
    with pytest.raises(Discarded, match=reason):
        field_name(raw, KNOWN)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("Jane Doe", "Jane Doe"),
        ("jane   DOE!", "Jane Doe"),  # the page's own text
        ("€1.299,00", "€1.299,00"),
        ("€", "€"),
        ("Doe and John", "Doe and John"),
        ("John Doe", None),  # not in sequence
        ("Jan", None),  # part of a word
        ("$", None),
        ("", None),
    ],
)
def test_page_span(value: str, shown: str | None) -> None:
    text = "By Jane Doe and John Smith · €1.299,00"
    assert page_span(text, value) == shown


def test_values_take_their_kind_canonical_form(page: Page) -> None:
    def values(name: str, start: str, text: str) -> list[str]:
        return [found.value for found in confirm(page, name, block(page, start), text)]

    assert values("price", "€1.299", "€1.299,00") == ["€1.299,00"]
    assert values("currency", "€1.299", "€") == ["EUR"]
    assert values("availability", "In stock", "In stock") == ["InStock"]
    assert values("gtin", "SKU", "4006381333931") == ["4006381333931"]
    assert values("sku", "SKU", "AB-123") == ["AB-123"]
    assert values("datePublished", "By", "3 March 2024")[0][:10] == "2024-03-03"
    assert values("authors", "By", "Jane Doe and John Smith") == ["Jane Doe", "John Smith"]
    assert values("images", "", "") == [
        "https://shop.example/i/1.jpg",
        "https://shop.example/i/2.jpg",
    ]


@pytest.mark.parametrize(
    ("name", "start", "text", "reason"),
    [
        ("headline", "Acme", "Acme Hammer", "value not in its block"),
        ("gtin", "SKU", "4006381333932", "implausible gtin"),  # bad check digit
        ("datePublished", "Acme", "Acme Drill 3000", "implausible date"),  # no date
        ("images", "Acme", "", "no image in the block"),
    ],
)
def test_values_the_page_does_not_confirm(
    page: Page, name: str, start: str, text: str, reason: str
) -> None:
    with pytest.raises(Discarded, match=reason):
        list(confirm(page, name, block(page, start), text))


def test_values_point_at_the_smallest_nodes(page: Page) -> None:
    byline = block(page, "By")
    jane, john = confirm(page, "authors", byline, "Jane Doe and John Smith")
    assert [n.tag for n in jane.nodes] == ["a"]
    assert [n.get("class") for n in john.nodes] == ["byline"]
    (image, _) = confirm(page, "images", block(page, ""), "")
    assert [n.tag for n in image.nodes] == ["img"]


def test_findings_merge_chunks(page: Page) -> None:
    byline, bio, title = block(page, "By"), block(page, "Jane Doe tests"), block(page, "Acme")
    findings = PageFindings(page, "article")
    findings.add(
        [title, byline],
        LabelAnswer.model_validate(
            {
                "body": [title.id, bio.id],
                "fields": [
                    {"name": "headline", "values": [{"block": title.id, "text": "Acme Drill"}]},
                    {"name": "authors", "values": [{"block": byline.id, "text": "Jane Doe"}]},
                ],
            }
        ),
    )
    findings.add(
        [bio],
        LabelAnswer.model_validate(
            {
                "body": [bio.id],
                "fields": [
                    {"name": "headline", "values": [{"block": bio.id, "text": "Jane Doe tests"}]},
                    {"name": "authors", "values": [{"block": bio.id, "text": "Jane Doe"}]},
                ],
            }
        ),
    )
    labels = findings.labels()
    assert labels.body == {title.id, bio.id}  # bio.id from the chunk that showed it
    assert labels.fields["headline"].values == ["Acme Drill"]  # a single value: the first
    assert labels.fields["authors"].values == ["Jane Doe"]  # a list: each value once
    assert [n.tag for n in labels.fields["authors"].nodes] == ["a"]
    assert findings.discarded == {"block not in the prompt": 1}
