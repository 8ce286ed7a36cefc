"""The three body renderings (text, Markdown, HTML) on one article."""

from pace_scrapy.config.model import BodySpec, ImageSpec, Selector
from pace_scrapy.extract.body import select_body
from pace_scrapy.extract.images import collect_images
from pace_scrapy.extract.render_html import HtmlRenderer
from pace_scrapy.extract.render_markdown import MarkdownRenderer, escape
from pace_scrapy.extract.render_text import body_paragraphs
from tests.factories import page

DOC = page(
    """<body><article>
    <h2 class="x">Sub <em>heading</em></h2>
    <p>Plain <strong>bold</strong> and <i>italic</i> with a <a href="/link" onclick="x()">link</a>,
       <code>x*y</code> and a 5 * 3 [note].</p>
    <div class="ad"><p>AD TEXT</p></div>
    <p>Line one<br>line two</p>
    Loose text in the container
    <ul><li>Item <b>one</b></li><li>Item two<ol start="3"><li>Sub a</li><li>Sub b</li></ol></li></ul>
    <blockquote><p>Quote one.</p><p>Quote two.</p></blockquote>
    <pre>def f():
    return 1</pre>
    <figure><img data-src="/img/a.jpg" alt="Alt text"><figcaption>A caption <span class="credit">Photo: Z</span></figcaption></figure>
    <table><caption>T</caption><tr><th>k</th><th>v</th></tr><tr><td colspan="2">a|b</td></tr></table>
    <p># not a heading</p>
    </article></body>"""
)
BODY = select_body(
    DOC.root,
    BodySpec(containers=(Selector(css="article"),), exclude=(Selector(css=".ad"),)),
)
assert BODY is not None
IMAGES = collect_images(
    BODY.containers, BODY.skip, ImageSpec(credit=Selector(css=".credit")), DOC.base_url
)


def test_article_body_text() -> None:
    assert body_paragraphs(BODY.blocks, BODY.skip) == [
        "Sub heading",
        "Plain bold and italic with a link, x*y and a 5 * 3 [note].",
        "Line one",
        "line two",
        "Loose text in the container",
        "Item one",
        "Item two",
        "Sub a",
        "Sub b",
        "Quote one.",
        "Quote two.",
        "def f():\n    return 1",
        "k | v",
        "a|b | a|b",
        "# not a heading",
    ]


def test_markdown() -> None:
    markdown = MarkdownRenderer(BODY.skip, DOC.base_url, IMAGES).render(BODY.blocks)
    assert markdown == "\n\n".join(
        [
            "## Sub *heading*",
            "Plain **bold** and *italic* with a [link](https://news.example/link), `x*y` and a 5 \\* 3 \\[note\\].",
            "Line one\nline two",
            "Loose text in the container",
            "- Item **one**\n- Item two\n   3. Sub a\n   4. Sub b",
            "> Quote one.\n>\n> Quote two.",
            "```\ndef f():\n    return 1\n```",
            "![Alt text](https://news.example/img/a.jpg)\n\n*A caption — Photo: Z*",
            "*T*\n\n| k | v |\n| --- | --- |\n| a\\|b | a\\|b |",
            "\\# not a heading",
        ]
    )
    assert "AD TEXT" not in markdown


def test_html() -> None:
    html = HtmlRenderer(BODY.skip, DOC.base_url, IMAGES).render(BODY.blocks)
    lines = html.split("\n")
    assert lines[0] == "<h2>Sub <em>heading</em></h2>"
    assert lines[1].startswith(
        '<p>Plain <strong>bold</strong> and <i>italic</i> with a <a href="https://news.example/link">link</a>'
    )
    assert "<p>Line one<br>line two</p>" in lines
    assert "<p>Loose text in the container</p>" in lines
    assert '<img src="https://news.example/img/a.jpg" alt="Alt text">' in html
    assert '<td colspan="2">a|b</td>' in html
    assert "AD TEXT" not in html and "onclick" not in html and "class=" not in html


def test_markdown_escaping() -> None:
    assert escape("a*b_c`d[e]f\\g<h") == "a\\*b\\_c\\`d\\[e\\]f\\\\g\\<h"


def test_malformed_list_keeps_its_loose_content() -> None:
    doc = page(
        "<body><article><ul>lead text<p>para one</p><li>item</li><p>para two</p></ul>"
        "</article></body>"
    )
    body = select_body(doc.root, BodySpec(containers=(Selector(css="article"),)))
    assert body is not None
    assert body_paragraphs(body.blocks, body.skip) == ["lead text", "para one", "item", "para two"]
    markdown = MarkdownRenderer(body.skip, doc.base_url, {}).render(body.blocks)
    assert markdown == "lead text\npara one\n- item\npara two"


def test_markdown_escapes_syntax_only_at_line_starts() -> None:
    doc = page(
        "<body><article><p>1. one<br>  # two<br><br><br>- three<br>+ x<br>plain 2. no<br>= eq</p>"
        "<p>Plain text. 1 2 3 - + #</p><p>\u0663) arabic-indic digit</p></article></body>"
    )
    body = select_body(doc.root, BodySpec(containers=(Selector(css="article"),)))
    assert body is not None
    markdown = MarkdownRenderer(body.skip, doc.base_url, {}).render(body.blocks)
    assert markdown.split("\n\n") == [
        "\\1. one\n\\# two",
        "\\- three\n\\+ x\nplain 2. no\n\\= eq",
        "Plain text. 1 2 3 - + #",
        "\\\u0663) arabic-indic digit",
    ]


def test_inline_runs_stay_one_paragraph_and_line_breaks_split() -> None:
    doc = page(
        '<body><article>Lead <a href="/x">link</a> and <b>bold</b> end.<p>Para.</p>a<br>b</article></body>'
    )
    body = select_body(doc.root, BodySpec(containers=(Selector(css="article"),)))
    assert body is not None
    assert [b.text for b in body.blocks] == ["Lead link and bold end.", "Para.", "a b"]
    assert body_paragraphs(body.blocks, body.skip) == ["Lead link and bold end.", "Para.", "a", "b"]
