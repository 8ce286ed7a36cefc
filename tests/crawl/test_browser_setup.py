"""Enabling scrapy-playwright only for crawls that may render, with errors naming the setting."""

from __future__ import annotations

import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from scrapy.settings import Settings

from pace_scrapy.config.store import ConfigStore, parse_config
from pace_scrapy.crawl.addon import Addon
from pace_scrapy.crawl.browser_setup import (
    FINGERPRINTER,
    PLAYWRIGHT_HANDLER,
    playwright_settings,
    rendering_needed,
)
from pace_scrapy.crawl.runtime import PaceRuntime
from pace_scrapy.crawl.settings import PaceSettings, SettingsError
from pace_scrapy.render import browser
from tests.conftest import REPO
from tests.crawl.conftest import make_crawler


def publisher(name: str, render: str, decision: bool | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "domains": [f"{name}.example"],
        "render": render,
        "versions": [{"version": 1}],
    }
    if decision is not None:
        data["rendering"] = {"decision": {"render": decision}}
    return data


def store(*configs: dict[str, Any]) -> ConfigStore:
    result = ConfigStore()
    for data in configs:
        result.add(parse_config(data))
    return result


def pace(**settings: Any) -> PaceSettings:
    return PaceSettings.from_settings(settings)


@pytest.fixture
def chrome(tmp_path: Path) -> str:
    """An executable file standing for Chromium (never launched here)."""
    path = tmp_path / "chrome"
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.fixture
def config_folder(tmp_path: Path) -> Path:
    """Configs ``plain`` (never) and ``live`` (always)."""
    folder = tmp_path / "configs"
    folder.mkdir()
    for data in (publisher("plain", "never"), publisher("live", "always")):
        (folder / f"{data['name']}.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


def test_which_crawls_may_render(caplog: pytest.LogCaptureFixture) -> None:
    never, always = publisher("never", "never"), publisher("always", "always")
    auto_yes, auto_no = publisher("yes", "auto", True), publisher("no", "auto", False)
    assert not rendering_needed(pace(), store(never, auto_no))
    assert rendering_needed(pace(), store(never, always))
    assert rendering_needed(pace(), store(never, auto_yes))
    assert rendering_needed(pace(PACE_RENDER="always"), store(never))
    assert not rendering_needed(pace(PACE_RENDER="always"), store())  # no publisher at all
    assert not rendering_needed(pace(PACE_RENDER="never"), store(always))
    assert rendering_needed(pace(PACE_RENDER_ON_REQUEST=True), store(never))
    assert not rendering_needed(pace(PACE_RENDER="never", PACE_RENDER_ON_REQUEST=True), store())
    with caplog.at_level(logging.WARNING):
        assert not rendering_needed(pace(), store(publisher("later", "auto")))
    assert "'later' has render 'auto' but no render decision yet" in caplog.text
    assert "'always' is rendered but has no url_patterns" in caplog.text


def test_playwright_settings_with_the_browser_of_the_setting(chrome: str) -> None:
    values = playwright_settings(
        pace(PACE_BROWSER_EXECUTABLE=chrome, PACE_BROWSER_MAX_PAGES=3), Settings()
    )
    assert values["DOWNLOAD_HANDLERS"] == {"http": PLAYWRIGHT_HANDLER, "https": PLAYWRIGHT_HANDLER}
    assert values["PLAYWRIGHT_MAX_PAGES_PER_CONTEXT"] == 3
    options = values["PLAYWRIGHT_LAUNCH_OPTIONS"]
    assert isinstance(options, dict)
    assert options["executable_path"] == chrome
    assert options["headless"] is True
    assert ("--no-sandbox" in options["args"]) == (os.geteuid() == 0)


def test_no_browser_is_an_error_naming_the_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SettingsError, match="PACE_BROWSER_EXECUTABLE '/no/chrome'"):
        playwright_settings(pace(PACE_BROWSER_EXECUTABLE="/no/chrome"), Settings())
    monkeypatch.setattr(browser, "SYSTEM_BROWSERS", ())
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))
    with pytest.raises(SettingsError, match="or set PACE_BROWSER_EXECUTABLE"):
        playwright_settings(pace(), Settings())


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"TWISTED_REACTOR": "twisted.internet.epollreactor.EPollReactor"}, "EPollReactor"),
        ({"TWISTED_REACTOR_ENABLED": False}, "TWISTED_REACTOR_ENABLED = False"),
    ],
)
def test_rendering_needs_the_asyncio_reactor(
    chrome: str, settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        playwright_settings(pace(PACE_BROWSER_EXECUTABLE=chrome), Settings(settings))


def test_a_browser_chosen_by_the_project_is_not_looked_for() -> None:
    bogus = pace(PACE_BROWSER_EXECUTABLE="/no/chrome")
    remote = playwright_settings(bogus, Settings({"PLAYWRIGHT_CDP_URL": "http://127.0.0.1:9222"}))
    assert "PLAYWRIGHT_LAUNCH_OPTIONS" not in remote
    firefox = playwright_settings(bogus, Settings({"PLAYWRIGHT_BROWSER_TYPE": "firefox"}))
    assert "PLAYWRIGHT_LAUNCH_OPTIONS" not in firefox
    own = Settings({"PLAYWRIGHT_LAUNCH_OPTIONS": {"executable_path": "/opt/chrome"}})
    options = playwright_settings(bogus, own)["PLAYWRIGHT_LAUNCH_OPTIONS"]
    assert isinstance(options, dict)
    assert "executable_path" not in options  # the project's stays


def addon_settings(config_folder: Path, **project: Any) -> Settings:
    """Settings after the add-on filled them in (project values at project priority)."""
    settings = Settings({"PACE_CONFIG_DIR": str(config_folder), **project}, priority="project")
    Addon(PaceRuntime(PaceSettings.from_settings(settings))).update_settings(settings)
    return settings


def test_the_add_on_fills_in_scrapy_playwright(config_folder: Path, chrome: str) -> None:
    settings = addon_settings(
        config_folder,
        PACE_BROWSER_EXECUTABLE=chrome,
        DOWNLOAD_HANDLERS={"https": "my.Handler"},
        PLAYWRIGHT_LAUNCH_OPTIONS={"headless": False},
        PLAYWRIGHT_MAX_PAGES_PER_CONTEXT=2,
    )
    assert settings.getdict("DOWNLOAD_HANDLERS") == {
        "https": "my.Handler",
        "http": PLAYWRIGHT_HANDLER,
    }
    options = settings.getdict("PLAYWRIGHT_LAUNCH_OPTIONS")
    assert options["headless"] is False  # the project's
    assert options["executable_path"] == chrome  # filled in
    assert settings.getint("PLAYWRIGHT_MAX_PAGES_PER_CONTEXT") == 2
    assert settings.get("REQUEST_FINGERPRINTER_CLASS") == FINGERPRINTER
    own = addon_settings(
        config_folder, PACE_BROWSER_EXECUTABLE=chrome, REQUEST_FINGERPRINTER_CLASS="my.Fp"
    )
    assert own.get("REQUEST_FINGERPRINTER_CLASS") == "my.Fp"
    assert (
        addon_settings(config_folder, PACE_BROWSER_EXECUTABLE=chrome).getint(
            "PLAYWRIGHT_MAX_PAGES_PER_CONTEXT"
        )
        == 8
    )  # PACE_BROWSER_MAX_PAGES


def test_plain_crawls_get_no_browser(config_folder: Path) -> None:
    # No browser is looked for, so a bad PACE_BROWSER_EXECUTABLE is no error either.
    never = addon_settings(config_folder, PACE_RENDER="never", PACE_BROWSER_EXECUTABLE="/no")
    (config_folder / "live.json").unlink()
    no_publisher_renders = addon_settings(config_folder, PACE_BROWSER_EXECUTABLE="/no")
    for settings in (never, no_publisher_renders):
        assert settings.getdict("DOWNLOAD_HANDLERS") == {}
        assert "PLAYWRIGHT_LAUNCH_OPTIONS" not in settings
        assert "PLAYWRIGHT_MAX_PAGES_PER_CONTEXT" not in settings
        assert settings.get("REQUEST_FINGERPRINTER_CLASS") != FINGERPRINTER


def test_a_rendering_crawl_without_the_asyncio_reactor_does_not_start(config_folder: Path) -> None:
    # Scrapy's test crawler runs without a reactor (TWISTED_REACTOR_ENABLED = False).
    with pytest.raises(SettingsError, match="TWISTED_REACTOR_ENABLED"):
        make_crawler(config_folder)


def test_plain_crawls_never_import_the_browser_driver() -> None:
    code = (
        "import sys\n"
        "from scrapy.utils.test import get_crawler\n"
        "from pace_scrapy.crawl.rendering import RenderMiddleware\n"
        f"crawler = get_crawler(settings_dict={{'ADDONS': {{'pace_scrapy.Addon': 0}}, "
        f"'PACE_CONFIG_DIR': {str(REPO / 'configs')!r}}})\n"
        "assert not RenderMiddleware.from_crawler(crawler).enabled\n"
        "loaded = sorted(m for m in sys.modules if 'playwright' in m)\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
