"""The answer schema: valid for strict structured output, parsed and explained."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from pace_scrapy.learn.llm.schema import (
    answer_schema,
    describe_errors,
    json_schema_format,
    parse_answer,
)


def objects(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Every object schema in a schema (top level and definitions)."""
    return [schema, *schema.get("$defs", {}).values()]


def test_the_schema_suits_strict_structured_output() -> None:
    schema = answer_schema()
    for obj in objects(schema):
        assert obj["type"] == "object"
        assert obj["additionalProperties"] is False
        assert sorted(obj["required"]) == sorted(obj["properties"])
    assert schema["properties"]["body"]["items"] == {"type": "integer"}
    response_format: Any = json_schema_format()
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["schema"] == schema


def test_answers_are_parsed() -> None:
    text = (
        '{"body": [3, 4], "fields": [{"name": "headline", "values": [{"block": 1, "text": "T"}]}]}'
    )
    answer = parse_answer(text)
    assert answer.body == [3, 4]
    assert answer.fields[0].values[0].text == "T"
    assert parse_answer(f"```json\n{text}\n```") == answer


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Here you are: {}", "reply: Invalid JSON"),
        ('{"body": [], "fields": [], "sql": "drop"}', "sql: Extra inputs are not permitted"),
        ('{"body": "all", "fields": []}', "body: Input should be a valid"),
        ('{"body": [], "fields": [{"name": "x"}]}', "fields.0.values: Field required"),
    ],
)
def test_invalid_replies_are_explained(reply: str, expected: str) -> None:
    with pytest.raises(ValidationError) as caught:
        parse_answer(reply)
    assert expected in describe_errors(caught.value)
