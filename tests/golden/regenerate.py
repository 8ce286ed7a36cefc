"""Regenerate the golden files: demo pages saved anew, every expected item extracted anew.

Run from the repository root after a deliberate change of the extractor's output (then review
the diff of ``tests/golden/`` before committing it)::

    python -m tests.golden.regenerate

Hand-written pages and their configs are inputs and are only read. Output is deterministic:
the same code writes the same bytes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pace_scrapy.atomic import write_atomic
from pace_scrapy.demo import DEFAULT_BASE_URL, DemoSite
from tests.golden.cases import (
    CASES,
    DEMO_ARTICLES,
    DEMO_PRODUCTS,
    DEMO_SEED,
    GOLDEN,
    Case,
    expected_json,
)


def regenerate(target: Path = GOLDEN) -> list[Path]:
    """Write the demo pages into ``target/pages`` and every expected item into
    ``target/expected``; return the files written. Hand-written pages are read from the
    repository's ``tests/golden/pages``."""
    sites: dict[int, DemoSite] = {}
    written = []
    for case in CASES:
        if case.build:
            site = sites.setdefault(
                case.build, DemoSite(DEMO_SEED, case.build, DEMO_ARTICLES, DEMO_PRODUCTS)
            )
            written.append(write_atomic(target / "pages" / case.page_file, demo_page(site, case)))
    for case in CASES:
        pages = target / "pages" if case.build else GOLDEN / "pages"
        check_covers(case, (pages / case.page_file).read_bytes())
        written.append(
            write_atomic(target / "expected" / case.expected_file, expected_json(case, pages))
        )
    return written


def demo_page(site: DemoSite, case: Case) -> bytes:
    """The demo site's bytes for a case's page (raises for a page the site does not serve)."""
    response = site.render(case.url.removeprefix(DEFAULT_BASE_URL))
    if response.status != 200:
        raise LookupError(
            f"golden case {case.name}: the demo site answers {response.status} for {case.url}"
        )
    return response.body


def check_covers(case: Case, page: bytes) -> None:
    """Raise when a case's page no longer holds the markup it is meant to exercise."""
    text = page.decode("utf-8", "replace")
    missing = [marker for marker in case.covers if marker not in text]
    if missing:
        raise ValueError(f"golden case {case.name}: page lacks {missing}; pick another page")


def main() -> None:
    """Regenerate the golden files in place and list them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    for path in regenerate():
        print(path.relative_to(GOLDEN.parents[1]))


if __name__ == "__main__":
    main()
