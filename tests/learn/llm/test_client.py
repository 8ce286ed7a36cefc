"""The LLM client against a fake OpenAI-compatible endpoint (real HTTP, the real ``openai``
client): answers, retries, timeouts, the response-format fallback, the cache.

``FakeLlm`` and the reply builders here are shared with the labeller tests.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from pace_scrapy.learn.llm.client import LlmClient
from pace_scrapy.learn.llm.errors import ContextExceeded, InvalidReply, LlmError
from pace_scrapy.learn.llm.schema import json_object_format, json_schema_format
from pace_scrapy.learn.llm.settings import LlmSettings
from pace_scrapy.learn.llm.structured import ask_labels

PATH = "/v1/chat/completions"
Answer = Callable[[dict[str, Any]], Response]


def completion(
    content: str | dict[str, Any], finish_reason: str = "stop", tokens: tuple[int, int] = (50, 7)
) -> Response:
    """A chat-completion response whose message is ``content`` (a dict is sent as JSON)."""
    text = content if isinstance(content, str) else json.dumps(content)
    body = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1,
        "model": "test-model",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": finish_reason,
            }
        ],
        "usage": {
            "prompt_tokens": tokens[0],
            "completion_tokens": tokens[1],
            "total_tokens": sum(tokens),
        },
    }
    return Response(json.dumps(body), status=200, content_type="application/json")


def error(status: int, message: str) -> Response:
    """An API error (asking the client to retry after 1 ms, to keep tests fast)."""
    body = {"error": {"message": message, "type": "invalid_request_error", "code": None}}
    return Response(
        json.dumps(body),
        status=status,
        content_type="application/json",
        headers={"retry-after-ms": "1"},
    )


class FakeLlm:
    """A chat-completions endpoint on a local HTTP server; ``answer`` makes each reply from
    the request's JSON body."""

    def __init__(self, server: HTTPServer, answer: Answer) -> None:
        self.server = server
        self.answer = answer
        self.bodies: list[dict[str, Any]] = []
        server.expect_request(PATH, method="POST").respond_with_handler(self._handle)

    def _handle(self, request: Request) -> Response:
        body = json.loads(request.get_data())
        self.bodies.append(body)
        return self.answer(body)

    def settings(self, cache: Path, **changes: Any) -> LlmSettings:
        """Settings for this endpoint (fast timeouts, the cache in ``cache``)."""
        options: dict[str, Any] = {
            "model": "test-model",
            "base_url": self.server.url_for("/v1"),
            "api_key": "test-key",
            "timeout": 5.0,
            "max_retries": 2,
            "cache_dir": cache,
        }
        return LlmSettings(**(options | changes))


def user_text(body: dict[str, Any]) -> str:
    """The (first) user message of a request."""
    return str(next(m["content"] for m in body["messages"] if m["role"] == "user"))


def system_text(body: dict[str, Any]) -> str:
    """The system message of a request."""
    return str(body["messages"][0]["content"])


EMPTY: dict[str, Any] = {"body": [], "fields": []}
MESSAGES: list[Any] = [
    {"role": "system", "content": "Label the page. Reply in JSON."},
    {"role": "user", "content": "[0] h1 Title"},
]


def test_a_valid_answer_is_returned_and_counted(httpserver: HTTPServer, tmp_path: Path) -> None:
    fake = FakeLlm(httpserver, lambda body: completion(EMPTY, tokens=(120, 9)))
    with LlmClient(fake.settings(tmp_path)) as client:
        reply = client.complete(MESSAGES, json_schema_format())
    assert json.loads(reply.content) == EMPTY
    assert reply.finish_reason == "stop"
    (body,) = fake.bodies
    assert body["model"] == "test-model"
    assert body["messages"] == MESSAGES
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["strict"] is True
    assert body["max_tokens"] == 2048
    assert (client.stats.calls, client.stats.http_requests, client.stats.cached) == (1, 1, 0)
    assert (client.stats.prompt_tokens, client.stats.completion_tokens) == (120, 9)


def test_a_cached_answer_makes_no_request(httpserver: HTTPServer, tmp_path: Path) -> None:
    fake = FakeLlm(httpserver, lambda body: completion(EMPTY))
    settings = fake.settings(tmp_path)
    with LlmClient(settings) as client:
        first = client.complete(MESSAGES, json_schema_format())
    with LlmClient(settings) as again:
        second = again.complete(MESSAGES, json_schema_format())
        again.complete(MESSAGES, json_object_format())
    assert second == first
    assert len(fake.bodies) == 2  # the first call and the one with another response format
    assert (again.stats.cached, again.stats.calls) == (1, 1)


@pytest.mark.parametrize("status", [500, 429])
def test_server_errors_are_retried_then_raise(
    httpserver: HTTPServer, tmp_path: Path, status: int
) -> None:
    fake = FakeLlm(httpserver, lambda body: error(status, "overloaded"))
    with (
        LlmClient(fake.settings(tmp_path, max_retries=2)) as client,
        pytest.raises(LlmError) as caught,
    ):
        client.complete(MESSAGES, json_schema_format())
    assert len(fake.bodies) == 3  # the request and two retries
    message = str(caught.value)
    assert httpserver.url_for(PATH) in message
    assert f"HTTP {status}" in message
    assert "after 3 tries" in message
    assert (client.stats.failed, client.stats.http_requests) == (1, 3)


def test_a_slow_server_times_out(httpserver: HTTPServer, tmp_path: Path) -> None:
    release = threading.Event()

    def slow(body: dict[str, Any]) -> Response:
        release.wait(5)
        return completion(EMPTY)

    fake = FakeLlm(httpserver, slow)
    try:
        with (
            LlmClient(fake.settings(tmp_path, timeout=0.2, max_retries=1)) as client,
            pytest.raises(LlmError, match=r"no answer within 0\.2 s") as caught,
        ):
            client.complete(MESSAGES, json_schema_format())
    finally:
        release.set()
    assert httpserver.url_for(PATH) in str(caught.value)
    assert client.stats.http_requests == 2  # the client retried the timeout once
    assert client.stats.failed == 1
    # The server saw both (it answers the retry once the first one is done).
    deadline = time.monotonic() + 5
    while len(fake.bodies) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(fake.bodies) == 2


def test_json_schema_rejected_falls_back_to_json_object(
    httpserver: HTTPServer, tmp_path: Path
) -> None:
    def llama(body: dict[str, Any]) -> Response:
        if body["response_format"]["type"] != "json_object":
            return error(400, 'response_format type must be "text" or "json_object"')
        return completion(EMPTY)

    fake = FakeLlm(httpserver, llama)
    settings = fake.settings(tmp_path)
    with LlmClient(settings) as client:
        assert ask_labels(client, MESSAGES, retries=0).body == []
        ask_labels(client, [MESSAGES[0], {"role": "user", "content": "[0] p Other"}], retries=0)
    kinds = [body["response_format"]["type"] for body in fake.bodies]
    assert kinds == ["json_schema", "json_object", "json_object"]  # remembered in the session
    assert '"additionalProperties":false' in system_text(fake.bodies[1])  # schema in the prompt
    with LlmClient(settings) as later:  # ...and in the cache folder
        assert later.json_schema is False


def test_other_bad_requests_raise(httpserver: HTTPServer, tmp_path: Path) -> None:
    fake = FakeLlm(httpserver, lambda body: error(400, "model 'test-model' not found"))
    with (
        LlmClient(fake.settings(tmp_path)) as client,
        pytest.raises(LlmError, match=r"HTTP 400: .*not found"),
    ):
        client.complete(MESSAGES, json_schema_format())
    assert client.json_schema is True  # no fallback
    assert len(fake.bodies) == 1


def test_a_request_beyond_the_context_is_told_apart(httpserver: HTTPServer, tmp_path: Path) -> None:
    message = "the request exceeds the available context size, try increasing it"
    fake = FakeLlm(httpserver, lambda body: error(400, message))
    with LlmClient(fake.settings(tmp_path)) as client, pytest.raises(ContextExceeded):
        client.complete(MESSAGES, json_schema_format())


def test_invalid_json_is_fed_back_and_asked_again(httpserver: HTTPServer, tmp_path: Path) -> None:
    replies = iter([completion("Sure! Here are the labels: {body: [0]"), completion(EMPTY)])
    fake = FakeLlm(httpserver, lambda body: next(replies))
    with LlmClient(fake.settings(tmp_path)) as client:
        answer = ask_labels(client, MESSAGES, retries=2)
    assert answer.body == []
    assert len(fake.bodies) == 2
    retry = fake.bodies[1]["messages"]
    assert retry[:2] == MESSAGES
    assert retry[2] == {"role": "assistant", "content": "Sure! Here are the labels: {body: [0]"}
    assert "Invalid JSON" in retry[3]["content"]
    assert (client.stats.invalid_replies, client.stats.retried) == (1, 1)


def test_schema_invalid_replies_give_up_after_the_retries(
    httpserver: HTTPServer, tmp_path: Path
) -> None:
    wrong = {"body": "all of them", "fields": [{"name": "headline"}], "note": "extra"}
    fake = FakeLlm(httpserver, lambda body: completion(wrong))
    with (
        LlmClient(fake.settings(tmp_path)) as client,
        pytest.raises(InvalidReply, match="3 invalid replies") as caught,
    ):
        ask_labels(client, MESSAGES, retries=2)
    assert len(fake.bodies) == 3
    for part in ("body", "fields.0.values", "note"):
        assert part in str(caught.value)
    assert "fields.0.values: Field required" in fake.bodies[1]["messages"][3]["content"]
    assert len(fake.bodies[2]["messages"]) == 6  # the whole conversation: a new request


def test_no_key_for_openai_itself_is_an_error(tmp_path: Path) -> None:
    settings = LlmSettings(model="gpt-test", cache_dir=tmp_path)
    with LlmClient(settings) as client, pytest.raises(LlmError, match="no API key"):
        client.complete(MESSAGES, json_schema_format())
    assert client.stats.http_requests == 0
