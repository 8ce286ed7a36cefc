"""``scrapy pace-eval``: score extraction against gold annotations, offline.

Two modes, inside or outside a Scrapy project:

- ``scrapy pace-eval --config configs/x.json PAGES...`` scores one publisher config on
  labelled pages: ``.html`` / ``.html.gz`` files (or folders of them) each with its gold
  ``<page>.json`` beside it;
- ``scrapy pace-eval --bench ROOT [--dataset D ...] [--learn NAME[,NAME] --train K]`` runs
  over a benchmark folder (``<dataset>/<site>/<page>.html.gz`` + ``.json``): per site, each
  learner learns a config from the first K pages and is scored on the others.

Both score the ``--baselines`` on the same pages (default: trafilatura, readability,
resiliparse; ``none`` for none) and print a Markdown table per dataset; ``--json OUT`` also
writes every page score. Exit code 2 for usage errors, 1 for a bad config, else 0.
"""

from __future__ import annotations

import argparse
import importlib
import shlex
import sys
from datetime import UTC, datetime
from pathlib import Path
from time import perf_counter
from typing import TYPE_CHECKING, Any, ClassVar

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError

from pace_scrapy.config.store import load_config
from pace_scrapy.errors import ConfigError
from pace_scrapy.evaluate.defaults import DEFAULT_BASELINES, DEFAULT_TRAIN, DEFAULT_WORKERS
from pace_scrapy.evaluate.gold import load_pages
from pace_scrapy.evaluate.report import markdown, write_json

if TYPE_CHECKING:
    from pace_scrapy.evaluate.results import Evaluation
    from pace_scrapy.evaluate.runner import Learner

# Learner name -> "module:callable" of a Learner (see pace_scrapy.evaluate.runner.Learner).
LEARNERS = {
    "heuristic": "pace_scrapy.evaluate.learners:heuristic",
    "examples": "pace_scrapy.evaluate.learners:examples",
}


def learner_for(name: str) -> Learner:
    """The learner called ``name`` in :data:`LEARNERS`, imported now.

    Raises :class:`UsageError` for an unknown name, or when its module or callable does not
    exist (yet); an import error inside an existing module is not hidden.
    """
    target = LEARNERS.get(name)
    if target is None:
        raise UsageError(
            f"unknown learner {name!r} (known: {', '.join(LEARNERS)})", print_help=False
        )
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if not exc.name or not (module_name + ".").startswith(exc.name + "."):
            raise
        raise UsageError(
            f"learner {name!r} is not available: the {name} labeller module {module_name} "
            "does not exist yet",
            print_help=False,
        ) from exc
    learner = getattr(module, attribute, None)
    if not callable(learner):
        raise UsageError(
            f"learner {name!r} is not available: {target} is not defined", print_help=False
        )
    result: Learner = learner
    return result


def split_names(value: str | None) -> list[str]:
    """Comma-separated names (``none`` or empty: no name)."""
    names = [n.strip() for n in (value or "").split(",") if n.strip()]
    return [] if names == ["none"] else names


def command_line(opts: argparse.Namespace, args: list[str]) -> str:
    """The ``scrapy pace-eval`` command line of these options, defaults spelt out."""
    words = ["scrapy", "pace-eval"]
    if opts.config:
        words += ["--config", opts.config]
    else:
        words += ["--bench", opts.bench, *(w for d in opts.dataset for w in ("--dataset", d))]
        if opts.learn:
            words += ["--learn", opts.learn, "--train", str(opts.train)]
    words += ["--baselines", opts.baselines or "none"]
    if opts.json:
        words += ["--json", opts.json]
    return shlex.join([*words, *args])


class Command(ScrapyCommand):
    """Score configs, learners and baselines on labelled pages."""

    requires_project = False
    requires_crawler_process = False
    default_settings: ClassVar[dict[str, Any]] = {"LOG_LEVEL": "WARNING"}

    def syntax(self) -> str:
        """Usage line."""
        return (
            "(--config FILE PAGE_OR_DIR... | --bench ROOT [--dataset D] [--learn NAMES]) [options]"
        )

    def short_desc(self) -> str:
        """One-line help."""
        return "Evaluate extraction against gold pages (a config, or learners on a benchmark)"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """The command's options (plus Scrapy's global ones)."""
        super().add_options(parser)
        parser.add_argument("--config", metavar="FILE", help="publisher config to score")
        parser.add_argument("--bench", metavar="ROOT", help="benchmark folder")
        parser.add_argument(
            "--dataset", action="append", default=[], help="dataset of --bench (repeatable)"
        )
        parser.add_argument(
            "--learn", metavar="NAMES", help=f"learners, comma-separated ({', '.join(LEARNERS)})"
        )
        parser.add_argument(
            "--train", type=int, default=DEFAULT_TRAIN, help="training pages per site (--learn)"
        )
        parser.add_argument(
            "--baselines",
            default=",".join(DEFAULT_BASELINES),
            help="comma-separated baselines or none; default %(default)s",
        )
        parser.add_argument("--json", metavar="FILE", help="write every page score as JSON")
        parser.add_argument(
            "--workers", type=int, default=DEFAULT_WORKERS, help="processes (--bench)"
        )
        parser.add_argument("--quiet", action="store_true", help="no progress bar")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        """Evaluate, print the tables, write the JSON."""
        if bool(opts.config) == bool(opts.bench):
            raise UsageError("give either --config (with pages) or --bench")
        # Scrapy imports every command to list them, for any ``scrapy`` command line: the
        # evaluation stack (metrics, tokenisers, baselines: about a second) is imported when
        # pace-eval runs, not when a crawl starts.
        from pace_scrapy.evaluate.candidates import available_baselines  # noqa: PLC0415

        try:
            baselines = available_baselines(split_names(opts.baselines))
        except ValueError as exc:
            raise UsageError(str(exc), print_help=False) from exc
        start = perf_counter()
        try:
            if opts.config:
                evaluation = self._config(opts, args, baselines)
            else:
                evaluation = self._bench(opts, args, baselines)
        except ConfigError as exc:
            print(f"pace-eval: bad config: {exc}", file=sys.stderr)
            self.exitcode = 1
            return
        sys.stdout.write(markdown(evaluation))
        if opts.json:
            write_json(
                Path(opts.json),
                evaluation,
                command=command_line(opts, args),
                date=datetime.now(UTC).isoformat(timespec="seconds"),
                wall_seconds=round(perf_counter() - start, 1),
            )

    def _config(
        self, opts: argparse.Namespace, args: list[str], baselines: tuple[str, ...]
    ) -> Evaluation:
        if not args:
            raise UsageError("--config needs at least one page or folder")
        if opts.learn or opts.dataset:
            raise UsageError("--learn and --dataset apply to --bench only")
        try:
            pages = load_pages(Path(arg) for arg in args)
        except (FileNotFoundError, ValueError, TypeError) as exc:
            raise UsageError(str(exc), print_help=False) from exc
        from pace_scrapy.evaluate.runner import evaluate_config  # noqa: PLC0415 (see run)

        return evaluate_config(load_config(opts.config), pages, baselines=baselines)

    def _bench(
        self, opts: argparse.Namespace, args: list[str], baselines: tuple[str, ...]
    ) -> Evaluation:
        if args:
            raise UsageError(f"--bench takes no page arguments, got {args[0]!r}")
        learners = {name: learner_for(name) for name in split_names(opts.learn)}
        if learners and opts.train < 1:
            raise UsageError(f"--train must be at least 1 with --learn, not {opts.train}")
        root = Path(opts.bench)
        missing = [d for d in [root, *(root / name for name in opts.dataset)] if not d.is_dir()]
        if missing:
            raise UsageError(f"no such folder: {missing[0]}", print_help=False)
        from pace_scrapy.evaluate.runner import evaluate_bench  # noqa: PLC0415 (see run)

        return evaluate_bench(
            root,
            opts.dataset or None,
            learners=learners,
            train=opts.train,
            baselines=baselines,
            progress=not opts.quiet,
            workers=opts.workers,
        )
