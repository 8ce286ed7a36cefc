"""Fixtures shared by the test packages: the repository root, the ``scrapy`` command line and
the Chromium that rendering tests use."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pace_scrapy.render.browser import BrowserNotFound, find_browser

REPO = Path(__file__).resolve().parents[1]

ScrapyCli = Callable[..., subprocess.CompletedProcess[str]]


def run_python(
    *args: str, cwd: Path = REPO, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGS...`` in a subprocess that imports this repository (``tests.*`` too)
    and is not steered by an outer ``SCRAPY_SETTINGS_MODULE``; ``env`` adds variables."""
    environment = {k: v for k, v in os.environ.items() if k != "SCRAPY_SETTINGS_MODULE"}
    environment.update({"PYTHONPATH": str(REPO), **(env or {})})
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture(scope="session")
def scrapy_cli() -> ScrapyCli:
    """Run ``scrapy ARGS...`` in a subprocess (cwd: the repository, i.e. its Scrapy project)."""

    def run(*args: str, cwd: Path = REPO, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return run_python("-m", "scrapy", *args, cwd=cwd, timeout=timeout)

    return run


@pytest.fixture(scope="session")
def chromium() -> str | None:
    """The Chromium the crawls use (None: Playwright's own); skips the test when none."""
    try:
        return find_browser(os.environ.get("PACE_BROWSER_EXECUTABLE"))
    except BrowserNotFound as exc:
        pytest.skip(f"no Chromium to render with: {exc}")
