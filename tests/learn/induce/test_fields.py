import json

from pace_scrapy.config.model import Rule
from pace_scrapy.learn.induce.candidates import FieldExample
from pace_scrapy.learn.induce.fields import induce_field, induce_rules, reads_other_field, tag_free
from pace_scrapy.learn.labels import FieldLabel
from pace_scrapy.learn.validate import field_value
from pace_scrapy.page.model import Page
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


def shop(
    sku: str, rows: list[tuple[str, str]], jsonld: bool = False, layout: str = "table"
) -> Page:
    """A product page with a specs table (or definition list), JSON-LD when asked."""
    head = f'<script type="application/ld+json">{{"@type": "Product", "sku": "{sku}"}}</script>'
    if layout == "table":
        specs = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
        specs = f'<table class="specs">{specs}</table>'
    else:
        specs = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
        specs = f'<dl class="specs">{specs}</dl>'
    return page(
        f"<html><head>{head if jsonld else ''}</head><body><h1>Kettle</h1>{specs}</body></html>"
    )


def sku_examples(pages: list[tuple[Page, str]]) -> list[FieldExample]:
    return [
        FieldExample(p, FieldLabel([sku], [n for n in p.root.iter("td", "dd") if n.text == sku]))
        for p, sku in pages
    ]


def test_rules_anchored_on_the_label_survive_a_new_layout() -> None:
    training = [
        (shop("A-1", [("Colour:", "red"), ("SKU:", "A-1")]), "A-1"),
        (shop("B-2", [("SKU:", "B-2"), ("Colour:", "blue"), ("Size:", "L")]), "B-2"),
    ]
    spec = induce_field("sku", "identifier", sku_examples(training))
    assert spec is not None
    rebuilt = shop("C-3", [("Size:", "M"), ("SKU:", "C-3")], layout="list")
    assert field_value("sku", "identifier", spec, rebuilt) == "C-3"
    assert spec.rules[0].query == "//*[normalize-space()='SKU:']/following-sibling::*[1]"
    # Every rule kept is right on both pages; a position was right on one page only.
    assert not any(":nth-of-type(" in rule.query for rule in spec.rules)
    # The required strip drops a value whose label is not there.
    assert all(t.required for rule in spec.rules for t in rule.transforms if t.op == "strip")


def test_structured_data_first_and_a_dom_rule_as_backup() -> None:
    training = [
        (shop("A-1", [("SKU:", "A-1")], jsonld=True), "A-1"),
        (shop("B-2", [("Colour:", "blue"), ("SKU:", "B-2")], jsonld=True), "B-2"),
    ]
    rules = induce_rules("sku", "identifier", sku_examples(training))
    assert rules is not None
    assert [rule.source for rule in rules.chosen] == ["jsonld"]
    # The SKU row moves, so no CSS selector is right on both pages: the backup is the label.
    assert [rule.source for rule in rules.backups] == ["xpath"]
    assert [rule.source for rule in rules.spec(backups=False).rules] == ["jsonld"]
    # A page without JSON-LD still gets its SKU, from the DOM.
    bare = shop("C-3", [("SKU:", "C-3")])
    assert field_value("sku", "identifier", rules.spec(), bare) == "C-3"
    assert field_value("sku", "identifier", rules.spec(backups=False), bare) is None


def test_a_rule_picking_the_first_of_many_matches_comes_after_an_unambiguous_one() -> None:
    # Every cell is a td.v: "td.v" is right on the training page only because SKU comes first.
    html = "<html><body><table>{}</table></body></html>"
    rows = '<tr><th>SKU:</th><td class="v">A-1</td></tr><tr><th>Colour:</th><td class="v">red</td></tr>'
    example = page(html.format(rows))
    label = FieldLabel(["A-1"], [example.root.cssselect("td.v")[0]])
    spec = induce_field("sku", "identifier", [FieldExample(example, label)])
    assert spec is not None
    assert spec.rules[0].source == "xpath"
    swapped = page(html.format(rows.replace("SKU:", "X:").replace("Colour:", "SKU:")))
    assert field_value("sku", "identifier", spec, swapped) == "red"  # the SKU row's cell


def test_own_text_of_a_heading_with_a_subtitle() -> None:
    pages = [
        page(f'<html><body><h2>{title}<span class="sub"> ({edition})</span></h2></body></html>')
        for title, edition in (("The Outsiders", "Paperback"), ("Odd Hours", "Hardcover"))
    ]
    values = ["The Outsiders", "Odd Hours"]
    examples = [
        FieldExample(p, FieldLabel([v], p.root.cssselect("h2")))
        for p, v in zip(pages, values, strict=True)
    ]
    spec = induce_field("title", "text", examples[:1])
    assert spec is not None
    assert spec.rules[0].query.endswith("/text()")
    assert field_value("title", "text", spec, pages[1]) == "Odd Hours"


def test_text_values_are_not_read_from_links() -> None:
    # The slug has the name's words, but a link is no name.
    example = page('<html><body><a class="t" href="/ipad-pro/">iPad Pro</a></body></html>')
    spec = induce_field(
        "name",
        "text",
        [FieldExample(example, FieldLabel(["iPad Pro"], example.root.cssselect("a")))],
    )
    assert spec is not None
    assert all(rule.attribute != "href" for rule in spec.rules)


def test_pages_only_structured_data_answered_get_dom_rules_too() -> None:
    # JSON-LD comes with one byline layout and not with the other: the layout it covered in
    # training needs a DOM rule of its own for its pages without JSON-LD.
    def article(names: list[str], jsonld: bool, links: bool) -> Page:
        data = json.dumps({"@type": "NewsArticle", "author": [{"name": n} for n in names]})
        script = f'<script type="application/ld+json">{data}</script>' if jsonld else ""
        byline = (
            '<span class="names">' + "".join(f"<a>{n}</a>" for n in names) + "</span>"
            if links
            else f'<p class="credit">By {" and ".join(names)}</p>'
        )
        return page(f"<html><head>{script}</head><body><h1>T</h1>{byline}</body></html>")

    training = [
        (["Jane Doe"], True, False, "p.credit"),
        (["Ana Petrov", "Li Wei"], False, True, "span.names a"),
        (["Sam Okafor", "Mia Chen"], True, False, "p.credit"),
    ]
    labelled = []
    for names, jsonld, links, css in training:
        example = article(names, jsonld, links)
        labelled.append(FieldExample(example, FieldLabel(names, example.root.cssselect(css))))
    rules = induce_rules("authors", "people", labelled)
    assert rules is not None
    assert [rule.source for rule in rules.chosen] == ["jsonld", "css"]
    bare = article(["Tom Roe", "Eva Lind"], jsonld=False, links=False)
    got = field_value("authors", "people", rules.spec(), bare) or []
    assert [a["name"] for a in got] == ["Tom Roe", "Eva Lind"]


def test_structured_data_comes_first_where_pages_have_it() -> None:
    # JSON-LD on one page of three, the label on all: the publisher's statement is read first
    # where it exists, the DOM elsewhere.
    training = [
        (shop("A-1", [("SKU:", "A-1")], jsonld=True), "A-1"),
        (shop("B-2", [("SKU:", "B-2")]), "B-2"),
        (shop("C-3", [("SKU:", "C-3")]), "C-3"),
    ]
    rules = induce_rules("sku", "identifier", sku_examples(training))
    assert rules is not None
    assert [rule.source for rule in rules.chosen][:1] == ["jsonld"]
    assert {rule.source for rule in rules.chosen[1:]} & {"css", "xpath"}


def test_a_tag_free_twin_finds_the_field_when_a_template_changes_the_tag() -> None:
    values = [["Jane Doe", "John Roe"], ["Ana Petrov"], ["Li Wei", "Sam Okafor", "Mia Chen"]]
    rules = induce_rules("authors", "people", examples("authors", values, "p.byline"))
    assert rules is not None
    assert any(rule.query == ".byline" for rule in rules.backups)
    assert all(rule.query != ".byline" for rule in rules.chosen)  # the tagged rule comes first
    spec = rules.spec()
    other_template = page('<html><body><div class="byline">By Kim Lee | 6 March 2024</div>')
    assert field_value("authors", "people", spec, other_template) == [{"name": "Kim Lee"}]


def test_a_named_rule_comes_first_and_a_tag_only_one_last() -> None:
    def story(headline: str, header: str = "article-title", logo: str = "") -> Page:
        return page(
            f"<html><body>{logo}<div class='{header}'><h1>{headline}</h1></div>"
            "<p>Text.</p></body></html>"
        )

    training = [story("Rain in Paris"), story("Sun in Rome")]
    labels = [
        FieldExample(p, FieldLabel([v], p.root.cssselect("h1"), "test"))
        for p, v in zip(training, ("Rain in Paris", "Sun in Rome"), strict=True)
    ]
    rules = induce_rules("headline", "text", labels)
    assert rules is not None
    queries = [rule.query for rule in rules.chosen + rules.backups]
    assert queries[0] == "div.article-title > h1"
    assert queries[-1] == "h1"
    spec = rules.spec()
    # another template's first h1 is its logo: the named rule finds the headline
    logo = story("Snow in Oslo", logo="<h1>The Herald</h1>")
    assert field_value("headline", "text", spec, logo) == "Snow in Oslo"
    # names changed, the h1 stayed: the last rule finds it
    renamed = story("Fog in London", header="title-box")
    assert field_value("headline", "text", spec, renamed) == "Fog in London"


def test_a_headline_is_not_learnt_from_a_list_of_links_to_stories() -> None:
    def story(headline: str, others: list[str]) -> Page:
        links = "".join(f'<li><a href="/{n}">{t}</a></li>' for n, t in enumerate(others))
        return page(
            f'<html><body><div class="more"><ul>{links}</ul></div>'
            f'<font class="storyhead"><b>{headline}</b><b>Print edition</b></font></body></html>'
        )

    # On the training page the list happens to link to this story, in third place.
    training = story("Rain in Paris", ["Sun in Rome", "Snow in Oslo", "Rain in Paris"])
    nodes = training.root.xpath("//a[. = 'Rain in Paris'] | //b[. = 'Rain in Paris']")
    label = FieldExample(training, FieldLabel(["Rain in Paris"], nodes, "test"))
    rules = induce_rules("headline", "text", [label])
    assert rules is not None
    assert all("li" not in rule.query for rule in rules.chosen + rules.backups)
    other = story("Fog in London", ["Rain in Paris", "Sun in Rome", "Snow in Oslo"])
    assert field_value("headline", "text", rules.spec(), other) == "Fog in London"


def test_tag_free_drops_the_tags_of_named_compounds_only() -> None:
    def query(css: str) -> str | None:
        twin = tag_free(Rule(source="css", query=css))
        return twin.query if twin else None

    assert query('span[class*="Byline_name__"] > a') == '[class*="Byline_name__"] > a'
    assert query("div#main > p.x span") == "#main > .x span"
    assert query("h1") is None
    assert query("div:nth-of-type(2) > p") is None
    assert query("h1.a, h2.b") is None  # groups are left alone
    assert tag_free(Rule(source="meta", query="og:title")) is None


def test_rules_as_good_on_the_examples_are_ties_of_the_chosen_one() -> None:
    one = page(
        '<html><head><meta property="og:title" content="Rain in Paris">'
        '<meta name="twitter:title" content="Rain in Paris"></head>'
        '<body><h1 class="headline">Rain in Paris</h1></body></html>'
    )
    label = FieldLabel(["Rain in Paris"], one.root.cssselect("h1"), "test")
    rules = induce_rules("headline", "text", [FieldExample(one, label)])
    assert rules is not None
    first = rules.chosen[0]
    assert first.source == "meta"
    tied = {(rule.source, rule.query) for rule in rules.ties[first]}
    assert tied == {("meta", "og:title"), ("meta", "twitter:title")} - {(first.source, first.query)}


def test_a_meta_rule_backs_up_json_ld_and_names_in_one_string_are_split() -> None:
    def story(jsonld: bool, byline: str) -> Page:
        data = '{"@type": "NewsArticle", "datePublished": "2024-03-03T10:00:00Z"}'
        script = f'<script type="application/ld+json">{data}</script>' if jsonld else ""
        return page(
            '<html><head><meta property="article:published_time" content="2024-03-03T10:00:00Z">'
            f'<meta name="author" content="{byline}">{script}</head><body><p>Text.</p></body></html>'
        )

    one = story(True, "Jane Doe")
    dated = FieldExample(one, FieldLabel(["2024-03-03T10:00:00Z"], [], "test"))
    rules = induce_rules("datePublished", "date", [dated])
    assert rules is not None and rules.chosen[0].source == "jsonld"
    # Pages of another type have no JSON-LD, and the same <meta> tags.
    bare = story(False, "Ana Petrov and Li Wei")
    assert field_value("datePublished", "date", rules.spec(), bare).startswith("2024-03-03")
    named = FieldExample(one, FieldLabel(["Jane Doe"], [], "test"))
    spec = induce_field("authors", "people", [named])
    assert spec is not None
    got = field_value("authors", "people", spec, bare)
    assert [author["name"] for author in got] == ["Ana Petrov", "Li Wei"]


def test_a_rule_reading_another_fields_key_comes_last() -> None:
    data = (
        '{"@type": "NewsArticle", "dateModified": "2024-03-03T10:00:00Z",'
        ' "datePublished": "2024-03-03T10:00:00Z"}'
    )
    one = page(
        f'<html><head><script type="application/ld+json">{data}</script></head>'
        '<body><time datetime="2024-03-03T10:00:00Z">3 March</time></body></html>'
    )
    dated = FieldExample(one, FieldLabel(["2024-03-03T10:00:00Z"], [], "test"))
    rules = induce_rules("datePublished", "date", [dated])
    assert rules is not None
    assert rules.chosen[0].query == "datePublished"
    assert all(rule.query != "dateModified" for rule in rules.ties[rules.chosen[0]])
    assert reads_other_field(Rule(source="jsonld", query="dateModified"), "datePublished")
    assert reads_other_field(Rule(source="meta", query="og:title"), "description")
    assert not reads_other_field(Rule(source="meta", query="og:title"), "headline")
    assert not reads_other_field(Rule(source="jsonld", query="author[].name"), "authors")
    assert not reads_other_field(Rule(source="css", query="time"), "dateModified")


def test_the_opening_words_of_a_value_are_no_label() -> None:
    # "Sandra Fluke:" opens a headline as "SKU:" opens "SKU: A-1", but it is part of the value:
    # a rule anchored on it would find that one page's headline only.
    titles = ["Sandra Fluke: A warning on records", "Rain in Paris all week"]
    pages = [
        page(f'<html><body><div><h1 class="entry-title">{t}</h1><p>Text.</p></div></body></html>')
        for t in titles
    ]
    labelled = [
        FieldExample(p, FieldLabel([t], p.root.cssselect("h1"), "test"))
        for p, t in zip(pages, titles, strict=True)
    ]
    for training in (labelled[:1], labelled):
        spec = induce_field("headline", "text", training)
        assert spec is not None
        assert spec.rules[0].query == "h1.entry-title"
        assert not any("Sandra" in rule.query for rule in spec.rules)
