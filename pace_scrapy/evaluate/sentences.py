"""Offline sentence splitting for ROUGE-LSum.

fundus-evaluation splits texts with ``nltk.sent_tokenize`` (the Punkt algorithm with NLTK's
pre-trained English model), which needs the ``punkt`` data package, a download. This module runs
the same Punkt algorithm (NLTK's own implementation) with a hand-seeded English abbreviation
list instead of the trained parameters. Differences from the trained model:

- only the abbreviations below are known (the trained model knows a few hundred), so a period
  after any other abbreviation ends a sentence;
- no learned collocations, sentence starters or orthographic statistics, so the cases those
  decide (an initial or a number followed by a capitalised word, e.g. ``3. Mai``) split.

Like ``sent_tokenize``, paragraph breaks alone do not end a sentence: a heading without final
punctuation joins the first sentence after it. ROUGE-LSum differences are small (sentence
boundaries only change which LCS unions are taken).
"""

from __future__ import annotations

from functools import cache

from nltk.tokenize.punkt import (
    PunktParameters,
    PunktSentenceTokenizer,
)

# Lower-case, without the final period (Punkt's convention; inner periods kept: "u.s").
ABBREVIATIONS = frozenset(
    {
        *("mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "rev", "gen", "gov", "sen"),
        *("rep", "col", "lt", "sgt", "capt", "cmdr", "adm", "hon", "messrs", "mt", "ft"),
        *("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"),
        *("inc", "ltd", "co", "corp", "bros", "dept", "univ", "assn", "est"),
        *("vs", "etc", "e.g", "i.e", "cf", "al", "approx", "fig", "vol", "ed", "eds", "pp"),
        *("u.s", "u.k", "u.n", "u.s.a", "d.c", "a.m", "p.m", "ca", "ave", "blvd", "rd"),
    }
)


@cache
def _tokenizer() -> PunktSentenceTokenizer:
    parameters = PunktParameters()
    parameters.abbrev_types = set(ABBREVIATIONS)
    return PunktSentenceTokenizer(parameters)


def split_sentences(text: str) -> list[str]:
    """Split ``text`` into sentences (Punkt, seeded abbreviations), each whitespace-normalised."""
    sentences = (" ".join(s.split()) for s in _tokenizer().tokenize(text))
    return [s for s in sentences if s]
