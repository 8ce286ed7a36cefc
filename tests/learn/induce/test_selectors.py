import lxml.html

from pace_scrapy.config.selectors import compile_css
from pace_scrapy.learn.induce.selectors import (
    MAX_POSITION,
    by_child,
    candidate_selectors,
    class_selector,
    positional_path,
    unnamed,
)


def test_class_selectors_escape_and_generalise() -> None:
    assert class_selector("story") == ".story"
    assert class_selector("story.main") == '[class~="story.main"]'
    assert class_selector("Body_text__aB3x9") == '[class*="Body_text__"]'
    assert class_selector("css-abc123") is None
    # utility classes say how an element looks, not what it is
    assert all(class_selector(name) is None for name in ("mx-auto", "col-md-8", "md:flex"))


def test_candidates_match_the_element_and_survive_a_rebuild() -> None:
    before = lxml.html.fromstring(
        '<html><body><main id="m"><div class="Article_body__x7Kq2" itemprop="articleBody">'
        "<p>x</p></div></main></body></html>"
    )
    after = lxml.html.fromstring(
        '<html><body><main id="m"><div class="Article_body__Zz91q" itemprop="articleBody">'
        "<p>x</p></div></main></body></html>"
    )
    target = before.find(".//div")
    candidates = candidate_selectors(target)
    assert '[class*="Article_body__"]' in " ".join(candidates)
    for css in candidates:
        assert target in compile_css(css)(before), css
    survivors = [css for css in candidates if compile_css(css)(after)]
    assert 'div[class*="Article_body__"]' in survivors
    assert 'div[itemprop="articleBody"]' in survivors


def test_positional_path_for_class_less_layouts() -> None:
    doc = lxml.html.fromstring(
        "<html><body><table><tr><td>nav</td></tr></table>"
        "<table><tr><td>menu</td><td><p>story</p></td></tr></table></body></html>"
    )
    cell = doc.findall(".//td")[2]
    path = positional_path(cell)
    assert path == "body > table:nth-of-type(2) > tr:nth-of-type(1) > td:nth-of-type(2)"
    assert compile_css(path)(doc) == [cell]


def test_no_positional_path_beyond_the_furthest_position() -> None:
    doc = lxml.html.fromstring(
        "<html><body><div>" + "<p>x</p>" * (MAX_POSITION + 1) + "</div></body></html>"
    )
    paragraphs = doc.findall(".//p")
    assert positional_path(paragraphs[MAX_POSITION - 1]) == (
        f"body > div:nth-of-type(1) > p:nth-of-type({MAX_POSITION})"
    )
    assert positional_path(paragraphs[MAX_POSITION]) is None  # no handle on another page


def test_an_unnamed_element_is_known_by_its_childs_names() -> None:
    doc = lxml.html.fromstring(
        "<html><body><table><tr><td><p class='story2 lead'>one</p><p class=story2>two</p>"
        "<div class=mpu>ad</div></td><td><p class=story2>menu</p></td></tr></table></body></html>"
    )
    cell = doc.find(".//td")
    assert by_child(cell, cell[0]) == ["td:has(> p.story2)", "td:has(> p.lead)"]
    assert compile_css("td:has(> p.lead)")(doc) == [cell]
    assert by_child(cell[0], cell) == []  # the paragraph has names of its own


def test_unnamed_selectors_are_tag_names_only() -> None:
    assert unnamed("h1") and unnamed("div > h2") and unnamed("body > div:nth-of-type(2) > p")
    assert not unnamed("h1.title")
    assert not unnamed("#main > h1")
    assert not unnamed('[itemprop="headline"]')
