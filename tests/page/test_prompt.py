from pace_scrapy.page.model import Page
from pace_scrapy.page.prompt import estimate_tokens, render_blocks


def test_rendering_names_blocks_and_truncates() -> None:
    page = Page.from_html(
        '<body><div id="main" class="a b c"><p class="lead">' + "x" * 300 + "</p></div>"
        "<h2>Heading</h2></body>",
        "https://e.com/",
    )
    lines = render_blocks(page.blocks, max_text=20).split("\n")
    assert lines[0] == "[0] p.lead " + "x" * 19 + "…"
    assert lines[1] == "[1] h2 Heading"


def test_container_text_blocks_show_id_and_classes() -> None:
    page = Page.from_html(
        '<body><div id="x y" class="one two three">text</div></body>', "https://e.com/"
    )
    assert render_blocks(page.blocks) == "[0] div#x.one.two text"


def test_token_estimate() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2
