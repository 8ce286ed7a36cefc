"""Whether a publisher's pages are rendered: its ``render`` policy, or the crawl's override.

``always`` renders, ``never`` does not, and ``auto`` follows the decision stored in the config
(``rendering.decision``, written by the bootstrap with :mod:`pace_scrapy.render.decide`): every
page, or only the pages of the sections it names; an ``auto`` publisher without a decision yet
is fetched without a browser.
"""

from __future__ import annotations

from pace_scrapy.config.model import PublisherConfig

OVERRIDES = ("config", "never", "always")


def render_wanted(
    config: PublisherConfig, override: str = "config", url: str | None = None
) -> bool:
    """True when the page at ``url`` of ``config`` is to be rendered (without ``url``: when
    any page of it may be); ``override`` is ``PACE_RENDER`` (``config`` keeps the config's own
    policy, ``never``/``always`` replace it)."""
    if override not in OVERRIDES:
        raise ValueError(f"render override must be one of {OVERRIDES}, got {override!r}")
    policy = config.render if override == "config" else override
    if policy == "auto":
        decision = config.rendering.decision
        if decision is None:
            return False
        return (
            decision.renders(url) if url is not None else decision.render or bool(decision.sections)
        )
    return policy == "always"


def undecided(config: PublisherConfig) -> bool:
    """True for an ``auto`` publisher whose config holds no render decision yet."""
    return config.render == "auto" and config.rendering.decision is None
