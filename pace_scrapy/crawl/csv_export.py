"""CSV feed exporter for nested items: lists and objects become JSON text in their column.

Scrapy's CSV exporter takes its columns from the first item, so a field the first item lacks
(items leave out empty fields) would be lost for every later item. Unless the columns are set
(``FEED_EXPORT_FIELDS``), this exporter keeps the rows in a temporary file and writes the CSV at
the end, with a column for every field any item has (in first-seen order).
"""

from __future__ import annotations

import json
import tempfile
from typing import IO, Any

from scrapy.exporters import CsvItemExporter


def csv_value(value: Any) -> Any:
    """A cell value: lists and dicts as compact JSON text, anything else unchanged."""
    if isinstance(value, list | tuple | dict):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return value


class FlatCsvItemExporter(CsvItemExporter):
    """CSV with JSON text for nested values and a header covering every item's fields."""

    def __init__(self, file: Any, **kwargs: Any) -> None:
        super().__init__(file, **kwargs)
        self._rows: IO[str] | None = None
        self._columns: dict[str, None] = {}
        if not self.fields_to_export:
            self._rows = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115

    def serialize_field(self, field: Any, name: str, value: Any) -> Any:
        """JSON text for nested values (a field's own serializer still wins)."""
        serializer = field.get("serializer", csv_value)
        return serializer(value)

    def export_item(self, item: Any) -> None:
        """Write the row (or keep it until the columns are known)."""
        if self._rows is None:
            super().export_item(item)
            return
        row = dict(self.get_serialized_fields(item, default_value=""))
        self._columns.update(dict.fromkeys(row))
        self._rows.write(json.dumps(row, ensure_ascii=False) + "\n")

    def finish_exporting(self) -> None:
        """Write the header and the kept rows, then release the stream."""
        if self._rows is not None:
            columns = list(self._columns)
            if self.include_headers_line and columns:
                self.csv_writer.writerow(columns)
            self._rows.seek(0)
            for line in self._rows:
                row = json.loads(line)
                self.csv_writer.writerow([row.get(column, "") for column in columns])
            self._rows.close()
        super().finish_exporting()
