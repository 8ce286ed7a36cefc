"""Writing one benchmark's section of a results file, keeping the others.

Each benchmark that records itself owns the text between its two markers
(``<!-- NAME: begin ... -->`` and ``<!-- NAME: end -->``); the rest of the file is kept.
"""

from __future__ import annotations

from pathlib import Path

from pace_scrapy.atomic import write_atomic


def markers(name: str) -> tuple[str, str]:
    """The begin and end markers of benchmark ``name``'s section."""
    return f"<!-- {name}: begin (generated, do not edit) -->", f"<!-- {name}: end -->"


def replace_section(text: str, name: str, section: str) -> str:
    """``text`` with what lies between ``name``'s markers replaced by ``section`` (the markers
    and section are appended when the markers are absent)."""
    begin, end_marker = markers(name)
    block = f"{begin}\n{section.strip()}\n{end_marker}"
    start, end = text.find(begin), text.find(end_marker)
    if start == -1 or end < start:
        return f"{text.rstrip()}\n\n{block}\n".lstrip()
    return text[:start] + block + text[end + len(end_marker) :]


def record(results: Path, name: str, section: str) -> None:
    """Write ``section`` as benchmark ``name``'s part of ``results``, atomically."""
    old = results.read_text(encoding="utf-8") if results.is_file() else "# Benchmark results\n"
    write_atomic(results, replace_section(old, name, section))
