from pace_scrapy.learn.induce.fields import FieldExample, induce_field, transform_options
from pace_scrapy.learn.labels import FieldLabel
from pace_scrapy.learn.validate import field_value
from tests.factories import page

PAGES = [
    page(
        f'<html><head><meta property="og:title" content="{title} - The Herald"></head><body>'
        f'<h1 class="headline">{title}</h1><p class="byline">By {authors} | {day} March 2024</p></body></html>'
    )
    for title, authors, day in (
        ("Rain in Paris", "Jane Doe and John Roe", 3),
        ("Sun in Rome", "Ana Petrov", 4),
        ("Snow in Oslo", "Li Wei, Sam Okafor and Mia Chen", 5),
    )
]


def examples(name: str, values: list[list[str]], selector: str) -> list[FieldExample]:
    return [
        FieldExample(p, FieldLabel(v, p.root.cssselect(selector), "test"))
        for p, v in zip(PAGES, values, strict=True)
    ]


def test_headline_prefers_the_exact_dom_rule_over_a_suffixed_meta() -> None:
    values = [["Rain in Paris"], ["Sun in Rome"], ["Snow in Oslo"]]
    spec = induce_field("headline", "text", examples("headline", values, "h1"))
    assert spec is not None
    assert spec.rules[0].source == "css"
    assert [field_value("headline", "text", spec, p) for p in PAGES] == [v[0] for v in values]


def test_authors_need_transforms_cut_strip_split() -> None:
    values = [["Jane Doe", "John Roe"], ["Ana Petrov"], ["Li Wei", "Sam Okafor", "Mia Chen"]]
    spec = induce_field("authors", "people", examples("authors", values, "p.byline"))
    assert spec is not None
    assert spec.rules[0].transforms
    got = [[a["name"] for a in field_value("authors", "people", spec, p)] for p in PAGES]
    assert got == values


def test_date_inside_a_byline_via_a_date_pattern() -> None:
    values = [["2024-03-03"], ["2024-03-04"], ["2024-03-05"]]
    spec = induce_field("datePublished", "date", examples("datePublished", values, "p.byline"))
    assert spec is not None
    assert [field_value("datePublished", "date", spec, p)[:10] for p in PAGES] == [
        v[0] for v in values
    ]


def test_no_rule_is_kept_when_every_candidate_is_wrong_somewhere() -> None:
    # labels that contradict the pages: nothing reproduces them, so no spec
    values = [["Rain in Paris"], ["Rain in Paris"], ["Rain in Paris"]]
    assert induce_field("headline", "text", examples("headline", values, "h1")) is None


def test_transform_options_cover_prefix_and_split() -> None:
    options = list(
        transform_options("people", "By Jane Doe and John Roe | 3 March", ["Jane Doe", "John Roe"])
    )
    assert () in options
    assert any(any(t.op == "split" for t in option) for option in options)
    assert any(any(getattr(t, "prefixes", ()) == ("By",) for t in option) for option in options)
