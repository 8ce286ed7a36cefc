"""Summaries, Markdown tables and the JSON report, on hand-made page scores."""

import json
from pathlib import Path

import pytest

from pace_scrapy.evaluate.metrics_attributes import AttributeCounts
from pace_scrapy.evaluate.report import dataset_table, json_report, markdown, write_json
from pace_scrapy.evaluate.results import Evaluation, PageScore, SiteRun, summarize_dataset


def page(
    extractor: str,
    site: str,
    page_id: str,
    seconds: float,
    *,
    dataset: str = "news",
    counts: AttributeCounts | None = None,
    error: str | None = None,
    **scores: float,
) -> PageScore:
    path = f"{dataset}/{site}/{page_id}.html.gz"
    return PageScore(extractor, dataset, site, page_id, path, scores, counts, seconds, error)


NEWS = (
    SiteRun(
        "news",
        "a.example",
        (
            page("ours", "a.example", "1", 0.5, body_rougelsum_f1=1.0, title_match=1.0),
            page("ours", "a.example", "2", 0.25, body_rougelsum_f1=0.5, title_match=0.0),
            page("base", "a.example", "1", 0.1, body_rougelsum_f1=0.8),
            page("base", "a.example", "2", 0.1, error="ValueError: bad", body_rougelsum_f1=0.0),
        ),
        learn_seconds={"ours": 3.0},
    ),
    SiteRun(
        "news",
        "b.example",
        (
            page("ours", "b.example", "1", 0.75, body_rougelsum_f1=0.0),
            page("base", "b.example", "1", 0.2, body_rougelsum_f1=0.6),
        ),
        learn_seconds={"ours": 1.0},
    ),
    SiteRun("news", "c.example", skipped=True),
)
SHOP = (
    SiteRun(
        "shop",
        "s.example",
        (
            page("ours", "s.example", "1", 1.0, dataset="shop", counts=AttributeCounts(2, 1, 1)),
            page("ours", "s.example", "2", 1.0, dataset="shop", counts=AttributeCounts(1, 0, 2)),
        ),
    ),
)
EVALUATION = Evaluation((*NEWS, *SHOP), ("ours", "base"), train=2)


def test_summary_means_count_only_pages_with_the_metric() -> None:
    news = summarize_dataset(EVALUATION, "news")
    ours = news.overall["ours"]
    assert ours.pages == 3
    assert ours.value("body_rougelsum_f1") == pytest.approx(1.5 / 3)
    assert ours.value("title_match") == 0.5  # the b.example page has no title score
    assert ours.value("date_match") is None
    assert ours.pages_per_second == pytest.approx(3 / 1.5)
    # site means: a 0.75, b 0.0
    assert news.worst_site("ours") == 0.0
    assert news.worst_site("base") == pytest.approx(0.4)
    assert news.overall["base"].errors == 1
    assert (news.sites, news.skipped_sites) == (3, 1)
    assert news.learn_seconds == {"ours": 2.0}


def test_attribute_scores_add_counts_before_dividing() -> None:
    shop = summarize_dataset(EVALUATION, "shop").overall["ours"]
    # tp 3, fp 1, fn 3: P = 3/4, R = 3/6, F1 = 6/10
    assert shop.value("attributes_precision") == 0.75
    assert shop.value("attributes_recall") == 0.5
    assert shop.value("attributes_f1") == 0.6
    assert summarize_dataset(EVALUATION, "news").overall["ours"].value("attributes_f1") is None


def test_dataset_table_has_a_column_per_annotated_metric() -> None:
    table = dataset_table(summarize_dataset(EVALUATION, "news"), train=2)
    lines = table.splitlines()
    assert lines[0] == "### news"
    assert "3 pages of 2 sites" in lines[2]
    assert "1 sites with at most 2 pages skipped" in lines[2]
    assert (
        lines[4] == "| extractor | body F1 | worst site | title | pages/s | errors | learn s/site |"
    )
    assert lines[6] == "| ours | 0.500 | 0.000 | 0.500 | 2.0 | 0 | 2.00 |"
    assert lines[7] == "| base | 0.467 | 0.400 | – | 7.5 | 1 | – |"


def test_markdown_has_a_section_per_dataset_in_order() -> None:
    text = markdown(EVALUATION)
    assert text.index("### news") < text.index("### shop")
    shop = text[text.index("### shop") :].splitlines()
    assert shop[4] == "| extractor | attr P | attr R | attr F1 | pages/s | errors |"
    assert shop[6] == "| ours | 0.750 | 0.500 | 0.600 | 1.0 | 0 |"


def test_json_report_has_every_page_and_per_site_means(tmp_path: Path) -> None:
    out = tmp_path / "out" / "eval.json"
    write_json(out, EVALUATION, command="scrapy pace-eval --bench x")
    data = json.loads(out.read_text("utf-8"))
    assert data == json_report(EVALUATION, command="scrapy pace-eval --bench x")
    assert data["command"] == "scrapy pace-eval --bench x"
    assert len(data["pages"]) == 8
    assert data["pages"][3] == {
        "extractor": "base",
        "dataset": "news",
        "site": "a.example",
        "page": "2",
        "path": "news/a.example/2.html.gz",
        "scores": {"body_rougelsum_f1": 0.0},
        "seconds": 0.1,
        "error": "ValueError: bad",
    }
    news = data["datasets"]["news"]
    assert news["skipped_sites"] == 1
    ours = news["extractors"]["ours"]
    assert ours["sites"]["a.example"]["means"] == {"body_rougelsum_f1": 0.75, "title_match": 0.5}
    assert ours["worst_site"] == 0.0
    shop = data["datasets"]["shop"]["extractors"]["ours"]
    assert shop["attributes"] == {"tp": 3, "fp": 1, "fn": 3}
    assert data["pages"][-1]["attributes"] == {"tp": 1, "fp": 0, "fn": 2}
