"""Markdown exporter: front matter, body, stable and collision-free file names."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from pace_scrapy.crawl.markdown import (
    MarkdownItemExporter,
    markdown_document,
    markdown_file_name,
    slug,
)
from pace_scrapy.crawl.storage import FeedDirectory

ITEM: dict[str, Any] = {
    "url": "https://news.example/2024/03/Ça-va-bien?page=2",
    "headline": 'He said: "yes" — 100%\u2028',
    "authors": [{"name": "Ana Petrov"}, {"name": "Li Wei"}],
    "datePublished": "2024-03-05T10:00:00+01:00",
    "articleBody": "Plain text.",
    "articleBodyMarkdown": "First *paragraph*.\n\n## Heading\n",
}


def front(document: str) -> dict[str, Any]:
    head = document.split("---\n")[1]
    return {k: json.loads(v) for k, v in (line.split(": ", 1) for line in head.splitlines())}


def test_document_has_front_matter_and_markdown_body() -> None:
    document = markdown_document(ITEM)
    assert front(document) == {
        "headline": 'He said: "yes" — 100%\u2028',
        "authors": ["Ana Petrov", "Li Wei"],
        "datePublished": "2024-03-05T10:00:00+01:00",
        "url": ITEM["url"],
    }
    assert "\u2028" not in document  # YAML would read a raw line separator as a line break
    assert document.endswith("---\n\nFirst *paragraph*.\n\n## Heading\n")


def test_body_falls_back_to_plain_text_then_description() -> None:
    assert markdown_document({"url": "u", "articleBody": "Text"}).endswith("\n\nText\n")
    product = {"url": "u", "name": "Kettle", "description": "Boils."}
    assert markdown_document(product) == '---\nname: "Kettle"\nurl: "u"\n---\n\nBoils.\n'


def test_file_names_are_stable_and_distinct() -> None:
    name = markdown_file_name(ITEM)
    assert name == markdown_file_name(dict(ITEM, headline="Changed"))
    assert name.startswith("2024-03-ca-va-bien-page-2-") and name.endswith(".md")
    other = markdown_file_name(dict(ITEM, url="https://news.example/2024/03/Ça-va-bien?page=3"))
    similar = markdown_file_name(dict(ITEM, url="https://news.example/2024/03/ca-va-bien/?page=2"))
    assert len({name, other, similar}) == 3
    long = markdown_file_name({"url": "https://n.example/" + "word-" * 100})
    assert len(long) <= 80 + 15
    # a long path keeps its last whole words: no part of "beta" (the 80 characters from the
    # end start at its last letter), all of "06" (they start with it)
    cut = markdown_file_name({"url": "https://n.example/alpha/beta/" + "y" * 74 + "/end"})
    assert cut.startswith("y" * 74 + "-end-")
    dated = markdown_file_name({"url": "https://n.example/news/2024/06/19/" + "x" * 70 + "-end"})
    assert dated.startswith("06-19-" + "x" * 70 + "-end-")
    assert markdown_file_name({"headline": "Sans URL"}).startswith("sans-url-")
    assert slug("Ça  va — bien!") == "ca-va-bien"


def test_folder_feed_writes_one_file_per_item(tmp_path: Path) -> None:
    exporter = MarkdownItemExporter(FeedDirectory(tmp_path))
    second = dict(ITEM, url="https://news.example/b", headline="B")
    for item in (ITEM, second, ITEM):
        exporter.export_item(item)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == sorted([markdown_file_name(ITEM), markdown_file_name(second)])
    assert (tmp_path / markdown_file_name(second)).read_text(encoding="utf-8") == markdown_document(
        second
    )


def test_file_feed_concatenates_documents() -> None:
    stream = io.BytesIO()
    exporter = MarkdownItemExporter(stream)
    exporter.export_item(ITEM)
    exporter.export_item(dict(ITEM, headline="B"))
    text = stream.getvalue().decode("utf-8")
    first = markdown_document(ITEM)
    assert text == first + "\n" + markdown_document(dict(ITEM, headline="B"))
