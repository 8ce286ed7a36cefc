import lxml.html

from pace_scrapy.page.text import element_text, normalize_lines, normalize_space, subtree_text


def test_normalize_space_composes_drops_invisibles_and_collapses() -> None:
    text = "  cafe\u0301\u00a0au\u200b lait\u00ad\n\tnoir\ufeff "
    assert normalize_space(text) == "caf\u00e9 au lait noir"
    assert normalize_space("plain  ascii\ttext\n") == "plain ascii text"


def test_normalize_lines_keeps_non_empty_lines() -> None:
    assert normalize_lines(" one \n\n  two\u200b\n \u00ad \n") == ["one", "two"]


def test_subtree_text_marks_breaking_boundaries_and_keeps_tails_of_skipped() -> None:
    div = lxml.html.fragment_fromstring(
        "<div>lead\n<b>bold</b> mid<p>para<br>line</p><span>gone</span>tail<ul><li>a</li></ul></div>"
    )
    span = div.find("span")
    assert subtree_text(div) == "lead bold mid\npara\n\nline\ngonetail\n\na\n\n"
    assert subtree_text(div, {span}) == "lead bold mid\npara\n\nline\ntail\n\na\n\n"
    assert element_text(div, {span}) == "lead bold mid para line tail a"


def test_subtree_text_raw_keeps_source_line_breaks() -> None:
    pre = lxml.html.fragment_fromstring("<pre>x = 1\n<b>y</b> = 2\n</pre>")
    assert subtree_text(pre, raw=True) == "x = 1\ny = 2\n"
    assert subtree_text(pre) == "x = 1 y = 2 "
