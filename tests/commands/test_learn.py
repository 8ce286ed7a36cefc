import json
import subprocess
import sys
from pathlib import Path

from pace_scrapy.config.store import load_config
from pace_scrapy.demo import DemoSite

REPO = Path(__file__).resolve().parents[2]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scrapy", "pace-learn", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def export_pages(folder: Path, count: int) -> list[str]:
    site = DemoSite(build=1)
    urls = [u for u in site.article_urls() if "/live/" not in u and "/opinion/" not in u][:count]
    for number, url in enumerate(urls):
        (folder / f"{number}.html").write_bytes(
            site.render(url.removeprefix("http://localhost:8000")).body
        )
        (folder / f"{number}.json").write_text(json.dumps({"url": url}))
    return urls


def test_learns_a_config_from_saved_pages(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    urls = export_pages(pages, 3)
    out = tmp_path / "configs" / "demo.json"
    result = run("demo", str(pages), "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    config = load_config(out)
    assert config.name == "demo"
    assert config.latest.body is not None
    assert list(config.latest.provenance.learned_from) == urls
    assert "articleBody" in result.stdout and "headline" in result.stdout
    assert "labelling 3 pages" in result.stderr


def test_a_bad_examples_file_writes_nothing(tmp_path: Path) -> None:
    examples = tmp_path / "examples.jsonl"
    examples.write_text(
        '{"page": "a.html", "url": "https://x.example/a", "values": {"bad name": "x"}}\n'
    )
    out = tmp_path / "x.json"
    result = run(
        "x", "--labeler", "examples", "--examples", str(examples), "-o", str(out), cwd=tmp_path
    )
    assert result.returncode == 1
    assert "bad example" in result.stderr
    assert not out.exists()


def test_usage_errors(tmp_path: Path) -> None:
    assert run("x", cwd=tmp_path).returncode == 2
    assert run("x", "-o", str(tmp_path / "x.json"), cwd=tmp_path).returncode == 2


def test_learns_a_shop_from_saved_product_pages(tmp_path: Path) -> None:
    site = DemoSite(build=1)
    urls = site.product_urls()
    pages = tmp_path / "pages"
    pages.mkdir()
    for number, url in enumerate(urls[:2]):
        (pages / f"{number}.html").write_bytes(
            site.render(url.removeprefix("http://localhost:8000")).body
        )
        (pages / f"{number}.json").write_text(json.dumps({"url": url}))
    out = tmp_path / "shop.json"
    result = run("shop", str(pages), "--page-type", "product", "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    config = load_config(out)
    assert config.latest.page_type == "product"
    fields = config.latest.fields
    assert {"name", "price", "currency", "sku", "gtin", "availability"} <= set(fields)
    assert fields["price"].signature is not None
    assert "price" in result.stdout
