import pytest
from pydantic import ValidationError

from pace_scrapy.evaluate.prediction import PredictedImage, Prediction


def test_empty_prediction_extracts_nothing() -> None:
    prediction = Prediction()
    assert prediction.body is None
    assert (prediction.authors, prediction.images, prediction.tables) == ([], [], [])
    assert prediction.attributes == {}


def test_prediction_rejects_unknown_fields_and_images_without_source() -> None:
    with pytest.raises(ValidationError, match="author"):
        Prediction.model_validate({"author": "Ann"})
    with pytest.raises(ValidationError, match="src"):
        PredictedImage.model_validate({"caption": "no source"})
