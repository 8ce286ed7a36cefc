"""pace_scrapy.evaluate.record: a benchmark's section of RESULTS.md is replaced, the rest kept."""

from pathlib import Path

from pace_scrapy.evaluate.record import markers, record, replace_section

BEGIN, END = markers("pace-eval")


def test_replace_section_keeps_other_sections() -> None:
    text = f"# Results\n\n## Crawl\n\nfast\n\n{BEGIN}\nold tables\n{END}\n\n## Other\n\nkept\n"
    new = replace_section(text, "pace-eval", "new tables\n")
    assert (
        new == f"# Results\n\n## Crawl\n\nfast\n\n{BEGIN}\nnew tables\n{END}\n\n## Other\n\nkept\n"
    )
    assert replace_section(new, "pace-eval", "new tables") == new


def test_replace_section_appends_when_markers_are_absent() -> None:
    assert replace_section("# Results\n\n## Crawl\n", "pace-eval", "tables") == (
        f"# Results\n\n## Crawl\n\n{BEGIN}\ntables\n{END}\n"
    )
    assert replace_section("", "pace-eval", "tables") == f"{BEGIN}\ntables\n{END}\n"


def test_sections_of_two_benchmarks_do_not_touch_each_other(tmp_path: Path) -> None:
    results = tmp_path / "RESULTS.md"
    record(results, "one", "first")
    record(results, "two", "second")
    record(results, "one", "first again")
    text = results.read_text(encoding="utf-8")
    assert text.startswith("# Benchmark results\n")
    assert "first again" in text and "second" in text and "first\n" not in text
