"""Saved page files: ids, sidecars, reading (gzip), discovery."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from pace_scrapy.pagefiles import find_page_files, page_id, read_page, sidecar


def test_page_id_and_sidecar() -> None:
    assert page_id(Path("x/a.b.html.gz")) == "a.b"
    assert page_id(Path("x/a.html")) == "a"
    assert page_id(Path("x/a.htm")) == ""
    assert sidecar(Path("x/a.html.gz")) == Path("x/a.json")


def test_read_page_gunzips_and_limits(tmp_path: Path) -> None:
    (tmp_path / "a.html.gz").write_bytes(gzip.compress(b"<p>" * 1000))
    assert read_page(tmp_path / "a.html.gz") == b"<p>" * 1000
    assert len(read_page(tmp_path / "a.html.gz", max_bytes=10)) == 11


def test_find_page_files(tmp_path: Path) -> None:
    (tmp_path / "z").mkdir()
    for name in ("b.html", "a.html.gz", "z/c.html", "notes.txt", "a.json"):
        (tmp_path / name).write_bytes(b"x")
    single = tmp_path / "z" / "c.html"
    found = find_page_files([single, tmp_path])
    assert found == [single, tmp_path / "a.html.gz", tmp_path / "b.html", single]
    with pytest.raises(FileNotFoundError, match=r"notes\.txt"):
        find_page_files([tmp_path / "notes.txt"])
