from datetime import date
from typing import Any

import pytest

from pace_scrapy.config.store import parse_config
from pace_scrapy.errors import ConfigError


def config(**version: Any) -> dict[str, Any]:
    return {"name": "pub", "domains": ["pub.example"], "versions": [{"version": 1, **version}]}


def test_minimal_config_and_defaults() -> None:
    parsed = parse_config(config())
    assert parsed.schema_version == 1
    assert parsed.render == "never"
    assert parsed.latest.page_type == "article"
    assert parsed.latest.fallback == "generic"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"name": "Bad Name", "domains": ["a.b"], "versions": [{"version": 1}]},
            "name: String should match",
        ),
        ({"name": "p", "domains": ["A.B"], "versions": [{"version": 1}]}, "domain 'A.B'"),
        (
            {"name": "p", "domains": ["a.b"], "versions": []},
            "versions: Tuple should have at least 1",
        ),
        (
            config(fields={"headline": {"rules": [{"source": "css", "query": "h1["}]}}),
            "invalid CSS selector 'h1['",
        ),
        (
            config(fields={"headline": {"rules": [{"source": "xpath", "query": "//h1["}]}}),
            "invalid XPath '//h1['",
        ),
        (
            config(
                fields={
                    "x": {
                        "rules": [
                            {
                                "source": "css",
                                "query": "p",
                                "transforms": [{"op": "regex", "pattern": "("}],
                            }
                        ]
                    }
                }
            ),
            "invalid regular expression '('",
        ),
        (
            config(
                fields={
                    "x": {
                        "rules": [{"source": "css", "query": "p", "transforms": [{"op": "eval"}]}]
                    }
                }
            ),
            "does not match any of the expected tags",
        ),
        (
            config(
                fields={"x": {"rules": [{"source": "meta", "query": "a", "attribute": "href"}]}}
            ),
            "'attribute' applies to css/xpath rules",
        ),
        (
            config(
                fields={"headline": {"kind": "date", "rules": [{"source": "css", "query": "h1"}]}}
            ),
            "field 'headline' is of kind 'text'",
        ),
        (
            config(fields={"articleBody": {"rules": [{"source": "css", "query": "p"}]}}),
            "filled by the extractor",
        ),
        (
            config(fields={"bad name": {"rules": [{"source": "css", "query": "p"}]}}),
            "fields.bad name.[key]",
        ),
        (config(valid_from="2024-02-01", valid_until="2024-01-01"), "must be before valid_until"),
        (
            config(body={"containers": [{"css": "a", "xpath": "//a"}]}),
            "exactly one of 'css' or 'xpath'",
        ),
        (config(unknown=1), "versions.0.unknown: Extra inputs are not permitted"),
    ],
)
def test_invalid_configs_name_the_field_and_value(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(data, source="configs/pub.json")
    assert str(info.value).startswith("configs/pub.json: ")
    assert message in str(info.value)


def test_version_selection_by_date() -> None:
    parsed = parse_config(
        {
            "name": "pub",
            "domains": ["pub.example"],
            "versions": [
                {"version": 1, "valid_until": "2024-01-01"},
                {"version": 2, "valid_from": "2024-01-01"},
                {"version": 3, "valid_from": "2024-06-01", "valid_until": "2024-07-01"},
            ],
        }
    )
    assert parsed.version_at(date(2023, 12, 31)).version == 1  # type: ignore[union-attr]
    assert parsed.version_at(date(2024, 1, 1)).version == 2  # type: ignore[union-attr]
    assert parsed.version_at(date(2024, 6, 15)).version == 3  # type: ignore[union-attr]
    assert parsed.latest.version == 3


def test_no_version_valid() -> None:
    parsed = parse_config(config(valid_from="2030-01-01"))
    assert parsed.version_at(date(2024, 1, 1)) is None


def test_duplicate_version_numbers_rejected() -> None:
    with pytest.raises(ConfigError, match="version numbers must be unique"):
        parse_config(
            {"name": "p", "domains": ["a.b"], "versions": [{"version": 1}, {"version": 1}]}
        )
