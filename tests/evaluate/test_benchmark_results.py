"""benchmarks/results.py: its section of RESULTS.md is replaced, the rest kept."""

from benchmarks.results import BEGIN, END, replace_section


def test_replace_section_keeps_other_sections() -> None:
    text = f"# Results\n\n## Crawl\n\nfast\n\n{BEGIN}\nold tables\n{END}\n\n## Other\n\nkept\n"
    new = replace_section(text, "new tables\n")
    assert (
        new == f"# Results\n\n## Crawl\n\nfast\n\n{BEGIN}\nnew tables\n{END}\n\n## Other\n\nkept\n"
    )
    assert replace_section(new, "new tables") == new


def test_replace_section_appends_when_markers_are_absent() -> None:
    assert replace_section("# Results\n\n## Crawl\n", "tables") == (
        f"# Results\n\n## Crawl\n\n{BEGIN}\ntables\n{END}\n"
    )
    assert replace_section("", "tables") == f"{BEGIN}\ntables\n{END}\n"
