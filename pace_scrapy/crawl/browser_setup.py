"""Enabling scrapy-playwright for a crawl that may render pages, and only for such a crawl.

:func:`rendering_needed` says whether a crawl can render at all: not with ``PACE_RENDER =
"never"``; otherwise when a publisher's policy renders (``always``, or ``auto`` with a stored
decision to render) or ``PACE_RENDER_ON_REQUEST`` is True. Plain crawls thus never start a
browser. :func:`playwright_settings` gives what the add-on then fills in (values the project
set win): scrapy-playwright's download handler for http and https (one instance for both,
:mod:`pace_scrapy.render.handler`), the launch options of the Chromium found
(:mod:`pace_scrapy.render.browser`), the page cap ``PACE_BROWSER_MAX_PAGES``, and request
fingerprints that keep rendered and plain fetches apart in the HTTP cache
(:mod:`pace_scrapy.crawl.fingerprint`).

The reactor cannot be set by an add-on: ``scrapy crawl`` installs it (from the project
settings) before add-ons run. scrapy-playwright needs the asyncio reactor, Scrapy's default
since 2.13, so the project settings must not choose another ``TWISTED_REACTOR`` nor set
``TWISTED_REACTOR_ENABLED = False``; :func:`playwright_settings` says so when they do.
"""

from __future__ import annotations

import importlib.util
import logging
from typing import TYPE_CHECKING

from pace_scrapy.crawl.settings import PaceSettings, SettingsError
from pace_scrapy.render.browser import BrowserNotFound, find_browser, launch_options
from pace_scrapy.render.policy import render_wanted, undecided

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

    from pace_scrapy.config.store import ConfigStore

logger = logging.getLogger(__name__)

PLAYWRIGHT_HANDLER = "pace_scrapy.render.handler.SharedPlaywrightHandler"
FINGERPRINTER = "pace_scrapy.crawl.fingerprint.RenderAwareFingerprinter"
ASYNCIO_REACTOR = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"


def rendering_needed(settings: PaceSettings, store: ConfigStore) -> bool:
    """True when pages of this crawl may be rendered (so the browser must be set up)."""
    if settings.render == "never":
        return False
    rendered = [config for config in store if render_wanted(config, settings.render)]
    for config in rendered:
        if not config.url_patterns:
            logger.warning(
                "Config %r is rendered but has no url_patterns, so its sitemaps and feeds "
                "are rendered too",
                config.name,
            )
    if settings.render == "config":
        for config in store:
            if undecided(config):
                logger.warning(
                    "Config %r has render 'auto' but no render decision yet; its pages are "
                    "fetched without a browser",
                    config.name,
                )
    return settings.render_on_request or bool(rendered)


def playwright_settings(pace: PaceSettings, settings: BaseSettings) -> dict[str, object]:
    """The Scrapy settings that make scrapy-playwright render pages with a local Chromium.

    Raises :class:`SettingsError` naming what to change when rendering cannot work: no
    scrapy-playwright, another reactor, or no browser (``PACE_BROWSER_EXECUTABLE``).
    """
    if importlib.util.find_spec("scrapy_playwright") is None:
        raise SettingsError(
            "rendering pages needs scrapy-playwright: pip install 'pace-scrapy[render]' "
            "(or set PACE_RENDER = 'never')"
        )
    reactor = settings.get("TWISTED_REACTOR")
    enabled = settings.getbool("TWISTED_REACTOR_ENABLED", True)
    if reactor != ASYNCIO_REACTOR or not enabled:
        raise SettingsError(
            f"rendering pages needs TWISTED_REACTOR = {ASYNCIO_REACTOR!r} (Scrapy's default) "
            "and TWISTED_REACTOR_ENABLED = True in the project settings, got "
            f"TWISTED_REACTOR = {reactor!r} and TWISTED_REACTOR_ENABLED = {enabled!r}"
        )
    values: dict[str, object] = {
        "DOWNLOAD_HANDLERS": {"http": PLAYWRIGHT_HANDLER, "https": PLAYWRIGHT_HANDLER},
        "PLAYWRIGHT_MAX_PAGES_PER_CONTEXT": pace.browser_max_pages,
        "REQUEST_FINGERPRINTER_CLASS": FINGERPRINTER,
    }
    remote = settings.get("PLAYWRIGHT_CDP_URL") or settings.get("PLAYWRIGHT_CONNECT_URL")
    if remote or (settings.get("PLAYWRIGHT_BROWSER_TYPE") or "chromium") != "chromium":
        return values  # the project chose another browser: nothing to find or launch
    chosen = settings.getdict("PLAYWRIGHT_LAUNCH_OPTIONS")
    if "executable_path" in chosen or "channel" in chosen:
        executable = None  # the project's launch options name the browser
    else:
        try:
            executable = find_browser(pace.browser_executable)
        except BrowserNotFound as exc:
            raise SettingsError(str(exc)) from exc
    values["PLAYWRIGHT_LAUNCH_OPTIONS"] = launch_options(executable)
    logger.info(
        "Rendering pages with %s (%d browser pages at once)",
        executable or chosen.get("executable_path") or "Playwright's Chromium",
        pace.browser_max_pages,
    )
    return values
