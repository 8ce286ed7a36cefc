"""Checking and compiling the selectors and patterns a config holds.

CSS is translated to XPath once (cssselect's HTML translator) and compiled by lxml; compiled
expressions are cached, so a config's selectors are compiled once per process.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError
from cssselect.xpath import XPathExpr, is_non_whitespace
from lxml import etree


class _Translator(HTMLTranslator):
    """cssselect's HTML translator, with a class test that is cheap where it fails, and
    ``:has(> ...)`` translated with the child's own conditions.

    ``.name`` (``[class~=name]``) tests ``contains(@class, 'name')`` before the exact
    whitespace-separated test: libxml2 stops at the first false operand of ``and``, and the
    exact test builds two strings for every element with a class. Same matches: a name without
    whitespace that is a word of the normalised class is a substring of the class.
    """

    def xpath_attrib_includes(self, xpath: XPathExpr, name: str, value: str | None) -> XPathExpr:
        if not value or not is_non_whitespace(value):
            return super().xpath_attrib_includes(xpath, name, value)  # matches nothing
        word = self.xpath_literal(f" {value} ")
        xpath.add_condition(
            f"contains({name}, {self.xpath_literal(value)}) and "
            f"contains(concat(' ', normalize-space({name}), ' '), {word})"
        )
        return xpath

    def xpath_relation_child_combinator(self, left: XPathExpr, right: XPathExpr) -> XPathExpr:
        # cssselect 1.3 puts the child's conditions on the parent (``td:has(> p.x)`` became
        # ``td[./p][@class ...]``); they belong inside the child step, as for ``:has(p.x)``.
        return left.join("[./", right, closing_combiner="]", has_inner_condition=True)


_TRANSLATOR = _Translator()


@lru_cache(maxsize=4096)
def css_to_xpath(css: str) -> str:
    """Translate a CSS selector to an XPath evaluated relative to a context node."""
    try:
        return str(_TRANSLATOR.css_to_xpath(css, prefix="descendant-or-self::"))
    except SelectorError as exc:
        raise ValueError(f"invalid CSS selector {css!r}: {exc}") from exc


@lru_cache(maxsize=4096)
def compile_xpath(xpath: str) -> etree.XPath:
    """Compile an XPath expression (cached)."""
    try:
        return etree.XPath(xpath, smart_strings=False)
    except etree.XPathSyntaxError as exc:
        raise ValueError(f"invalid XPath {xpath!r}: {exc}") from exc


def compile_css(css: str) -> etree.XPath:
    """Compile a CSS selector to an XPath evaluator (cached)."""
    return compile_xpath(css_to_xpath(css))


def compile_query(language: str, query: str) -> etree.XPath:
    """Compile a ``css`` or ``xpath`` query (cached)."""
    return compile_css(query) if language == "css" else compile_xpath(query)


def check_css(css: str) -> str:
    """Validate a CSS selector, returning it unchanged."""
    compile_css(css)
    return css


def check_xpath(xpath: str) -> str:
    """Validate an XPath expression, returning it unchanged."""
    compile_xpath(xpath)
    return xpath


@lru_cache(maxsize=4096)
def compile_regex(pattern: str) -> re.Pattern[str]:
    """Compile a regular expression from a config (case-insensitive, cached)."""
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise ValueError(f"invalid regular expression {pattern!r}: {exc}") from exc


def check_regex(pattern: str) -> str:
    """Validate a regular expression, returning it unchanged."""
    compile_regex(pattern)
    return pattern
