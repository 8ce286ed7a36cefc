"""Defaults of an evaluation run, kept apart from the evaluation stack so that the
``pace-eval`` command can show them without importing it (see ``commands/eval.py``)."""

from __future__ import annotations

DEFAULT_BASELINES = ("trafilatura", "readability", "resiliparse")
DEFAULT_TRAIN = 3
DEFAULT_WORKERS = 2
