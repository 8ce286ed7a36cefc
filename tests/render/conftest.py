"""Fixtures of the rendering tests: Chromium (or a skip), failing pages, and one real crawl.

The crawl (session fixture, in a subprocess) serves a demo site on 127.0.0.1 and pages that
hang (an endless script), crash the renderer (a script filling a small JavaScript heap) or
close the connection, on 127.0.0.2 and 127.0.0.3 (other sites, so that Chromium gives them
renderer processes of their own).
"""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from pace_scrapy.crawl.browser_setup import ASYNCIO_REACTOR
from pace_scrapy.demo import DemoSite, serve
from pace_scrapy.render.browser import launch_options
from tests.conftest import REPO, run_python

LIVE_CONFIG = Path(__file__).with_name("demo-live.json")
TIMEOUT_MS = 1500  # the failing publisher's render timeout
_PAGE = "<html><head><title>{0}</title></head><body><article><h1>{0}</h1><p>{1}</p></article>"
FAILING_PAGES = {
    "/hang": _PAGE.format("Hangs", "The script below never ends.") + "<script>for (;;) {}</script>",
    "/crash": _PAGE.format("Crashes", "The script below fills the heap.")
    + "<script>const hog = []; for (;;) hog.push(new Array(1e6).fill(1.5));</script>",
}


class FailingPageHandler(BaseHTTPRequestHandler):
    """``/hang`` and ``/crash`` are HTML pages; ``/close`` closes the connection unanswered."""

    def do_GET(self) -> None:
        page = FAILING_PAGES.get(self.path)
        if self.path == "/close" or page is None:
            self.close_connection = True
            return
        body = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return


@contextmanager
def failing_server(host: str) -> Iterator[str]:
    """Serve the failing pages on ``host`` (any free port) while in the block; yields origin."""
    server = ThreadingHTTPServer((host, 0), FailingPageHandler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass(frozen=True)
class RenderCrawl:
    """What the rendering crawl left behind, and what it was asked to do."""

    out: Path
    site: DemoSite
    base_url: str
    both_ways: list[str]
    by_policy: list[str]
    failing: dict[str, str]  # kind (hang, crash, close) -> URL
    items: list[dict[str, Any]]
    stats: dict[str, Any]
    log: str


def failing_config(hang_origin: str, crash_origin: str) -> dict[str, Any]:
    """The publisher of the failing pages: always rendered, with a short timeout."""
    return {
        "name": "failing",
        "domains": [origin.removeprefix("http://") for origin in (hang_origin, crash_origin)],
        "render": "always",
        "rendering": {"timeout_ms": TIMEOUT_MS},
        "versions": [
            {
                "version": 1,
                "fields": {"headline": {"rules": [{"source": "css", "query": "h1"}]}},
                "body": {"containers": [{"css": "article"}]},
            }
        ],
    }


def run_render_crawl(
    out: Path, plan: dict[str, Any]
) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]], dict[str, Any]]:
    """Run :mod:`tests.render.render_crawl` on ``plan`` in ``out``: the finished process, the
    items and the stats."""
    (out / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    result = run_python("-m", "tests.render.render_crawl", str(out / "plan.json"), cwd=out)
    assert result.returncode == 0, result.stderr[-3000:]
    items_file = out / "items.jsonl"
    lines = items_file.read_text(encoding="utf-8").splitlines() if items_file.exists() else []
    stats = json.loads((out / "stats.json").read_text(encoding="utf-8"))
    return result, [json.loads(line) for line in lines], stats


@pytest.fixture(scope="session")
def render_crawl(chromium: str | None, tmp_path_factory: pytest.TempPathFactory) -> RenderCrawl:
    """One crawl: demo pages both ways, live pages and failing pages as their policy says."""
    out = tmp_path_factory.mktemp("render-crawl")
    config_dir = out / "configs"
    config_dir.mkdir()
    site = DemoSite(seed=0, build=2, n_articles=30, n_products=2)
    with ExitStack() as stack:
        base_url = stack.enter_context(serve(site))
        hang_origin = stack.enter_context(failing_server("127.0.0.2"))
        crash_origin = stack.enter_context(failing_server("127.0.0.3"))
        news = REPO / "configs" / "demo-news.json"
        for config_file in (news, LIVE_CONFIG):
            (config_dir / config_file.name).write_bytes(config_file.read_bytes())
        failing = {
            "hang": f"{hang_origin}/hang",
            "crash": f"{crash_origin}/crash",
            "close": f"{hang_origin}/close",
        }
        config = failing_config(hang_origin, crash_origin)
        (config_dir / "failing.json").write_text(json.dumps(config), encoding="utf-8")
        urls = site.article_urls(base_url)
        live = [url for url in urls if "/live/" in url]
        static = [url for url in urls if "/live/" not in url and "/opinion/" not in url][:3]
        static += [url for url in urls if "/opinion/" in url][:1]
        both_ways, by_policy = live + static, [*live, static[0], *failing.values()]
        # A small JavaScript heap makes the crashing page crash fast.
        args = [*launch_options(chromium)["args"], "--js-flags=--max-old-space-size=32"]
        settings: dict[str, Any] = {
            "PLAYWRIGHT_LAUNCH_OPTIONS": {"args": args},
            "RETRY_TIMES": 1,
            "TWISTED_REACTOR": ASYNCIO_REACTOR,
        }
        if chromium is not None:
            settings["PACE_BROWSER_EXECUTABLE"] = chromium
        plan = {
            "out": str(out),
            "config_dir": str(config_dir),
            "settings": settings,
            "both_ways": both_ways,
            "by_policy": by_policy,
        }
        result, items, stats = run_render_crawl(out, plan)
    return RenderCrawl(
        out=out,
        site=site,
        base_url=base_url,
        both_ways=both_ways,
        by_policy=by_policy,
        failing=failing,
        items=items,
        stats=stats,
        log=result.stderr,
    )
