from html import escape

import lxml.html

from pace_scrapy.page.parse import clean, parse_html


def cleaned(html: str) -> tuple[str, list[str]]:
    root = parse_html(html)
    jsonld = clean(root)
    return lxml.html.tostring(root.body, encoding="unicode"), jsonld


def test_scripts_styles_and_hidden_elements_are_removed_tails_kept() -> None:
    body, _ = cleaned(
        "<body><p>a<script>x()</script>b<style>p{}</style>c</p>"
        "<p hidden>h1</p><p aria-hidden='true'>h2</p><p aria-hidden='false'>shown</p>"
        "<p style='color: red; DISPLAY : NONE'>h3</p><p style='Visibility:Hidden'>h4</p>"
        "<p style='display: block; border: none'>shown too</p>"
        "<noscript>n</noscript><template>t</template><svg><text>s</text></svg>"
        "<!-- comment --><p>end<span hidden>x</span> tail</p></body>"
    )
    assert body == (
        '<body><p>abc</p><p aria-hidden="false">shown</p>'
        '<p style="display: block; border: none">shown too</p><p>end tail</p></body>'
    )


def test_plugin_fallback_content_stays_and_media_fallback_goes() -> None:
    # Browsers no longer run plugins, so they show an <object>'s content; they play audio and
    # video, so they never show what those hold for browsers that cannot.
    root = parse_html(
        '<body><object data="player.swf"><param name="movie" value="player.swf">'
        '<p class="caption">The minister speaks.</p></object>'
        '<video poster="v.jpg"><source src="v.mp4">Your browser cannot play this.'
        "<p>Download the video</p></video>"
        '<audio controls><track src="t.vtt"> <a href="a.mp3">a.mp3</a></audio></body>'
    )
    clean(root)
    assert root.body.text_content() == "The minister speaks."
    assert [e.tag for e in root.body.iter()] == [
        "body", "object", "p", "video", "source", "audio", "track"
    ]  # fmt: skip


def test_jsonld_is_kept_aside_and_meta_stays() -> None:
    root = parse_html(
        '<html><head><meta property="og:title" content="T">'
        '<script type="application/ld+json">{"@type": "NewsArticle"}</script></head>'
        '<body><script type="Application/LD+JSON">[1]</script><p>x</p></body></html>'
    )
    assert clean(root) == ['{"@type": "NewsArticle"}', "[1]"]
    assert root.find(".//meta").get("content") == "T"
    assert root.find(".//script") is None


def test_element_both_hidden_and_styled_is_dropped_once() -> None:
    body, _ = cleaned('<body><div hidden style="display:none"><p>x</p></div><p>y</p></body>')
    assert body == "<body><p>y</p></body>"


def test_empty_and_degenerate_inputs_give_an_empty_document() -> None:
    for html in ("", "   ", "<!-- only a comment -->"):
        root = parse_html(html)
        assert root.tag == "html"
        assert root.body is not None
        assert root.body.text_content() == ""


def test_xml_declaration_and_control_characters_are_tolerated() -> None:
    root = parse_html('<?xml version="1.0" encoding="utf-8"?><html><body><p>a\x00b\x0bc</p>')
    text = root.body.text_content()
    assert "".join(ch for ch in text if ch.isalpha()) == "abc"


def test_malformed_markup_is_recovered() -> None:
    root = parse_html("<div><p>one<p>two</div><table><tr><td>cell</table><b>unclosed")
    assert [p.text for p in root.iter("p")] == ["one", "two"]
    assert root.body.text_content().endswith("unclosed")


def test_a_title_never_closed_does_not_swallow_the_page() -> None:
    story = "The council met on Monday and voted for the new bridge. " * 30
    html = (
        "<html><head><title>Council news\n<script src='a.js'></script>"
        f"</head><body><div><p>{story}</p></div></body></html>"
    )
    root = parse_html(html)
    assert root.find("head/title").text.strip() == "Council news"
    assert root.body.text_content().strip() == story.strip()
    assert parse_html(html.replace("<title>", "<TITLE lang=en>")).body.text_content()


def test_a_long_title_with_escaped_markup_is_kept_whole() -> None:
    text = "Why <b> and <i> tags still matter " * 40
    root = parse_html(f"<html><head><title>{escape(text)}</title></head><body>x</body></html>")
    assert root.find("head/title").text == text
    assert root.body.text_content() == "x"


def test_hidden_paragraphs_of_text_stay_as_content_scripts_reveal() -> None:
    article = "<p>" + "The council met on Monday and voted for the new bridge. " * 6 + "</p>"
    body, _ = cleaned(
        f'<body><div hidden id="S:0">{article}</div><div hidden><p>Sign in</p></div></body>'
    )
    assert "voted for the new bridge" in body and "Sign in" not in body
