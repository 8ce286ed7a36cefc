import pytest

from pace_scrapy.learn.labelers.examples import ExamplesLabeler
from pace_scrapy.learn.learner import FIELD_THRESHOLD, body_left_out, learn_config
from pace_scrapy.learn.validate import field_value
from pace_scrapy.page.model import Page
from tests.factories import page

URL = "https://shop.example/p/{}"


def product(n: int, sku: str, shown: str, jsonld: bool) -> Page:
    data = f'<script type="application/ld+json">{{"@type": "Product", "sku": "{sku}"}}</script>'
    html = (
        f"<html><head>{data if jsonld else ''}</head><body><h1>Kettle {n}</h1>"
        f'<p>Code: <span class="code">{shown}</span></p></body></html>'
    )
    return page(html, URL.format(n))


def test_backups_and_node_matching_that_validation_proves_wrong_are_left_out() -> None:
    # On the third page the "code" shown is not the SKU, and there is no JSON-LD.
    pages = [
        product(1, "A-1", "A-1", True),
        product(2, "B-2", "B-2", True),
        product(3, "C-3", "X-9", False),
    ]
    labeler = ExamplesLabeler(
        {p.url: {"sku": sku} for p, sku in zip(pages, ["A-1", "B-2", "C-3"], strict=True)}
    )
    result = learn_config("shop", pages, labeler, page_type="product", progress=lambda m: None)
    spec = result.config.latest.fields["sku"]
    assert [rule.source for rule in spec.rules] == ["jsonld"]
    assert spec.rules[0].confidence == result.report.scores["sku"] == 1.0
    assert spec.signature is None
    notes = result.config.latest.provenance.notes
    assert "no backup rules for sku: 1 wrong" in notes
    assert "no node matching for sku: 1 wrong" in notes


@pytest.mark.parametrize(
    ("validated", "fit", "kept"),
    [
        (0.9, 0.9, True),
        (0.6, 0.6, True),
        (0.2, 0.9, True),  # its folds learnt from too few pages; it fits them all
        (0.4, 0.6, False),
        (0.9, 0.48, False),  # a fold's spec validated, this one misses its own pages' labels
    ],
)
def test_a_body_spec_is_kept_when_it_validates_or_fits_never_when_it_misses_its_pages(
    validated: float, fit: float, kept: bool
) -> None:
    assert (body_left_out(validated, fit) is None) is kept


def story(n: int, headline: str, seo: str, og_title: str | None = None) -> Page:
    data = f'<script type="application/ld+json">{{"@type": "NewsArticle", "headline": "{seo}"}}</script>'
    html = (
        f'<html><head><meta property="og:title" content="{og_title or headline}">{data}</head>'
        f"<body><h1>{headline}</h1><p>Story {n} text.</p></body></html>"
    )
    return page(html, f"https://news.example/story/{n}")


def test_a_field_whose_one_page_folds_cannot_choose_between_sources_is_kept() -> None:
    # Learnt from the first page alone, JSON-LD's headline and og:title are as good; on the
    # second the JSON-LD one is an SEO variant. Learnt from both, og:title is right on both.
    pages = [story(1, "Rain in Paris", "Rain in Paris"), story(2, "Sun in Rome", "Rome: sunny")]
    titles = ["Rain in Paris", "Sun in Rome"]
    labeler = ExamplesLabeler({p.url: {"headline": t} for p, t in zip(pages, titles, strict=True)})
    result = learn_config("news", pages, labeler, page_type="article", progress=lambda m: None)
    assert "headline" not in result.report.left_out
    spec = result.config.latest.fields["headline"]
    assert spec.rules[0].source == "meta"


def test_a_field_wrong_where_no_equally_good_source_was_right_is_left_out() -> None:
    # Learnt from both pages the h1 is right on both, but the fold learnt from the first page
    # picks structured data, and on the second page every structured source is an SEO variant:
    # its wrong value is no undecided one, and the field fails validation.
    seo = "Rome: sunny"
    pages = [story(1, "Rain in Paris", "Rain in Paris"), story(2, "Sun in Rome", seo, seo)]
    titles = ["Rain in Paris", "Sun in Rome"]
    labeler = ExamplesLabeler({p.url: {"headline": t} for p, t in zip(pages, titles, strict=True)})
    result = learn_config("news", pages, labeler, page_type="article", progress=lambda m: None)
    assert result.report.left_out["headline"] == (
        "validated precision 0.50 < 0.9 (1 right, 1 wrong, 0 undecided)"
    )


def test_a_field_one_page_of_several_shows_is_validated_on_that_page() -> None:
    # Only the first page has a section label: no fold can learn it and validate it on another
    # page, which is no evidence against it (it used to be left out, validated precision 0).
    pages = [story(1, "Rain in Paris", "Rain in Paris"), story(2, "Sun in Rome", "Sun in Rome")]
    values = [
        {"headline": "Rain in Paris", "section": "Story 1 text."},
        {"headline": "Sun in Rome"},
    ]
    labeler = ExamplesLabeler({p.url: v for p, v in zip(pages, values, strict=True)})
    result = learn_config("news", pages, labeler, page_type="article", progress=lambda m: None)
    assert "section" not in result.report.left_out
    assert result.report.scores["section"] == 1.0
    assert "section: too few labelled pages to validate on held-out ones" in (
        result.config.latest.provenance.notes
    )
    spec = result.config.latest.fields["section"]
    assert field_value("section", "text", spec, pages[1]) == "Story 2 text."


def dated(n: int, shown: str, jsonld: str | None) -> Page:
    data = (
        f'<script type="application/ld+json">{{"@type": "NewsArticle", "datePublished": '
        f'"{jsonld}"}}</script>'
        if jsonld
        else ""
    )
    html = (
        f"<html><head>{data}</head><body><h1>Story {n}</h1>"
        f'<p class="when">{shown}</p><p>Text of story {n}.</p></body></html>'
    )
    return page(html, f"https://news.example/story/{n}")


def test_dates_get_the_publishers_structured_statement_as_their_last_rules() -> None:
    pages = [dated(1, "3 March 2024", None), dated(2, "4 March 2024", None)]
    days = ["2024-03-03", "2024-03-04"]
    labeler = ExamplesLabeler(
        {p.url: {"datePublished": d} for p, d in zip(pages, days, strict=True)}
    )
    result = learn_config("news", pages, labeler, page_type="article", progress=lambda m: None)
    spec = result.config.latest.fields["datePublished"]
    assert spec.rules[0].source == "css"
    assert [(r.source, r.query) for r in spec.rules[-2:]] == [
        ("jsonld", "datePublished"),
        ("meta", "article:published_time"),
    ]
    # Another template: no date shown, JSON-LD only.
    other = page(
        '<html><head><script type="application/ld+json">{"@type": "NewsArticle", '
        '"datePublished": "2024-05-06T07:00:00Z"}</script></head><body><p>x</p></body></html>'
    )
    assert field_value("datePublished", "date", spec, other).startswith("2024-05-06")
    # A date no page showed still gets the standard rules, no surer than the threshold.
    unseen = result.config.latest.fields["dateModified"]
    assert {r.confidence for r in unseen.rules} == {FIELD_THRESHOLD}
    assert "dateModified: shown on no training page, standard rules only" in (
        result.config.latest.provenance.notes
    )
    # So do authors: JSON-LD's, on a page of a template that shows no byline.
    authors = result.config.latest.fields["authors"]
    assert [(r.source, r.query) for r in authors.rules] == [("jsonld", "author")]
    byline = page(
        '<html><head><script type="application/ld+json">{"@type": "NewsArticle", "author": '
        '{"@type": "Person", "name": "Ann Lee"}}</script></head><body><p>x</p></body></html>'
    )
    assert field_value("authors", "people", authors, byline) == [{"name": "Ann Lee"}]


def test_authors_read_from_a_byline_end_with_json_ld() -> None:
    pages = [
        page(
            f'<html><body><h1>Story {n}</h1><p class="by">By {name}</p><p>Text.</p></body></html>',
            f"https://news.example/story/{n}",
        )
        for n, name in ((1, "Ann Lee"), (2, "Bo Chen"))
    ]
    labeler = ExamplesLabeler(
        {p.url: {"authors": [name]} for p, name in zip(pages, ["Ann Lee", "Bo Chen"], strict=True)}
    )
    result = learn_config("news", pages, labeler, page_type="article", progress=lambda m: None)
    spec = result.config.latest.fields["authors"]
    assert (spec.rules[-1].source, spec.rules[-1].query) == ("jsonld", "author")
    other = page(
        '<html><head><script type="application/ld+json">{"@type": "NewsArticle", "author": '
        '[{"@type": "Person", "name": "Cy Diaz and Di Ek"}]}</script></head><body><p>x</p></body>'
        "</html>"
    )
    assert field_value("authors", "people", spec, other) == [{"name": "Cy Diaz"}, {"name": "Di Ek"}]
    shop = learn_config(
        "shop",
        [product(1, "A-1", "A-1", True), product(2, "B-2", "B-2", True)],
        ExamplesLabeler({}),
        page_type="product",
        progress=lambda m: None,
    )
    assert "datePublished" not in shop.config.latest.fields


def test_the_body_learns_where_it_starts_from_the_labelled_headline() -> None:
    # Nothing but the player lies between the headline and the story on the training pages:
    # a video's caption there on another page is part of the body.
    def video(n: int, title: str, caption: str = "") -> Page:
        text = f"Story {n} is told in full here, with more than one sentence. It goes on."
        html = (
            f'<body><h1 class="title">{title}</h1><div class="player"><p>{caption}</p></div>'
            f'<div class="story"><p>{text}</p><p>{text} And on.</p></div></body>'
        )
        return page(html, f"https://news.example/video/{n}")

    pages = [video(1, "Rain in Paris"), video(2, "Sun in Rome")]
    values = {
        p.url: {"headline": t, "articleBody": p.root.xpath("string(//div[@class='story'])")}
        for p, t in zip(pages, ("Rain in Paris", "Sun in Rome"), strict=True)
    }
    result = learn_config("news", pages, ExamplesLabeler(values), progress=lambda m: None)
    body = result.config.latest.body
    assert body is not None and body.span_from is not None
    assert body.span_from.css == "h1.title"
