"""Finding Chromium and launching it on a headless server."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import playwright
import pytest

from pace_scrapy.render import browser
from pace_scrapy.render.browser import (
    BrowserNotFound,
    find_browser,
    launch_options,
    playwright_browser_installed,
)


def executable(path: Path) -> str:
    path.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.fixture
def no_playwright_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder of Playwright browsers."""
    folder = tmp_path / "ms-playwright"
    folder.mkdir()
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(folder))
    return folder


def test_the_setting_names_the_browser(tmp_path: Path) -> None:
    chrome = executable(tmp_path / "my-chrome")
    assert find_browser(chrome) == chrome
    assert find_browser("sh") is not None  # a command on PATH


@pytest.mark.parametrize("value", ["/no/such/chromium", "no-such-browser-command"])
def test_a_bad_setting_is_an_error_naming_it(value: str) -> None:
    with pytest.raises(BrowserNotFound, match=f"PACE_BROWSER_EXECUTABLE '{value}'"):
        find_browser(value)


def test_the_first_system_browser_found_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_playwright_browser: Path
) -> None:
    second, third = executable(tmp_path / "chromium"), executable(tmp_path / "chrome")
    monkeypatch.setattr(browser, "SYSTEM_BROWSERS", (str(tmp_path / "absent"), second, third))
    assert find_browser(None) == second


def test_playwrights_own_browser_comes_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_playwright_browser: Path
) -> None:
    monkeypatch.setattr(browser, "SYSTEM_BROWSERS", (str(tmp_path / "absent"),))
    with pytest.raises(BrowserNotFound, match="PACE_BROWSER_EXECUTABLE"):
        find_browser(None)
    assert not playwright_browser_installed()
    manifest = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    browsers = json.loads(manifest.read_text(encoding="utf-8"))["browsers"]
    revision = next(b["revision"] for b in browsers if b["name"] == "chromium-headless-shell")
    (no_playwright_browser / f"chromium_headless_shell-{revision}").mkdir()
    assert playwright_browser_installed()
    assert find_browser(None) is None  # Playwright launches its own


def test_launch_options_for_a_headless_server() -> None:
    as_root = launch_options("/usr/bin/chromium", as_root=True)
    assert as_root["executable_path"] == "/usr/bin/chromium"
    assert as_root["headless"] is True
    args = as_root["args"]
    assert isinstance(args, list)
    assert "--no-sandbox" in args
    for flag in ("--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"):
        assert flag in args
    as_user = launch_options(None, as_root=False)
    assert "executable_path" not in as_user
    assert isinstance(as_user["args"], list)
    assert "--no-sandbox" not in as_user["args"]
