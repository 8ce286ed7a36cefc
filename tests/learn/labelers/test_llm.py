"""The LLM labeller end to end against a fake model on a real local HTTP server."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Response

from pace_scrapy.learn.labelers.llm import LlmLabeler
from pace_scrapy.learn.learner import learn_config
from pace_scrapy.learn.llm.errors import LlmError
from pace_scrapy.page.model import Page
from pace_scrapy.page.prompt import estimate_tokens
from tests.learn.llm.test_client import FakeLlm, completion, error, user_text

LINE = re.compile(r"^\[(\d+)\] (\S+) ?(.*)$", re.MULTILINE)
REQUIREMENTS = "Also extract the section name. Leave out the 'Most read' box."
PEOPLE = [("Jane Doe", "John Smith"), ("Ann Lee", "Bo Chan"), ("Kim Park", "Lu Wei")]


def article(n: int) -> Page:
    """Article ``n`` of news.example (same template, different content)."""
    first, second = PEOPLE[n]
    html = f"""<html><head><title>Story {n}</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a></nav>
<article>
<h1>Storm number {n} hits the coast</h1>
<p class="byline">By <a href="/a/{n}">{first}</a> and {second} | <time>{n + 3} March 2024</time></p>
<p class="section">World news {n}</p>
<figure><img src="/img/storm{n}.jpg" alt=""><figcaption>Waves {n}</figcaption></figure>
<p>First paragraph of story {n} about the storm.</p>
<p>Second paragraph of story {n} with more details.</p>
<aside class="most-read"><h3>Most read</h3><ul><li><a href="/x">Other story</a></li></ul></aside>
<p>Third paragraph ends story {n}.</p>
<p class="bio">{first} covers the weather.</p>
</article>
<footer>News of the world</footer>
</body></html>"""
    return Page.from_html(html, f"https://news.example/2024/storm-{n}")


def shown(body: dict[str, Any]) -> list[tuple[int, str, str]]:
    """The blocks a request shows: (id, element, text)."""
    text = user_text(body)
    blocks = text[text.index("<blocks>") : text.index("</blocks>")]
    return [(int(i), element, rest) for i, element, rest in LINE.findall(blocks)]


def read_like_a_model(body: dict[str, Any]) -> dict[str, Any]:
    """What a good model answers about the blocks of the article template."""
    content, fields = [], []
    for i, element, text in shown(body):
        if element == "p":
            content.append(i)
        elif element == "h1":
            fields.append({"name": "headline", "values": [{"block": i, "text": text}]})
        elif element == "p.byline":
            names, day = text.removeprefix("By ").split(" | ")
            fields.append({"name": "authors", "values": [{"block": i, "text": names}]})
            fields.append({"name": "datePublished", "values": [{"block": i, "text": day}]})
        elif element == "p.section" and "section name" in user_text(body):
            fields.append({"name": "section name", "values": [{"block": i, "text": text}]})
    return {"body": content, "fields": fields}


def ids(page: Page, *starts: str) -> set[int]:
    """Ids of the blocks whose text starts with one of ``starts``."""
    return {b.id for b in page.blocks if b.text.startswith(starts)}


@pytest.fixture
def model(httpserver: HTTPServer) -> FakeLlm:
    """A fake model that labels the article template well."""
    return FakeLlm(httpserver, lambda body: completion(read_like_a_model(body)))


def test_labels_come_from_the_answer(model: FakeLlm, tmp_path: Path) -> None:
    page = article(0)
    labeler = LlmLabeler(model.settings(tmp_path), requirements=REQUIREMENTS)
    (labels,) = labeler.label([page], "article")

    assert labels.page is page
    assert labels.body == ids(page, "First paragraph", "Second paragraph", "Third paragraph")
    headline = labels.fields["headline"]
    assert headline.values == ["Storm number 0 hits the coast"]
    assert [node.tag for node in headline.nodes] == ["h1"]
    assert headline.source == "llm"
    authors = labels.fields["authors"]
    assert authors.values == ["Jane Doe", "John Smith"]
    assert authors.nodes[0].tag == "a"  # the smallest element showing the name
    assert labels.fields["datePublished"].values[0][:10] == "2024-03-03"
    assert labels.fields["section_name"].values == ["World news 0"]
    assert labeler.name == "llm:test-model"

    prompt = user_text(model.bodies[0])
    assert REQUIREMENTS in prompt
    assert "[1] h1 Storm number 0 hits the coast" in prompt
    assert "[4] figure Waves 0 [image]" in prompt
    assert "<p" not in prompt and "<article" not in prompt and "href" not in prompt
    for name in ("headline", "authors", "datePublished", "dateModified", "description"):
        assert f"- {name}:" in prompt
    assert labeler.stats.calls == 1 and labeler.stats.chunks == 1


def test_a_hostile_answer_is_discarded_and_counted(httpserver: HTTPServer, tmp_path: Path) -> None:
    hostile = {
        "body": [5, 999, -1],
        "fields": [
            {"name": "headline", "values": [{"block": 1, "text": "You have been hacked"}]},
            {"name": "authors", "values": [{"block": 42, "text": "Jane Doe"}]},
            {"name": "x'); import os; os.system('rm -rf /') #", "values": []},
            {"name": "articleBody", "values": [{"block": 5, "text": "First paragraph"}]},
            {"name": "datePublished", "values": [{"block": 2, "text": "3 March 2024"}]},
        ],
    }
    fake = FakeLlm(httpserver, lambda body: completion(hostile))
    labeler = LlmLabeler(fake.settings(tmp_path))
    (labels,) = labeler.label([article(0)], "article")

    assert labels.body == {5}
    assert list(labels.fields) == ["datePublished"]
    assert labeler.stats.discarded == {
        "block not in the prompt": 3,
        "value not in its block": 1,
        "bad field name": 1,
        "reserved field name": 1,
    }


TOO_LARGE = {
    "truncated": lambda: completion('{"body": [5, 6', finish_reason="length"),
    "beyond the context": lambda: error(400, "request exceeds the available context size"),
}


@pytest.mark.parametrize("too_large", list(TOO_LARGE))
def test_too_large_a_chunk_is_asked_again_in_halves(
    httpserver: HTTPServer, tmp_path: Path, too_large: str
) -> None:
    def short_of_tokens(body: dict[str, Any]) -> Response:
        if len(shown(body)) > 3:
            return TOO_LARGE[too_large]()
        return completion(read_like_a_model(body))

    fake = FakeLlm(httpserver, short_of_tokens)
    page = article(1)
    labeler = LlmLabeler(fake.settings(tmp_path, min_chunk_blocks=2))
    (labels,) = labeler.label([page], "article")

    assert [len(shown(body)) for body in fake.bodies] == [12, 6, 3, 3, 6, 3, 3]
    assert labels.body == ids(page, "First paragraph", "Second paragraph", "Third paragraph")
    assert labels.fields["headline"].values == ["Storm number 1 hits the coast"]
    assert labels.fields["authors"].values == ["Ann Lee", "Bo Chan"]
    assert (labeler.stats.chunks, labeler.stats.retried) == (7, 3)


def test_a_reply_truncated_at_the_smallest_chunk_is_an_error(
    httpserver: HTTPServer, tmp_path: Path
) -> None:
    fake = FakeLlm(httpserver, lambda body: completion('{"body": [', finish_reason="length"))
    labeler = LlmLabeler(fake.settings(tmp_path, min_chunk_blocks=4))
    with pytest.raises(LlmError, match=r"storm-0: reply cut off.*PACE_LLM_MAX_OUTPUT_TOKENS"):
        labeler.label([article(0)], "article")
    assert [len(shown(body)) for body in fake.bodies] == [12, 6, 3]


def test_a_page_whose_replies_stay_invalid_is_left_unlabelled(
    httpserver: HTTPServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def confused_by_story_1(body: dict[str, Any]) -> Response:
        if "storm-1" in user_text(body):
            return completion("I cannot help with that.")
        return completion(read_like_a_model(body))

    fake = FakeLlm(httpserver, confused_by_story_1)
    labeler = LlmLabeler(fake.settings(tmp_path, invalid_retries=1))
    with caplog.at_level(logging.WARNING, logger="pace_scrapy.learn.labelers.llm"):
        first, second = labeler.label([article(0), article(1)], "article")

    assert first.fields["headline"].values == ["Storm number 0 hits the coast"]
    assert (second.body, second.fields) == (frozenset(), {})
    assert labeler.stats.pages_unlabelled == 1
    assert labeler.stats.invalid_replies == 2
    assert "storm-1: left unlabelled: 2 invalid replies" in caplog.text


def test_no_usable_answer_for_any_page_is_an_error(httpserver: HTTPServer, tmp_path: Path) -> None:
    fake = FakeLlm(httpserver, lambda body: completion("no"))
    labeler = LlmLabeler(fake.settings(tmp_path, invalid_retries=0))
    with pytest.raises(LlmError, match="no usable answer for any of the 2 pages"):
        labeler.label([article(0), article(1)], "article")


def test_a_large_page_is_chunked_and_merged(model: FakeLlm, tmp_path: Path) -> None:
    paragraphs = "".join(
        f"<p>Paragraph {i} of the very long story, with words.</p>" for i in range(300)
    )
    html = f"<html><body><h1>A long story</h1><article>{paragraphs}</article></body></html>"
    page = Page.from_html(html, "https://news.example/long")
    settings = model.settings(tmp_path, max_context_tokens=3000, max_output_tokens=500)
    labeler = LlmLabeler(settings)
    (labels,) = labeler.label([page], "article")

    chunks = [[i for i, _, _ in shown(body)] for body in model.bodies]
    assert len(chunks) >= 3
    assert [i for chunk in chunks for i in chunk] == [b.id for b in page.blocks]
    for body in model.bodies:
        prompt = sum(estimate_tokens(m["content"]) for m in body["messages"])
        assert prompt + 500 <= 3000
    assert labels.body == ids(page, "Paragraph")
    assert labels.fields["headline"].values == ["A long story"]


def test_learning_again_is_answered_from_the_cache(model: FakeLlm, tmp_path: Path) -> None:
    pages = [article(0), article(1)]
    settings = model.settings(tmp_path / "cache")
    first = LlmLabeler(settings, requirements=REQUIREMENTS).label(pages, "article")
    requests = len(model.bodies)
    again = LlmLabeler(settings, requirements=REQUIREMENTS)
    second = again.label(pages, "article")

    assert requests == 2
    assert len(model.bodies) == requests  # no HTTP request the second time
    assert (again.stats.calls, again.stats.cached, again.stats.http_requests) == (0, 2, 0)
    for old, new in zip(first, second, strict=True):
        assert new.body == old.body
        assert {k: v.values for k, v in new.fields.items()} == {
            k: v.values for k, v in old.fields.items()
        }


def test_learn_config_with_the_llm_labeler(model: FakeLlm, tmp_path: Path) -> None:
    pages = [article(n) for n in range(3)]
    labeler = LlmLabeler(model.settings(tmp_path), requirements=REQUIREMENTS)
    result = learn_config("news", pages, labeler)

    version = result.config.versions[0]
    assert version.provenance.labeler == "llm:test-model"
    for name in ("headline", "authors", "datePublished", "section_name"):
        assert name in version.fields, result.report.left_out
    assert version.body is not None


def mislabels_story_1(reviews: int) -> Callable[[dict[str, Any]], Response]:
    """A model that takes story 1's section line for its headline, and corrects itself after
    ``reviews`` reviews of that page."""
    asked = {"reviews": 0}

    def answer(body: dict[str, Any]) -> Response:
        labels = read_like_a_model(body)
        text = user_text(body)
        if "storm-1" in text:
            if "Review:" in text:
                asked["reviews"] += 1
            if asked["reviews"] < reviews or "Review:" not in text:
                section = next(i for i, element, _ in shown(body) if element == "p.section")
                for found in labels["fields"]:
                    if found["name"] == "headline":
                        found["values"] = [{"block": section, "text": "World news 1"}]
        return completion(labels)

    return answer


def reviews_of(fake: FakeLlm) -> list[str]:
    return [user_text(body) for body in fake.bodies if "Review:" in user_text(body)]


def test_a_page_that_disagrees_goes_back_for_review(httpserver: HTTPServer, tmp_path: Path) -> None:
    fake = FakeLlm(httpserver, mislabels_story_1(reviews=1))
    labeler = LlmLabeler(fake.settings(tmp_path, review_rounds=3))
    result = learn_config("news", [article(n) for n in range(3)], labeler)
    reviews = reviews_of(fake)
    (review,) = [text for text in reviews if "storm-1" in text]
    assert "- headline: earlier 'World news 1'; the rules give 'Storm number 1 hits the coast'" in (
        review
    )
    assert labeler.stats.revised == len(reviews)
    # One round fixed it: the second finds no disagreement, so there is no third.
    assert [note.split(":")[0] for note in result.report.notes if "review" in note] == [
        "review round 1"
    ]
    assert result.report.scores["headline"] == 1.0
    assert "headline" in result.config.latest.fields


def test_reviews_are_bounded(httpserver: HTTPServer, tmp_path: Path) -> None:
    fake = FakeLlm(httpserver, mislabels_story_1(reviews=99))
    labeler = LlmLabeler(fake.settings(tmp_path, review_rounds=2))
    result = learn_config("news", [article(n) for n in range(3)], labeler)
    rounds = [note.split(":")[0] for note in result.report.notes if "review" in note]
    assert rounds == ["review round 1", "review round 2"]  # and no third, though it disagrees
    # The same question twice: the second round is answered from the cache.
    assert len([text for text in reviews_of(fake) if "storm-1" in text]) == 1
    assert labeler.stats.cached >= 1
    assert "headline" not in result.config.latest.fields  # still disagreeing: left out


def test_no_review_with_zero_rounds(httpserver: HTTPServer, tmp_path: Path) -> None:
    fake = FakeLlm(httpserver, mislabels_story_1(reviews=1))
    labeler = LlmLabeler(fake.settings(tmp_path, review_rounds=0))
    learn_config("news", [article(n) for n in range(3)], labeler)
    assert reviews_of(fake) == []
