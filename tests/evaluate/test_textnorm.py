import pytest

from pace_scrapy.evaluate.textnorm import (
    PRF,
    bag_prf,
    fold,
    prf,
    strip_punctuation,
    token_f1,
    word_tokens,
)


def test_fold_applies_nfkc_casefold_and_collapses_whitespace() -> None:
    assert fold("  \uff21\uff22\uff23\u00a0 Déjà\n STRASSE ") == "abc déjà strasse"
    assert fold("Straße") == "strasse"


def test_word_tokens_drop_punctuation_and_split_unspaced_scripts() -> None:
    assert word_tokens("Hello, world! It's 2024 — 東京タワー_x") == [
        *("hello", "world", "it", "s", "2024"),
        *("東", "京", "タ", "ワ", "ー", "x"),
    ]
    assert word_tokens(" ... ") == []


def test_strip_punctuation_only_at_the_ends() -> None:
    assert strip_punctuation("«¡Hola, a.b!»  ") == "Hola, a.b"
    assert strip_punctuation("?!") == ""


def test_prf_counts() -> None:
    assert prf(0, 0, 0) == PRF(1.0, 1.0, 1.0)
    assert prf(0, 3, 0) == PRF(0.0, 0.0, 0.0)
    assert prf(0, 0, 3) == PRF(0.0, 0.0, 0.0)
    score = prf(2, 4, 2)
    assert (score.precision, score.recall) == (0.5, 1.0)
    assert score.f1 == pytest.approx(2 / 3)


def test_bag_prf_matches_each_gold_token_once() -> None:
    # hits: a = min(2, 1), b = min(1, 2) -> 2 of 3 on each side
    score = bag_prf(["a", "a", "b"], ["a", "b", "b"])
    assert score.precision == pytest.approx(2 / 3)
    assert score.recall == pytest.approx(2 / 3)
    assert score.f1 == pytest.approx(2 / 3)


def test_token_f1_missing_texts() -> None:
    assert token_f1(None, None) == 1.0
    assert token_f1(None, "x") == 0.0
    # {red, car} against {a, red, car}: P 1, R 2/3
    assert token_f1("Red car.", "A red car") == pytest.approx(0.8)
