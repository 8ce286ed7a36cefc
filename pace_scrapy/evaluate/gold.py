"""Labelled pages: raw HTML plus a gold JSON annotation, in the benchmark layout.

Layout: ``<root>/<dataset>/<site>/<page_id>.html.gz`` (or ``.html``) next to ``<page_id>.json``.
In a gold file a missing key means *not annotated*; a key set to ``null`` (or an empty list)
means *annotated as absent*. :meth:`GoldPage.annotated` keeps that distinction.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from pace_scrapy.page.decode import decode_html
from pace_scrapy.pagefiles import HTML_SUFFIXES, find_page_files, page_id, read_page, sidecar

logger = logging.getLogger(__name__)

BENCH_ENV = "PACE_BENCH_DIR"
PageKind = Literal["article", "product", "book", "generic"]


class _Gold(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GoldImage(_Gold):
    """An annotated image: its URL, caption, and other URLs of the same image (srcset)."""

    src: str
    caption: str | None = None
    alt_src: tuple[str, ...] = ()


class GoldPage(_Gold):
    """The gold annotation of one page (keys as documented in the benchmark INDEX).

    ``tables`` (each a list of rows of cell texts, spans expanded) is not in the benchmark yet;
    it is accepted so that user-labelled pages can have their tables scored.
    """

    dataset: str
    site: str
    kind: PageKind = "generic"
    url: str | None = None
    source: str | None = None
    title: str | None = None
    authors: tuple[str, ...] | None = None
    date_published: str | None = None
    body: tuple[str, ...] | None = None
    body_optional: tuple[int, ...] | None = None
    images: tuple[GoldImage, ...] | None = None
    captions: tuple[str, ...] | None = None
    tables: tuple[tuple[tuple[str, ...], ...], ...] | None = None
    attributes: dict[str, tuple[str, ...]] | None = None
    must_include: tuple[str, ...] | None = None
    must_exclude: tuple[str, ...] | None = None
    epoch: int | None = None
    notes: str | None = None

    def annotated(self, field: str) -> bool:
        """Whether the gold file has the key ``field`` (even when its value is null)."""
        if field not in type(self).model_fields:
            raise KeyError(f"unknown gold field {field!r}")
        return field in self.model_fields_set


@dataclass(frozen=True)
class LabelledPage:
    """A page file and its gold; the HTML is read only when asked for."""

    path: Path
    page_id: str
    gold: GoldPage

    def html_bytes(self) -> bytes:
        """The page's original bytes (gunzipped when stored as ``.html.gz``)."""
        return read_page(self.path)

    def html(self) -> str:
        """The page as text (BOM, else valid UTF-8, else the declared charset, else cp1252)."""
        text, _encoding = decode_html(self.html_bytes())
        return text


def bench_root() -> Path | None:
    """The benchmark folder: ``$PACE_BENCH_DIR``, else ``<repo>/../shared/bench``; or None."""
    configured = os.environ.get(BENCH_ENV)
    repo = Path(__file__).resolve().parents[2]
    root = (Path(configured) if configured else repo / ".." / "shared" / "bench").resolve()
    return root if root.is_dir() else None


def iter_sites(root: Path, dataset: str | None = None) -> Iterator[Path]:
    """Site folders ``<root>/<dataset>/<site>``, sorted; only those of ``dataset`` when given."""
    datasets = [root / dataset] if dataset else sorted(p for p in root.iterdir() if p.is_dir())
    for dataset_dir in datasets:
        if not dataset_dir.is_dir():
            raise FileNotFoundError(f"no dataset folder {dataset_dir}")
        yield from sorted(p for p in dataset_dir.iterdir() if p.is_dir())


def load_site(site_dir: Path) -> list[LabelledPage]:
    """Every labelled page of one site folder, sorted by page id (every gold needs its page)."""
    pages = []
    for gold_path in sorted(site_dir.glob("*.json")):
        candidates = (gold_path.with_name(gold_path.stem + suffix) for suffix in HTML_SUFFIXES)
        html_path = next((p for p in candidates if p.is_file()), None)
        if html_path is None:
            raise FileNotFoundError(f"gold {gold_path} has no .html.gz or .html page beside it")
        pages.append(LabelledPage(html_path, gold_path.stem, read_gold(gold_path)))
    return pages


def load_pages(paths: Iterable[Path]) -> list[LabelledPage]:
    """Labelled pages from files and folders given by a user.

    A file must be a ``<page>.html`` / ``<page>.html.gz`` with a sibling ``<page>.json``. A
    folder is searched recursively; its pages without a gold file are skipped (and logged).
    Gold files may omit ``dataset`` / ``site``: the grandparent / parent folder names are used.
    """
    pages = []
    for path in paths:
        found = find_page_files([path])
        if path.is_dir():
            labelled = [p for p in found if sidecar(p).is_file()]
            if len(labelled) < len(found):
                logger.info(
                    "skipping %d page(s) without gold under %s", len(found) - len(labelled), path
                )
            found = labelled
        pages += [_labelled(p) for p in found]
    return pages


def read_gold(gold_path: Path) -> GoldPage:
    """Parse one gold JSON file; ``dataset`` / ``site`` default to the folder names."""
    data = json.loads(gold_path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise TypeError(f"gold {gold_path} is not a JSON object")
    defaults = {"dataset": gold_path.parent.parent.name, "site": gold_path.parent.name}
    try:
        return GoldPage.model_validate(defaults | data)
    except ValidationError as exc:
        raise ValueError(f"invalid gold file {gold_path}: {exc}") from exc


def _labelled(html_path: Path) -> LabelledPage:
    gold_path = sidecar(html_path)
    if not gold_path.is_file():
        raise FileNotFoundError(f"page {html_path} has no gold file {gold_path}")
    return LabelledPage(html_path, page_id(html_path), read_gold(gold_path))
