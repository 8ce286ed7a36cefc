"""``scrapy pace-learn``: learn a publisher config from saved pages.

``scrapy pace-learn NAME [PAGES...] [--labeler heuristic|examples|llm] [--examples FILE]
[--requirements TEXT] [--page-type article] [--base-url URL] -o configs/NAME.json``.
PAGES are read as by ``pace-extract`` (``.html``/``.html.gz`` files or folders; URLs from
sibling ``.json`` files or ``--base-url``); with ``--examples`` the pages are the ones the
examples file names. The config is written atomically, so a failed run never leaves a
half-written file; progress goes to stderr, the report to stdout.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from pace_scrapy.config.store import save_config
from pace_scrapy.crawl.settings import PaceSettings
from pace_scrapy.errors import PaceError
from pace_scrapy.learn.labelers import LABELERS, make_labeler
from pace_scrapy.learn.labelers.examples import read_examples
from pace_scrapy.learn.learner import LearnResult, learn_config
from pace_scrapy.page.model import Page
from pace_scrapy.pagefiles import find_page_files, open_page


class Command(ScrapyCommand):
    """Learn a publisher config from representative saved pages."""

    requires_project = False
    requires_crawler_process = False

    def syntax(self) -> str:
        """Usage line."""
        return "NAME [PAGE_OR_DIR...] [--labeler NAME] [--examples FILE] -o CONFIG.json"

    def short_desc(self) -> str:
        """One-line help."""
        return "Learn a publisher config from saved pages (offline by default)"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """The command's options (plus Scrapy's global ones)."""
        super().add_options(parser)
        parser.add_argument("-o", "--output", metavar="FILE", help="config file to write")
        parser.add_argument("--labeler", choices=LABELERS, help="default: PACE_LABELER")
        parser.add_argument("--examples", metavar="FILE", help="JSON Lines of example values")
        parser.add_argument("--requirements", default="", help="what to extract, in words")
        parser.add_argument("--page-type", default="article", help="article, product, or a name")
        parser.add_argument("--base-url", metavar="URL", help="URL prefix of pages with no .json")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        """Learn and write the config."""
        if not args or not opts.output:
            raise UsageError("NAME and -o are required")
        assert self.settings is not None  # set by Scrapy before run()
        name, paths = args[0], [Path(arg) for arg in args[1:]]
        pace = PaceSettings.from_settings(self.settings)
        labeler_name = opts.labeler or pace.labeler
        try:
            pages, values = self._pages(paths, opts, pace.max_page_bytes)
            labeler = make_labeler(
                labeler_name,
                examples=values,
                requirements=opts.requirements,
                settings=self.settings.copy_to_dict(),
            )
            result = learn_config(name, pages, labeler, page_type=opts.page_type, progress=_say)
        except (PaceError, OSError, ValueError) as exc:
            print(f"pace-learn: {exc}", file=sys.stderr)
            self.exitcode = 1
            return
        save_config(result.config, opts.output)
        print(report_text(result, opts.output))
        usage = getattr(labeler, "stats", None)  # model calls and tokens, for the llm labeller
        if usage is not None:
            print(f"model usage: {usage.summary()}")

    def _pages(
        self, paths: Sequence[Path], opts: argparse.Namespace, max_bytes: int
    ) -> tuple[list[Page], dict[str, dict[str, str | list[str]]]]:
        if opts.examples:
            examples = read_examples(opts.examples)
            pages = [
                open_page(examples.page_path(e), url=e.url, max_bytes=max_bytes)
                for e in examples.examples
            ]
            return pages, {e.url: e.values for e in examples.examples}
        if not paths:
            raise UsageError("give pages (files or folders) or --examples FILE")
        try:
            files = find_page_files(paths)
        except FileNotFoundError as exc:
            raise UsageError(str(exc), print_help=False) from exc
        return [open_page(f, base_url=opts.base_url, max_bytes=max_bytes) for f in files], {}


def _say(message: str) -> None:
    print(f"pace-learn: {message}", file=sys.stderr)


def report_text(result: LearnResult, path: str) -> str:
    """A short human-readable report of a learning run."""
    report, version = result.report, result.config.latest
    lines = [
        f"Learnt {result.config.name!r} from {report.pages} pages "
        f"({report.labeler} labeller) -> {path}",
        "field                 rules  validated",
    ]
    for name, spec in sorted(version.fields.items()):
        score = report.scores.get(name)
        lines.append(f"{name:<21} {len(spec.rules):>5}  {'-' if score is None else f'{score:.2f}'}")
    if version.body is not None:
        body = version.body
        lines.append(
            f"{'articleBody':<21} {len(body.containers):>5}  "
            f"{report.scores.get('articleBody', 0):.2f}  "
            f"({len(body.exclude)} exclusions, {len(body.exclude_text)} text patterns)"
        )
    lines.extend(f"left out {name}: {why}" for name, why in sorted(report.left_out.items()))
    lines.extend(f"note: {note}" for note in report.notes)
    return "\n".join(lines)
