from pace_scrapy.learn.labelers.heuristic import HeuristicLabeler
from tests.factories import page


def body_texts(html: str) -> list[str]:
    doc = page(html)
    labels = HeuristicLabeler().label([doc], "article")[0]
    return [doc.blocks[i].text for i in sorted(labels.body)]


def test_a_page_of_short_labels_has_no_body_label() -> None:
    # A gift-guide menu is not an article: no label beats a wrong one (the generic
    # fallback then gets such pages).
    menu = '<body><div id="main"><p>Link Love</p><p>Gift Guide</p><p>Holiday</p></div></body>'
    assert body_texts(menu) == []


def test_a_one_sentence_post_is_labelled() -> None:
    post = '<body><div id="main"><p>Repurposing food as art is creative.</p></div></body>'
    assert body_texts(post) == ["Repurposing food as art is creative."]
