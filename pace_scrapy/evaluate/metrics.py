"""Score one prediction against one gold page: every metric whose gold field is annotated.

Scores are in [0, 1] and higher is better, except ``body_wer`` (word error rate, lower is
better, can exceed 1). A metric that is undefined for a page (e.g. no gold token) is left out
of that page's scores. Aggregate attribute scores over pages by adding
:func:`~pace_scrapy.evaluate.metrics_attributes.attribute_counts`, not by averaging.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pace_scrapy.evaluate.gold import GoldPage
from pace_scrapy.evaluate.metrics_attributes import (
    AttributeCounts,
    attribute_counts,
    total_counts,
)
from pace_scrapy.evaluate.metrics_body import (
    body_variants,
    rouge_lsum,
    rouge_n,
    snippet_rate,
    word_error_rate,
)
from pace_scrapy.evaluate.metrics_fields import (
    authors_prf,
    date_match,
    normalize_title,
    title_match,
)
from pace_scrapy.evaluate.metrics_images import captions_f1, images_prf
from pace_scrapy.evaluate.metrics_tables import tables_prf
from pace_scrapy.evaluate.prediction import Prediction
from pace_scrapy.evaluate.textnorm import PRF
from pace_scrapy.extract.body import field_line
from pace_scrapy.page.text import normalize_space

Scores = dict[str, float | None]
Scorer = Callable[[Prediction, GoldPage], Scores]


def _best(scores: Iterable[PRF | None]) -> PRF | None:
    defined = [s for s in scores if s is not None]
    return max(defined, key=lambda s: s.f1) if defined else None


def _prf_scores(prefix: str, score: PRF | None) -> Scores:
    if score is None:
        return {}
    return {
        f"{prefix}_precision": score.precision,
        f"{prefix}_recall": score.recall,
        f"{prefix}_f1": score.f1,
    }


def _body(prediction: Prediction, gold: GoldPage) -> Scores:
    predicted = prediction.body or []
    variants = body_variants(gold.body or (), gold.body_optional or ())
    rouge5 = _best(rouge_n(predicted, v) for v in variants)
    errors = [e for e in (word_error_rate(predicted, v) for v in variants) if e is not None]
    own = [without_own_fields(v, prediction) for v in variants]
    return {
        **_prf_scores("body_rougelsum", _best(rouge_lsum(predicted, v) for v in variants)),
        "body_rougelsum_f1_own_fields": _own_fields_f1(predicted, own),
        "body_rouge5_f1": rouge5.f1 if rouge5 else None,
        "body_wer": min(errors, default=None),
    }


def without_own_fields(body: list[str], prediction: Prediction) -> list[str]:
    """The gold body without the items the prediction gives to other fields instead of its
    body: its headline, its description (a standfirst), and byline or date lines of its
    authors and day (the extractor's own test); an item its body has too stays. Golds differ
    on whether the body repeats them; this scores each extractor under its own convention."""
    fields = {normalize_title(text) for text in (prediction.title, prediction.description)}
    said = {normalize_title(item) for item in prediction.body or ()}
    day = (prediction.date_published or "")[:10] or None
    return [
        item
        for item in body
        if (key := normalize_title(item)) in said
        or (key not in fields and not field_line(normalize_space(item), prediction.authors, day))
    ]


def _own_fields_f1(predicted: list[str], variants: list[list[str]]) -> float | None:
    """The best ROUGE-LSum F1 against the variants; where one holds nothing (the gold shows
    only the fields, as on a page of a picture and its title), an empty body scores 1 on it
    and any other body 0."""
    said = any(item.strip() for item in predicted)
    f1s = []
    for variant in variants:
        if not any(item.strip() for item in variant):
            f1s.append(0.0 if said else 1.0)
        elif (score := rouge_lsum(predicted, variant)) is not None:
            f1s.append(score.f1)
    return max(f1s, default=None)


def _title(prediction: Prediction, gold: GoldPage) -> Scores:
    match = title_match(prediction.title, gold.title)
    return {"title_match": match, **_given("title", prediction.title, gold.title)}


def _authors(prediction: Prediction, gold: GoldPage) -> Scores:
    f1 = authors_prf(prediction.authors, gold.authors).f1
    return {"authors_f1": f1, **_given("authors", prediction.authors, gold.authors)}


def _date(prediction: Prediction, gold: GoldPage) -> Scores:
    match = date_match(prediction.date_published, gold.date_published)
    return {"date_match": match, **_given("date", prediction.date_published, gold.date_published)}


def _given(name: str, predicted: object, gold: object) -> Scores:
    """``<name>_given``: 1.0 when the extractor gave a value (right or wrong) for a field the
    gold has, 0.0 when it gave none; no score when the gold has none."""
    return {f"{name}_given": float(bool(predicted))} if gold else {}


def _images(prediction: Prediction, gold: GoldPage) -> Scores:
    images = gold.images or ()
    return {
        **_prf_scores("images", images_prf(prediction.images, images, gold.url)),
        "captions_f1": captions_f1(prediction.images, images, gold.url),
    }


def _tables(prediction: Prediction, gold: GoldPage) -> Scores:
    return _prf_scores("tables", tables_prf(prediction.tables, gold.tables or ()))


def page_attribute_counts(prediction: Prediction, gold: GoldPage) -> AttributeCounts | None:
    """The page's attribute counts, added over its gold attributes; None when not annotated."""
    if not gold.annotated("attributes"):
        return None
    return total_counts(attribute_counts(prediction.attributes, gold.attributes or {}).values())


def _attributes(prediction: Prediction, gold: GoldPage) -> Scores:
    counts = page_attribute_counts(prediction, gold) or AttributeCounts()
    return {
        "attributes_precision": counts.precision,
        "attributes_recall": counts.recall,
        "attributes_f1": counts.f1,
    }


def _must_include(prediction: Prediction, gold: GoldPage) -> Scores:
    return {"must_include": snippet_rate(prediction.body or (), gold.must_include or ())}


def _must_exclude(prediction: Prediction, gold: GoldPage) -> Scores:
    found = snippet_rate(prediction.body or (), gold.must_exclude or ())
    return {"must_exclude": None if found is None else 1.0 - found}


# Gold field -> scorer; a scorer runs only when the page's gold annotates its field.
PAGE_METRICS: tuple[tuple[str, Scorer], ...] = (
    ("body", _body),
    ("title", _title),
    ("authors", _authors),
    ("date_published", _date),
    ("images", _images),
    ("tables", _tables),
    ("attributes", _attributes),
    ("must_include", _must_include),
    ("must_exclude", _must_exclude),
)


def score_page(prediction: Prediction, gold: GoldPage) -> dict[str, float]:
    """Every defined metric for the annotated gold fields of one page.

    Keys: ``body_rougelsum_{precision,recall,f1}``, ``body_rougelsum_f1_own_fields`` (see
    :func:`without_own_fields`), ``body_rouge5_f1``, ``body_wer``,
    ``title_match``, ``authors_f1``, ``date_match`` (and ``title_given``, ``authors_given``,
    ``date_given`` where the gold has the field: whether the extractor gave one),
    ``images_{precision,recall,f1}``,
    ``captions_f1``, ``tables_{precision,recall,f1}``, ``attributes_{precision,recall,f1}``
    (micro over the page's annotated attributes), ``must_include`` (fraction of the snippets
    found) and ``must_exclude`` (fraction of the snippets *not* found).
    """
    scores: dict[str, float] = {}
    for field, scorer in PAGE_METRICS:
        if gold.annotated(field):
            scores |= {k: v for k, v in scorer(prediction, gold).items() if v is not None}
    return scores
