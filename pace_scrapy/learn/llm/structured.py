"""Getting a schema-valid answer: structured output where the endpoint supports it, else
``json_object`` with the schema in the prompt; always validated, invalid replies fed back.

An answer is asked with ``response_format`` ``json_schema`` (strict) until the endpoint rejects
it, then with ``json_object`` and the schema appended to the system message. Every reply is
validated against the pydantic models; an invalid one (not JSON, or not the schema) is re-asked,
at most ``invalid_retries`` times, with the conversation so far: each invalid reply (its first
``FEEDBACK_CHARS``, so re-asks fit the context) and its validation errors. Every re-ask is thus
a new request, never an identical one answered from the cache. A reply cut off at the token
limit raises :class:`TruncatedReply` (the caller asks about less).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from openai.types.chat import ChatCompletionMessageParam
from pydantic import ValidationError

from pace_scrapy.learn.llm.cache import CachedReply
from pace_scrapy.learn.llm.client import LlmClient
from pace_scrapy.learn.llm.errors import FormatRejected, InvalidReply, TruncatedReply
from pace_scrapy.learn.llm.prompts import SCHEMA_INSTRUCTION, correction
from pace_scrapy.learn.llm.schema import (
    LabelAnswer,
    describe_errors,
    json_object_format,
    json_schema_format,
    parse_answer,
    schema_text,
)

logger = logging.getLogger(__name__)

FEEDBACK_CHARS = 1000


def ask_labels(
    client: LlmClient, messages: Sequence[ChatCompletionMessageParam], retries: int
) -> LabelAnswer:
    """A valid answer to ``messages``.

    Raises :class:`TruncatedReply` when a reply is cut off, :class:`InvalidReply` when the
    replies stay invalid after ``retries`` re-asks, :class:`LlmError` when the endpoint fails.
    """
    feedback: list[ChatCompletionMessageParam] = []
    errors = ""
    for attempt in range(retries + 1):
        if attempt:
            client.stats.retried += 1
        reply = _complete(client, [*messages, *feedback])
        if reply.finish_reason == "length":
            client.stats.truncated_replies += 1
            raise TruncatedReply(
                f"reply cut off after {reply.completion_tokens or 'max'} tokens "
                f"(max_output_tokens {client.settings.max_output_tokens})"
            )
        try:
            return parse_answer(reply.content)
        except ValidationError as exc:
            client.stats.invalid_replies += 1
            errors = describe_errors(exc)
            logger.info("invalid reply from %s: %s", client.endpoint, errors)
        feedback += [
            {"role": "assistant", "content": reply.content[:FEEDBACK_CHARS]},
            {"role": "user", "content": correction(errors)},
        ]
    raise InvalidReply(f"{retries + 1} invalid replies, the last: {errors}")


def _complete(client: LlmClient, messages: Sequence[ChatCompletionMessageParam]) -> CachedReply:
    if client.json_schema:
        try:
            return client.complete(messages, json_schema_format())
        except FormatRejected as exc:
            client.stats.retried += 1
            client.use_json_object(str(exc))
    return client.complete(with_schema(messages), json_object_format())


def with_schema(
    messages: Sequence[ChatCompletionMessageParam],
) -> list[ChatCompletionMessageParam]:
    """The messages with the answer schema appended to the system message."""
    first, *rest = messages
    content = f"{first.get('content') or ''}{SCHEMA_INSTRUCTION}\n{schema_text()}"
    return [{"role": "system", "content": content}, *rest]
