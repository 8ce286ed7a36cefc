"""Test helper script: one crawl that renders pages with Chromium (``AsyncCrawlerProcess``).

Run as ``python -m tests.render.render_crawl PLAN.json``. The plan names the output folder
(``out``), the config folder (``config_dir``), extra Scrapy settings (``settings``), the URLs
to fetch both ways (``both_ways``: saved as ``out/rendered-<i>.html`` with
``meta["pace_render"] = True`` and then ``out/plain-<i>.html`` with False) and the URLs fetched as
their publisher's policy says (``by_policy``: extracted into ``out/items.jsonl``). The stats
are written to ``out/stats.json``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from scrapy import Request, Spider
from scrapy.crawler import AsyncCrawlerProcess
from scrapy.http import Response

from pace_scrapy.crawl.record import PageRecord


class BothWaysSpider(Spider):
    """Saves pages fetched plainly and rendered; extracts pages fetched by policy."""

    name = "both-ways"

    def __init__(self, plan: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.plan = plan
        self.out = Path(plan["out"])

    async def start(self) -> AsyncIterator[Request]:
        for index, url in enumerate(self.plan["both_ways"]):
            yield self.both_ways(url, index, rendered=True)
        for url in self.plan["by_policy"]:
            yield Request(url, callback=self.record)

    def both_ways(self, url: str, index: int, *, rendered: bool) -> Request:
        name = f"{'rendered' if rendered else 'plain'}-{index}.html"
        meta = {"pace_render": rendered, "file": name, "index": index}
        return Request(url, callback=self.save, meta=meta, dont_filter=True)

    def save(self, response: Response) -> Iterator[Request]:
        """Save a page; the plain fetch of a page follows its rendered one (so an HTTP cache
        that mixed them up would serve the rendered copy)."""
        (self.out / response.meta["file"]).write_bytes(response.body)
        if response.meta["pace_render"]:
            yield self.both_ways(response.url, response.meta["index"], rendered=False)

    def record(self, response: Response) -> Iterator[PageRecord]:
        if response.meta.get("pace_config"):
            yield PageRecord.from_response(response)


def main(plan_file: str) -> None:
    plan = json.loads(Path(plan_file).read_text(encoding="utf-8"))
    out = plan["out"]
    process = AsyncCrawlerProcess(
        {
            "ADDONS": {"pace_scrapy.Addon": 0},
            "PACE_CONFIG_DIR": plan["config_dir"],
            "FEEDS": {f"{out}/items.jsonl": {"format": "jsonlines"}},
            "EXTENSIONS": {"tests.crawl.statsdump.StatsDump": 0},
            "STATS_JSON_FILE": f"{out}/stats.json",
            "TELNETCONSOLE_ENABLED": False,
            "LOG_LEVEL": "INFO",
            **plan["settings"],
        }
    )
    process.crawl(BothWaysSpider, plan=plan)
    process.start()


if __name__ == "__main__":
    main(*sys.argv[1:])
