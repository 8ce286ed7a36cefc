"""Errors of the LLM labeller."""

from __future__ import annotations

from pace_scrapy.errors import PaceError


class LlmError(PaceError):
    """The model cannot label the pages: endpoint unreachable, HTTP error after retries,
    timeout, bad settings, or replies that stay unusable. The message names the endpoint or
    page and the cause."""


class FormatRejected(LlmError):
    """The endpoint rejected the ``json_schema`` response format (it may accept
    ``json_object``)."""


class ChunkTooLarge(LlmError):
    """Too much was asked at once: ask about fewer blocks."""


class TruncatedReply(ChunkTooLarge):
    """The reply was cut off at the output token limit (``finish_reason: length``)."""


class ContextExceeded(ChunkTooLarge):
    """The endpoint refused the request as longer than the model's context (HTTP 400)."""


class InvalidReply(LlmError):
    """The replies stayed invalid (not JSON, or not the schema) after the allowed re-asks."""
