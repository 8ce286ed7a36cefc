"""The bit-parallel alignments equal the textbook dynamic programmes (and rouge_score)."""

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest
from rouge_score import rouge_scorer

from pace_scrapy.evaluate.bitparallel import levenshtein, summary_lcs_hits
from pace_scrapy.evaluate.gold import iter_sites, load_site
from pace_scrapy.evaluate.metrics_body import rouge_lsum
from pace_scrapy.evaluate.sentences import split_sentences
from pace_scrapy.evaluate.textnorm import PRF


def textbook_levenshtein(first: list[str], second: list[str]) -> int:
    previous = list(range(len(second) + 1))
    for i, token in enumerate(first, start=1):
        current = [i]
        for j, other in enumerate(second, start=1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (token != other))
            )
        previous = current
    return previous[-1]


def rouge_score_hits(reference: list[list[str]], candidate: list[list[str]]) -> int:
    """Hits of rouge_score's own summary-level LCS (its private helpers, as 0.1.2 runs them)."""
    if not any(reference) or not any(candidate):
        return 0
    score = rouge_scorer._summary_level_lcs(reference, candidate)
    return round(score.recall * sum(map(len, reference)))


def random_sentences(rng: random.Random, alphabet: str, count: int, length: int) -> list[list[str]]:
    return [
        [rng.choice(alphabet) for _ in range(rng.randint(0, length))]
        for _ in range(rng.randint(0, count))
    ]


def test_levenshtein_known_values() -> None:
    assert levenshtein(list("kitten"), list("sitting")) == 3
    assert levenshtein(["a", "b", "c"], ["x", "b", "c", "d"]) == 2
    assert levenshtein([], ["a", "b"]) == 2
    assert levenshtein(["a", "b"], []) == 2
    assert levenshtein(["a", "b"], ["a", "b"]) == 0


def test_levenshtein_equals_the_textbook_table_on_random_inputs() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        alphabet = "abcdef"[: rng.randint(1, 6)]
        first = [rng.choice(alphabet) for _ in range(rng.randint(0, 80))]
        second = [rng.choice(alphabet) for _ in range(rng.randint(0, 80))]
        assert levenshtein(first, second) == textbook_levenshtein(first, second), (first, second)


def test_summary_lcs_known_value() -> None:
    # ROUGE paper example (sec. 3.2): r = w1..w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5:
    # union LCS = w1 w2 w3 w5 (4 hits)
    reference = [["w1", "w2", "w3", "w4", "w5"]]
    candidate = [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]]
    assert summary_lcs_hits(reference, candidate) == 4


def test_summary_lcs_hits_are_clipped_by_token_counts() -> None:
    # "a" occurs once in the candidate: two reference sentences cannot both use it
    assert summary_lcs_hits([["a"], ["a"]], [["a", "b"]]) == 1
    assert summary_lcs_hits([["a"]], []) == 0
    assert summary_lcs_hits([], [["a"]]) == 0


@pytest.mark.parametrize("alphabet", ["ab", "abcd", "abcdefghij"])
def test_summary_lcs_equals_rouge_score_on_random_inputs(alphabet: str) -> None:
    """Small alphabets make many equally long LCS: the tie-breaking must be rouge_score's."""
    rng = random.Random(alphabet)
    for _ in range(1500):
        reference = random_sentences(rng, alphabet, 5, 12)
        candidate = random_sentences(rng, alphabet, 5, 12)
        assert summary_lcs_hits(reference, candidate) == rouge_score_hits(reference, candidate), (
            reference,
            candidate,
        )


def test_summary_lcs_equals_rouge_score_on_long_segments() -> None:
    """Segments longer than a machine word and many of them (multi-word bit vectors)."""
    rng = random.Random(3)
    for _ in range(20):
        reference = random_sentences(rng, "ABCDEFGH", 12, 90)
        candidate = [[rng.choice("ABCDEFGH") for _ in range(rng.randint(1, 150))] for _ in range(9)]
        assert summary_lcs_hits(reference, candidate) == rouge_score_hits(reference, candidate)


def rouge_score_lsum(prediction: list[str], reference: list[str]) -> PRF:
    """rouge_score's own rougeLsum, given the sentences one per line."""

    def lines(paragraphs: list[str]) -> str:
        return "\n".join(split_sentences("\n\n".join(paragraphs)))

    scorer = rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=False, split_summaries=False)
    score = scorer.score(lines(reference), lines(prediction))["rougeLsum"]
    return PRF(float(score.precision), float(score.recall), float(score.fmeasure))


def test_rouge_lsum_equals_rouge_score_on_random_texts() -> None:
    rng = random.Random(11)
    words = ["the", "cat", "sat", "on", "a", "mat", "Dogs", "bark", "loudly", "at", "night"]
    for _ in range(300):
        texts = [
            [
                " ".join(rng.choice(words) for _ in range(rng.randint(1, 15))) + rng.choice(".!?")
                for _ in range(rng.randint(1, 6))
            ]
            for _ in range(2)
        ]
        assert rouge_lsum(texts[0], texts[1]) == rouge_score_lsum(texts[0], texts[1])


@pytest.mark.bench
def test_rouge_lsum_equals_rouge_score_on_real_bodies(bench: Path) -> None:
    """Gold bodies of one site scored against each other and against shuffled and cut copies:
    real sentences and shared boilerplate (only bodies under 400 words, to keep it quick)."""
    rng = random.Random(5)
    compared = Counter[str]()
    for dataset in ("dragnet", "l3s_gn1", "cleanportaleval"):
        for site in list(iter_sites(bench, dataset))[:6]:
            bodies = [
                list(page.gold.body)
                for page in load_site(site)
                if page.gold.body and sum(len(p.split()) for p in page.gold.body) < 400
            ][:3]
            for first, second in itertools.pairwise(bodies):
                shuffled = rng.sample(first, len(first))
                for prediction in (second, shuffled, first[: len(first) // 2] + second[:2]):
                    assert rouge_lsum(prediction, first) == rouge_score_lsum(prediction, first)
                    compared[dataset] += 1
    assert min(compared.values()) > 0, compared
