"""``scrapy pace-extract``: apply a publisher config to saved pages, offline.

``scrapy pace-extract --config configs/x.json PAGES... -o OUT.jsonl [--base-url URL]
[--date YYYY-MM-DD]`` works inside or outside a Scrapy project. PAGES are ``.html`` /
``.html.gz`` files or folders of them (searched recursively, sorted). A page's URL is the ``url``
of its sibling ``<page>.json``, else ``--base-url`` joined with the file name (without ``.gz``).
Each page gives one JSON line, in input order: ``{"page": PATH, "item": {...}}``, or
``{"page": PATH, "error": "..."}`` when it cannot be extracted (the others still are). The page
date (which picks the config version) is ``--date``, else today. ``PACE_FALLBACK``,
``PACE_MIN_CONFIDENCE``, ``PACE_MAX_PAGE_BYTES`` and ``PACE_BODY_FORMATS`` apply as in a crawl
(``-s NAME=VALUE``). The output is written atomically. The exit code is 2 for usage errors, 1
for a bad config, else 0.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from pace_scrapy.atomic import write_atomic
from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.store import load_config
from pace_scrapy.crawl.settings import PaceSettings
from pace_scrapy.errors import ConfigError, PaceError
from pace_scrapy.extract.extractor import extract
from pace_scrapy.pagefiles import find_page_files, open_page


def extract_file(
    path: Path, config: PublisherConfig, pace: PaceSettings, base_url: str | None, day: date | None
) -> dict[str, Any]:
    """The output line of one page file (its item, or the error that stopped it)."""
    try:
        page = open_page(path, base_url=base_url, fetched=day, max_bytes=pace.max_page_bytes)
        item = extract(
            page,
            config,
            min_confidence=pace.min_confidence,
            fallback=pace.fallback == "generic",
            formats=pace.body_formats,
        )
    except (PaceError, OSError, ValueError) as exc:  # ValueError covers bad JSON and items
        return {"page": str(path), "error": f"{type(exc).__name__}: {exc}"}
    return {"page": str(path), "item": item.model_dump(mode="json", exclude_none=True)}


class Command(ScrapyCommand):
    """Extract items from saved HTML pages with a publisher config."""

    requires_project = False
    requires_crawler_process = False

    def syntax(self) -> str:
        """Usage line."""
        return "--config FILE -o OUT.jsonl [--base-url URL] [--date YYYY-MM-DD] PAGE_OR_DIR..."

    def short_desc(self) -> str:
        """One-line help."""
        return "Extract items from saved HTML pages with a publisher config (offline)"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """The command's options (plus Scrapy's global ones)."""
        super().add_options(parser)
        parser.add_argument("--config", metavar="FILE", help="publisher config (JSON)")
        parser.add_argument("-o", "--output", metavar="FILE", help="JSON Lines output, - = stdout")
        parser.add_argument("--base-url", metavar="URL", help="URL prefix of pages with no .json")
        parser.add_argument("--date", metavar="YYYY-MM-DD", help="page date (default: today)")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        """Extract every page, one output line each."""
        if not opts.config or not opts.output or not args:
            raise UsageError("--config, -o and at least one page or folder are required")
        assert self.settings is not None  # set by Scrapy before run()
        try:
            day = date.fromisoformat(opts.date) if opts.date else None
            pages = find_page_files(Path(arg) for arg in args)
            pace = PaceSettings.from_settings(self.settings)
        except (ValueError, FileNotFoundError) as exc:
            raise UsageError(str(exc), print_help=False) from exc
        try:
            config = load_config(opts.config)
        except ConfigError as exc:
            print(f"pace-extract: bad config: {exc}", file=sys.stderr)
            self.exitcode = 1
            return
        lines = [
            json.dumps(extract_file(path, config, pace, opts.base_url, day), ensure_ascii=False)
            for path in pages
        ]
        text = "".join(line + "\n" for line in lines)
        if opts.output == "-":
            sys.stdout.write(text)
        else:
            write_atomic(opts.output, text)
