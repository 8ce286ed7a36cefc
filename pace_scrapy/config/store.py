"""Reading, writing and looking up publisher configs on disk (``configs/<name>.json``)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import ValidationError

from pace_scrapy.atomic import write_atomic
from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.selectors import compile_regex
from pace_scrapy.errors import ConfigError

logger = logging.getLogger(__name__)

MAX_CONFIG_BYTES = 5_000_000


def load_config(path: str | Path) -> PublisherConfig:
    """Load and validate one config file; a bad file raises :class:`ConfigError` naming it."""
    file = Path(path)
    try:
        if file.stat().st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{file}: larger than {MAX_CONFIG_BYTES} bytes")
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{file}: cannot be read: {exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ConfigError(f"{file}: not valid JSON: {exc}") from exc
    return parse_config(data, source=str(file))


def parse_config(data: object, source: str = "<config>") -> PublisherConfig:
    """Validate config data already decoded from JSON."""
    try:
        return PublisherConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{source}: {describe_errors(exc)}") from exc


def describe_errors(exc: ValidationError) -> str:
    """One line per problem: the dotted path of the field, then what is wrong with it."""
    errors = exc.errors(include_url=False)
    locations = [error["loc"] for error in errors]
    lines = []
    for error in errors:
        loc = error["loc"]
        # A container also reports a length error when an item inside it failed: keep the
        # most specific error only.
        if any(other[: len(loc)] == loc and len(other) > len(loc) for other in locations):
            continue
        where = ".".join(str(part) for part in loc) or "(top level)"
        lines.append(f"{where}: {error['msg']}")
    return "; ".join(lines)


def save_config(config: PublisherConfig, path: str | Path) -> Path:
    """Write a config atomically as indented JSON (defaults left out, so files stay short)."""
    text = config.model_dump_json(indent=2, exclude_defaults=True)
    return write_atomic(path, text + "\n")


def config_json_schema() -> dict[str, object]:
    """The JSON Schema of a config file."""
    return PublisherConfig.model_json_schema()


@dataclass
class ConfigStore:
    """The configs of a folder, and which one a URL belongs to.

    A file that fails to load is recorded in :attr:`errors` (path -> message) and skipped, so
    one broken config never stops the others.
    """

    configs: dict[str, PublisherConfig] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_folder(cls, folder: str | Path) -> ConfigStore:
        """Load every ``*.json`` file of ``folder`` (a missing folder gives an empty store)."""
        store = cls()
        root = Path(folder)
        if root.is_dir():
            store.add_files(sorted(root.glob("*.json")))
        else:
            logger.warning("Config folder %s does not exist", root)
        return store

    def add_files(self, files: Iterable[Path]) -> None:
        """Load files into the store, recording failures instead of raising."""
        for file in files:
            try:
                config = load_config(file)
            except ConfigError as exc:
                logger.error("Skipping config: %s", exc)  # noqa: TRY400 (the message says it all)
                self.errors[str(file)] = str(exc)
                continue
            self.add(config, source=str(file))

    def add(self, config: PublisherConfig, source: str = "<memory>") -> None:
        """Add a config; two configs with one name are an error (the second is skipped)."""
        if config.name in self.configs:
            message = f"{source}: publisher name {config.name!r} is already defined"
            logger.error("Skipping config: %s", message)
            self.errors[source] = message
            return
        self.configs[config.name] = config

    def __iter__(self) -> Iterator[PublisherConfig]:
        return iter(self.configs.values())

    def __len__(self) -> int:
        return len(self.configs)

    def get(self, name: str) -> PublisherConfig | None:
        """The config named ``name``."""
        return self.configs.get(name)

    def match(self, url: str) -> PublisherConfig | None:
        """The config of the publisher a URL belongs to, or ``None``.

        A config matches when the URL's host is one of its domains (or a subdomain of one) and,
        if it lists ``url_patterns``, one of them is found in the URL. The most specific domain
        wins; among equals, the first by name.
        """
        host = _host(url)
        best: tuple[int, PublisherConfig] | None = None
        for config in sorted(self.configs.values(), key=lambda c: c.name):
            length = _domain_match_length(host, config.domains)
            if length and (best is None or length > best[0]) and matches_url(config, url):
                best = (length, config)
        return best[1] if best else None


def matches_url(config: PublisherConfig, url: str) -> bool:
    """True when ``url`` matches one of the config's page URL patterns (or it has none)."""
    return not config.url_patterns or any(
        compile_regex(pattern).search(url) for pattern in config.url_patterns
    )


def _host(url: str) -> str:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    return f"{host}:{parts.port}" if parts.port else host


def _domain_match_length(host: str, domains: Iterable[str]) -> int:
    best = 0
    bare_host = re.sub(r":\d+$", "", host)
    for domain in domains:
        candidate = host if ":" in domain else bare_host
        if candidate == domain or candidate.endswith("." + domain):
            best = max(best, len(domain))
    return best
