"""Folder feeds: a URI ending in "/" is a folder, for per-item formats only."""

from __future__ import annotations

from pathlib import Path

import pytest
from scrapy import Spider

from pace_scrapy.crawl.storage import FeedDirectory, PaceFileFeedStorage
from tests.crawl.conftest import make_crawler


def storage(config_dir: Path, uri: str, feed_format: str) -> PaceFileFeedStorage:
    crawler = make_crawler(config_dir)
    return PaceFileFeedStorage.from_crawler(crawler, uri, feed_options={"format": feed_format})


def test_folder_uri_opens_a_folder(config_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "out" / "news"
    opened = storage(config_dir, f"{target}/", "markdown").open(Spider("s"))
    assert isinstance(opened, FeedDirectory)
    assert opened.path == target and target.is_dir()
    with pytest.raises(OSError, match="is a folder"):
        opened.write(b"x")


def test_file_uri_is_a_plain_file(config_dir: Path, tmp_path: Path) -> None:
    feed = storage(config_dir, str(tmp_path / "items.jsonl"), "jsonlines")
    handle = feed.open(Spider("s"))
    handle.write(b"{}\n")
    feed.store(handle)
    assert (tmp_path / "items.jsonl").read_bytes() == b"{}\n"


def test_one_stream_format_cannot_write_a_folder(config_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="'jsonlines' cannot write"):
        storage(config_dir, f"{tmp_path}/out/", "jsonlines")
