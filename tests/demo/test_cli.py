"""``python -m pace_scrapy.demo serve|export``."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from pace_scrapy.demo.cli import main

from .conftest import parse


def test_serve_prints_base_url_and_stops_on_sigterm() -> None:
    command = [sys.executable, "-m", "pace_scrapy.demo", "serve", "--port", "0",
               "--articles", "30", "--products", "5", "--build", "2"]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        base = proc.stdout.readline().strip()
        assert base.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(base + "/robots.txt", timeout=10) as response:
            assert b"Disallow: /search" in response.read()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_export_writes_html_and_gold(tmp_path: Path, capsys: object) -> None:
    assert main(["export", str(tmp_path), "--sample", "10", "--articles", "50"]) == 0
    htmls = sorted(tmp_path.glob("*.html"))
    golds = sorted(tmp_path.glob("*.json"))
    assert [p.stem for p in htmls] == [p.stem for p in golds] == [f"{i:04d}" for i in range(1, 11)]
    kinds = []
    for html_path, gold_path in zip(htmls, golds, strict=True):
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        kinds.append(gold["kind"])
        assert gold["dataset"] == "demo"
        assert gold["site"] == "demo-s0-b1"
        assert gold["url"].startswith("http://localhost:8000/")
        doc = parse(html_path.read_bytes())
        assert doc.xpath("//link[@rel='canonical']/@href") == [gold["url"]]
        text = " ".join(doc.text_content().split())
        assert gold["title"] in text
        if gold["kind"] == "article":
            assert set(gold) >= {"title", "authors", "date_published", "body", "images"}
            assert all(item in text for item in gold["body"] if " | " not in item)
        else:
            assert gold["attributes"]["gtin"][0] in text
    assert kinds.count("product") == 2
    assert not list(tmp_path.glob(".*"))


def test_rejects_bad_build() -> None:
    assert main(["export", "/nonexistent", "--build", "0"]) == 2
