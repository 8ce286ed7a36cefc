"""CSV exporter: JSON text for nested values, a column for every field of any item."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from pace_scrapy.crawl.csv_export import FlatCsvItemExporter

ITEMS: list[dict[str, Any]] = [
    {"url": "a", "authors": [{"name": "X"}], "metadata": {"config": "n", "fields": {}}},
    {"url": "b", "headline": "Late field", "authors": [], "flag": True},
]


def export(**options: object) -> list[list[str]]:
    stream = io.BytesIO()
    exporter = FlatCsvItemExporter(stream, **options)
    exporter.start_exporting()
    for item in ITEMS:
        exporter.export_item(item)
    exporter.finish_exporting()
    return list(csv.reader(io.StringIO(stream.getvalue().decode("utf-8"))))


def test_header_covers_fields_first_seen_later() -> None:
    header, first, second = export()
    assert header == ["url", "authors", "metadata", "headline", "flag"]
    assert first == ["a", '[{"name":"X"}]', '{"config":"n","fields":{}}', "", ""]
    assert second == ["b", "[]", "", "Late field", "True"]
    assert json.loads(first[2]) == ITEMS[0]["metadata"]


def test_configured_columns_are_streamed() -> None:
    header, first, second = export(fields_to_export=["headline", "authors"])
    assert header == ["headline", "authors"]
    assert (first, second) == (["", '[{"name":"X"}]'], ["Late field", "[]"])


def test_no_items_gives_an_empty_file() -> None:
    stream = io.BytesIO()
    exporter = FlatCsvItemExporter(stream)
    exporter.start_exporting()
    exporter.finish_exporting()
    assert stream.getvalue() == b""
