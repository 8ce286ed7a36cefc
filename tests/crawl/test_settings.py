"""PACE_* settings: defaults, parsing of command-line strings, errors naming the setting."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest

from pace_scrapy.crawl.settings import (
    SETTINGS,
    PaceSettings,
    SettingsError,
    resolve_config_dir,
    settings_table_markdown,
)
from tests.conftest import REPO

TABLE_HEADER = "| setting | type | default | description |"


def test_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no scrapy.cfg above a pytest tmp folder
    pace = PaceSettings.from_settings({})
    assert pace.enabled is True
    assert pace.config_dir == tmp_path.resolve() / "configs"
    assert (pace.fallback, pace.min_confidence, pace.render) == ("generic", None, "config")
    assert pace.max_page_bytes == 32 * 1024 * 1024
    assert pace.stats_fields is True
    assert pace.body_formats == ("html", "markdown")
    assert (pace.render_on_request, pace.browser_executable, pace.browser_max_pages) == (
        False,
        None,
        8,
    )


def test_command_line_strings_are_parsed() -> None:
    pace = PaceSettings.from_settings(
        {
            "PACE_ENABLED": "False",
            "PACE_MIN_CONFIDENCE": "0.25",
            "PACE_MAX_PAGE_BYTES": "1000",
            "PACE_STATS_FIELDS": "0",
            "PACE_FALLBACK": "none",
            "PACE_RENDER": "always",
            "PACE_RENDER_ON_REQUEST": "yes",
            "PACE_BROWSER_EXECUTABLE": "/opt/chrome/chrome",
            "PACE_BROWSER_MAX_PAGES": "3",
        }
    )
    assert (pace.enabled, pace.min_confidence, pace.max_page_bytes) == (False, 0.25, 1000)
    assert (pace.stats_fields, pace.fallback, pace.render) == (False, "none", "always")
    assert (pace.render_on_request, pace.browser_executable, pace.browser_max_pages) == (
        True,
        "/opt/chrome/chrome",
        3,
    )
    assert PaceSettings.from_settings({"PACE_MIN_CONFIDENCE": "None"}).min_confidence is None
    formats = {
        "markdown,": ("markdown",),
        " html, markdown": ("html", "markdown"),
        "none": (),
        "": (),
    }
    for given, parsed in formats.items():
        assert PaceSettings.from_settings({"PACE_BODY_FORMATS": given}).body_formats == parsed
    assert PaceSettings.from_settings({"PACE_BODY_FORMATS": []}).body_formats == ()
    assert (
        PaceSettings.from_settings({"PACE_BROWSER_EXECUTABLE": "None"}).browser_executable is None
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PACE_ENABLED", "maybe"),
        ("PACE_CONFIG_DIR", ""),
        ("PACE_FALLBACK", "trafilatura"),
        ("PACE_BODY_FORMATS", "html,pdf"),
        ("PACE_BODY_FORMATS", 3),
        ("PACE_MIN_CONFIDENCE", "high"),
        ("PACE_MIN_CONFIDENCE", 1.5),
        ("PACE_RENDER", "auto"),
        ("PACE_MAX_PAGE_BYTES", 0),
        ("PACE_MAX_PAGE_BYTES", True),
        ("PACE_STATS_FIELDS", "sometimes"),
        ("PACE_RENDER_ON_REQUEST", "please"),
        ("PACE_BROWSER_EXECUTABLE", 42),
        ("PACE_BROWSER_MAX_PAGES", 0),
        ("PACE_BROWSER_MAX_PAGES", "many"),
    ],
)
def test_bad_values_name_the_setting(name: str, value: Any) -> None:
    with pytest.raises(SettingsError, match=name):
        PaceSettings.from_settings({name: value})


def test_config_dir_that_is_a_file_is_an_error(tmp_path: Path) -> None:
    file = tmp_path / "configs"
    file.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SettingsError, match="PACE_CONFIG_DIR"):
        PaceSettings.from_settings({"PACE_CONFIG_DIR": str(file)})


def test_relative_config_dir_starts_at_the_closest_scrapy_cfg(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "scrapy.cfg").write_text("[settings]\n", encoding="utf-8")
    deeper = tmp_path / "a" / "b"
    deeper.mkdir(parents=True)
    monkeypatch.chdir(deeper)
    assert resolve_config_dir("configs") == tmp_path.resolve() / "configs"
    assert resolve_config_dir(str(tmp_path / "x")) == tmp_path / "x"


def test_unknown_pace_settings_are_warned_about(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        PaceSettings.from_settings({"PACE_FALLBAK": "none"})
    assert "PACE_FALLBAK" in caplog.text


def test_settings_table_has_one_row_per_setting() -> None:
    table = settings_table_markdown().splitlines()
    assert table[0] == TABLE_HEADER
    rows = [line for line in table[2:] if line.startswith("| `PACE_")]
    assert [row.split("`")[1] for row in rows] == [spec.name for spec in SETTINGS]
    assert all(row.count(" | ") == 3 for row in rows)  # no unescaped "|" inside a cell
    assert '| `"configs"` |' in settings_table_markdown()


def test_readme_documents_every_setting() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    if TABLE_HEADER not in readme:
        pytest.skip("README.md has no settings table yet")
    table = readme.split(TABLE_HEADER, 1)[1].split("\n\n", 1)[0]
    documented = re.findall(r"^\| `(PACE_[A-Z_]+)`", table, re.MULTILINE)
    assert sorted(documented) == sorted(spec.name for spec in SETTINGS)
