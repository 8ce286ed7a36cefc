"""Which Chromium renders pages, and how it is launched on a headless server.

:func:`find_browser` prefers an explicit executable, then the system's Chromium or Chrome
(:data:`SYSTEM_BROWSERS`), then the browser Playwright downloaded itself (``playwright install
chromium``). :func:`launch_options` are Playwright's ``launch()`` keyword arguments: headless,
no sandbox when running as root (Chromium refuses to start otherwise), and no background
traffic (updates, sync, metrics...), which matters on closed networks and for speed.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import TypedDict

from pace_scrapy.errors import PaceError

SETTING = "PACE_BROWSER_EXECUTABLE"
SYSTEM_BROWSERS = (
    "/usr/bin/chromium",
    "/usr/lib/chromium/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
)
HEADLESS_ARGS = (
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--metrics-recording-only",
    "--mute-audio",
    "--password-store=basic",
)
ROOT_ARGS = ("--no-sandbox",)


class BrowserNotFound(PaceError):
    """No usable Chromium; the message names :data:`SETTING`."""


class LaunchOptions(TypedDict, total=False):
    """Keyword arguments of Playwright's ``BrowserType.launch()``."""

    headless: bool
    args: list[str]
    executable_path: str


def find_browser(executable: str | None) -> str | None:
    """The Chromium executable to launch; ``None`` means Playwright's own Chromium.

    ``executable`` (the ``PACE_BROWSER_EXECUTABLE`` setting) must be an executable file (a
    path, or a command on ``PATH``); without it the first of :data:`SYSTEM_BROWSERS` found is
    used, else Playwright's own browser when installed. Raises :class:`BrowserNotFound`.
    """
    if executable:
        found = shutil.which(executable)
        if found is None:
            raise BrowserNotFound(f"{SETTING} {executable!r} is not an executable file")
        return found
    for candidate in SYSTEM_BROWSERS:
        if os.access(candidate, os.X_OK):
            return candidate
    if playwright_browser_installed():
        return None
    raise BrowserNotFound(
        f"rendering needs Chromium, but none was found: install it (Debian/Ubuntu: apt-get "
        f"install chromium; or: playwright install chromium) or set {SETTING} to a "
        f"Chromium or Chrome executable (looked for {', '.join(SYSTEM_BROWSERS)})"
    )


def launch_options(executable: str | None, *, as_root: bool | None = None) -> LaunchOptions:
    """Playwright launch options for a headless server (``as_root`` defaults to the euid)."""
    root = os.geteuid() == 0 if as_root is None else as_root
    options: LaunchOptions = {
        "headless": True,
        "args": [*(ROOT_ARGS if root else ()), *HEADLESS_ARGS],
    }
    if executable is not None:
        options["executable_path"] = executable
    return options


def playwright_browser_installed() -> bool:
    """True when the Chromium revision the installed Playwright expects was downloaded."""
    try:
        import playwright  # noqa: PLC0415 (optional dependency)
    except ImportError:
        return False
    manifest = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    try:
        browsers = json.loads(manifest.read_text(encoding="utf-8"))["browsers"]
    except (OSError, ValueError, KeyError):
        return False
    folder = _playwright_browsers_folder(Path(playwright.__file__).parent)
    for browser in browsers:
        name = str(browser.get("name", ""))
        if name.startswith("chromium"):
            installed = folder / f"{name.replace('-', '_')}-{browser.get('revision')}"
            if installed.is_dir():
                return True
    return False


def _playwright_browsers_folder(package: Path) -> Path:
    configured = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    if configured == "0":
        return package / "driver" / "package" / ".local-browsers"
    if configured:
        return Path(configured).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "ms-playwright"
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / "ms-playwright"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "ms-playwright"
