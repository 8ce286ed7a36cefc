from datetime import date
from typing import Any

from pydantic import TypeAdapter

from pace_scrapy.config.model import Transform
from pace_scrapy.extract.transforms import MAX_VALUE_CHARS, apply_transforms, strip_affixes

ADAPTER: TypeAdapter[Transform] = TypeAdapter(Transform)  # type: ignore[arg-type]


def run(values: list[str], *transforms: dict[str, Any]) -> list[str]:
    parsed = [ADAPTER.validate_python(t) for t in transforms]
    return apply_transforms(values, parsed, "https://e.com/a/b", date(2025, 1, 1))


def test_regex_keeps_the_group_and_drops_non_matches() -> None:
    assert run(["ISBN: 978-0", "none"], {"op": "regex", "pattern": r"ISBN:\s*(\S+)"}) == ["978-0"]
    assert run(["id=42"], {"op": "regex", "pattern": r"id=(?P<n>\d+)", "group": "n"}) == ["42"]


def test_strip_split_replace_map() -> None:
    assert run(["By Jane Doe and John Roe |"], {"op": "strip", "prefixes": ["by "]}) == [
        "Jane Doe and John Roe"
    ]
    assert run(["Jane Doe and John Roe, Ann"], {"op": "split", "pattern": r",|\band\b"}) == [
        "Jane Doe ",
        " John Roe",
        " Ann",
    ]
    assert run(["a-b-c"], {"op": "replace", "pattern": "-", "replacement": "+"}) == ["a+b+c"]
    mapping = {"op": "map", "values": {"auf lager": "InStock", "ausverkauft": "OutOfStock"}}
    assert run(["Sofort AUF LAGER", "?"], mapping) == ["InStock"]
    assert run(["?"], {**mapping, "default": "OutOfStock"}) == ["OutOfStock"]


def test_typed_transforms() -> None:
    assert run(["3 March 2024"], {"op": "date"}) == ["2024-03-03T00:00:00"]
    assert run(["1.299,00 €"], {"op": "price"}) == ["1299.00"]
    assert run(["1.299,00 €"], {"op": "currency"}) == ["EUR"]
    assert run(["12.00"], {"op": "currency", "default": "USD"}) == ["USD"]
    assert run(["../c.jpg"], {"op": "url"}) == ["https://e.com/c.jpg"]


def test_chain_and_length_bound() -> None:
    chained = run(
        ["Posted: 3 March 2024 by X"],
        {"op": "regex", "pattern": r"Posted: (.*) by"},
        {"op": "date"},
    )
    assert chained == ["2024-03-03T00:00:00"]
    assert len(run(["x" * (MAX_VALUE_CHARS * 2)])[0]) == MAX_VALUE_CHARS


def test_strip_affixes_trims_edge_punctuation() -> None:
    assert strip_affixes("  Updated: Monday —", ["updated"], ["monday"]) == ""
    assert strip_affixes("Photo: Reuters", ["photo:"], []) == "Reuters"


def test_required_strip_drops_values_without_the_affix() -> None:
    strip = {"op": "strip", "prefixes": ["ISBN-13"], "required": True}
    assert run(["ISBN-13: 9780316125581", "ISBN-10: 031612558X"], strip) == ["9780316125581"]
    both = {"op": "strip", "prefixes": ["Visit the"], "suffixes": ["Store"], "required": True}
    assert run(["Visit the Brome Store", "Brand: Brome", "Visit the Brome"], both) == ["Brome"]
    # Without "required" a value lacking the affix passes (edge punctuation trimmed).
    assert run(["ISBN-10: 0316"], {"op": "strip", "prefixes": ["ISBN-13"]}) == ["ISBN-10: 0316"]
