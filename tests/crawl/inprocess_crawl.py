"""Test helper script: two crawls in one process (``AsyncCrawlerProcess``), outside any project.

Only ``ADDONS`` and ``SPIDER_LOADER_CLASS`` configure pace-scrapy, as in a user's own project.
Run as ``python -m tests.crawl.inprocess_crawl OUT_DIR SHOP_BASE_URL PAGE_URL...`` from a folder
holding ``configs/``: the publisher spider ``demo-shop`` (3 pages at most) and a hand-written
spider fetching ``PAGE_URL``s write ``OUT_DIR/<spider>.jsonl`` and ``OUT_DIR/stats-<spider>.json``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

from scrapy import Spider
from scrapy.crawler import AsyncCrawlerProcess
from scrapy.http import Response

from pace_scrapy.crawl.record import PageRecord


class PagesSpider(Spider):
    """A hand-written spider: records of publisher pages, a plain item for any other page."""

    name = "pages"

    def __init__(self, urls: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = urls.split()

    def parse(self, response: Response) -> Iterator[Any]:
        if response.meta.get("pace_config"):
            yield PageRecord.from_response(response)
        else:
            yield {"url": response.url, "note": "no publisher"}


def main(out: str, shop_base_url: str, *page_urls: str) -> None:
    process = AsyncCrawlerProcess(
        {
            "ADDONS": {"pace_scrapy.Addon": 0},
            "SPIDER_LOADER_CLASS": "pace_scrapy.crawl.spiderloader.PaceSpiderLoader",
            "FEEDS": {f"{out}/%(name)s.jsonl": {"format": "jsonlines"}},
            "EXTENSIONS": {"tests.crawl.statsdump.StatsDump": 0},
            "STATS_JSON_FILE": f"{out}/stats-%(name)s.json",
            "TELNETCONSOLE_ENABLED": False,
        }
    )
    process.crawl("demo-shop", base_url=shop_base_url, max_pages="3")
    process.crawl(PagesSpider, urls=" ".join(page_urls))
    process.start()


if __name__ == "__main__":
    main(*sys.argv[1:])
