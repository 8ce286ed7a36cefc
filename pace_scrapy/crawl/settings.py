"""Every ``PACE_*`` Scrapy setting in one place: default, type, documentation and parsing.

:data:`SETTINGS` is read by the add-on (to fill in defaults), by :class:`PaceSettings` (to parse
and check values once per crawler) and by :func:`settings_table_markdown` (the README table).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any, Literal, Protocol, cast

from pace_scrapy.errors import PaceError
from pace_scrapy.extract.extractor import BODY_FORMATS, check_formats
from pace_scrapy.learn.labelers import LABELERS
from pace_scrapy.learn.llm.settings import SETTING_DOCS as LLM_SETTING_DOCS
from pace_scrapy.learn.llm.settings import LlmSettings
from pace_scrapy.page.model import MAX_PAGE_BYTES
from pace_scrapy.render.policy import OVERRIDES as RENDER_POLICIES

logger = logging.getLogger(__name__)

PREFIX = "PACE_"
FALLBACKS = ("generic", "none")
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


class SettingsError(PaceError, ValueError):
    """A ``PACE_*`` setting with a bad value; the message names the setting."""


class SettingsLike(Protocol):
    """What is read from Scrapy's settings (``Settings`` or a plain mapping)."""

    def get(self, name: str, default: Any = None) -> Any: ...

    def __iter__(self) -> Any: ...


@dataclass(frozen=True)
class SettingSpec:
    """One setting: its name, default, documented type, one-line doc and value parser."""

    name: str
    default: object
    type: str
    doc: str
    parse: Callable[[str, object], object]


def _bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise SettingsError(f"{name} must be True or False, got {value!r}")


def _unset(value: object) -> bool:
    """True for ``None``, an empty string or ``"none"`` (as given on the command line)."""
    return value is None or (isinstance(value, str) and value.strip().lower() in ("", "none"))


def _text(name: str, value: object) -> str:
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str) or not value.strip():
        raise SettingsError(f"{name} must be a non-empty path, got {value!r}")
    return value


def _optional_text(name: str, value: object) -> str | None:
    if _unset(value):
        return None
    return _text(name, value)


def _choice(*choices: str) -> Callable[[str, object], object]:
    def parse(name: str, value: object) -> str:
        if value not in choices:
            expected = " or ".join(repr(c) for c in choices)
            raise SettingsError(f"{name} must be {expected}, got {value!r}")
        return str(value)

    return parse


def _confidence(name: str, value: object) -> float | None:
    if _unset(value):
        return None
    try:
        number = float(cast("str | float", value))
    except (TypeError, ValueError) as exc:
        raise SettingsError(f"{name} must be a number in [0, 1] or None, got {value!r}") from exc
    if not 0.0 <= number <= 1.0:
        raise SettingsError(f"{name} must be in [0, 1], got {value!r}")
    return number


def _positive_int(name: str, value: object) -> int:
    if isinstance(value, bool | float):
        raise SettingsError(f"{name} must be a positive integer, got {value!r}")
    try:
        number = int(cast("str | int", value))
    except (TypeError, ValueError) as exc:
        raise SettingsError(f"{name} must be a positive integer, got {value!r}") from exc
    if number <= 0:
        raise SettingsError(f"{name} must be a positive integer, got {value!r}")
    return number


def _formats(name: str, value: object) -> tuple[str, ...]:
    if _unset(value):
        return ()
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise SettingsError(f"{name} must be a list of body formats, got {value!r}")
    formats = tuple(text for item in items if (text := str(item).strip()))
    try:
        check_formats(formats)
    except ValueError as exc:
        raise SettingsError(f"{name}: {exc}") from exc
    return formats


SETTINGS: tuple[SettingSpec, ...] = (
    SettingSpec(
        "PACE_ENABLED",
        True,
        "bool",
        "Turns the middleware, the pipelines and the publisher spiders on or off.",
        _bool,
    ),
    SettingSpec(
        "PACE_CONFIG_DIR",
        "configs",
        "str",
        "Folder of the publisher configs (`*.json`); a relative path is relative to the folder "
        "of the project's `scrapy.cfg` (the working directory outside a project).",
        _text,
    ),
    SettingSpec(
        "PACE_FALLBACK",
        "generic",
        '`"generic"` or `"none"`',
        "`generic` extracts the body generically when a page does not fit its config "
        "(counted in `pace/fallback`); `none` never does.",
        _choice(*FALLBACKS),
    ),
    SettingSpec(
        "PACE_BODY_FORMATS",
        list(BODY_FORMATS),
        "list of str",
        "Renderings of an article's body that items carry beside its text (`articleBody`): "
        "`html` (`articleBodyHtml`), `markdown` (`articleBodyMarkdown`); a comma-separated "
        "string is read too, `none` or `[]` for the text alone. Each costs CPU time per page "
        "(see `benchmarks/RESULTS.md`).",
        _formats,
    ),
    SettingSpec(
        "PACE_MIN_CONFIDENCE",
        None,
        "float or None",
        "Rules below this confidence are not applied; `None` uses each config version's own "
        "`min_confidence`.",
        _confidence,
    ),
    SettingSpec(
        "PACE_RENDER",
        "config",
        '`"config"`, `"never"` or `"always"`',
        "Rendering policy: each config's `render` (`auto` follows the decision stored in the "
        "config), or one policy for every publisher; `never` also refuses `meta['pace_render']`. "
        "Pages to render are fetched by scrapy-playwright, which the add-on enables only then.",
        _choice(*RENDER_POLICIES),
    ),
    SettingSpec(
        "PACE_RENDER_ON_REQUEST",
        False,
        "bool",
        "Start the browser even when no publisher renders, for requests asking for it with "
        "`meta['pace_render'] = True` (e.g. in a spider's `custom_settings`).",
        _bool,
    ),
    SettingSpec(
        "PACE_BROWSER_EXECUTABLE",
        None,
        "str or None",
        "Chromium or Chrome to render with; `None` looks for /usr/bin/chromium, "
        "/usr/lib/chromium/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome, then "
        "Playwright's own Chromium.",
        _optional_text,
    ),
    SettingSpec(
        "PACE_BROWSER_MAX_PAGES",
        8,
        "int",
        "Browser pages (tabs) open at once, in one reused browser context "
        "(`PLAYWRIGHT_MAX_PAGES_PER_CONTEXT`).",
        _positive_int,
    ),
    SettingSpec(
        "PACE_LABELER",
        "heuristic",
        '`"heuristic"`, `"examples"` or `"llm"`',
        "How `scrapy crawl bootstrap` and `scrapy pace-learn` label pages when not told: "
        "`heuristic` needs no network; `llm` uses the `PACE_LLM_*` settings.",
        _choice(*LABELERS),
    ),
    SettingSpec(
        "PACE_MAX_PAGE_BYTES",
        MAX_PAGE_BYTES,
        "int",
        "Larger pages are not extracted (dropped as `pace/dropped/page_error`).",
        _positive_int,
    ),
    SettingSpec(
        "PACE_STATS_FIELDS",
        True,
        "bool",
        "Per-config, per-field fill counts and fill rates in the crawl stats.",
        _bool,
    ),
)


def _llm_spec(attribute: str) -> SettingSpec:
    """A ``PACE_LLM_*`` setting, documented here, parsed by the llm labeller itself."""
    type_name, doc = LLM_SETTING_DOCS[attribute]
    default = next(f.default for f in dataclass_fields(LlmSettings) if f.name == attribute)
    if attribute == "model":
        default = None
    return SettingSpec(
        f"PACE_LLM_{attribute.upper()}",
        str(default) if isinstance(default, Path) else default,
        type_name,
        doc + " Also read from the environment.",
        _as_given,
    )


def _as_given(name: str, value: object) -> object:
    return value


SETTINGS = (*SETTINGS, *(_llm_spec(attribute) for attribute in LLM_SETTING_DOCS))
SETTINGS_BY_NAME = {spec.name: spec for spec in SETTINGS}


@dataclass(frozen=True)
class PaceSettings:
    """The ``PACE_*`` settings of a crawl, parsed and checked."""

    enabled: bool
    config_dir: Path
    fallback: Literal["generic", "none"]
    body_formats: tuple[str, ...]
    min_confidence: float | None
    render: Literal["config", "never", "always"]
    render_on_request: bool
    browser_executable: str | None
    browser_max_pages: int
    max_page_bytes: int
    stats_fields: bool
    labeler: str

    @classmethod
    def from_settings(cls, settings: SettingsLike) -> PaceSettings:
        """Parse the settings (defaults for unset ones); raises :class:`SettingsError`."""
        unknown = sorted(
            name
            for name in settings
            if isinstance(name, str) and name.startswith(PREFIX) and name not in SETTINGS_BY_NAME
        )
        if unknown:
            logger.warning("Unknown pace-scrapy settings (typo?): %s", ", ".join(unknown))
        values = {spec.name: setting(settings, spec.name) for spec in SETTINGS}
        config_dir = resolve_config_dir(cast("str", values["PACE_CONFIG_DIR"]))
        if config_dir.exists() and not config_dir.is_dir():
            raise SettingsError(f"PACE_CONFIG_DIR {str(config_dir)!r} is not a folder")
        return cls(
            enabled=cast("bool", values["PACE_ENABLED"]),
            config_dir=config_dir,
            fallback=cast("Literal['generic', 'none']", values["PACE_FALLBACK"]),
            body_formats=cast("tuple[str, ...]", values["PACE_BODY_FORMATS"]),
            min_confidence=cast("float | None", values["PACE_MIN_CONFIDENCE"]),
            render=cast("Literal['config', 'never', 'always']", values["PACE_RENDER"]),
            render_on_request=cast("bool", values["PACE_RENDER_ON_REQUEST"]),
            browser_executable=cast("str | None", values["PACE_BROWSER_EXECUTABLE"]),
            browser_max_pages=cast("int", values["PACE_BROWSER_MAX_PAGES"]),
            max_page_bytes=cast("int", values["PACE_MAX_PAGE_BYTES"]),
            stats_fields=cast("bool", values["PACE_STATS_FIELDS"]),
            labeler=cast("str", values["PACE_LABELER"]),
        )


def setting(settings: SettingsLike, name: str) -> object:
    """One parsed setting (its default when unset); :class:`SettingsError` for a bad value."""
    spec = SETTINGS_BY_NAME[name]
    return spec.parse(name, settings.get(name, spec.default))


def resolve_config_dir(value: str) -> Path:
    """An absolute config folder: relative paths start at the closest ``scrapy.cfg``'s folder."""
    from scrapy.utils.conf import closest_scrapy_cfg  # noqa: PLC0415 (keep Scrapy optional)

    path = Path(value).expanduser()
    if path.is_absolute():
        return path
    cfg = closest_scrapy_cfg()
    root = Path(cfg).parent if cfg else Path.cwd()
    return (root / path).resolve()


def settings_table_markdown() -> str:
    """The README table of the settings: ``| setting | type | default | description |``."""
    lines = ["| setting | type | default | description |", "| --- | --- | --- | --- |"]
    for spec in SETTINGS:
        default = f'"{spec.default}"' if isinstance(spec.default, str) else repr(spec.default)
        cells = (f"`{spec.name}`", spec.type, f"`{default}`", spec.doc)
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"
