"""Selectors and patterns of a config: translation, compilation, errors."""

from __future__ import annotations

import re

import lxml.html
import pytest
from cssselect import HTMLTranslator

from pace_scrapy.config.selectors import compile_css, compile_regex, compile_xpath

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
