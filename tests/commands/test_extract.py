"""``scrapy pace-extract``: offline extraction of saved pages, outside any Scrapy project."""

from __future__ import annotations

import gzip
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from pace_scrapy.commands.extract import extract_file
from pace_scrapy.config.store import parse_config
from pace_scrapy.crawl.settings import PaceSettings
from pace_scrapy.pagefiles import page_url
from tests.conftest import ScrapyCli

CONFIG = {
    "name": "news",
    "domains": ["news.example"],
    "versions": [
        {"version": 1, "valid_until": "2024-01-01", "fields": {}},
        {
            "version": 2,
            "valid_from": "2024-01-01",
            "fields": {"headline": {"rules": [{"source": "css", "query": "h1"}]}},
        },
    ],
}


def html(headline: str) -> bytes:
    text = f"The story of {headline} is told here, in a sentence long enough to be an article."
    return f"<html><body><h1>{headline}</h1><p>{text}</p></body></html>".encode()


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    """pages/a.html (+ a.json url), pages/sub/b.html.gz, pages/c.html, pages/d.png.html."""
    folder = tmp_path / "pages"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.html").write_bytes(html("Alpha"))
    (folder / "a.json").write_text(json.dumps({"url": "https://news.example/a-url"}), "utf-8")
    (folder / "sub" / "b.html.gz").write_bytes(gzip.compress(html("Beta")))
    (folder / "c.html").write_bytes(html("Gamma"))
    (folder / "d.png.html").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    (folder / "notes.txt").write_text("not a page", "utf-8")
    (tmp_path / "news.json").write_text(json.dumps(CONFIG), "utf-8")
    return folder


def run(scrapy_cli: ScrapyCli, cwd: Path, *args: str) -> list[dict[str, Any]]:
    result = scrapy_cli("pace-extract", *args, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in (cwd / "out.jsonl").read_text("utf-8").splitlines()]


def test_one_line_per_page_in_input_order(scrapy_cli: ScrapyCli, pages: Path) -> None:
    cwd = pages.parent
    extra = cwd / "extra.html"
    extra.write_bytes(html("Delta"))
    args = ["--config", "news.json", "pages", "extra.html", "-o", "out.jsonl"]
    lines = run(scrapy_cli, cwd, *args, "--base-url", "https://news.example/2024/")
    assert [line["page"] for line in lines] == [
        "pages/a.html",
        "pages/c.html",
        "pages/d.png.html",
        "pages/sub/b.html.gz",
        "extra.html",
    ]
    a, c, d, b, e = lines
    assert (a["item"]["url"], a["item"]["headline"]) == ("https://news.example/a-url", "Alpha")
    assert (b["item"]["url"], b["item"]["headline"]) == ("https://news.example/2024/b.html", "Beta")
    assert c["item"]["url"] == "https://news.example/2024/c.html"
    assert e["item"]["headline"] == "Delta"
    assert d["error"].startswith("PageError:") and "binary" in d["error"]
    assert "item" not in d
    assert [p.name for p in cwd.iterdir() if p.name.startswith(".")] == []  # no temp file left


def test_page_date_picks_the_config_version(scrapy_cli: ScrapyCli, pages: Path) -> None:
    args = ["--config", "news.json", "pages/a.html", "-o", "out.jsonl", "--date", "2023-06-01"]
    (line,) = run(scrapy_cli, pages.parent, *args)
    assert line["item"]["metadata"]["configVersion"] == 1
    assert "headline" not in line["item"]


def test_settings_choose_the_body_formats(scrapy_cli: ScrapyCli, pages: Path) -> None:
    args = ["--config", "news.json", "pages/a.html", "-o", "out.jsonl"]
    (full,) = run(scrapy_cli, pages.parent, *args)
    assert {"articleBodyHtml", "articleBodyMarkdown"} <= full["item"].keys()
    (line,) = run(scrapy_cli, pages.parent, *args, "-s", "PACE_BODY_FORMATS=markdown")
    assert "articleBodyHtml" not in line["item"]
    assert line["item"]["articleBodyMarkdown"] == full["item"]["articleBodyMarkdown"]


def test_page_without_url_is_an_error_line(scrapy_cli: ScrapyCli, pages: Path) -> None:
    (line,) = run(
        scrapy_cli, pages.parent, "--config", "news.json", "pages/c.html", "-o", "out.jsonl"
    )
    assert line == {
        "page": "pages/c.html",
        "error": "ValueError: no URL: c.json has no 'url' and no --base-url was given",
    }


def test_usage_errors_exit_2(scrapy_cli: ScrapyCli, pages: Path) -> None:
    cwd = pages.parent
    for args in (
        ["pages", "-o", "out.jsonl"],
        ["--config", "news.json", "-o", "out.jsonl"],
        ["--config", "news.json", "missing.html", "-o", "out.jsonl"],
        ["--config", "news.json", "pages", "-o", "out.jsonl", "--date", "March"],
    ):
        result = scrapy_cli("pace-extract", *args, cwd=cwd)
        assert result.returncode == 2, (args, result.stderr)
    assert not (cwd / "out.jsonl").exists()


def test_bad_config_exits_1_naming_file_and_field(scrapy_cli: ScrapyCli, pages: Path) -> None:
    cwd = pages.parent
    (cwd / "bad.json").write_text(json.dumps({**CONFIG, "domains": []}), "utf-8")
    result = scrapy_cli("pace-extract", "--config", "bad.json", "pages", "-o", "out.jsonl", cwd=cwd)
    assert result.returncode == 1
    assert "bad.json" in result.stderr and "domains" in result.stderr
    assert not (cwd / "out.jsonl").exists()


def test_stdout_output(scrapy_cli: ScrapyCli, pages: Path) -> None:
    result = scrapy_cli(
        "pace-extract", "--config", "news.json", "pages/a.html", "-o", "-", cwd=pages.parent
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["item"]["headline"] == "Alpha"


def test_page_url_and_extract_file(pages: Path) -> None:
    assert page_url(pages / "a.html", None) == "https://news.example/a-url"
    assert (
        page_url(pages / "sub" / "b.html.gz", "https://n.example/x/")
        == "https://n.example/x/b.html"
    )
    (pages / "c.json").write_text("[1, 2]", "utf-8")
    with pytest.raises(ValueError, match="no URL"):
        page_url(pages / "c.html", None)
    pace = PaceSettings.from_settings({"PACE_MAX_PAGE_BYTES": 50})
    line = extract_file(pages / "a.html", parse_config(CONFIG), pace, None, date(2024, 5, 1))
    assert line["error"].startswith("PageError:") and "larger than the limit 50" in line["error"]
