"""``scrapy pace-eval``: a config on labelled pages, a benchmark folder, usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scrapy.exceptions import UsageError

from pace_scrapy.commands import eval as eval_command
from pace_scrapy.commands.eval import learner_for, split_names
from pace_scrapy.evaluate.gold import load_pages
from tests.conftest import ScrapyCli
from tests.evaluate.synthetic import build_bench, exact_learner


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    return build_bench(tmp_path / "bench")


def test_config_on_labelled_pages(scrapy_cli: ScrapyCli, bench: Path, tmp_path: Path) -> None:
    site = bench / "news" / "beta.example"
    config = exact_learner("beta", load_pages([site]))
    (tmp_path / "beta.json").write_text(config.model_dump_json(), encoding="utf-8")
    result = scrapy_cli(
        "pace-eval", "--config", "beta.json", str(site), "--baselines", "none",
        "--json", "out.json", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "### news"
    assert "4 pages of 1 sites" in lines[2]
    assert lines[4].startswith("| extractor | body F1 | worst site | title | authors F1 |")
    assert lines[6].startswith("| pace:beta | 1.000 | 1.000 | 1.000 | 1.000 |")
    data = json.loads((tmp_path / "out.json").read_text("utf-8"))
    assert data["command"].startswith("scrapy pace-eval --config beta.json --baselines none")
    assert [p["page"] for p in data["pages"]] == ["0001", "0002", "0003", "0004"]


def test_bench_with_a_baseline(scrapy_cli: ScrapyCli, bench: Path, tmp_path: Path) -> None:
    result = scrapy_cli(
        "pace-eval", "--bench", str(bench), "--dataset", "news", "--baselines", "resiliparse",
        "--workers", "1", "--quiet", "--json", "out.json", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "| resiliparse |" in result.stdout
    assert "### shop" not in result.stdout
    data = json.loads((tmp_path / "out.json").read_text("utf-8"))
    assert len(data["pages"]) == 11
    assert data["pages"][0]["path"] == "news/alpha.example/0001.html.gz"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "either --config"),
        (["--bench", ".", "--config", "x.json"], "either --config"),
        (["--config", "x.json"], "at least one page"),
        (["--bench", "BENCH", "--learn", "nosuch"], "unknown learner 'nosuch'"),
        (["--bench", "BENCH", "--baselines", "nosuch"], "unknown baseline 'nosuch'"),
        (["--bench", "BENCH", "--dataset", "nosuch"], "no such folder"),
    ],
)
def test_usage_errors(
    scrapy_cli: ScrapyCli, bench: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    args = [str(bench) if a == "BENCH" else a for a in args]
    result = scrapy_cli("pace-eval", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr


def test_bad_config_exits_1(scrapy_cli: ScrapyCli, bench: Path, tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"name": "x"}', encoding="utf-8")
    result = scrapy_cli("pace-eval", "--config", "bad.json", str(bench / "news"), cwd=tmp_path)
    assert result.returncode == 1
    assert "bad config" in result.stderr


def test_learner_for(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "broken_learners.py").write_text("import no_such_dependency_xyz\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(
        eval_command,
        "LEARNERS",
        {
            "fixed": "tests.evaluate.synthetic:exact_learner",
            "ghost": "pace_scrapy.learn.no_such_module:learn",
            "undefined": "tests.evaluate.synthetic:no_such_learner",
            "broken": "broken_learners:learn",
        },
    )
    assert learner_for("fixed") is exact_learner
    with pytest.raises(UsageError, match="'ghost' is not available: the ghost labeller module"):
        learner_for("ghost")
    with pytest.raises(UsageError, match="no_such_learner is not defined"):
        learner_for("undefined")
    with pytest.raises(UsageError, match=r"unknown learner 'other' \(known: fixed, ghost"):
        learner_for("other")
    # a missing dependency inside an existing learner module is not hidden
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency_xyz"):
        learner_for("broken")
    sys.modules.pop("broken_learners", None)


def test_split_names() -> None:
    assert split_names("a, b,,c") == ["a", "b", "c"]
    assert split_names("none") == []
    assert split_names(None) == []


def test_commands_leave_the_evaluation_stack_unimported() -> None:
    """Scrapy imports every command for any command line, a crawl's too: the evaluation
    stack (metrics, tokenisers, baselines) is imported only when pace-eval runs."""
    heavy = ("nltk", "pace_scrapy.evaluate.metrics", "pace_scrapy.evaluate.baselines")
    code = (
        "import sys, pace_scrapy.commands.eval, pace_scrapy.commands.learn, "
        f"pace_scrapy.commands.extract; print([m for m in {heavy!r} if m in sys.modules])"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert found.strip() == "[]"
