import pytest

from pace_scrapy.evaluate.metrics_body import (
    body_variants,
    rouge_lsum,
    rouge_n,
    snippet_rate,
    word_error_rate,
)
from pace_scrapy.evaluate.textnorm import PRF


def test_body_variants_remove_every_subset_of_optional_paragraphs() -> None:
    body = ["a", "b", "c"]
    assert body_variants(body) == [["a", "b", "c"]]
    assert body_variants(body, [2, 0]) == [["a", "b", "c"], ["b", "c"], ["a", "b"], ["b"]]


def test_body_variants_with_too_many_optional_paragraphs() -> None:
    assert body_variants(["a", "b", "c"], [0, 2], max_optional=1) == [["a", "b", "c"], ["b"]]


def test_body_variants_reject_bad_indices() -> None:
    with pytest.raises(ValueError, match="out of range"):
        body_variants(["a"], [1])


def test_rouge_lsum_single_sentence_lcs() -> None:
    # reference sentences [the cat sat] [it was happy]; candidate [the cat sat on the mat]:
    # union LCS hits 3 + 0 of 6 reference and 6 candidate tokens
    score = rouge_lsum(["The cat sat on the mat."], ["The cat sat.", "It was happy."])
    assert score == PRF(0.5, 0.5, 0.5)


def test_rouge_lsum_is_summary_level_over_sentences() -> None:
    # the plain LCS of the two texts has 3 tokens; sentence by sentence all 6 match
    score = rouge_lsum(["Cats sleep all. Dogs bark loudly."], ["Dogs bark loudly. Cats sleep all."])
    assert score == PRF(1.0, 1.0, 1.0)


def test_rouge_lsum_precision_and_recall() -> None:
    # 4 hits; 4 reference tokens, 6 candidate tokens
    score = rouge_lsum(["One two three four. Five six."], ["One two three four."])
    assert score is not None
    assert score.precision == pytest.approx(4 / 6)
    assert score.recall == 1.0
    assert score.f1 == pytest.approx(0.8)


def test_rouge_lsum_uses_the_ascii_rouge_tokenizer() -> None:
    # "Präsidentin" -> "pr", "sidentin" on both sides; Cyrillic has no rouge token at all
    assert rouge_lsum(["PRÄSIDENTIN!"], ["Präsidentin"]) == PRF(1.0, 1.0, 1.0)
    assert rouge_lsum(["Привет мир"], ["Привет мир"]) is None


def test_rouge_lsum_empty_prediction_scores_zero() -> None:
    assert rouge_lsum([], ["Some text."]) == PRF(0.0, 0.0, 0.0)


def test_rouge_n_five_grams() -> None:
    # 5-grams: reference (a..e), (b..f); prediction (a..e), (b c d e x): 1 hit of 2 each
    assert rouge_n(["a b c d e x"], ["a b c d e f"]) == PRF(0.5, 0.5, 0.5)


def test_rouge_n_short_texts_use_the_shorter_length() -> None:
    assert rouge_n(["a b c"], ["A, b c!"]) == PRF(1.0, 1.0, 1.0)
    # n = 3: the reference trigram is one of the 3 predicted trigrams
    score = rouge_n(["x a b c y"], ["a b c"])
    assert score is not None
    assert score.precision == pytest.approx(1 / 3)
    assert score.recall == 1.0
    assert score.f1 == pytest.approx(0.5)


def test_rouge_n_empty_sides() -> None:
    assert rouge_n([], ["a b c d e"]) == PRF(0.0, 0.0, 0.0)
    assert rouge_n(["a"], ["...", " "]) is None


def test_word_error_rate() -> None:
    assert word_error_rate(["the cat sat"], ["the cat sat"]) == 0.0
    # one substitution (cat -> dog), one insertion (down)
    assert word_error_rate(["the dog sat down"], ["the cat sat"]) == pytest.approx(2 / 3)
    assert word_error_rate([], ["the cat sat"]) == 1.0
    assert word_error_rate(["The cat sat"], ["the cat sat"]) == pytest.approx(1 / 3)
    assert word_error_rate(["a", "b c"], ["a b", "c"]) == 0.0
    assert word_error_rate(["x"], [" "]) is None


def test_snippet_rate_is_case_and_whitespace_insensitive() -> None:
    text = ["Hello   World", "Foo bar", "\ufb01sh"]
    snippets = ["hello world", "WORLD foo", "missing", "  ", "fish"]
    # found: "hello world", "world foo" (across paragraphs), "fish" (NFKC of the ligature)
    assert snippet_rate(text, snippets) == pytest.approx(3 / 4)
    assert snippet_rate(text, []) is None
    assert snippet_rate([], ["x", "y"]) == 0.0
