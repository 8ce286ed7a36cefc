"""Exceptions raised by pace-scrapy; every message names the bad value."""

from __future__ import annotations


class PaceError(Exception):
    """Base class of every error pace-scrapy raises on purpose."""


class PageError(PaceError):
    """A document that cannot be treated as an HTML page (binary data, too large)."""


class ConfigError(PaceError):
    """A publisher config that is invalid; the message names the file and the field."""


class NoConfigVersion(PaceError):
    """No version of a publisher config is valid at the page's date."""
