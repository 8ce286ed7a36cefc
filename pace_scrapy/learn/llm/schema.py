"""The shape of the model's answer (pydantic models), its JSON schema and response formats.

The answer holds block ids, field names and value strings only. Fields are a list of named
entries rather than an object keyed by name, so the schema has no free-form keys and is valid
for strict structured output (every property required, no additional properties).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from openai.types.chat.completion_create_params import ResponseFormat
from pydantic import BaseModel, ConfigDict, Field, ValidationError

SCHEMA_NAME = "page_labels"
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ValueAnswer(_Strict):
    """One value of a field: the block showing it and the value as the block shows it."""

    block: int = Field(description="id of the block that shows the value")
    text: str = Field(
        description="the value exactly as the block shows it (only that part of its text)"
    )


class FieldAnswer(_Strict):
    """A field found on the page and its values."""

    name: str = Field(description="the field name (letters, digits and _)")
    values: list[ValueAnswer] = Field(description="its values, in page order")


class LabelAnswer(_Strict):
    """The model's answer for one page (or one chunk of it)."""

    body: list[int] = Field(description="ids of the main-content blocks, in page order")
    fields: list[FieldAnswer] = Field(description="the fields found, one entry per field")


@cache
def answer_schema() -> dict[str, Any]:
    """The JSON schema of :class:`LabelAnswer`."""
    return LabelAnswer.model_json_schema()


def schema_text() -> str:
    """The schema as compact JSON (for prompts when the endpoint cannot enforce it)."""
    return json.dumps(answer_schema(), separators=(",", ":"))


def json_schema_format() -> ResponseFormat:
    """``response_format`` asking the endpoint to enforce the answer schema."""
    return {
        "type": "json_schema",
        "json_schema": {"name": SCHEMA_NAME, "schema": answer_schema(), "strict": True},
    }


def json_object_format() -> ResponseFormat:
    """``response_format`` asking only for a JSON object (the schema is in the prompt)."""
    return {"type": "json_object"}


def parse_answer(content: str) -> LabelAnswer:
    """The answer in a reply (a Markdown code fence around it is allowed).

    Raises :class:`pydantic.ValidationError` for text that is not JSON or not the schema.
    """
    text = content.strip()
    fenced = _FENCE.match(text)
    return LabelAnswer.model_validate_json(fenced.group(1) if fenced else text)


def describe_errors(exc: ValidationError, limit: int = 5) -> str:
    """A short account of what is wrong with a reply (to feed back to the model)."""
    parts = []
    for error in exc.errors(include_url=False, include_input=False)[:limit]:
        where = ".".join(str(part) for part in error["loc"]) or "reply"
        parts.append(f"{where}: {error['msg']}")
    more = exc.error_count() - limit
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")
