"""The quality gate: subset rule, floor checks, raising floors, and the CI script."""

import json
import subprocess
from pathlib import Path

import pytest

from pace_scrapy.evaluate.gate import (
    GateSpec,
    Subset,
    check,
    gate_table,
    load_gate,
    raise_floors,
    select_sites,
)
from pace_scrapy.evaluate.gold import BENCH_ENV, iter_sites
from tests.conftest import REPO, run_python
from tests.evaluate.synthetic import build_bench

SCRIPT = REPO / "benchmarks" / "gate.py"


def spec(sites: int = 3, pages: int = 10, train: int = 3) -> GateSpec:
    subset = Subset(sites_per_dataset=sites, pages_per_site=pages)
    return GateSpec(subset=subset, train=train)


def test_check_passes_within_the_tolerance() -> None:
    floors = {"x": {"news": {"body_rougelsum_f1": 0.8, "title_match": 0.5, "date_match": 0.9}}}
    means = {"x": {"news": {"body_rougelsum_f1": 0.791, "title_match": 0.489}}}
    rows = check(floors, means, tolerance=0.01)
    assert [(r.metric, r.passed) for r in rows] == [
        ("body_rougelsum_f1", True),
        ("title_match", False),
        ("date_match", False),
    ]
    table = gate_table(rows)
    assert "| x | news | body_rougelsum_f1 | 0.7910 | 0.8000 | ok |" in table
    assert "| x | news | title_match | 0.4890 | 0.5000 | FAIL |" in table
    assert "| x | news | date_match | – | 0.9000 | MISSING |" in table


def test_raise_floors_never_lowers() -> None:
    floors = {"x": {"news": {"body_rougelsum_f1": 0.8, "title_match": 0.5}}, "y": {}}
    means = {
        "x": {"news": {"body_rougelsum_f1": 0.85678, "title_match": 0.45, "date_match": 1.0}},
        "y": {"shop": {"attributes_f1": 0.66667, "attributes_precision": 0.7}},
        "z": {"news": {"body_rougelsum_f1": 0.9}},
    }
    update = raise_floors(floors, means)
    assert update.floors == {
        # raised (rounded down), kept (mean lower); date_match has no floor to raise
        "x": {"news": {"body_rougelsum_f1": 0.8567, "title_match": 0.5}},
        # an extractor without floors gets its gate metrics (not attributes_precision)
        "y": {"shop": {"attributes_f1": 0.6666}},
    }
    assert [(c.metric, c.old, c.new) for c in update.raised] == [
        ("body_rougelsum_f1", 0.8, 0.8567),
        ("attributes_f1", None, 0.6666),
    ]
    assert [(c.extractor, c.metric, c.old, c.mean) for c in update.refused] == [
        ("x", "title_match", 0.5, 0.45)
    ]
    assert floors["x"]["news"]["body_rougelsum_f1"] == 0.8  # the input is left alone


def test_select_sites_follows_the_rule(tmp_path: Path) -> None:
    root = build_bench(tmp_path)
    names = [p.relative_to(root).as_posix() for p in select_sites(root, spec())]
    # tiny.example has only 2 pages, not more than train = 3
    assert names == ["news/alpha.example", "news/beta.example", "shop/shop.example"]
    assert [p.name for p in select_sites(root, spec(sites=1))] == ["alpha.example", "shop.example"]
    assert [p.name for p in select_sites(root, spec(train=4))] == ["alpha.example", "shop.example"]


def run_gate(bench: Path | None, gate_file: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {BENCH_ENV: str(bench or gate_file.parent / "absent")}
    command = [str(SCRIPT), "--gate-file", str(gate_file), "--workers", "1", *args]
    return run_python(*command, env=env, timeout=300)


def test_gate_script_sets_checks_and_refuses_to_lower_floors(tmp_path: Path) -> None:
    bench = build_bench(tmp_path / "bench")
    gate_file = tmp_path / "gate.json"
    data = spec().model_dump(mode="json") | {"floors": {"resiliparse": {}}}
    gate_file.write_text(json.dumps(data), encoding="utf-8")

    first = run_gate(bench, gate_file, "--update-floors")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "new floor" in first.stdout
    floors = load_gate(gate_file).floors["resiliparse"]
    # resiliparse keeps every gold word (recall 1) plus headline and byline (precision < 1)
    assert set(floors) == {"news", "shop"}
    assert 0.3 < floors["news"]["body_rougelsum_f1"] < 1.0
    assert floors["shop"] == {"attributes_f1": 0.0}

    floors["news"]["body_rougelsum_f1"] = 0.999
    gate_file.write_text(json.dumps(data | {"floors": {"resiliparse": floors}}), encoding="utf-8")
    failed = run_gate(bench, gate_file)
    assert failed.returncode == 1
    assert "| resiliparse | news | body_rougelsum_f1 |" in failed.stdout
    assert "FAIL" in failed.stdout and "gate FAILED: 1 of" in failed.stdout

    refused = run_gate(bench, gate_file, "--update-floors")
    assert refused.returncode == 1
    assert "refusing to lower floor 0.9990" in refused.stdout
    assert load_gate(gate_file).floors["resiliparse"]["news"]["body_rougelsum_f1"] == 0.999


def test_gate_script_skips_without_the_benchmark(tmp_path: Path) -> None:
    gate_file = tmp_path / "gate.json"
    gate_file.write_text("{}", encoding="utf-8")
    result = run_gate(None, gate_file)
    assert result.returncode == 0
    assert "gate skipped: no benchmark folder" in result.stdout


@pytest.mark.bench
def test_committed_gate_file_selects_real_sites(bench: Path) -> None:
    gate = load_gate(REPO / "benchmarks" / "gate.json")
    sites = select_sites(bench, gate)
    datasets = {site.parent.name for site in sites}
    assert len(datasets) >= 5
    for dataset in datasets:
        chosen = [s for s in sites if s.parent.name == dataset]
        eligible = [
            s for s in iter_sites(bench, dataset) if len(list(s.glob("*.json"))) > gate.train
        ]
        assert chosen == eligible[: gate.subset.sites_per_dataset]
    assert gate.floors, "the gate has no floors"
