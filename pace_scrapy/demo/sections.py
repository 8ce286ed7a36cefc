"""The sections of the demo newspaper and the page template each one uses."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

SITE_NAME = "The Meridian Herald"
SHOP_NAME = "Meridian Shop"
SITE_TZ = timezone(timedelta(hours=1))
NEWEST = datetime(2024, 6, 28, 17, 40, tzinfo=SITE_TZ)
"""Publication time of article 0; article ``i`` is roughly ``i * SPACING`` older."""
SPACING = timedelta(minutes=173)


@dataclass(frozen=True)
class Section:
    """A newspaper section; ``template`` is "news", "opinion" (different markup) or "live" (JS)."""

    slug: str
    name: str
    template: str
    vocab: str
    json_ld: bool
    weight: int


SECTIONS: tuple[Section, ...] = (
    Section("world", "World", "news", "world", True, 5),
    Section("politics", "Politics", "news", "politics", True, 4),
    Section("business", "Business", "news", "business", True, 4),
    Section("science", "Science", "news", "science", False, 3),
    Section("culture", "Culture", "news", "culture", False, 3),
    Section("sport", "Sport", "news", "sport", False, 3),
    Section("opinion", "Opinion", "opinion", "politics", True, 2),
    Section("live", "Live", "live", "world", True, 1),
)
SECTION_BY_SLUG = {section.slug: section for section in SECTIONS}
