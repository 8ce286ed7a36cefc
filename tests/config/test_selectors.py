"""Selectors and patterns of a config: translation, compilation, errors."""

from __future__ import annotations

import re

import lxml.html
import pytest
from cssselect import HTMLTranslator
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from pace_scrapy.config.selectors import (
    SubstringGroup,
    compile_css,
    compile_regex,
    compile_xpath,
    css_to_xpath,
    literal_alternation,
    substring_group,
)

CLASSES = ["a", "ab", "b a", "x\ta\ny", " a ", "ba", "a-b", "A", "", None]
PAGE = "".join(
    f"<p id=p{index}{'' if cls is None else f' class={cls!r}'}>{index}</p>"
    for index, cls in enumerate(CLASSES)
)


@pytest.mark.parametrize("css", [".a", "p.a", ".a.b", "[class~=a]", ".a-b", "p:not(.a)"])
def test_class_selectors_match_what_cssselect_matches(css: str) -> None:
    root = lxml.html.fromstring(f"<div>{PAGE}</div>")
    stock = root.xpath(HTMLTranslator().css_to_xpath(css, prefix="descendant-or-self::"))
    ours = compile_css(css)(root)
    assert [e.get("id") for e in ours] == [e.get("id") for e in stock]
    assert ours  # every case selects something


ATTRIBUTE_PAGE = "".join(
    f"<{tag} id=e{index}{attrs}>{index}</{tag}>"
    for index, (tag, attrs) in enumerate(
        [
            ("p", ""),
            ("p", " class='Body_x lead'"),
            ("div", " class='lead' lang=en-GB data-ad-slot=''"),
            ("p", " lang=en rel=author class=''"),
            ("span", " data-ad-slot=top rel='author me'"),
        ]
    )
) + (
    "<section id=s1 class=Body_y><div id=d1 class=lead><p id=p1 class=lead>a</p>"
    "<span id=i1><img id=m1 class=lead></span></div><img id=m2></section>"
)


@pytest.mark.parametrize(
    "css",
    [
        '[class*="Body_"]',
        "p.lead",
        ".lead",
        "#e3",
        "[data-ad-slot]",
        'p[rel="author"]',
        '[rel~="me"]',
        '[lang|="en"]',
        '[class^="Bo"]',
        '[class$="ead"]',
        '[class=""]',
        '[class!="lead"]',  # matches elements without the attribute too: stays element-wise
        '[class*="Body_"], #e4',
        '[class*="Body_"] img',  # chains of descendant and child combinators
        "section > div.lead p",
        "div.lead > .lead",
        ".lead img.lead",
        "section div > img, #s1 > img",
        "div p.lead",
        "div.lead > p + span",  # another combinator: element-wise
    ],
)
def test_single_attribute_tests_match_what_cssselect_matches(css: str) -> None:
    root = lxml.html.fromstring(f"<div>{ATTRIBUTE_PAGE}</div>")
    stock = root.xpath(HTMLTranslator().css_to_xpath(css, prefix="descendant-or-self::"))
    ours = compile_css(css)(root)
    assert [e.get("id") for e in ours] == [e.get("id") for e in stock]
    assert ours
    assert ("/@" in css_to_xpath(css)) is ("!=" not in css and "+" not in css)


def test_has_a_child_tests_the_childs_own_conditions() -> None:
    # cssselect 1.3 alone tests the class on the parent: td[./p][@class ...]
    root = lxml.html.fromstring(
        "<table><tr><td id=a><p class=story>x</p></td><td id=b class=story><p>y</p></td></tr>"
        "</table>"
    )
    assert [e.get("id") for e in compile_css("td:has(> p.story)")(root)] == ["a"]
    assert [e.get("id") for e in compile_css("td:has(> .story)")(root)] == ["a"]


def test_a_class_name_with_a_space_matches_nothing() -> None:
    root = lxml.html.fromstring(f"<div>{PAGE}</div>")
    assert compile_css('[class~="b a"]')(root) == []


@pytest.mark.parametrize(
    ("compile_", "bad"),
    [(compile_css, "p[["), (compile_xpath, "//p["), (compile_regex, "(unclosed")],
)
def test_invalid_expressions_name_the_value(compile_: object, bad: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        compile_(bad)  # type: ignore[operator]


def _tree(specs: list[tuple[str, str | None, str | None, int]]) -> list[lxml.html.HtmlElement]:
    """The elements of a tree made from ``(tag, class, id, parent index)`` specs, root first."""
    made = [lxml.html.fromstring("<div id=root></div>")]
    for tag, cls, ident, parent in specs:
        element = lxml.html.Element(tag)
        if cls is not None:
            element.set("class", cls)
        if ident is not None:
            element.set("id", ident)
        made[parent % len(made)].append(element)
        made.append(element)
    return made


FURNITURE = ", ".join(
    [f'[class*="{word}"], [id*="{word}"]' for word in ("related", "Share", "ad-", "promo")]
    + ["aside", "nav"]
)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["div", "p", "aside", "nav", "span"]),
            st.sampled_from([None, "", "related", "x-Share-y", "Related", "ad-slot", "head"]),
            st.sampled_from([None, "", "promo1", "PROMO", "ad-", "main"]),
            st.integers(min_value=0, max_value=3),
        ),
        max_size=12,
    )
)
def test_a_substring_group_matches_what_its_xpath_matches(
    specs: list[tuple[str, str | None, str | None, int]],
) -> None:
    made = _tree(specs)
    group = compile_css(FURNITURE)
    assert isinstance(group, SubstringGroup)
    stock = compile_xpath(css_to_xpath(FURNITURE))
    for node in made:
        assert group(node) == stock(node)


@given(st.lists(st.text(alphabet="ab.-*(", min_size=1, max_size=4), min_size=1), st.text("ab.-*("))
def test_a_literal_alternation_finds_what_a_flat_one_finds(words: list[str], text: str) -> None:
    factored = re.compile(literal_alternation(words))
    flat = re.compile("|".join(map(re.escape, words)))
    assert bool(factored.search(text)) == bool(flat.search(text))
    assert all(factored.fullmatch(word) for word in words)


def test_a_literal_alternation_shares_prefixes() -> None:
    assert literal_alternation(["share", "social", "s", "a.b"]) == r"(?:a\.b|s(?:hare|ocial)?)"


@pytest.mark.parametrize(
    "css",
    [
        '[class*="a"], [class*="b"]',  # too few tests to be worth a pass of its own
        FURNITURE + ", p.lead",  # a class test
        FURNITURE + ', [class^="x"]',  # another operator
        FURNITURE + ', div[class*="x"]',  # a test on one tag
        FURNITURE + ', [class*=""]',  # matches nothing in CSS
    ],
)
def test_other_selectors_stay_xpath(css: str) -> None:
    assert substring_group(css) is None
    assert isinstance(compile_css(css), etree.XPath)


COMPOUNDS = st.sampled_from(
    ["div", "p", "*", ".a", "p.a", '[class*="b"]', "#x", "div[id]", '[id^="y"]', "span.b"]
)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["div", "p", "span"]),
            st.sampled_from([None, "a", "b a", "ab", ""]),
            st.sampled_from([None, "x", "y1", ""]),
            st.integers(min_value=0, max_value=4),
        ),
        max_size=10,
    ),
    st.lists(COMPOUNDS, min_size=1, max_size=3),
    st.lists(st.sampled_from([" ", " > "]), min_size=2, max_size=2),
)
def test_chains_match_what_cssselect_matches(
    specs: list[tuple[str, str | None, str | None, int]],
    compounds: list[str],
    combinators: list[str],
) -> None:
    made = _tree(specs)
    css = compounds[0] + "".join(c + s for c, s in zip(combinators, compounds[1:], strict=False))
    stock = HTMLTranslator().css_to_xpath(css, prefix="descendant-or-self::")
    for node in made:
        assert compile_css(css)(node) == node.xpath(stock)
