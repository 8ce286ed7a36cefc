"""Test helper extension: writes a crawl's stats as JSON to ``STATS_JSON_FILE`` when it closes.

``%(name)s`` in the path is replaced by the spider name. Enable with
``-s EXTENSIONS={"tests.crawl.statsdump.StatsDump": 0} -s STATS_JSON_FILE=path``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Self

from scrapy import Spider, signals
from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured


class StatsDump:
    """Dumps ``crawler.stats`` after the pipelines have closed (fill rates included)."""

    def __init__(self, crawler: Crawler, path: str) -> None:
        self.crawler = crawler
        self.path = path

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        path = crawler.settings.get("STATS_JSON_FILE")
        if not path:
            raise NotConfigured("STATS_JSON_FILE is not set")
        extension = cls(crawler, path)
        crawler.signals.connect(extension.spider_closed, signal=signals.spider_closed)
        return extension

    def spider_closed(self, spider: Spider, reason: str) -> None:
        stats: dict[str, Any] = self.crawler.stats.get_stats()
        target = Path(self.path % {"name": spider.name})
        target.write_text(json.dumps(stats, default=str, indent=1), encoding="utf-8")
