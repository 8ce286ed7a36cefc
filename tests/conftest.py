"""Fixtures shared by the test packages: the repository root and the ``scrapy`` command line."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

ScrapyCli = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="session")
def scrapy_cli() -> ScrapyCli:
    """Run ``scrapy ARGS...`` in a subprocess (cwd: the repository, i.e. its Scrapy project)."""
    env = {k: v for k, v in os.environ.items() if k != "SCRAPY_SETTINGS_MODULE"}

    def run(*args: str, cwd: Path = REPO, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "scrapy", *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    return run
