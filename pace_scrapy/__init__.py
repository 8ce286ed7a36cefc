"""pace-scrapy: learn a publisher's extraction config once, apply it deterministically in Scrapy.

``pace_scrapy.Addon`` is the Scrapy add-on (``ADDONS = {"pace_scrapy.Addon": 0}``). It is
imported lazily, so using the extraction core does not import Scrapy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pace_scrapy.crawl.addon import Addon

__all__ = ["Addon"]


def __getattr__(name: str) -> Any:
    if name == "Addon":
        from pace_scrapy.crawl.addon import Addon  # noqa: PLC0415

        return Addon
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
