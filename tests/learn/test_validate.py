from pace_scrapy.config.model import FieldSpec, NodeSignature, Rule
from pace_scrapy.learn.labels import FieldLabel, PageLabels
from pace_scrapy.learn.validate import field_score, signature_score
from pace_scrapy.page.nodes import NodeFeatures
from tests.factories import page

TEMPLATE = (
    '<html><body><p>Intro</p><span class="price">{}</span><s class="was">€9.00</s></body></html>'
)


def test_node_matching_alone_is_scored_on_labelled_pages() -> None:
    example = page(TEMPLATE.format("€5.00"))
    node = example.root.cssselect("span")[0]
    signature = NodeSignature(features=dict.fromkeys(NodeFeatures().features(node), 1.0))
    pages = [
        PageLabels(page(TEMPLATE.format("€7.00")), fields={"price": FieldLabel(["7.00"])}),
        PageLabels(page(TEMPLATE.format("€8.00")), fields={"price": FieldLabel(["8.50"])}),
        PageLabels(
            page("<html><body><p>Sold out</p></body></html>"),
            fields={"price": FieldLabel(["1.00"])},
        ),
        PageLabels(page(TEMPLATE.format("€1.00"))),  # not labelled: not scored
    ]
    score = signature_score("price", "price", signature, pages)
    assert (score.correct, score.wrong, score.missed) == (1, 1, 1)
    none = signature_score("price", "price", None, pages)
    assert (none.correct, none.wrong, none.missed) == (0, 0, 3)


def test_a_wrong_value_is_undecided_when_a_tied_rule_gives_the_right_one() -> None:
    html = '<html><head><meta name="a" content="{}"><meta name="b" content="{}"></head></html>'
    first, second = (Rule(source="meta", query=name) for name in ("a", "b"))
    spec = FieldSpec(rules=(first,))
    pages = [
        PageLabels(page(html.format("Right", "Right")), fields={"headline": FieldLabel(["Right"])}),
        PageLabels(page(html.format("SEO", "Right")), fields={"headline": FieldLabel(["Right"])}),
        PageLabels(page(html.format("SEO", "Other")), fields={"headline": FieldLabel(["Right"])}),
    ]
    tied = field_score("headline", "text", spec, pages, {first: (second,)})
    assert (tied.correct, tied.wrong, tied.undecided) == (1, 1, 1)
    alone = field_score("headline", "text", spec, pages)
    assert (alone.correct, alone.wrong, alone.undecided) == (1, 2, 0)
    undecided_only = field_score("headline", "text", spec, pages[1:2], {first: (second,)})
    assert undecided_only.precision == 0.0  # no value decided: no evidence
