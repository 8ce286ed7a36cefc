"""LLM settings from Scrapy settings and the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from pace_scrapy.learn.llm.errors import LlmError
from pace_scrapy.learn.llm.settings import DEFAULT_CACHE_DIR, LlmSettings, llm_settings


def test_from_the_environment() -> None:
    env = {
        "PACE_LLM_MODEL": "qwen2.5-7b",
        "OPENAI_BASE_URL": "http://localhost:8080/v1",
        "OPENAI_API_KEY": "sk-secret",
        "PACE_LLM_TIMEOUT": "30.5",
        "PACE_LLM_MAX_RETRIES": "5",
        "PACE_LLM_MAX_CONTEXT_TOKENS": "32768",
        "PACE_LLM_CACHE_DIR": "/tmp/llm-cache",
    }
    settings = llm_settings(env=env)
    assert settings.model == "qwen2.5-7b"
    assert settings.base_url == "http://localhost:8080/v1"
    assert settings.api_key == "sk-secret"
    assert (settings.timeout, settings.max_retries) == (30.5, 5)
    assert settings.max_context_tokens == 32768
    assert settings.max_output_tokens == 2048  # the default
    assert settings.cache_dir == Path("/tmp/llm-cache")


def test_scrapy_settings_come_before_the_environment() -> None:
    env = {"PACE_LLM_MODEL": "env-model", "OPENAI_BASE_URL": "http://env/v1"}
    scrapy = {"PACE_LLM_MODEL": "setting-model", "PACE_LLM_BASE_URL": "http://set/v1"}
    settings = llm_settings(scrapy, env=env)
    assert (settings.model, settings.base_url) == ("setting-model", "http://set/v1")
    assert settings.api_key is None
    assert settings.cache_dir == DEFAULT_CACHE_DIR


def test_the_key_is_not_shown() -> None:
    settings = llm_settings(env={"PACE_LLM_MODEL": "m", "OPENAI_API_KEY": "sk-secret"})
    assert "sk-secret" not in repr(settings)


def test_a_model_is_required() -> None:
    with pytest.raises(LlmError, match="PACE_LLM_MODEL"):
        llm_settings(env={})


def test_bad_numbers_are_named() -> None:
    with pytest.raises(LlmError, match="PACE_LLM_TIMEOUT must be a number, not 'soon'"):
        llm_settings(env={"PACE_LLM_MODEL": "m", "PACE_LLM_TIMEOUT": "soon"})
    with pytest.raises(LlmError, match="max_retries must be >= 0"):
        llm_settings({"PACE_LLM_MODEL": "m", "PACE_LLM_MAX_RETRIES": -1}, env={})
    with pytest.raises(LlmError, match=r"max_output_tokens .* smaller than max_context_tokens"):
        LlmSettings(model="m", max_context_tokens=1000, max_output_tokens=1000)
