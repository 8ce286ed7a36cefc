"""Main-text metrics: ROUGE-LSum, ROUGE-N, word error rate and snippet rates.

Bodies are lists of paragraphs. Every metric returns ``None`` when the gold side has nothing to
compare against (no tokens / words / snippets): such a page has no score for that metric.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain, combinations

from rouge_score import scoring, tokenize

from pace_scrapy.evaluate.bitparallel import levenshtein, summary_lcs_hits
from pace_scrapy.evaluate.sentences import split_sentences
from pace_scrapy.evaluate.textnorm import PRF, fold, prf, word_tokens

MAX_OPTIONAL_PARAGRAPHS = 4
ROUGE_N = 5


def body_variants(
    body: Sequence[str], optional: Iterable[int] = (), max_optional: int = MAX_OPTIONAL_PARAGRAPHS
) -> list[list[str]]:
    """The gold bodies a prediction is scored against, best score kept (as fundus-evaluation).

    Every subset of the ``optional`` paragraph indices is removed in turn, the full body first.
    With more than ``max_optional`` optional paragraphs (fundus-evaluation's default is 4), only
    two variants: all kept, all removed.
    """
    indices = sorted(set(optional))
    if any(not 0 <= i < len(body) for i in indices):
        raise ValueError(f"optional paragraph indices {indices} out of range for {len(body)} items")
    if len(indices) > max_optional:
        removals: Iterable[tuple[int, ...]] = [(), tuple(indices)]
    else:
        removals = chain.from_iterable(combinations(indices, k) for k in range(len(indices) + 1))
    return [[p for i, p in enumerate(body) if i not in removed] for removed in removals]


def _sentence_tokens(paragraphs: Sequence[str]) -> list[list[str]]:
    """The ``rouge_score`` tokens of each sentence (paragraphs joined by blank lines)."""
    sentences = split_sentences("\n\n".join(paragraphs))
    return [tokenize.tokenize(sentence, None) for sentence in sentences]


def rouge_lsum(prediction: Sequence[str], reference: Sequence[str]) -> PRF | None:
    """Summary-level ROUGE-L (``rougeLsum``) as fundus-evaluation computes it.

    Paragraphs are joined with blank lines and split into sentences, which are tokenized with
    ``rouge_score``'s default tokenizer (lower-cased ``[a-z0-9]+`` runs: other characters,
    accented letters included, separate tokens) and no stemmer. The sentence splitter is the
    offline Punkt of :mod:`pace_scrapy.evaluate.sentences` instead of ``nltk.sent_tokenize``.
    The scores equal ``rouge_score``'s ``rougeLsum`` given these sentences one per line; the
    union LCS is computed bit-parallel (:mod:`pace_scrapy.evaluate.bitparallel`).
    ``None`` when the reference has no such token (empty, or only non-Latin script).
    """
    gold = _sentence_tokens(reference)
    gold_size = sum(map(len, gold))
    if not gold_size:
        return None
    predicted = _sentence_tokens(prediction)
    predicted_size = sum(map(len, predicted))
    if not predicted_size:
        return PRF(0.0, 0.0, 0.0)
    hits = summary_lcs_hits(gold, predicted)
    precision, recall = hits / predicted_size, hits / gold_size
    return PRF(precision, recall, float(scoring.fmeasure(precision, recall)))


def rouge_n(prediction: Sequence[str], reference: Sequence[str], n: int = ROUGE_N) -> PRF | None:
    """ROUGE-N over :func:`~pace_scrapy.evaluate.textnorm.word_tokens` (Dripper uses N=5).

    Dripper/WebMainBench tokenizes with jieba (case kept, punctuation and spaces as tokens);
    here tokens are case-folded words, so values are not directly comparable to theirs. When
    either text has fewer than ``n`` tokens, ``n`` drops to the shorter length (so an exact
    short text scores 1, where WebMainBench would give 0). ``None`` when the reference has no
    token; an empty prediction scores 0.
    """
    gold = word_tokens("\n".join(reference))
    if not gold:
        return None
    predicted = word_tokens("\n".join(prediction))
    size = min(n, len(gold), len(predicted))
    if size == 0:
        return PRF(0.0, 0.0, 0.0)
    gold_grams, predicted_grams = _ngrams(gold, size), _ngrams(predicted, size)
    hits = sum((gold_grams & predicted_grams).values())
    return prf(hits, predicted_grams.total(), gold_grams.total())


def _ngrams(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def word_error_rate(prediction: Sequence[str], reference: Sequence[str]) -> float | None:
    """Word edits (substitutions + deletions + insertions) per reference word.

    Words are whitespace-separated and compared exactly (case and punctuation kept), as
    ``jiwer.wer`` does by default in fundus-evaluation. 0 is perfect; it can exceed 1.
    ``None`` when the reference has no word.
    """
    gold = " ".join(reference).split()
    if not gold:
        return None
    return levenshtein(" ".join(prediction).split(), gold) / len(gold)


def snippet_rate(text: Sequence[str], snippets: Iterable[str]) -> float | None:
    """Fraction of ``snippets`` found in the paragraphs ``text``.

    Both sides are NFKC-normalised, case-folded and whitespace-collapsed (WCXB compares
    lower-cased text), and paragraphs are joined by a space, so a snippet may span two.
    ``None`` when there is no non-blank snippet.
    """
    needles = [n for n in map(fold, snippets) if n]
    if not needles:
        return None
    haystack = fold("\n".join(text))
    return sum(needle in haystack for needle in needles) / len(needles)
