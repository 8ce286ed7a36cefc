import gzip
import json
import logging
from pathlib import Path

import pytest

from pace_scrapy.evaluate.gold import (
    BENCH_ENV,
    GoldPage,
    bench_root,
    iter_sites,
    load_pages,
    load_site,
    read_gold,
)


def write_page(site_dir: Path, page_id: str, html: bytes, gold: dict[str, object]) -> Path:
    site_dir.mkdir(parents=True, exist_ok=True)
    (site_dir / f"{page_id}.json").write_text(json.dumps(gold), encoding="utf-8")
    if page_id.endswith("z"):
        path = site_dir / f"{page_id}.html.gz"
        path.write_bytes(gzip.compress(html))
    else:
        path = site_dir / f"{page_id}.html"
        path.write_bytes(html)
    return path


GOLD = {"dataset": "news", "site": "ex.com", "kind": "article", "url": None, "title": None}


def test_gold_keeps_absent_apart_from_null() -> None:
    gold = GoldPage.model_validate({**GOLD, "body": ["One."]})
    assert gold.title is None
    assert gold.annotated("title")
    assert gold.annotated("body")
    assert gold.authors is None
    assert not gold.annotated("authors")
    with pytest.raises(KeyError, match="titel"):
        gold.annotated("titel")


def test_read_gold_rejects_unknown_keys_and_non_objects(tmp_path: Path) -> None:
    path = tmp_path / "0001.json"
    path.write_text(json.dumps({**GOLD, "titel": "x"}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"invalid gold file .*0001\.json"):
        read_gold(path)
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(TypeError, match="not a JSON object"):
        read_gold(path)


def test_load_site_sorted_with_gzip_and_plain_pages(tmp_path: Path) -> None:
    site = tmp_path / "news" / "ex.com"
    write_page(site, "0002z", "<p>caf\u00e9 two</p>".encode(), GOLD)
    write_page(site, "0001", b"<p>one</p>", {**GOLD, "images": [{"src": "/a.jpg"}]})
    (site / "notes.txt").write_text("not a page", encoding="utf-8")
    pages = load_site(site)
    assert [p.page_id for p in pages] == ["0001", "0002z"]
    assert pages[0].gold.images is not None
    assert pages[0].gold.images[0].alt_src == ()
    assert pages[0].html() == "<p>one</p>"
    assert pages[1].html() == "<p>caf\u00e9 two</p>"
    assert pages[1].path.name == "0002z.html.gz"


def test_html_prefers_valid_utf8_over_a_stale_meta_charset(tmp_path: Path) -> None:
    site = tmp_path / "news" / "ex.com"
    meta = '<meta charset="iso-8859-1"><p>caf\u00e9</p>'
    write_page(site, "0001", meta.encode("utf-8"), GOLD)
    cp1252 = '<meta charset="windows-1252"><p>\u201ccaf\u00e9\u201d</p>'
    write_page(site, "0002", cp1252.encode("cp1252"), GOLD)
    first, second = load_site(site)
    assert first.html() == meta
    assert second.html() == cp1252


def test_load_site_needs_the_page_of_every_gold(tmp_path: Path) -> None:
    site = tmp_path / "news" / "ex.com"
    site.mkdir(parents=True)
    (site / "0001.json").write_text(json.dumps(GOLD), encoding="utf-8")
    with pytest.raises(FileNotFoundError, match=r"0001\.json"):
        load_site(site)


def test_iter_sites(tmp_path: Path) -> None:
    for dataset, site in [("b", "y.com"), ("a", "z.com"), ("a", "x.com")]:
        (tmp_path / dataset / site).mkdir(parents=True)
    (tmp_path / "INDEX.md").write_text("index", encoding="utf-8")
    assert [p.relative_to(tmp_path).as_posix() for p in iter_sites(tmp_path)] == [
        "a/x.com",
        "a/z.com",
        "b/y.com",
    ]
    assert [p.name for p in iter_sites(tmp_path, "b")] == ["y.com"]
    with pytest.raises(FileNotFoundError, match="no dataset folder"):
        list(iter_sites(tmp_path, "c"))


def test_load_pages_from_files_and_folders(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "mine" / "shop.example"
    labelled = write_page(folder, "p1", b"<p>x</p>", {"kind": "product", "attributes": {}})
    (folder / "p2.html").write_bytes(b"<p>unlabelled</p>")
    with caplog.at_level(logging.INFO, logger="pace_scrapy.evaluate.gold"):
        pages = load_pages([tmp_path / "mine"])
    assert [p.path for p in pages] == [labelled]
    assert (pages[0].gold.dataset, pages[0].gold.site) == ("mine", "shop.example")
    assert "skipping 1 page(s) without gold" in caplog.text
    assert [p.page_id for p in load_pages([labelled])] == ["p1"]
    with pytest.raises(FileNotFoundError, match=r"p2\.json"):
        load_pages([folder / "p2.html"])
    with pytest.raises(FileNotFoundError, match=r"p1\.json is neither a folder nor"):
        load_pages([folder / "p1.json"])


def test_bench_root_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BENCH_ENV, str(tmp_path))
    assert bench_root() == tmp_path.resolve()
    monkeypatch.setenv(BENCH_ENV, str(tmp_path / "absent"))
    assert bench_root() is None


def test_bench_root_next_to_the_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BENCH_ENV, raising=False)
    root = bench_root()
    expected = (Path(__file__).resolve().parents[2] / ".." / "shared" / "bench").resolve()
    assert root == (expected if expected.is_dir() else None)


@pytest.mark.bench
def test_every_bench_page_loads_and_decodes(bench: Path) -> None:
    datasets = 0
    for dataset_dir in sorted(p for p in bench.iterdir() if p.is_dir()):
        datasets += 1
        sites = list(iter_sites(bench, dataset_dir.name))
        assert sites, dataset_dir
        for site in sites:
            pages = load_site(site)
            assert pages, site
            for page in pages:
                assert (page.gold.dataset, page.gold.site) == (dataset_dir.name, site.name)
                html = page.html()
                assert "<" in html
                # the decoding adds no U+FFFD (some pages hold encoded U+FFFD themselves)
                assert html.count("\ufffd") == page.html_bytes().count("\ufffd".encode()), page.path
    assert datasets > 0
