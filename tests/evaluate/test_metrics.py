import pytest

from pace_scrapy.evaluate.gold import GoldPage
from pace_scrapy.evaluate.metrics import score_page
from pace_scrapy.evaluate.prediction import PredictedImage, Prediction

BODY = ["Intro teaser here.", "Main text says one two three."]


def gold(**fields: object) -> GoldPage:
    return GoldPage.model_validate({"dataset": "d", "site": "s", **fields})


def test_only_annotated_fields_are_scored() -> None:
    page = gold(body=BODY, title=None)
    scores = score_page(Prediction(body=BODY), page)
    assert scores == {
        "body_rougelsum_precision": 1.0,
        "body_rougelsum_recall": 1.0,
        "body_rougelsum_f1": 1.0,
        "body_rougelsum_f1_own_fields": 1.0,
        "body_rouge5_f1": 1.0,
        "body_wer": 0.0,
        "title_match": 1.0,
    }


def test_optional_paragraphs_take_the_best_variant() -> None:
    page = gold(body=BODY, body_optional=[0])
    scores = score_page(Prediction(body=[BODY[1]]), page)
    assert scores["body_rougelsum_f1"] == 1.0
    assert scores["body_wer"] == 0.0
    # when the teaser is not optional, its 3 words of the 9 are deletions
    strict = score_page(Prediction(body=[BODY[1]]), gold(body=BODY))
    assert strict["body_wer"] == pytest.approx(3 / 9)


def test_own_fields_score_the_body_without_the_headline_and_byline_the_extractor_gives() -> None:
    story = ["Rain in Paris", "By Ann Lee, June 3, 2024", *BODY]
    page = gold(body=story)
    given = Prediction(
        body=BODY, title="Rain in Paris", authors=["Ann Lee"], date_published="2024-06-03"
    )
    scores = score_page(given, page)
    assert scores["body_rougelsum_f1"] < 1.0
    assert scores["body_rougelsum_f1_own_fields"] == 1.0
    # what the extractor did not give as a field stays in the gold
    bare = score_page(Prediction(body=BODY, title="Rain in Paris"), page)
    assert scores["body_rougelsum_f1"] < bare["body_rougelsum_f1_own_fields"] < 1.0
    # so is the description (a standfirst); a gold of nothing but the fields asks for no body
    standfirst = gold(body=["Rain in Paris", "It rained all day.", *BODY])
    described = Prediction(body=BODY, title="Rain in Paris", description="It rained all day.")
    assert score_page(described, standfirst)["body_rougelsum_f1_own_fields"] == 1.0
    # an item the body has as well stays in the gold (not counted as the body's extra text)
    repeated = described.model_copy(update={"body": ["It rained all day.", *BODY]})
    assert score_page(repeated, standfirst)["body_rougelsum_f1_own_fields"] == 1.0
    alone = gold(body=story[:2])
    assert score_page(given, alone)["body_rougelsum_f1_own_fields"] == 0.0
    nothing = Prediction(title="Rain in Paris", authors=["Ann Lee"], date_published="2024-06-03")
    assert score_page(nothing, alone)["body_rougelsum_f1_own_fields"] == 1.0


def test_missing_body_scores_zero() -> None:
    scores = score_page(Prediction(), gold(body=BODY))
    assert scores["body_rougelsum_f1"] == 0.0
    assert scores["body_rouge5_f1"] == 0.0
    assert scores["body_wer"] == 1.0


def test_metadata_images_and_snippets() -> None:
    page = gold(
        url="https://ex.com/news/1",
        title="Big News",
        authors=["Ann Lee"],
        date_published="2024-04-22 15:26:46+00:00",
        images=[{"src": "https://ex.com/a.jpg", "caption": "The car"}],
        must_include=["one two three", "absent sentence"],
        must_exclude=["Buy now", "Sign in"],
    )
    prediction = Prediction(
        body=["Main text says one two three.", "buy NOW"],
        title="big news.",
        authors=["Ann Lee", "Bob Roe"],
        date_published="22 April 2024",
        images=[PredictedImage(src="/a.jpg", caption="The car")],
    )
    assert score_page(prediction, page) == pytest.approx(
        {
            "title_match": 1.0,
            "title_given": 1.0,
            "authors_f1": 2 / 3,
            "authors_given": 1.0,
            "date_match": 1.0,
            "date_given": 1.0,
            "images_precision": 1.0,
            "images_recall": 1.0,
            "images_f1": 1.0,
            "captions_f1": 1.0,
            "must_include": 0.5,
            "must_exclude": 0.5,
        }
    )


def test_a_field_given_or_not_is_scored_only_where_the_gold_has_it() -> None:
    page = gold(title="Big News", authors=[], date_published="2024-04-22")
    scores = score_page(Prediction(authors=["Ann Lee"]), page)
    assert scores["title_given"] == 0.0 and scores["date_given"] == 0.0
    assert "authors_given" not in scores  # the gold says no author: no "given" to count
    assert scores["authors_f1"] == 0.0


def test_undefined_metrics_are_left_out() -> None:
    page = gold(must_include=[], attributes={"price": ["9.99"]}, tables=[[["a", "b"]]])
    scores = score_page(Prediction(tables=[[["a", "c"]]]), page)
    # nothing predicted: attribute precision undefined; no snippet: no must_include
    assert scores == {
        "attributes_recall": 0.0,
        "attributes_f1": 0.0,
        "tables_precision": 0.5,
        "tables_recall": 0.5,
        "tables_f1": 0.5,
    }


def test_attributes_are_micro_averaged_over_the_page() -> None:
    page = gold(attributes={"price": ["9.99"], "sku": ["A1"], "brand": []})
    prediction = Prediction(attributes={"price": ["EUR 9.99"], "sku": ["B2"]})
    # price tp; sku fp + fn; brand annotated empty and not predicted: nothing
    assert score_page(prediction, page) == pytest.approx(
        {"attributes_precision": 0.5, "attributes_recall": 0.5, "attributes_f1": 0.5}
    )
