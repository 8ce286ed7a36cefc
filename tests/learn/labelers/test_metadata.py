"""Metadata labels of the heuristic labeller: bylines read from the page."""

from __future__ import annotations

import pytest

from pace_scrapy.learn.labelers.metadata import metadata_labels
from tests.factories import page


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        # the date right after the names, no separator between them
        (
            '<div class="byline"><p>By José Álvarez</p><p>May 31, 2024, 3:20 AM</p></div>',
            ["José Álvarez"],
        ),
        ('<p class="byline">By Ann Lee and Bo Chen 3 March 2024</p>', ["Ann Lee", "Bo Chen"]),
        ('<p class="byline">Ann Lee, Bo Chen | 24 June 2024</p>', ["Ann Lee", "Bo Chen"]),
        # a time or a count is no name
        ('<p class="byline">By Ann Lee, 10:15 CET</p>', ["Ann Lee"]),
    ],
)
def test_byline_names_without_the_date(byline: str, names: list[str]) -> None:
    labels = metadata_labels(page(f"<html><body><h1>T</h1>{byline}</body></html>"), "article")
    assert labels["authors"].values == names
