"""Golden tests: extracting each saved page gives exactly its saved item (see ``cases.py``)."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from tests.golden.cases import CASES, GOLDEN, REGENERATE, Case, expected_json
from tests.golden.regenerate import regenerate


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_extraction_matches_the_golden_item(case: Case) -> None:
    expected_file = GOLDEN / "expected" / case.expected_file
    assert expected_file.is_file(), f"no {expected_file}: run `{REGENERATE}`"
    expected = expected_file.read_text(encoding="utf-8")
    actual = expected_json(case, GOLDEN / "pages")
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"expected/{case.expected_file}",
            tofile="extracted now",
        )
        pytest.fail(
            f"{case.name}: the extracted item differs from the golden one:\n{''.join(diff)}\n"
            f"If the change is intended, run `{REGENERATE}` and review the diff.",
            pytrace=False,
        )


def test_every_case_has_its_files_and_no_file_is_stray() -> None:
    pages = {path.name for path in (GOLDEN / "pages").iterdir()}
    expected = {path.name for path in (GOLDEN / "expected").iterdir()}
    assert pages == {case.page_file for case in CASES}
    assert expected == {case.expected_file for case in CASES}


def test_golden_items_are_meaningful() -> None:
    """The golden items hold what the cases are about (guards against pinning empty output)."""
    items = {
        case.name: json.loads((GOLDEN / "expected" / case.expected_file).read_text("utf-8"))
        for case in CASES
    }
    assert "```" in items["demo-b1-science-code"]["articleBodyMarkdown"]
    assert items["demo-b1-politics-table"]["tables"]
    assert items["demo-b1-live-fallback"]["metadata"]["fallbackUsed"] is True
    assert items["demo-b1-opinion"]["metadata"]["fallbackUsed"] is False
    assert all(items[name]["price"] for name in ("demo-b1-product", "demo-b2-product"))
    layout = items["hand-layout-table"]
    assert layout["tables"][0]["headerRows"] == [
        ["Item", "Amount (£)", "Amount (£)"],
        ["Item", "2023/24", "2024/25"],
    ]
    assert ["Street lighting", "est.", "950"] in layout["tables"][0]["rows"]
    assert "hidden text" not in layout["articleBody"]
    lists = items["hand-lists-figures"]
    assert lists["images"][0]["url"] == "https://blog.example/img/loaf-1200.jpg"
    assert "Screen readers skip this" not in lists["articleBody"]
    assert "图书馆有十万册藏书" in items["hand-rtl-cjk"]["articleBody"]
    assert items["hand-product"]["gtin"] == [{"type": "gtin13", "value": "4006381333931"}]


def test_regeneration_is_deterministic(tmp_path: Path) -> None:
    first = regenerate(tmp_path / "first")
    second = regenerate(tmp_path / "second")
    assert [path.relative_to(tmp_path / "first") for path in first] == [
        path.relative_to(tmp_path / "second") for path in second
    ]
    for one, two in zip(first, second, strict=True):
        assert one.read_bytes() == two.read_bytes(), one.name
