import json
from pathlib import Path

import pytest

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.store import (
    ConfigStore,
    config_json_schema,
    load_config,
    parse_config,
    save_config,
)
from pace_scrapy.errors import ConfigError


def make(name: str, domains: list[str], patterns: list[str] | None = None) -> PublisherConfig:
    return parse_config(
        {
            "name": name,
            "domains": domains,
            "url_patterns": patterns or [],
            "versions": [{"version": 1}],
        }
    )


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    original = parse_config(
        {
            "name": "pub",
            "domains": ["pub.example"],
            "versions": [
                {
                    "version": 2,
                    "valid_from": "2024-01-01",
                    "fields": {
                        "headline": {
                            "rules": [
                                {
                                    "source": "css",
                                    "query": "h1",
                                    "transforms": [{"op": "strip", "prefixes": ["Breaking:"]}],
                                }
                            ]
                        }
                    },
                    "body": {
                        "containers": [{"css": "article"}],
                        "exclude": [{"xpath": ".//aside"}],
                    },
                }
            ],
        }
    )
    path = save_config(original, tmp_path / "pub.json")
    assert load_config(path) == original
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{", "not valid JSON"),
        (b"\xff\xfe\x00", "not valid JSON"),
        (b"[" * 100_000, "not valid JSON"),
        (b'{"name": "x"}', "domains: Field required"),
    ],
)
def test_bad_files_name_the_file(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(tmp_path / "nope.json")


def test_folder_loads_good_files_and_records_bad_ones(tmp_path: Path) -> None:
    save_config(make("good", ["good.example"]), tmp_path / "good.json")
    (tmp_path / "broken.json").write_text('{"name": "broken", "domains": ["x"], "versions": [{}]}')
    (tmp_path / "notes.txt").write_text("ignored")
    store = ConfigStore.from_folder(tmp_path)
    assert [c.name for c in store] == ["good"]
    assert list(store.errors) == [str(tmp_path / "broken.json")]
    assert "versions.0.version: Field required" in store.errors[str(tmp_path / "broken.json")]


def test_duplicate_names_keep_the_first(tmp_path: Path) -> None:
    save_config(make("same", ["a.example"]), tmp_path / "a.json")
    save_config(make("same", ["b.example"]), tmp_path / "b.json")
    store = ConfigStore.from_folder(tmp_path)
    assert store.get("same").domains == ("a.example",)  # type: ignore[union-attr]
    assert "already defined" in store.errors[str(tmp_path / "b.json")]


def test_match_by_domain_subdomain_port_and_pattern() -> None:
    store = ConfigStore()
    store.add(make("news", ["example.com"], [r"/news/\d+"]))
    store.add(make("blog", ["blog.example.com"]))
    store.add(make("local", ["127.0.0.1"]))
    assert store.match("https://www.example.com/news/12") is store.get("news")
    assert store.match("https://example.com/about") is None
    assert store.match("https://blog.example.com/post") is store.get("blog")
    assert store.match("http://127.0.0.1:8123/a") is store.get("local")
    assert store.match("https://notexample.com/news/1") is None
    assert store.match("not a url") is None


def test_json_schema_describes_the_config() -> None:
    schema = config_json_schema()
    assert schema["title"] == "PublisherConfig"
    json.dumps(schema)  # serialisable
    assert "Rule" in schema["$defs"]  # type: ignore[operator]
