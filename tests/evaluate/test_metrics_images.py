import pytest

from pace_scrapy.evaluate.gold import GoldImage
from pace_scrapy.evaluate.metrics_images import (
    captions_f1,
    images_prf,
    match_images,
    normalize_image_url,
)
from pace_scrapy.evaluate.prediction import PredictedImage
from pace_scrapy.evaluate.textnorm import PRF


def test_normalize_image_url() -> None:
    assert normalize_image_url("HTTPS://Img.Example.COM/a.jpg?w=2&h=1#x") == (
        "//img.example.com/a.jpg?h=1&w=2"
    )
    assert normalize_image_url("http://ex.com/a.jpg") == normalize_image_url("https://ex.com/a.jpg")
    assert normalize_image_url("/a.jpg", "https://ex.com/news/1") == "//ex.com/a.jpg"
    assert normalize_image_url("a.jpg?w=1") != normalize_image_url("a.jpg?w=2")


GOLD = (
    GoldImage(src="https://ex.com/a.jpg?w=900", caption="A red car", alt_src=("/a.jpg?w=300",)),
    GoldImage(src="https://ex.com/b.jpg"),
)


def test_match_images_one_to_one_including_alternative_sources() -> None:
    predicted = [
        PredictedImage(src="https://ex.com/a.jpg?w=300", caption="red car"),
        PredictedImage(src="https://ex.com/c.jpg"),
        PredictedImage(src="//ex.com/b.jpg"),
        PredictedImage(src="https://ex.com/b.jpg"),
    ]
    assert match_images(predicted, GOLD, "https://ex.com/") == [(0, 0), (2, 1)]
    score = images_prf(predicted, GOLD, "https://ex.com/")
    assert (score.precision, score.recall) == (0.5, 1.0)
    assert score.f1 == pytest.approx(2 / 3)
    # matched pairs with a gold caption: only the first ({red, car} vs {a, red, car})
    assert captions_f1(predicted, GOLD, "https://ex.com/") == pytest.approx(0.8)


def test_no_images_annotated_and_none_extracted() -> None:
    assert images_prf([], []) == PRF(1.0, 1.0, 1.0)
    assert images_prf([PredictedImage(src="https://ex.com/x.jpg")], []).f1 == 0.0


def test_captions_need_a_matched_captioned_pair() -> None:
    assert captions_f1([PredictedImage(src="https://ex.com/b.jpg")], GOLD) is None
    assert captions_f1([PredictedImage(src="https://ex.com/a.jpg?w=900")], GOLD) == 0.0
