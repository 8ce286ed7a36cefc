"""What the LLM labeller calls and how: a frozen settings object built from Scrapy settings
and the environment.

Each setting is read from the Scrapy settings first, then from the environment variable of the
same name; the endpoint also falls back to the OpenAI client's ``OPENAI_BASE_URL``, and the key
is read from ``OPENAI_API_KEY`` only (never from a settings file):

- ``PACE_LLM_MODEL``: the model name (required);
- ``PACE_LLM_BASE_URL``: an OpenAI-compatible endpoint (default: OpenAI's);
- ``PACE_LLM_TIMEOUT``: seconds to wait for one answer (120);
- ``PACE_LLM_MAX_RETRIES``: HTTP retries of 429, 5xx and timeouts, with backoff (3);
- ``PACE_LLM_MAX_CONTEXT_TOKENS``: the model's context window (8192);
- ``PACE_LLM_MAX_OUTPUT_TOKENS``: tokens an answer may take, sent as ``max_tokens`` (2048);
- ``PACE_LLM_INVALID_RETRIES``: re-asks after an answer that is not valid JSON (2);
- ``PACE_LLM_MIN_CHUNK_BLOCKS``: the smallest chunk a cut-off answer is split to (8);
- ``PACE_LLM_REVIEW_ROUNDS``: rounds in which pages whose labels disagree with the rules learnt
  from the other pages go back to the model, with both values, for a fix (1; 0: none);
- ``PACE_LLM_CACHE_DIR``: the answer cache (``.pace-cache/llm`` in the working directory).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pace_scrapy.learn.llm.errors import LlmError

DEFAULT_CACHE_DIR = Path(".pace-cache") / "llm"
# Numeric settings (``PACE_LLM_<NAME>``) and how they are read.
NUMBER_SETTINGS: dict[str, Callable[[str], int | float]] = {
    "timeout": float,
    "max_retries": int,
    "max_context_tokens": int,
    "max_output_tokens": int,
    "invalid_retries": int,
    "min_chunk_blocks": int,
    "review_rounds": int,
}


# One line of documentation per ``PACE_LLM_*`` setting (``LlmSettings`` holds the defaults);
# the Scrapy settings module lists them with the other ``PACE_*`` settings.
SETTING_DOCS = {
    "model": ("str", "The model the llm labeller asks (required for it)."),
    "base_url": ("str or None", "An OpenAI-compatible endpoint; else `OPENAI_BASE_URL`."),
    "timeout": ("float", "Seconds to wait for one answer."),
    "max_retries": ("int", "HTTP retries of 429, 5xx and timeouts, with backoff."),
    "max_context_tokens": ("int", "The model's context window; larger pages are chunked."),
    "max_output_tokens": ("int", "Tokens an answer may take (`max_tokens`)."),
    "invalid_retries": ("int", "Re-asks after an answer that is not valid JSON."),
    "min_chunk_blocks": ("int", "The smallest chunk a cut-off answer is split to."),
    "review_rounds": (
        "int",
        "Rounds in which pages whose labels disagree with the rules learnt from the other "
        "pages go back to the model for a fix (0: none).",
    ),
    "cache_dir": ("str", "The answer cache (re-learning is reproducible and offline)."),
}


@dataclass(frozen=True)
class LlmSettings:
    """How to reach the model and how much to ask of it. ``api_key`` is never shown in
    ``repr``; ``base_url`` ``None`` is OpenAI's own endpoint; a relative ``cache_dir`` is
    under the working directory."""

    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 120.0
    max_retries: int = 3
    max_context_tokens: int = 8192
    max_output_tokens: int = 2048
    invalid_retries: int = 2
    min_chunk_blocks: int = 8
    review_rounds: int = 1
    cache_dir: Path = DEFAULT_CACHE_DIR
    temperature: float | None = 0.0

    def __post_init__(self) -> None:
        if not self.model.strip():
            raise LlmError("no model: set PACE_LLM_MODEL")
        positive = ("timeout", "max_context_tokens", "max_output_tokens", "min_chunk_blocks")
        for name in positive:
            if getattr(self, name) <= 0:
                raise LlmError(f"LLM setting {name} must be positive, not {getattr(self, name)!r}")
        for name in ("max_retries", "invalid_retries", "review_rounds"):
            if getattr(self, name) < 0:
                raise LlmError(f"LLM setting {name} must be >= 0, not {getattr(self, name)!r}")
        if self.max_output_tokens >= self.max_context_tokens:
            raise LlmError(
                f"LLM setting max_output_tokens ({self.max_output_tokens}) must be smaller "
                f"than max_context_tokens ({self.max_context_tokens})"
            )


def llm_settings(
    settings: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None
) -> LlmSettings:
    """LLM settings from Scrapy ``settings`` (``PACE_LLM_*``) and the environment ``env``
    (default: ``os.environ``). Raises :class:`LlmError` naming a missing or bad setting."""
    environ = os.environ if env is None else env
    given = settings or {}

    def raw(name: str, *fallbacks: str) -> str | None:
        value = given.get(name)
        if value is None or value == "":
            value = next((environ[n] for n in (name, *fallbacks) if environ.get(n)), None)
        return None if value is None else str(value)

    numbers: dict[str, Any] = {}
    for attribute, parse in NUMBER_SETTINGS.items():
        name = f"PACE_LLM_{attribute.upper()}"
        text = raw(name)
        if text is None:
            continue
        try:
            numbers[attribute] = parse(text)
        except ValueError as exc:
            raise LlmError(f"LLM setting {name} must be a number, not {text!r}") from exc
    return LlmSettings(
        model=raw("PACE_LLM_MODEL") or "",
        base_url=raw("PACE_LLM_BASE_URL", "OPENAI_BASE_URL"),
        api_key=environ.get("OPENAI_API_KEY") or None,
        cache_dir=Path(raw("PACE_LLM_CACHE_DIR") or DEFAULT_CACHE_DIR),
        **numbers,
    )
