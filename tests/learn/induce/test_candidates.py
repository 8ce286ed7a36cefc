from datetime import date
from typing import Any

from pace_scrapy.extract.transforms import apply_transforms
from pace_scrapy.learn.induce.candidates import transform_options
from pace_scrapy.learn.patterns import SEPARATED_HEAD


def _ops(option: tuple[Any, ...]) -> list[str]:
    return [t.op for t in option]


def test_transform_options_cover_prefix_and_split() -> None:
    options = list(
        transform_options("people", "By Jane Doe and John Roe | 3 March", ["Jane Doe", "John Roe"])
    )
    assert any(getattr(t, "prefixes", ()) == ("By",) for option in options for t in option)
    # A strip is required: a value without the label is dropped, not passed on.
    strips = [t for option in options for t in option if getattr(t, "prefixes", ())]
    assert strips and all(t.required for t in strips)


def test_people_are_split_unless_a_labelled_name_holds_a_separator() -> None:
    # One name on this page, several on others: every option splits.
    options = list(transform_options("people", "By Jane Doe", ["Jane Doe"]))
    assert options and all("split" in _ops(option) for option in options)
    options = list(transform_options("people", "Smith, Jane", ["Smith, Jane"]))
    assert () in options
    options = list(transform_options("text", "A title", ["A title"]))
    assert () in options and not any("split" in _ops(option) for option in options)


def test_numbers_are_no_label() -> None:
    # "| 3 March 2024" is this page's date, not a label other pages show.
    options = list(transform_options("people", "By Jane Doe | 3 March 2024", ["Jane Doe"]))
    suffixes = [t.suffixes for option in options for t in option if t.op == "strip"]
    assert suffixes and all(not any(any(c.isdigit() for c in s) for s in x) for x in suffixes)
    # A label may hold digits.
    options = list(transform_options("identifier", "ISBN-13: 978-0", ["978-0"]))
    assert any(t.prefixes == ("ISBN-13:",) for option in options for t in option if t.op == "strip")


def test_the_strip_after_a_cut_is_computed_on_the_cut_text() -> None:
    text = "By Jane Doe | 3 March 2024"
    options = list(transform_options("people", text, ["Jane Doe"]))
    cut_then_strip = [
        o for o in options if len(o) >= 2 and o[0].op == "regex" and o[1].op == "strip"
    ]
    assert any(o[1].prefixes == ("By",) and o[1].suffixes == () for o in cut_then_strip)


def test_a_separated_head_needs_a_separator() -> None:
    options = list(transform_options("people", "Jane Doe and John Roe | 3 March", ["Jane Doe"]))
    strict = next(o for o in options if o and getattr(o[0], "pattern", "") == SEPARATED_HEAD)
    today = date(2024, 3, 3)
    assert apply_transforms(["Jane Doe and John Roe | 3 March"], strict, "", today) == [
        "Jane Doe",
        "John Roe",
    ]
    # Another byline layout ("By Jane Doe 3 March"): no value rather than a wrong one.
    assert apply_transforms(["By Jane Doe 3 March 2024"], strict, "", today) == []
