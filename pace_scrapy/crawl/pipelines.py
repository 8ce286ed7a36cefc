"""Item pipelines: page records become JSON-safe items; items missing required fields are dropped.

:class:`ExtractionPipeline` turns each :class:`~pace_scrapy.crawl.record.PageRecord` into the
dict of ``item.model_dump(mode="json", exclude_none=True)`` (plain JSON values only, so feeds
never fail on a value). Other items pass through both pipelines untouched. A page that cannot
be extracted is dropped with :class:`~scrapy.exceptions.DropItem` naming the reason and counted
as ``pace/dropped/<reason>``; the crawl goes on. Reasons: ``unknown_config``, ``page_error``
(binary or oversized page), ``no_config_version`` (none valid at the page's date),
``before_since`` (published before the
spider's ``since``) and ``missing_<field>`` (a required field is empty).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from scrapy.exceptions import DropItem

from pace_scrapy.crawl.record import PageRecord
from pace_scrapy.crawl.runtime import PaceRuntime, enabled_runtime
from pace_scrapy.crawl.stats import ExtractionStats
from pace_scrapy.errors import NoConfigVersion, PageError
from pace_scrapy.extract.extractor import extract
from pace_scrapy.page.model import Page

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler


class ExtractionPipeline:
    """Extracts page records with their publisher config (``pace/items/extracted``...)."""

    def __init__(self, runtime: PaceRuntime, stats: ExtractionStats) -> None:
        self.runtime = runtime
        self.stats = stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        """Build from the crawler's runtime (:class:`NotConfigured` when disabled)."""
        runtime = enabled_runtime(crawler)
        return cls(runtime, ExtractionStats(crawler.stats, runtime.settings.stats_fields))

    def process_item(self, item: Any) -> Any:
        """The extracted item of a :class:`PageRecord`; any other item unchanged."""
        if not isinstance(item, PageRecord):
            return item
        settings = self.runtime.settings
        try:
            config = self.runtime.config(item.config)
            version = (
                self.runtime.version(item.config, item.config_version)
                if item.config_version is not None
                else None
            )
        except KeyError as exc:
            raise self._drop("unknown_config", item.url, str(exc)) from exc
        try:
            page = Page.from_html(
                item.body,
                item.url,
                content_type=item.content_type,
                fetched=item.fetched,
                max_bytes=settings.max_page_bytes,
            )
            extracted = extract(
                page,
                config,
                version=version,
                min_confidence=settings.min_confidence,
                fallback=settings.fallback == "generic",
                formats=settings.body_formats,
            )
        except PageError as exc:
            raise self._drop("page_error", item.url, str(exc)) from exc
        except NoConfigVersion as exc:
            raise self._drop("no_config_version", item.url, str(exc)) from exc
        if item.render_failed:
            extracted.metadata.renderFailed = True
        used = version or self.runtime.version(item.config, extracted.metadata.configVersion)
        self.stats.extracted(used, extracted.metadata)
        published = published_day(getattr(extracted, "datePublished", None))
        if item.since and published and published < item.since:
            raise self._drop("before_since", item.url, f"published {published} < {item.since}")
        data: dict[str, Any] = extracted.model_dump(mode="json", exclude_none=True)
        return data

    def close_spider(self) -> None:
        """Record the fill rates."""
        self.stats.close()

    def _drop(self, reason: str, url: str, message: str) -> DropItem:
        self.stats.dropped(reason)
        return DropItem(f"{reason}: {url}: {message}")


class ValidationPipeline:
    """Drops extracted items missing ``url`` or a field their config version requires."""

    def __init__(self, runtime: PaceRuntime, stats: ExtractionStats) -> None:
        self.runtime = runtime
        self.stats = stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        """Build from the crawler's runtime (:class:`NotConfigured` when disabled)."""
        runtime = enabled_runtime(crawler)
        return cls(runtime, ExtractionStats(crawler.stats, per_field=False))

    def process_item(self, item: Any) -> Any:
        """The item, unless a required field is missing (``pace/dropped/missing_<field>``)."""
        metadata = item.get("metadata") if isinstance(item, dict) else None
        if not isinstance(metadata, dict) or not metadata.get("config"):
            return item
        version = self.runtime.version(metadata["config"], metadata["configVersion"])
        required = ["url", *(name for name, spec in version.fields.items() if spec.required)]
        for name in required:
            if is_empty(field_value(item, name)):
                reason = f"missing_{name}"
                self.stats.dropped(reason)
                raise DropItem(f"{reason}: {item.get('url')}: required field {name!r} is empty")
        return item


def field_value(item: dict[str, Any], name: str) -> Any:
    """The value of a (dotted) field name in an item dict, or None."""
    value: Any = item
    for part in name.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def is_empty(value: Any) -> bool:
    """True for None, blank text and empty containers."""
    if isinstance(value, str):
        return not value.strip()
    return value is None or (isinstance(value, list | dict) and not value)


def published_day(value: str | None) -> date | None:
    """The day of an ISO 8601 ``datePublished`` (None when absent or not ISO)."""
    if not value:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None
