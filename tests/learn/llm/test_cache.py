"""The answer cache: keys from the full request, atomic files, unreadable entries."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from pace_scrapy.learn.llm.cache import CachedReply, ResponseCache, request_key

REQUEST = {
    "model": "m",
    "messages": [{"role": "user", "content": "[0] h1 Title"}],
    "response_format": {"type": "json_object"},
}


def test_the_key_depends_on_every_part_of_the_request() -> None:
    key = request_key(REQUEST)
    assert len(key) == 64
    assert request_key(dict(reversed(REQUEST.items()))) == key  # not on the order of keys
    assert request_key(REQUEST | {"model": "other"}) != key
    assert request_key(REQUEST | {"messages": [{"role": "user", "content": "[0] h1 Other"}]}) != key
    assert request_key(REQUEST | {"response_format": {"type": "json_schema"}}) != key


def test_entries_round_trip(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "llm")
    key = request_key(REQUEST)
    assert cache.load(key, CachedReply) is None
    reply = CachedReply(content='{"body": []}', finish_reason="stop", prompt_tokens=3)
    cache.save(key, reply)
    assert cache.load(key, CachedReply) == reply
    assert cache.path(key) == tmp_path / "llm" / key[:2] / f"{key}.json"
    assert [p.name for p in cache.path(key).parent.iterdir()] == [f"{key}.json"]  # no temp file


def test_an_unreadable_entry_is_reported_and_missing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cache = ResponseCache(tmp_path)
    key = request_key(REQUEST)
    cache.path(key).parent.mkdir(parents=True)
    cache.path(key).write_text('{"content": "half a', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert cache.load(key, CachedReply) is None
    assert str(cache.path(key)) in caplog.text
