"""Fixtures for the demo-site tests: small sites and independent HTML readers."""

from __future__ import annotations

from collections.abc import Callable

import lxml.html
import pytest
from lxml import etree

from pace_scrapy.demo import DemoSite

BASE = "http://demo.test"


@pytest.fixture(scope="session")
def site() -> DemoSite:
    """Build 1 (layout 1) of a small site."""
    return DemoSite(seed=3, build=1, n_articles=120, n_products=24)


@pytest.fixture(scope="session")
def site_b2() -> DemoSite:
    """Build 2 (layout 2) of the same content."""
    return DemoSite(seed=3, build=2, n_articles=120, n_products=24)


def parse(body: bytes) -> lxml.html.HtmlElement:
    """Parse served HTML (UTF-8)."""
    return lxml.html.document_fromstring(body.decode("utf-8"))


def visible_text(element: lxml.html.HtmlElement) -> str:
    """Text a static reader sees: no script/style/noscript/template; whitespace collapsed."""
    copy = parse(lxml.html.tostring(element))
    etree.strip_elements(copy, "script", "style", "noscript", "template", with_tail=False)
    return " ".join(copy.text_content().split())


def expand_table(table: lxml.html.HtmlElement) -> list[list[str]]:
    """Independent rowspan/colspan expansion of an HTML table into a full grid."""
    taken: dict[tuple[int, int], str] = {}
    for r, row in enumerate(table.xpath(".//tr")):
        c = 0
        for cell in row.xpath("./th|./td"):
            while (r, c) in taken:
                c += 1
            text = " ".join(cell.text_content().split())
            rows, cols = int(cell.get("rowspan", "1")), int(cell.get("colspan", "1"))
            for i in range(rows):
                for j in range(cols):
                    taken[(r + i, c + j)] = text
            c += cols
    height = 1 + max(r for r, _ in taken)
    width = 1 + max(c for _, c in taken)
    return [[taken[(r, c)] for c in range(width)] for r in range(height)]


@pytest.fixture(scope="session")
def fetch(site: DemoSite) -> Callable[[str], lxml.html.HtmlElement]:
    """Render a path of the build-1 site (must be 200) and parse it."""

    def get(path: str) -> lxml.html.HtmlElement:
        response = site.render(path, BASE)
        assert response.status == 200, path
        return parse(response.body)

    return get
