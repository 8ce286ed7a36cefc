"""The threaded HTTP server: concurrency, Host-based URLs, 404, clean shutdown."""

from __future__ import annotations

import http.client
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest

from pace_scrapy.demo import DemoSite, serve

from .conftest import parse


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read()


def test_serves_concurrently_and_shuts_down(site: DemoSite) -> None:
    with serve(site, port=0) as base:
        host = urlsplit(base)
        assert host.hostname == "127.0.0.1"
        assert host.port
        paths = [urlsplit(u).path for u in site.article_urls()[:40]] + ["/", "/robots.txt"]
        with ThreadPoolExecutor(max_workers=12) as pool:
            results = list(pool.map(lambda p: _get(base + p), paths))
        assert all(status == 200 for status, _ in results)
        for path, (_, body) in zip(paths, results, strict=True):
            assert body == site.render(path, base).body
    with pytest.raises(urllib.error.URLError):
        _get(base + "/")


def test_absolute_urls_follow_the_host_header(site: DemoSite) -> None:
    path = urlsplit(site.article_urls()[0]).path
    with serve(site) as base:
        port = urlsplit(base).port
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path, headers={"Host": "news.example:8080"})
        response = conn.getresponse()
        doc = parse(response.read())
        conn.close()
        assert response.status == 200
        assert doc.xpath("//link[@rel='canonical']/@href") == [f"http://news.example:8080{path}"]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/", headers={"Host": 'bad host"><script>'})
        assert conn.getresponse().status == 400
        conn.close()


def test_404_and_head(site: DemoSite) -> None:
    with serve(site) as base:
        with pytest.raises(urllib.error.HTTPError) as info:
            _get(base + "/no/such/page")
        assert info.value.code == 404
        request = urllib.request.Request(base + "/", method="HEAD")
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
            assert int(response.headers["Content-Length"]) == len(site.render("/", base).body)
            assert response.read() == b""
