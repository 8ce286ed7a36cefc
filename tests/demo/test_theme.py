"""Hashed class names per build."""

from __future__ import annotations

import re

import pytest

from pace_scrapy.demo.theme import Theme


def test_class_name_shapes_and_stability() -> None:
    theme = Theme(seed=0, build=1)
    name = theme.m("ArticleBody", "body")
    assert re.fullmatch(r"ArticleBody_body__[A-Za-z0-9]{5}", name)
    assert re.fullmatch(r"css-[a-z0-9]{6}", theme.css("ad-slot"))
    assert Theme(seed=0, build=1).m("ArticleBody", "body") == name
    assert Theme(seed=0, build=2).m("ArticleBody", "body") != name
    assert Theme(seed=1, build=1).m("ArticleBody", "body") != name
    assert theme.m("ArticleBody", "chunk") != name


def test_layout_alternates_with_build() -> None:
    assert [Theme(0, b).layout for b in (1, 2, 3, 4)] == [1, 2, 1, 2]
    with pytest.raises(ValueError, match="build must be >= 1"):
        Theme(0, 0)
