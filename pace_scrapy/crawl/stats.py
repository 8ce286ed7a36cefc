"""Crawl stats of extracted items: per config, per field fill counts, fill rates and rejections.

Keys (all under ``pace/``): ``items/extracted``, ``fallback``, ``dropped/<reason>``,
``config/<name>/items``, ``config/<name>/field/<field>/filled``,
``config/<name>/field/<field>/rejected`` (plausibility rejections) and, at close,
``config/<name>/field/<field>/fill_rate`` (filled / items, 0.0 for fields never filled). The
fields are the config version's fields plus ``articleBody`` when the version has a body.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from pace_scrapy.config.model import ConfigVersion
from pace_scrapy.items import Metadata

if TYPE_CHECKING:
    from scrapy.statscollectors import StatsCollector

BODY_FIELD = "articleBody"


def drop_key(reason: str) -> str:
    """The stats key counting items dropped for ``reason``."""
    return f"pace/dropped/{reason}"


class ExtractionStats:
    """Counts extracted items into Scrapy's stats; ``per_field`` adds the per-field keys."""

    def __init__(self, stats: StatsCollector, per_field: bool) -> None:
        self.stats = stats
        self.per_field = per_field
        self._fields: defaultdict[str, dict[str, None]] = defaultdict(dict)

    def extracted(self, version: ConfigVersion, metadata: Metadata) -> None:
        """Count one extracted item of config ``metadata.config`` made with ``version``."""
        name = metadata.config
        self.stats.inc_value("pace/items/extracted")
        self.stats.inc_value(f"pace/config/{name}/items")
        if metadata.fallbackUsed:
            self.stats.inc_value("pace/fallback")
        if not self.per_field:
            return
        known = self._fields[str(name)]
        known.update(dict.fromkeys(version.fields))
        if version.body is not None:
            known[BODY_FIELD] = None
        for field in known:
            if field in metadata.fields:
                self.stats.inc_value(f"pace/config/{name}/field/{field}/filled")
        for field in metadata.rejected:
            self.stats.inc_value(f"pace/config/{name}/field/{field}/rejected")

    def dropped(self, reason: str) -> None:
        """Count an item dropped for ``reason``."""
        self.stats.inc_value(drop_key(reason))

    def close(self) -> None:
        """Set every counted field's fill rate (rounded to 4 decimals)."""
        for name, fields in self._fields.items():
            items = self.stats.get_value(f"pace/config/{name}/items", 0)
            for field in fields:
                filled = self.stats.get_value(f"pace/config/{name}/field/{field}/filled", 0)
                rate = round(filled / items, 4) if items else 0.0
                self.stats.set_value(f"pace/config/{name}/field/{field}/fill_rate", rate)
