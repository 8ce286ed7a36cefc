"""Command line: ``python -m pace_scrapy.demo serve|export|run``."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from pace_scrapy.demo.export import export_sample
from pace_scrapy.demo.run import run_demo, summary
from pace_scrapy.demo.server import serve
from pace_scrapy.demo.site import DEFAULT_BASE_URL, DemoSite


def _site_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=0, help="content seed (default 0)")
    parser.add_argument("--build", type=int, default=1, help="site build, >= 1 (default 1)")
    parser.add_argument("--articles", type=int, default=240, help="number of articles")
    parser.add_argument("--products", type=int, default=40, help="number of products")


def build_parser() -> argparse.ArgumentParser:
    """Argument parser of the demo command."""
    parser = argparse.ArgumentParser(
        prog="python -m pace_scrapy.demo", description="Synthetic news site with a shop."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve_cmd = commands.add_parser("serve", help="serve the site until SIGINT/SIGTERM")
    serve_cmd.add_argument("--host", default="127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=0, help="0 picks a free port")
    _site_options(serve_cmd)
    export_cmd = commands.add_parser("export", help="write sample pages with gold JSON")
    export_cmd.add_argument("outdir", type=Path)
    export_cmd.add_argument("--sample", type=int, default=50, help="number of pages")
    export_cmd.add_argument("--base-url", default=DEFAULT_BASE_URL)
    _site_options(export_cmd)
    run_cmd = commands.add_parser("run", help="serve, learn and crawl the site (make demo)")
    run_cmd.add_argument("--out", type=Path, default=Path("demo-output"))
    run_cmd.add_argument("--pages", type=int, default=6, help="pages to learn from")
    _site_options(run_cmd)
    return parser


def _serve_forever(site: DemoSite, host: str, port: int) -> None:
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    with serve(site, host=host, port=port) as base_url:
        print(base_url, flush=True)
        while not stop.wait(0.5):
            pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.build < 1 or args.articles < 1 or args.products < 1:
        print("--build, --articles and --products must be >= 1", file=sys.stderr)
        return 2
    site = DemoSite(args.seed, args.build, args.articles, args.products)
    if args.command == "serve":
        _serve_forever(site, args.host, args.port)
    elif args.command == "run":
        try:
            result = run_demo(args.out, pages=args.pages, site=site)
        except RuntimeError as exc:
            print(f"demo: {exc}", file=sys.stderr)
            return 1
        print(summary(result, args.out))
    else:
        for path in export_sample(site, args.outdir, args.sample, args.base_url):
            print(path)
    return 0
