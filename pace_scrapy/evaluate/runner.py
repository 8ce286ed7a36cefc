"""The evaluation engine: score a config, or learn and score per site over a benchmark folder.

Plain Python (no Scrapy). Per site, pages are sorted by page id; with ``train=K`` the first K
are the training pages (given to each learner, and scored by nobody) and the rest the test
pages, which every extractor (each learner's config and each baseline) runs on. Sites with at
most K pages are skipped (counted in the report). Learning time is measured per site and kept
apart from extraction speed.

Sites can run in a pool of worker processes (spawned, so learners must be picklable, e.g.
module-level functions); results do not depend on the number of workers.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter

from tqdm import tqdm

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.errors import PaceError
from pace_scrapy.evaluate.candidates import (
    OURS_PREFIX,
    Candidate,
    available_baselines,
    baseline_candidates,
    config_candidate,
    config_name,
    failed_candidate,
    score_pages,
)
from pace_scrapy.evaluate.defaults import DEFAULT_BASELINES, DEFAULT_TRAIN, DEFAULT_WORKERS
from pace_scrapy.evaluate.gold import LabelledPage, iter_sites, load_site
from pace_scrapy.evaluate.results import Evaluation, SiteRun

# learner(config name, training pages) -> config; raises PaceError when it cannot learn.
Learner = Callable[[str, list[LabelledPage]], PublisherConfig]


@dataclass(frozen=True)
class SiteTask:
    """One site to evaluate (picklable: sent to worker processes)."""

    site_dir: Path
    root: Path | None
    learners: tuple[tuple[str, Learner], ...]
    train: int
    baselines: tuple[str, ...]
    max_pages: int | None = None


def evaluate_config(
    config: PublisherConfig,
    pages: Sequence[LabelledPage],
    *,
    baselines: Iterable[str] = (),
) -> Evaluation:
    """Score ``config`` (as extractor ``pace:<config name>``) and ``baselines`` on ``pages``.

    Pages are grouped into sites by their gold ``dataset`` and ``site``.
    """
    ours = config_candidate(f"{OURS_PREFIX}{config.name}", config)
    candidates = [ours, *baseline_candidates(baselines)]
    groups: dict[tuple[str, str], list[LabelledPage]] = {}
    for page in pages:
        groups.setdefault((page.gold.dataset, page.gold.site), []).append(page)
    runs = tuple(
        SiteRun(dataset, site, tuple(score_pages(group, candidates)))
        for (dataset, site), group in groups.items()
    )
    return Evaluation(runs, tuple(c.name for c in candidates))


def run_site(task: SiteTask) -> SiteRun:
    """Learn (if learners are given) and score the extractors on one site's test pages."""
    pages = load_site(task.site_dir)[: task.max_pages]
    dataset, site = task.site_dir.parent.name, task.site_dir.name
    if task.train and len(pages) <= task.train:
        return SiteRun(dataset, site, skipped=True)
    training, tests = pages[: task.train], pages[task.train :]
    learned: list[Candidate] = []
    learn_seconds: dict[str, float] = {}
    for learner_name, learner in task.learners:
        name = f"{OURS_PREFIX}{learner_name}"
        start = perf_counter()
        try:
            config = learner(config_name(site), list(training))
        except PaceError as exc:
            learned.append(failed_candidate(name, f"learning failed: {exc}"))
        else:
            learned.append(config_candidate(name, config))
        learn_seconds[name] = perf_counter() - start
    candidates = [*learned, *baseline_candidates(task.baselines)]
    scores = score_pages(tests, candidates, task.root)
    return SiteRun(dataset, site, tuple(scores), learn_seconds=learn_seconds)


def evaluate_sites(
    site_dirs: Sequence[Path],
    *,
    root: Path | None = None,
    learners: Mapping[str, Learner] | None = None,
    train: int = 0,
    baselines: Iterable[str] = DEFAULT_BASELINES,
    max_pages: int | None = None,
    workers: int = DEFAULT_WORKERS,
    progress: bool = True,
) -> Evaluation:
    """Evaluate site folders (``<dataset>/<site>``), in order.

    ``train`` pages per site are held out for learning (0: every page is a test page; needed
    when ``learners`` are given); ``max_pages`` keeps only each site's first pages.
    """
    learners = dict(learners or {})
    if learners and train < 1:
        raise ValueError(f"learners need training pages: train must be at least 1, not {train}")
    chosen = available_baselines(baselines)
    tasks = [
        SiteTask(d, root, tuple(learners.items()), train, chosen, max_pages) for d in site_dirs
    ]
    names = [f"{OURS_PREFIX}{name}" for name in learners] + list(chosen)
    return Evaluation(tuple(_run_all(tasks, workers, progress)), tuple(names), train)


def evaluate_bench(
    root: Path,
    datasets: Sequence[str] | None = None,
    *,
    learners: Mapping[str, Learner] | None = None,
    train: int = DEFAULT_TRAIN,
    baselines: Iterable[str] = DEFAULT_BASELINES,
    progress: bool = True,
    workers: int = DEFAULT_WORKERS,
) -> Evaluation:
    """Evaluate every site of a benchmark folder (``datasets`` only, when given).

    With ``learners``, the first ``train`` pages of each site are for learning and the rest
    are scored; without, every page is scored by the baselines.
    """
    names: Sequence[str | None] = datasets or [None]
    site_dirs = [site for name in names for site in iter_sites(root, name)]
    return evaluate_sites(
        site_dirs,
        root=root,
        learners=learners,
        train=train if learners else 0,
        baselines=baselines,
        workers=workers,
        progress=progress,
    )


def _page_count(task: SiteTask) -> int:
    return sum(1 for _ in task.site_dir.glob("*.json"))


def _run_all(tasks: list[SiteTask], workers: int, progress: bool) -> list[SiteRun]:
    """Run the tasks (largest sites first, for balance) and return their runs in task order."""
    order = sorted(range(len(tasks)), key=lambda i: -_page_count(tasks[i]))
    runs: dict[int, SiteRun] = {}
    bar = tqdm(
        total=len(tasks),
        unit="site",
        file=sys.stderr,
        disable=not (progress and sys.stderr.isatty()),
    )
    with bar:
        if workers > 1 and len(tasks) > 1:
            context = multiprocessing.get_context("spawn")
            with context.Pool(min(workers, len(tasks))) as pool:
                ordered = [tasks[i] for i in order]
                for index, run in zip(order, pool.imap(run_site, ordered), strict=True):
                    runs[index] = run
                    bar.update()
        else:
            for index in order:
                runs[index] = run_site(tasks[index])
                bar.update()
    return [runs[i] for i in range(len(tasks))]
