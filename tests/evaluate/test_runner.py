"""The evaluation engine on a synthetic benchmark, with hand-written learners."""

from pathlib import Path

import pytest

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.evaluate.gold import LabelledPage, load_pages
from pace_scrapy.evaluate.results import Evaluation, summarize_dataset
from pace_scrapy.evaluate.runner import evaluate_bench, evaluate_config, evaluate_sites
from tests.evaluate.synthetic import (
    build_bench,
    exact_learner,
    failing_learner,
    sloppy_learner,
)


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    return build_bench(tmp_path / "bench")


def scores_of(evaluation: Evaluation, extractor: str) -> dict[str, dict[str, float]]:
    """``dataset/site/page`` -> scores of one extractor."""
    return {
        f"{s.dataset}/{s.site}/{s.page_id}": dict(s.scores)
        for run in evaluation.sites
        for s in run.scores
        if s.extractor == extractor
    }


def test_learners_train_on_the_first_pages_and_are_scored_on_the_rest(bench: Path) -> None:
    seen: dict[str, list[str]] = {}

    def recording(name: str, pages: list[LabelledPage]) -> PublisherConfig:
        seen[name] = [p.page_id for p in pages]
        return exact_learner(name, pages)

    evaluation = evaluate_bench(
        bench, learners={"exact": recording}, train=3, baselines=(), workers=1, progress=False
    )
    # config names are valid slugs of the site; tiny.example (2 pages) is not learnt
    assert seen == {
        "alpha-example": ["0001", "0002", "0003"],
        "beta-example": ["0001", "0002", "0003"],
        "shop-example": ["0001", "0002", "0003"],
    }
    scores = scores_of(evaluation, "pace:exact")
    assert sorted(scores) == [
        "news/alpha.example/0004",
        "news/alpha.example/0005",
        "news/beta.example/0004",
        "shop/shop.example/0004",
        "shop/shop.example/0005",
    ]
    for page, page_scores in scores.items():
        if page.startswith("news/"):
            # the exact config extracts the gold texts exactly
            assert page_scores["body_rougelsum_f1"] == 1.0
            assert page_scores["title_match"] == 1.0
            assert page_scores["authors_f1"] == 1.0
            assert "attributes_f1" not in page_scores  # not annotated in article gold
        else:
            assert page_scores["attributes_f1"] == 1.0
            assert "body_rougelsum_f1" not in page_scores
    news = summarize_dataset(evaluation, "news")
    assert (news.sites, news.skipped_sites) == (3, 1)
    assert set(news.learn_seconds) == {"pace:exact"}


def test_attributes_are_micro_averaged_over_pages(bench: Path) -> None:
    evaluation = evaluate_bench(
        bench,
        ["shop"],
        learners={"exact": exact_learner, "sloppy": sloppy_learner},
        train=3,
        baselines=(),
        workers=1,
        progress=False,
    )
    assert evaluation.extractors == ("pace:exact", "pace:sloppy")
    shop = summarize_dataset(evaluation, "shop").overall
    # per page: price and currency right, sku wrong: tp 2, fp 1, fn 1; two test pages
    sloppy = shop["pace:sloppy"]
    assert (sloppy.counts.tp, sloppy.counts.fp, sloppy.counts.fn) == (4, 2, 2)
    assert sloppy.value("attributes_precision") == pytest.approx(2 / 3)
    assert sloppy.value("attributes_f1") == pytest.approx(2 / 3)
    assert shop["pace:exact"].value("attributes_recall") == 1.0


def test_baselines_run_on_the_same_test_pages(bench: Path) -> None:
    evaluation = evaluate_bench(
        bench,
        ["news"],
        learners={"exact": exact_learner},
        train=3,
        baselines=("resiliparse",),
        workers=1,
        progress=False,
    )
    assert evaluation.extractors == ("pace:exact", "resiliparse")
    ours, baseline = scores_of(evaluation, "pace:exact"), scores_of(evaluation, "resiliparse")
    assert sorted(ours) == sorted(baseline)
    # resiliparse keeps more than the two paragraphs (headline, byline): precision below 1
    assert all(s["body_rougelsum_recall"] == 1.0 for s in baseline.values())
    assert all(s["body_rougelsum_precision"] < 1.0 for s in baseline.values())
    assert all(s.seconds > 0 for run in evaluation.sites for s in run.scores)


def test_without_learners_every_page_is_scored(bench: Path) -> None:
    evaluation = evaluate_bench(bench, ["news"], baselines=("resiliparse",), workers=1)
    assert len(scores_of(evaluation, "resiliparse")) == 5 + 4 + 2
    assert summarize_dataset(evaluation, "news").skipped_sites == 0


def test_a_failed_learner_scores_its_pages_as_empty(bench: Path) -> None:
    evaluation = evaluate_bench(
        bench, ["news"], learners={"bad": failing_learner}, train=3, baselines=(), workers=1
    )
    pages = [s for run in evaluation.sites for s in run.scores]
    assert len(pages) == 3
    assert all(s.error and "learning failed: cannot learn" in s.error for s in pages)
    assert all(s.scores["body_rougelsum_f1"] == 0.0 for s in pages)
    assert summarize_dataset(evaluation, "news").overall["pace:bad"].errors == 3


def test_worker_processes_give_the_same_scores(bench: Path) -> None:
    def run(workers: int) -> Evaluation:
        return evaluate_bench(
            bench,
            learners={"sloppy": sloppy_learner},
            train=3,
            baselines=("resiliparse",),
            workers=workers,
            progress=False,
        )

    one, two = run(1), run(2)
    assert [(r.dataset, r.site, r.skipped) for r in one.sites] == [
        (r.dataset, r.site, r.skipped) for r in two.sites
    ]
    for extractor in one.extractors:
        assert scores_of(one, extractor) == scores_of(two, extractor)


def test_learners_need_training_pages(bench: Path) -> None:
    with pytest.raises(ValueError, match="train must be at least 1"):
        evaluate_sites([bench / "news" / "alpha.example"], learners={"x": exact_learner})
    with pytest.raises(ValueError, match="unknown baseline 'nope'"):
        evaluate_sites([bench / "news" / "alpha.example"], baselines=("nope",))


def test_max_pages_keeps_the_first_pages(bench: Path) -> None:
    evaluation = evaluate_sites(
        [bench / "news" / "alpha.example"],
        learners={"exact": exact_learner},
        train=2,
        max_pages=4,
        baselines=(),
        workers=1,
    )
    assert sorted(scores_of(evaluation, "pace:exact")) == [
        "news/alpha.example/0003",
        "news/alpha.example/0004",
    ]


def test_evaluate_config_groups_pages_by_site(bench: Path) -> None:
    pages = load_pages([bench / "news" / "beta.example", bench / "news" / "tiny.example"])
    config = exact_learner("beta", pages)
    evaluation = evaluate_config(config, pages, baselines=["resiliparse"])
    assert evaluation.extractors == ("pace:beta", "resiliparse")
    assert [(r.dataset, r.site, len(r.scores)) for r in evaluation.sites] == [
        ("news", "beta.example", 8),
        ("news", "tiny.example", 4),
    ]
    assert all(s["body_rougelsum_f1"] == 1.0 for s in scores_of(evaluation, "pace:beta").values())
