"""The extractors under evaluation and the timed, scored run of them over labelled pages.

Every extractor starts from the same page bytes: ours parses them into a
:class:`~pace_scrapy.page.model.Page` and applies a config; a baseline decodes them and runs on
the text. The timed part is exactly that (parse + extract); converting the output to a
:class:`~pace_scrapy.evaluate.prediction.Prediction` and scoring it are not timed.
"""

from __future__ import annotations

import importlib.util
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter
from typing import Any

from lxml.etree import LxmlError

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.errors import PaceError
from pace_scrapy.evaluate.adapter import item_prediction
from pace_scrapy.evaluate.baselines import BASELINES
from pace_scrapy.evaluate.gold import LabelledPage
from pace_scrapy.evaluate.metrics import page_attribute_counts, score_page
from pace_scrapy.evaluate.prediction import Prediction
from pace_scrapy.evaluate.results import PageScore
from pace_scrapy.extract.extractor import extract
from pace_scrapy.page.decode import decode_html
from pace_scrapy.page.model import Page

logger = logging.getLogger(__name__)

OURS_PREFIX = "pace:"  # rows of our extractor: "pace:<learner>", or "pace:<config name>"
# What an extractor may raise on a bad page; the page is then scored as an empty prediction.
# (readability raises ValueError subclasses, lxml LxmlError subclasses on empty documents.)
EXTRACTION_ERRORS = (PaceError, ValueError, LxmlError)
_OPTIONAL_MODULES = {"resiliparse": "resiliparse"}  # baseline -> module it needs


@dataclass(frozen=True)
class Candidate:
    """An extractor under evaluation: ``run`` (timed) then ``convert`` (not timed)."""

    name: str
    run: Callable[[bytes, LabelledPage], Any]
    convert: Callable[[Any], Prediction]


def page_url(page: LabelledPage) -> str:
    """The page's gold URL, else a stand-in built from its site and page id."""
    return page.gold.url or f"https://{page.gold.site}/{page.page_id}.html"


def config_name(site: str) -> str:
    """A valid config name for a site folder name (``news.example.com`` -> ``news-example-com``)."""
    slug = re.sub(r"[^a-z0-9_-]+", "-", site.lower()).strip("-_")
    return slug[:64] or "site"


def config_candidate(name: str, config: PublisherConfig) -> Candidate:
    """Our extractor with one config (the version valid today, generic fallback on)."""

    def run(data: bytes, page: LabelledPage) -> Any:
        return extract(Page.from_html(data, page_url(page)), config)

    return Candidate(name, run, item_prediction)


def failed_candidate(name: str, reason: str) -> Candidate:
    """A stand-in for an extractor that could not be built: every page fails with ``reason``."""

    def run(data: bytes, page: LabelledPage) -> Any:
        raise PaceError(reason)

    return Candidate(name, run, item_prediction)


def baseline_candidate(name: str) -> Candidate:
    """A baseline of :data:`~pace_scrapy.evaluate.baselines.BASELINES`, on the decoded bytes."""
    extractor = BASELINES[name]

    def run(data: bytes, page: LabelledPage) -> Prediction:
        html, _encoding = decode_html(data)
        return extractor(html, page.gold.url)

    return Candidate(name, run, _identity)


def _identity(prediction: Prediction) -> Prediction:
    return prediction


def available_baselines(names: Iterable[str]) -> tuple[str, ...]:
    """The baselines among ``names`` that can run here (an optional one whose package is not
    installed is left out, with a warning). Raises ValueError naming an unknown baseline."""
    chosen = []
    for name in names:
        if name not in BASELINES:
            raise ValueError(f"unknown baseline {name!r} (known: {', '.join(BASELINES)})")
        module = _OPTIONAL_MODULES.get(name)
        if module and importlib.util.find_spec(module) is None:
            logger.warning("baseline %s left out: package %s is not installed", name, module)
            continue
        chosen.append(name)
    return tuple(chosen)


def baseline_candidates(names: Iterable[str]) -> list[Candidate]:
    """Candidates for the named baselines that can run here (see :func:`available_baselines`)."""
    return [baseline_candidate(name) for name in available_baselines(names)]


def score_pages(
    pages: Sequence[LabelledPage], candidates: Sequence[Candidate], root: Path | None = None
) -> list[PageScore]:
    """Run and score every candidate on every page (page by page: each page is read once).

    Paths are relative to ``root`` when given. A candidate that raises one of
    :data:`EXTRACTION_ERRORS` on a page gets the page scored as an empty prediction, with the
    error recorded (and logged).
    """
    results = []
    for page in pages:
        data = page.html_bytes()
        path = str(page.path.relative_to(root) if root else page.path)
        for candidate in candidates:
            error = None
            start = perf_counter()
            try:
                output = candidate.run(data, page)
            except EXTRACTION_ERRORS as exc:
                error = f"{type(exc).__name__}: {exc}"
            seconds = perf_counter() - start
            if error is None:
                prediction = candidate.convert(output)
            else:
                logger.warning("%s failed on %s: %s", candidate.name, path, error)
                prediction = Prediction()
            gold = page.gold
            results.append(
                PageScore(
                    extractor=candidate.name,
                    dataset=gold.dataset,
                    site=gold.site,
                    page_id=page.page_id,
                    path=path,
                    scores=score_page(prediction, gold),
                    counts=page_attribute_counts(prediction, gold),
                    seconds=seconds,
                    error=error,
                )
            )
    return results
