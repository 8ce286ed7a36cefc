"""Whether a publisher's pages are rendered: its ``render`` policy, or the crawl's override.

``always`` renders, ``never`` does not, and ``auto`` follows the decision stored in the config
(``rendering.decision``, written by the bootstrap with :mod:`pace_scrapy.render.decide`); an
``auto`` publisher without a decision yet is fetched without a browser.
"""

from __future__ import annotations

from pace_scrapy.config.model import PublisherConfig

OVERRIDES = ("config", "never", "always")


def render_wanted(config: PublisherConfig, override: str = "config") -> bool:
    """True when pages of ``config`` are to be rendered; ``override`` is ``PACE_RENDER``
    (``config`` keeps the config's own policy, ``never``/``always`` replace it)."""
    if override not in OVERRIDES:
        raise ValueError(f"render override must be one of {OVERRIDES}, got {override!r}")
    policy = config.render if override == "config" else override
    if policy == "auto":
        decision = config.rendering.decision
        return decision is not None and decision.render
    return policy == "always"


def undecided(config: PublisherConfig) -> bool:
    """True for an ``auto`` publisher whose config holds no render decision yet."""
    return config.render == "auto" and config.rendering.decision is None
