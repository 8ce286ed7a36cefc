"""Checking and compiling the selectors and patterns a config holds.

CSS is translated to XPath once (cssselect's HTML translator) and compiled by lxml; compiled
expressions are cached, so a config's selectors are compiled once per process. A long group of
substring tests (the learner's furniture exclusions, ``[class*="related"], [id*="share"], ...``)
is matched in one pass instead: libxml2 evaluates a group as one test per alternative and
element, which on a whole page takes milliseconds.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from cssselect import HTMLTranslator, SelectorError, parse
from cssselect.parser import Attrib, Class, CombinedSelector, Element, Hash, Selector, Tree
from cssselect.xpath import XPathExpr, is_non_whitespace
from lxml import etree

# What a compiled query is: called on an element, it returns what an XPath evaluation would.
Query = Callable[[etree._Element], Any]
# Substring tests a CSS group needs to be matched in one pass (below, XPath is as fast).
MIN_SUBSTRING_GROUP = 8
_NAME = re.compile(r"^[a-zA-Z_][\w-]*$")


class _Translator(HTMLTranslator):
    """cssselect's HTML translator, with a class test that is cheap where it fails, a single
    attribute test that visits attributes instead of elements, and ``:has(> ...)`` translated
    with the child's own conditions.

    ``.name`` (``[class~=name]``) tests ``contains(@class, 'name')`` before the exact
    whitespace-separated test: libxml2 stops at the first false operand of ``and``, and the
    exact test builds two strings for every element with a class. Same matches: a name without
    whitespace that is a word of the normalised class is a substring of the class.

    A compound of one attribute test (``[class*="Body_"]``, ``div.story``, ``#main``) becomes
    ``div/@class[test]/..``, alone or in a chain of descendant and child combinators
    (``[class*="Figure_"] img``): libxml2 then tests the attribute nodes that exist instead of
    looking the attribute up on every element, which takes half the time. Same matches: each
    of these tests fails where the attribute is absent.
    """

    def selector_to_xpath(
        self,
        selector: Selector,
        prefix: str = "descendant-or-self::",
        translate_pseudo_elements: bool = False,
    ) -> str:
        path = None if selector.pseudo_element else self._attribute_path(selector.parsed_tree)
        if path is None:
            return super().selector_to_xpath(selector, prefix, translate_pseudo_elements)
        return f"{prefix or ''}{path}"

    def _attribute_path(self, tree: Tree) -> str | None:
        """The location path of a chain of type selectors and single-attribute compounds
        joined by descendant or child combinators, with at least one attribute test; ``None``
        for any other selector."""
        if isinstance(tree, CombinedSelector) and tree.combinator in _STEPS:
            left = self._attribute_path(tree.selector)
            right = self._attribute_path(tree.subselector)
            if left is None and right is None:
                return None  # no attribute test: the stock translation is as fast
            left = left or self._type_step(tree.selector)
            right = right or self._type_step(tree.subselector)
            return (
                None if left is None or right is None else f"{left}{_STEPS[tree.combinator]}{right}"
            )
        single = _single_attribute_test(tree)
        if single is None:
            return None
        element, name, operator, value = single
        test = getattr(self, f"xpath_attrib_{operator}")(XPathExpr(), ".", value)
        return f"{self.xpath(element)}/@{name}[{test.condition}]/.."

    def _type_step(self, tree: Tree) -> str | None:
        """``div`` or ``*`` for a plain type or universal selector (:func:`_plain_type`)."""
        element = _plain_type(tree)
        return None if element is None else str(self.xpath(element))

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
# Location steps of the combinators whose chains keep single attribute tests on attributes.
_STEPS = {" ": "/descendant-or-self::*/", ">": "/"}
# The attribute operators (cssselect's names) that never match where the attribute is absent.
_PRESENT_OPERATORS = frozenset(
    {"exists", "equals", "includes", "dashmatch", "prefixmatch", "suffixmatch", "substringmatch"}
)


def _single_attribute_test(tree: Tree) -> tuple[Element, str, str, str | None] | None:
    """``(element, attribute, operator, value)`` of a compound made of a type or universal
    selector and one attribute, class or id test, without namespaces."""
    value: str | None
    if isinstance(tree, Class):
        inner, name, operator, value = tree.selector, "class", "includes", tree.class_name
    elif isinstance(tree, Hash):
        inner, name, operator, value = tree.selector, "id", "equals", tree.id
    elif isinstance(tree, Attrib) and tree.namespace is None and _NAME.match(tree.attrib):
        inner, name = tree.selector, tree.attrib.lower()
        operator = _TRANSLATOR.attribute_operator_mapping[tree.operator]
        value = None if tree.value is None else str(tree.value.value)
    else:
        return None
    element = _plain_type(inner)
    if element is None or operator not in _PRESENT_OPERATORS:
        return None
    return element, name, operator, value


def _plain_type(tree: Tree) -> Element | None:
    """``tree`` when it is a type or universal selector without a namespace (``div``, ``*``)."""
    if not isinstance(tree, Element) or tree.namespace is not None:
        return None
    return tree if tree.element is None or _NAME.match(tree.element) else None


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


@lru_cache(maxsize=4096)
def compile_css(css: str) -> Query:
    """Compile a CSS selector (cached): to an XPath evaluator, or for a group of at least
    :data:`MIN_SUBSTRING_GROUP` ``[attribute*="text"]`` tests and tag names, to a
    :class:`SubstringGroup` (the same matches, in one pass)."""
    xpath = compile_xpath(css_to_xpath(css))  # also checks the selector
    group = substring_group(css)
    return group if group is not None else xpath


def compile_query(language: str, query: str) -> Query:
    """Compile a ``css`` or ``xpath`` query (cached)."""
    return compile_css(query) if language == "css" else compile_xpath(query)


class SubstringGroup:
    """A CSS group of tag names and ``[attribute*="text"]`` tests matched in one pass: one XPath
    scan for the elements that have one of the tags or attributes, then one regular expression
    per attribute. Matches are those of the group's XPath translation, in document order."""

    def __init__(self, tags: frozenset[str], texts: dict[str, list[str]]) -> None:
        self.tags = tags
        self.patterns = {
            name: re.compile(literal_alternation(values)) for name, values in texts.items()
        }
        tests = [f"@{name}" for name in texts] + [f"self::{tag}" for tag in sorted(tags)]
        self._candidates = etree.XPath(f"descendant-or-self::*[{' or '.join(tests)}]")

    def __call__(self, node: etree._Element) -> list[etree._Element]:
        found = self._candidates(node)
        assert isinstance(found, list)
        return [e for e in found if isinstance(e, etree._Element) and self._matches(e)]

    def _matches(self, element: etree._Element) -> bool:
        if element.tag in self.tags:
            return True
        for name, pattern in self.patterns.items():
            value = element.get(name)
            if value is not None and pattern.search(value):
                return True
        return False


def literal_alternation(words: Iterable[str]) -> str:
    """A regular expression matching any of ``words`` (literally), factored by common prefix:
    ``share|social|sponsor`` as ``s(?:hare|ocial|ponsor)``. Python's engine
    tries every alternative of a flat alternation at every position of the text searched; here
    it tries only those starting with the character there (a third faster on class names)."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # a word ends here
    return _branches(tree)


def _branches(node: dict[str, Any]) -> str:
    ends = "" in node
    alternatives = [
        re.escape(char) + _branches(rest) for char, rest in sorted(node.items()) if char
    ]
    if not alternatives:
        return ""
    if len(alternatives) == 1 and not ends:
        return alternatives[0]
    return "(?:" + "|".join(alternatives) + ")" + ("?" if ends else "")


def substring_group(css: str) -> SubstringGroup | None:
    """The one-pass matcher of a group of tag names and at least :data:`MIN_SUBSTRING_GROUP`
    ``[attribute*="text"]`` tests; ``None`` for any other selector."""
    try:
        selectors = parse(css)
    except SelectorError:
        return None
    tags: set[str] = set()
    texts: defaultdict[str, list[str]] = defaultdict(list)
    for selector in selectors:
        tree = selector.parsed_tree
        if selector.pseudo_element is not None:
            return None
        if isinstance(tree, Element) and tree.namespace is None and _NAME.match(tree.element or ""):
            tags.add(str(tree.element).lower())
            continue
        value = tree.value.value if isinstance(tree, Attrib) and tree.value is not None else None
        if not (
            isinstance(tree, Attrib)
            and tree.operator == "*="
            and tree.namespace is None
            and isinstance(tree.selector, Element)
            and tree.selector.element is None
            and tree.selector.namespace is None
            and _NAME.match(tree.attrib)
            and value
        ):
            return None
        texts[tree.attrib.lower()].append(str(value))
    if sum(map(len, texts.values())) < MIN_SUBSTRING_GROUP:
        return None
    return SubstringGroup(frozenset(tags), dict(texts))


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
