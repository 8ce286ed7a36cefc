"""Bylines and dates in the several formats the site mixes."""

from __future__ import annotations

from datetime import UTC, datetime

from pace_scrapy.demo.markup import Ctx, esc
from pace_scrapy.demo.model import ArticleMeta
from pace_scrapy.demo.text import slugify
from pace_scrapy.demo.words import MONTHS, WEEKDAYS


def join_names(names: tuple[str, ...] | list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def long_date(when: datetime) -> str:
    """``3 March 2024``."""
    return f"{when.day} {MONTHS[when.month - 1]} {when.year}"


def us_datetime(when: datetime) -> str:
    """``Mar 3, 2024, 10:15 AM``."""
    hour = when.hour % 12 or 12
    noon = "AM" if when.hour < 12 else "PM"
    return f"{MONTHS[when.month - 1][:3]} {when.day}, {when.year}, {hour}:{when.minute:02d} {noon}"


def full_datetime(when: datetime) -> str:
    """``Sunday 3 March 2024 10.15 CET``."""
    return f"{WEEKDAYS[when.weekday()]} {long_date(when)} {when.hour:02d}.{when.minute:02d} CET"


def utc_iso(when: datetime) -> str:
    """``2024-03-03T09:15:00Z``."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def author_link(name: str) -> str:
    """Link to an author page."""
    return f'<a rel="author" href="/author/{slugify(name)}/">{esc(name)}</a>'


def byline_html(ctx: Ctx, meta: ArticleMeta) -> str:
    """The byline block; ``meta.byline_style`` picks one of four formats."""
    t, pub, mod = ctx.theme, meta.published, meta.modified
    cls = t.m("Byline", "root")
    if meta.byline_style == 0:
        names = join_names([author_link(name) for name in meta.authors])
        updated = ""
        if mod is not None:
            updated = (
                f' <span>Updated <time datetime="{utc_iso(mod)}">{long_date(mod)}</time></span>'
            )
        return (
            f'<div class="{cls}"><span class="{t.m("Byline", "authors")}">By {names}</span> '
            f'<time datetime="{utc_iso(pub)}">{long_date(pub)}</time>{updated}</div>\n'
        )
    if meta.byline_style == 1:
        updated = "" if mod is None else f" | Updated {long_date(mod)}"
        return (
            f'<div class="{cls}"><span>{esc(join_names(meta.authors))}</span> | '
            f"<span>{long_date(pub)}{updated}</span></div>\n"
        )
    if meta.byline_style == 2:
        updated = (
            "" if mod is None else f'<p class="{t.css("updated")}">Updated {us_datetime(mod)}</p>'
        )
        return (
            f'<div class="{cls}"><p class="{t.m("Byline", "authors")}">By '
            f'{esc(join_names(meta.authors))}</p><p class="{t.css("dateline")}">'
            f"{us_datetime(pub)}</p>{updated}</div>\n"
        )
    links = "".join(
        f'<span class="{t.m("Byline", "name")}">{author_link(name)}</span>' for name in meta.authors
    )
    updated = ""
    if mod is not None:
        updated = f'<time datetime="{mod.isoformat()}">Last modified {full_datetime(mod)}</time>'
    return (
        f'<div class="{cls}">{links}<time datetime="{pub.isoformat()}">{full_datetime(pub)}</time>'
        f"{updated}</div>\n"
    )
