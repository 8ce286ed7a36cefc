"""Applying one rule of a field: find values, transform them, make the field's value."""

from __future__ import annotations

from typing import Any

from pace_scrapy.config.model import Rule
from pace_scrapy.extract.kinds import Context, finalize
from pace_scrapy.extract.rules import Link, Value, rule_values
from pace_scrapy.extract.transforms import apply_transforms
from pace_scrapy.page.model import Page


def apply_rule(rule: Rule, page: Page, kind: str, ctx: Context) -> Any | None:
    """The value ``rule`` gives a field of ``kind`` on ``page``; ``None`` when it finds
    nothing. Raises :class:`~pace_scrapy.extract.kinds.Rejected` for an implausible value."""
    found = rule_values(rule, page, kind)
    if not rule.multiple:
        found = found[:1]
    values: list[Value] = [v for v in found if isinstance(v, Link)]
    texts = [v for v in found if isinstance(v, str)]
    values.extend(apply_transforms(texts, rule.transforms, ctx.base_url, ctx.today))
    return finalize(kind, values, ctx) if values else None
