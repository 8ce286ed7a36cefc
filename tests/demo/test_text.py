"""Text generation helpers."""

from __future__ import annotations

import random

from pace_scrapy.demo.text import Writer, normalize_ws, slugify


def test_slugify_folds_accents_and_punctuation() -> None:
    assert slugify("Łódź’s Zürich — “São Paulo” 2024") == "lodzs-zurich-sao-paulo-2024"
    assert slugify("Søren Østergaard") == "soren-ostergaard"


def test_normalize_ws_handles_no_break_space() -> None:
    assert normalize_ws(" 12\u00a0km \n wide ") == "12 km wide"


def test_writer_is_deterministic_and_varied() -> None:
    first = [Writer(random.Random(5), "world").paragraph() for _ in range(3)]
    second = [Writer(random.Random(5), "world").paragraph() for _ in range(3)]
    assert first == second
    writer = Writer(random.Random(6), "sport")
    sentences = [writer.sentence() for _ in range(40)]
    assert len(set(sentences)) == 40
    assert any("“" in s for s in sentences)
    assert any("—" in s for s in sentences)
