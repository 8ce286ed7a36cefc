"""A disk cache of model answers keyed by the full request, so re-learning is reproducible
and makes no HTTP call.

An entry is a small JSON file named by the SHA-256 of the request's canonical JSON (model,
messages, response format and sampling parameters), written atomically. An entry that cannot
be read is reported and treated as missing (it is replaced by the next answer).
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from pace_scrapy.atomic import write_atomic

logger = logging.getLogger(__name__)

_Entry = TypeVar("_Entry", bound=BaseModel)


class CachedReply(BaseModel):
    """A model answer as cached: its text, why it stopped, and what it cost."""

    model_config = ConfigDict(frozen=True)

    content: str
    finish_reason: str
    prompt_tokens: int = 0
    completion_tokens: int = 0


class FormatNote(BaseModel):
    """What an endpoint said about the ``json_schema`` response format."""

    model_config = ConfigDict(frozen=True)

    json_schema: bool
    reason: str = ""


def request_key(request: Any) -> str:
    """The cache key of a request: SHA-256 of its canonical JSON."""
    canonical = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    """JSON entries in ``folder`` (``ab/abcdef….json``)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def path(self, key: str) -> Path:
        """The file of an entry."""
        return self.folder / key[:2] / f"{key}.json"

    def load(self, key: str, entry_type: type[_Entry]) -> _Entry | None:
        """The entry stored under ``key``, or ``None`` (missing or unreadable)."""
        path = self.path(key)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        try:
            return entry_type.model_validate_json(data)
        except ValidationError as exc:
            logger.warning("ignoring unreadable LLM cache entry %s: %s", path, exc)
            return None

    def save(self, key: str, entry: BaseModel) -> None:
        """Store ``entry`` under ``key`` (atomically)."""
        write_atomic(self.path(key), entry.model_dump_json())
