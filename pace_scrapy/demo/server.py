"""Serve a DemoSite over HTTP from a background thread (threaded ``http.server``)."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pace_scrapy.demo.site import DemoSite

logger = logging.getLogger(__name__)

_HOST_HEADER = re.compile(r"[A-Za-z0-9.-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?")


class DemoRequestHandler(BaseHTTPRequestHandler):
    """Answers GET/HEAD from the site; absolute URLs use the request's Host header."""

    server_version = "MeridianDemo/1.0"

    def __init__(self, *args: Any, site: DemoSite, **kwargs: Any) -> None:
        self.site = site
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        self._respond(send_body=True)

    def do_HEAD(self) -> None:
        self._respond(send_body=False)

    def _respond(self, send_body: bool) -> None:
        host = self.headers.get("Host")
        address = self.server.server_address
        if host is None and isinstance(address, tuple):
            host = f"{address[0]}:{address[1]}"
        if host is None:
            self.send_error(400, "Missing Host header")
            return
        if not _HOST_HEADER.fullmatch(host):
            self.send_error(400, "Bad Host header")
            return
        response = self.site.render(self.path, base_url=f"http://{host}")
        self.send_response(response.status)
        self.send_header("Content-Type", response.content_type)
        self.send_header("Content-Length", str(len(response.body)))
        for name, value in response.headers:
            self.send_header(name, value)
        self.end_headers()
        if send_body:
            self.wfile.write(response.body)

    def log_message(self, format: str, *args: Any) -> None:
        logger.debug("%s %s", self.address_string(), format % args)


@contextmanager
def serve(site: DemoSite, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``site`` on ``host:port`` (0 = any free port) while in the block; yields base URL."""
    server = ThreadingHTTPServer((host, port), partial(DemoRequestHandler, site=site))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="demo-site-server", daemon=True)
    thread.start()
    base_url = f"http://{host}:{server.server_address[1]}"
    logger.info("demo site serving at %s", base_url)
    try:
        yield base_url
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
