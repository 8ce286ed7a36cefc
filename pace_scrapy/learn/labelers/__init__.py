"""Labellers: ways to mark which nodes of representative pages hold which field.

``heuristic`` (the default, no network), ``examples`` (values the user gives for a few pages)
and ``llm`` (an OpenAI-compatible model). :func:`make_labeler` builds one by name.
"""

from __future__ import annotations

from collections.abc import Mapping

from pace_scrapy.errors import PaceError
from pace_scrapy.learn.labels import Labeler

LABELERS = ("heuristic", "examples", "llm")


def make_labeler(
    name: str,
    *,
    examples: Mapping[str, Mapping[str, str | list[str]]] | None = None,
    requirements: str = "",
    settings: Mapping[str, object] | None = None,
) -> Labeler:
    """The labeller called ``name``; ``examples`` (values by page URL) for ``examples``;
    ``requirements`` (plain language) and ``settings`` (``PACE_LLM_*``, over the environment)
    for ``llm``."""
    if name == "heuristic":
        from pace_scrapy.learn.labelers.heuristic import HeuristicLabeler  # noqa: PLC0415

        return HeuristicLabeler()
    if name == "examples":
        if not examples:
            raise PaceError("the examples labeller needs examples (--examples FILE)")
        from pace_scrapy.learn.labelers.examples import ExamplesLabeler  # noqa: PLC0415

        return ExamplesLabeler(examples)
    if name == "llm":
        from pace_scrapy.learn.labelers.llm import LlmLabeler, llm_settings  # noqa: PLC0415

        return LlmLabeler(llm_settings(settings), requirements=requirements)
    raise PaceError(f"unknown labeller {name!r}; choose one of {', '.join(LABELERS)}")
