"""The page record a spider yields for extraction, and how a page's date is decided.

A page's date picks the config version applied to it: ``meta["pace_date"]`` when the request
carries one (a ``date``, ``datetime`` or ISO ``YYYY-MM-DD`` string, e.g. for archived pages),
else the response's HTTP ``Date`` header (so pages replayed from Scrapy's HTTP cache keep their
original date), else today (UTC).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scrapy.http import Response

META_CONFIG = "pace_config"
META_VERSION = "pace_config_version"
META_DATE = "pace_date"
META_RENDER_FAILED = "pace_render_failed"


@dataclass(frozen=True, slots=True)
class PageRecord:
    """A downloaded page of a known publisher, waiting for the extraction pipeline.

    ``body`` holds the raw bytes (decoded by the page model, exactly as ``pace-extract`` does
    for saved pages); ``config_version`` is the version valid at ``fetched`` (None when no
    version is); items published before ``since`` are dropped after extraction;
    ``render_failed`` marks a page fetched plainly because rendering it failed.
    """

    url: str
    body: bytes
    content_type: str | None
    config: str
    config_version: int | None
    fetched: date
    since: date | None = None
    render_failed: bool = False

    @classmethod
    def from_response(cls, response: Response, since: date | None = None) -> PageRecord:
        """The record of a response the publisher middleware matched to a config.

        Raises :class:`ValueError` for a response of no known publisher (check
        ``response.meta.get("pace_config")`` first).
        """
        meta = response.meta
        config = meta.get(META_CONFIG)
        if not config:
            raise ValueError(
                f"{response.url}: no publisher config matched this page "
                "(is pace_scrapy.Addon enabled?)"
            )
        content_type = response.headers.get("Content-Type")
        return cls(
            url=response.url,
            body=response.body,
            content_type=content_type.decode("latin-1") if content_type else None,
            config=config,
            config_version=meta.get(META_VERSION),
            fetched=parse_day(meta[META_DATE]),
            since=since,
            render_failed=bool(meta.get(META_RENDER_FAILED)),
        )


def parse_day(value: object) -> date:
    """A date from a ``date``, a ``datetime`` (its UTC day) or an ISO ``YYYY-MM-DD[...]`` text."""
    if isinstance(value, datetime):
        return value.astimezone(UTC).date() if value.tzinfo else value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value[:10])
        except ValueError as exc:
            raise ValueError(f"not an ISO date (YYYY-MM-DD): {value!r}") from exc
    raise TypeError(f"not a date: {value!r}")


def page_date(meta_date: object, date_header: bytes | None) -> date:
    """The page's date: ``meta_date`` if given, else the HTTP ``Date`` header, else today (UTC).

    A malformed ``Date`` header is ignored (servers send odd ones); a malformed ``meta_date``
    raises, since it comes from the crawl's own code.
    """
    if meta_date is not None:
        return parse_day(meta_date)
    if date_header:
        try:
            sent = parsedate_to_datetime(date_header.decode("latin-1"))
        except (TypeError, ValueError):
            sent = None
        if sent is not None:
            return parse_day(sent)
    return datetime.now(UTC).date()
