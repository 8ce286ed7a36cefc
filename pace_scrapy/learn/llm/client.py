"""Chat completions from an OpenAI-compatible endpoint, through a disk cache, counted.

The ``openai`` client does the HTTP work, retrying 429, 5xx and timeouts with exponential
backoff (``max_retries``) within ``timeout``; what still fails becomes an :class:`LlmError`
naming the endpoint and the status. Two HTTP 400 answers are told apart: a request longer than
the model's context raises :class:`ContextExceeded` (the caller asks about fewer blocks), and a
rejected ``json_schema`` response format (400/422 naming it) raises :class:`FormatRejected`;
the client then remembers, for the session and in the cache folder, to use ``json_object``.
The OpenAI client is created on the first cache miss, so a fully cached run needs neither the
endpoint nor a key.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from types import TracebackType
from typing import Any

import httpx2
from openai import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    BadRequestError,
    DefaultHttpxClient,
    OpenAI,
    UnprocessableEntityError,
    omit,
)
from openai.types.chat import ChatCompletion, ChatCompletionMessageParam
from openai.types.chat.completion_create_params import ResponseFormat

from pace_scrapy.learn.llm.cache import CachedReply, FormatNote, ResponseCache, request_key
from pace_scrapy.learn.llm.errors import ContextExceeded, FormatRejected, LlmError
from pace_scrapy.learn.llm.settings import LlmSettings
from pace_scrapy.learn.llm.stats import LlmStats

logger = logging.getLogger(__name__)

OPENAI_BASE_URL = "https://api.openai.com/v1"
# A local server (llama.cpp, vLLM...) needs no key, but the client insists on one.
NO_KEY = "not-needed"
_FORMAT_WORDS = ("response_format", "json_schema")
_CONTEXT = re.compile(r"context.{0,40}(length|size|window|exceed)|too many tokens|too long", re.I)
_MAX_MESSAGE = 300


class LlmClient:
    """One endpoint and model, with a cache and counters (a context manager: close it)."""

    def __init__(self, settings: LlmSettings, stats: LlmStats | None = None) -> None:
        self.settings = settings
        self.stats = stats if stats is not None else LlmStats()
        self.cache = ResponseCache(settings.cache_dir)
        self.endpoint = (settings.base_url or OPENAI_BASE_URL).rstrip("/") + "/chat/completions"
        self._format_key = request_key({"endpoint": self.endpoint, "model": settings.model})
        note = self.cache.load(self._format_key, FormatNote)
        self.json_schema = note is None or note.json_schema
        self._openai: OpenAI | None = None

    def __enter__(self) -> LlmClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP connections (if any were opened)."""
        if self._openai is not None:
            self._openai.close()
            self._openai = None

    def use_json_object(self, reason: str) -> None:
        """Ask with ``json_object`` from now on (remembered in the cache folder)."""
        logger.warning(
            "%s rejects response_format json_schema; using json_object with the schema in the "
            "prompt (%s)",
            self.endpoint,
            reason,
        )
        self.json_schema = False
        self.cache.save(self._format_key, FormatNote(json_schema=False, reason=reason))

    def complete(
        self, messages: Sequence[ChatCompletionMessageParam], response_format: ResponseFormat
    ) -> CachedReply:
        """The model's reply to ``messages``: from the cache, else from the endpoint (then
        cached). Raises :class:`FormatRejected` or :class:`LlmError`."""
        request: dict[str, Any] = {
            "model": self.settings.model,
            "messages": list(messages),
            "response_format": response_format,
            "max_tokens": self.settings.max_output_tokens,
            "temperature": self.settings.temperature,
        }
        key = request_key(request)
        cached = self.cache.load(key, CachedReply)
        if cached is not None:
            self.stats.cached += 1
            return cached
        reply = self._send(messages, response_format)
        self.cache.save(key, reply)
        return reply

    def _send(
        self, messages: Sequence[ChatCompletionMessageParam], response_format: ResponseFormat
    ) -> CachedReply:
        self.stats.calls += 1
        temperature = self.settings.temperature
        try:
            completion = self._client().chat.completions.create(
                model=self.settings.model,
                messages=messages,
                response_format=response_format,
                max_tokens=self.settings.max_output_tokens,
                temperature=omit if temperature is None else temperature,
            )
        except (BadRequestError, UnprocessableEntityError) as exc:
            if response_format["type"] == "json_schema" and _names_format(exc):
                raise FormatRejected(self._status_message(exc)) from exc
            if _CONTEXT.search(str(exc.message)):
                raise ContextExceeded(self._status_message(exc)) from exc
            self.stats.failed += 1
            raise LlmError(self._status_message(exc)) from exc
        except APITimeoutError as exc:
            self.stats.failed += 1
            raise LlmError(
                f"{self.endpoint}: no answer within {self.settings.timeout:g} s (tried "
                f"{self.settings.max_retries + 1} times); raise PACE_LLM_TIMEOUT for a slow "
                "server"
            ) from exc
        except APIConnectionError as exc:
            self.stats.failed += 1
            raise LlmError(f"{self.endpoint}: cannot connect ({exc})") from exc
        except APIStatusError as exc:
            self.stats.failed += 1
            raise LlmError(self._status_message(exc)) from exc
        return self._reply(completion)

    def _reply(self, completion: ChatCompletion) -> CachedReply:
        usage = completion.usage
        prompt = usage.prompt_tokens if usage else 0
        answer = usage.completion_tokens if usage else 0
        self.stats.prompt_tokens += prompt
        self.stats.completion_tokens += answer
        if not completion.choices:
            return CachedReply(content="", finish_reason="stop")
        choice = completion.choices[0]
        return CachedReply(
            content=choice.message.content or "",
            finish_reason=choice.finish_reason or "stop",
            prompt_tokens=prompt,
            completion_tokens=answer,
        )

    def _status_message(self, exc: APIStatusError) -> str:
        retried = exc.status_code == 429 or exc.status_code >= 500
        tries = f" after {self.settings.max_retries + 1} tries" if retried else ""
        detail = exc.message if len(exc.message) <= _MAX_MESSAGE else exc.message[:_MAX_MESSAGE]
        return f"{self.endpoint}: HTTP {exc.status_code}{tries}: {detail}"

    def _client(self) -> OpenAI:
        if self._openai is None:
            settings = self.settings
            if settings.api_key is None and settings.base_url is None:
                raise LlmError(f"{self.endpoint}: no API key: set OPENAI_API_KEY")
            self._openai = OpenAI(
                api_key=settings.api_key or NO_KEY,
                base_url=settings.base_url or OPENAI_BASE_URL,
                timeout=settings.timeout,
                max_retries=settings.max_retries,
                http_client=DefaultHttpxClient(event_hooks={"request": [self._count_request]}),
            )
        return self._openai

    def _count_request(self, request: httpx2.Request) -> None:
        self.stats.http_requests += 1


def _names_format(exc: APIStatusError) -> bool:
    """True when an error is about the response format."""
    text = f"{exc.message} {exc.body}".lower()
    return any(word in text for word in _FORMAT_WORDS)
