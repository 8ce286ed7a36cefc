"""bench_crawl's floor: a pipeline that parses and cleans each page into the page model (what
any extraction starts with) and extracts nothing. Enabled by bench_crawl's ``page model`` mode
in place of the extraction and validation pipelines."""

from __future__ import annotations

from typing import Any

from pace_scrapy.crawl.record import PageRecord
from pace_scrapy.page.model import Page


class PageModelPipeline:
    """Turns each page record into its :class:`Page` (then into a bare ``{"url"}`` item)."""

    def process_item(self, item: Any) -> Any:
        """The page parsed and cleaned, nothing kept of it but its URL; other items unchanged."""
        if not isinstance(item, PageRecord):
            return item
        Page.from_html(item.body, item.url, content_type=item.content_type)
        return {"url": item.url}
