from pace_scrapy.learn.induce.body_sample import FEW_ROOTS, BodySample
from tests.factories import page


def test_selection_under_many_roots_is_the_selection_under_each() -> None:
    boxes = "".join(
        f'<div class="box"><p class="ad">Ad {i}</p><div class="ad"><p class="ad">Ad</p></div>'
        f"<p>Text {i}</p></div>"
        for i in range(FEW_ROOTS + 2)
    )
    sample = BodySample(page(f'<body><p class="ad">Outside</p>{boxes}</body>'), frozenset())
    roots = sample.select("div.box")
    assert len(roots) > FEW_ROOTS
    expected = [e for root in roots for e in sample.select(".ad", [root])]  # few roots each
    assert sample.select(".ad", roots) == expected
    assert [e.text_content() for e in expected[:2]] == ["Ad 0", "Ad"]  # outermost only
