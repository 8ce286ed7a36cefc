"""Does a publisher need a browser? Compare what is extracted from plain and rendered pages.

The bootstrap fetches the same sample pages twice, plainly and rendered, and calls
:func:`decide_render`. A page *gains* from rendering when its rendered version yields a much
longer body text (at least :data:`BODY_RATIO` times and :data:`MIN_BODY_GAIN` characters more)
or fields the plain version lacks. The publisher is rendered when at least ``min_share`` of the
pages gain; otherwise the sections of the site (first URL path segment, as ``/live/``) whose
sampled pages all gain are rendered. :func:`with_render_decision` stores the decision in the
config, where ``render: auto`` reads it at crawl time.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from pace_scrapy.config.model import PublisherConfig, RenderDecision
from pace_scrapy.extract.extractor import extract
from pace_scrapy.extract.fallback import generic_body
from pace_scrapy.learn.discover import section
from pace_scrapy.page.model import Page
from pace_scrapy.page.structured import jsonld_types

BODY_RATIO = 1.5
MIN_BODY_GAIN = 200  # characters
# Item fields measured as body text, or not extracted content at all.
_NOT_FIELDS = frozenset({"url", "articleBody", "articleBodyHtml", "articleBodyMarkdown"})


@dataclass(frozen=True)
class Extraction:
    """What was extracted from one page: body text length and the names of filled fields."""

    body_chars: int
    fields: frozenset[str]


def decide_render(
    plain: list[Page],
    rendered: list[Page],
    config: PublisherConfig | None = None,
    *,
    min_share: float = 0.5,
) -> RenderDecision:
    """Render when rendering changes what is extracted from at least ``min_share`` of the pages.

    ``plain[i]`` and ``rendered[i]`` are two fetches of the same page. ``config`` extracts (its
    version valid at each page's date, with the generic body fallback); without one (before a
    config exists) the generic body, the ``<h1>`` and the JSON-LD types are compared. Raises
    :class:`ValueError` when the lists are empty or of different lengths, and
    :class:`~pace_scrapy.errors.NoConfigVersion` when no config version is valid at a page's
    date.
    """
    if not plain or len(plain) != len(rendered):
        raise ValueError(
            f"need the same pages plain and rendered, got {len(plain)} and {len(rendered)}"
        )
    if not 0.0 < min_share <= 1.0:
        raise ValueError(f"min_share must be in (0, 1], got {min_share!r}")
    before = [extraction(page, config) for page in plain]
    after = [extraction(page, config) for page in rendered]
    gaining = [i for i, (b, a) in enumerate(zip(before, after, strict=True)) if gains(b, a)]
    gained = sorted(
        {name for b, a in zip(before, after, strict=True) for name in a.fields - b.fields}
    )
    lost = sorted(
        {name for b, a in zip(before, after, strict=True) for name in b.fields - a.fields}
    )
    share = len(gaining) / len(plain)
    method = "generic" if config is None else f"config {config.name}"
    evidence: dict[str, bool | int | float | str] = {
        "extraction": method,
        "pages": len(plain),
        "pages_gaining": len(gaining),
        "share_gaining": round(share, 4),
        "median_body_chars_plain": int(statistics.median(e.body_chars for e in before)),
        "median_body_chars_rendered": int(statistics.median(e.body_chars for e in after)),
        "fields_only_rendered": ",".join(gained),
        "fields_only_plain": ",".join(lost),
        "examples": " ".join(rendered[i].url for i in gaining[:3]),
    }
    render = share >= min_share
    return RenderDecision(
        render=render,
        sections=() if render else gaining_sections([page.url for page in plain], gaining),
        evidence=evidence,
        decided=datetime.now(UTC).replace(microsecond=0),
    )


def gaining_sections(urls: Sequence[str], gaining: Sequence[int]) -> tuple[str, ...]:
    """URL patterns of the sections (first path segment) where every sampled page gains: a
    site whose live blogs are written by scripts renders its ``/live/`` pages only."""
    gained: dict[str, bool] = {}
    for index, url in enumerate(urls):
        name = section(url)
        if name:
            gained[name] = gained.get(name, True) and index in gaining
    return tuple(
        f"^https?://[^/]+/{re.escape(name)}/" for name, every in sorted(gained.items()) if every
    )


def gains(plain: Extraction, rendered: Extraction) -> bool:
    """True when the rendered page yields much more body text or fields the plain one lacks."""
    longer = rendered.body_chars >= max(
        plain.body_chars * BODY_RATIO, plain.body_chars + MIN_BODY_GAIN
    )
    return longer or bool(rendered.fields - plain.fields)


def extraction(page: Page, config: PublisherConfig | None) -> Extraction:
    """What ``config`` (or, when None, the generic extraction) extracts from ``page``."""
    if config is None:
        body = generic_body(page.root, page.url, tables=True)
        text = "" if body is None else " ".join(body.text_content().split())
        fields = {"headline"} if page.root.find(".//h1") is not None else set()
        fields |= {f"jsonld:{kind}" for thing in page.jsonld for kind in jsonld_types(thing)}
        return Extraction(len(text), frozenset(fields))
    item = extract(page, config)
    body_text = " ".join((getattr(item, "articleBody", None) or "").split())
    filled = frozenset(item.metadata.fields) - _NOT_FIELDS
    return Extraction(len(body_text), filled)


def with_render_decision(config: PublisherConfig, decision: RenderDecision) -> PublisherConfig:
    """``config`` with ``decision`` stored (``rendering.decision``) for ``render: auto``."""
    rendering = config.rendering.model_copy(update={"decision": decision})
    return config.model_copy(update={"rendering": rendering})
