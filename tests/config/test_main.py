import json
from pathlib import Path

import pytest

from pace_scrapy.config.__main__ import main


def test_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "PublisherConfig"


def test_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = Path(__file__).resolve().parents[2] / "configs" / "demo-news.json"
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x"}')
    assert main(["check", str(good)]) == 0
    assert main(["check", str(good), str(bad)]) == 1
    assert "bad.json: domains: Field required" in capsys.readouterr().err
    assert main([]) == 2
