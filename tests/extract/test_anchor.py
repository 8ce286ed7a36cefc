from lxml.html import HtmlElement

from pace_scrapy.extract.anchor import text_anchor
from tests.factories import page

FIRST = "The council met on Tuesday night and voted to keep the library open."
SECOND = "Residents had gathered outside the town hall since the early afternoon."
THIRD = "A final decision on the budget is expected before the end of the month."


def _anchor(html: str, *texts: str) -> HtmlElement | None:
    return text_anchor(page(html).root, texts)


def test_the_anchor_is_the_deepest_element_holding_the_texts() -> None:
    html = (
        "<body><div id='page'><div id='story'><h1>Library</h1>"
        f"<div class='text'><p>{FIRST}</p><p>{SECOND}</p></div>"
        f"<div class='more'><p>{THIRD}</p></div></div><aside><p>Most read</p></aside></div></body>"
    )
    found = _anchor(html, FIRST, SECOND, THIRD)
    assert found is not None and found.get("id") == "story"
    found = _anchor(html, FIRST, SECOND)
    assert found is not None and found.get("class") == "text"


def test_a_stray_match_elsewhere_does_not_widen_the_anchor() -> None:
    long_text = FIRST * 5
    html = (
        f"<body><div id='story'><p>{long_text}</p><p>{SECOND}</p></div>"
        f"<div id='footer'><p>{THIRD}</p></div></body>"
    )
    found = _anchor(html, long_text, SECOND, THIRD)  # the footer's text is under a fifth
    assert found is not None and found.get("id") == "story"


def test_short_texts_body_level_holders_and_repeats_give_no_anchor() -> None:
    assert _anchor(f"<body><div><p>Share</p><p>{FIRST}</p></div></body>", "Share") is None
    assert _anchor(f"<body><p>{FIRST}</p><p>{SECOND}</p></body>", FIRST, SECOND) is None
    assert _anchor(f"<body><div><p>{FIRST}</p></div></body>", SECOND) is None
    # A teaser repeating the first paragraph later on counts once: the story is the anchor.
    html = (
        f"<body><div id='story'><p>{FIRST}</p><p>{SECOND}</p></div>"
        f"<div id='teasers'><p>{FIRST}</p></div></body>"
    )
    found = _anchor(html, FIRST, SECOND)
    assert found is not None and found.get("id") == "story"
