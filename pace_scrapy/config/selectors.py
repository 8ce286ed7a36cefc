"""Checking and compiling the selectors and patterns a config holds.

CSS is translated to XPath once (cssselect's HTML translator) and compiled by lxml; compiled
expressions are cached, so a config's selectors are compiled once per process.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError
from lxml import etree

_TRANSLATOR = HTMLTranslator()


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
