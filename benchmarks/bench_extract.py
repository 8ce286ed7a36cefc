"""Extraction benchmark: lxml's parse, our page model, our extractor, trafilatura: same pages.

Reads article and generic pages from the benchmark folder (``../shared/bench`` or
``$PACE_BENCH_DIR``; skipped with a message when absent), taking sites in turn so that many
publishers are represented, and keeps their bytes in memory. Each round times, page by page, the
five on the same bytes, their order rotating from page to page so that machine drift
affects all five alike:

- ``parse``: ``lxml.html.document_fromstring(bytes)`` alone, the floor for any extractor;
- ``page model``: ``Page.from_html(bytes, url)`` alone (decoding checks, parse, cleaning): the
  part of ours that comes before any extraction;
- ``ours``: ``Page.from_html(bytes, url)`` then ``extract(page, config)``;
- ``text only``: the same with ``formats=()`` (``PACE_BODY_FORMATS = []``): the body's text,
  not its HTML and Markdown renderings, which tells what those two cost;
- ``trafilatura``: ``trafilatura.extract(bytes, url=url, with_metadata=True)`` (defaults).

Each site gets a small config made here (learning one per site would time the learner too),
meant to be realistic for *timing*, not for quality: its body containers are, for each page of
the site, the element whose ``<p>`` children hold the most text (CSS by tag and id, else tag and
class, as the learner writes them; else an XPath by position), most frequent first, with the
exclusions every learnt config carries (the learner's group of furniture names: asides,
navigation, forms, share bars, related links, newsletters, ads...) and three site-like ones;
headline, dates, authors, description, canonical URL, language and main image come from
``<meta>``, JSON-LD, ``<h1>`` or ``<time>`` rules. The generic fallback is off so that only our
own code is timed (every page matches one of its site's containers by construction).

Prints pages/s per extractor (median over rounds), the ratios (median of the rounds' ratios;
targets: ours >= 10x trafilatura's pages/s, ours <= 1.5x the parse time) and, from a cProfile
pass, where our time goes. Run from the repository root::

    .venv/bin/python benchmarks/bench_extract.py --pages 300 --rounds 3
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import pstats
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import lxml.html
import trafilatura
from lxml import etree
from lxml.html import HtmlElement

from pace_scrapy.config.model import PublisherConfig
from pace_scrapy.config.store import parse_config
from pace_scrapy.evaluate.gold import LabelledPage, bench_root, iter_sites, load_site
from pace_scrapy.extract.extractor import extract
from pace_scrapy.learn.induce.body import PRIOR_EXCLUSIONS
from pace_scrapy.learn.induce.selectors import quote
from pace_scrapy.page.model import Page

KINDS = ("article", "generic")
TARGET_VS_TRAFILATURA = 10.0
TARGET_VS_PARSE = 1.5
ARTICLE_TYPES = ["NewsArticle", "Article", "BlogPosting", "ReportageNewsArticle", "WebPage"]
EXCLUDED = (", ".join(PRIOR_EXCLUSIONS), "div.share-tools", "[class*=related-]", "[class*=ad-]")
# Our stages, each the cumulative profiled time of functions named by (file suffix, name).
STAGES = {
    "parse": [
        ("pace_scrapy/page/decode.py", "looks_binary"),
        ("pace_scrapy/page/decode.py", "decode_html"),
        ("pace_scrapy/page/parse.py", "parse_html"),
    ],
    "clean": [("pace_scrapy/page/parse.py", "clean")],
    "fields": [("pace_scrapy/extract/extractor.py", "field")],
    "body": [("pace_scrapy/extract/body.py", "select_body")],
    "render": [("pace_scrapy/extract/extractor.py", "body")],
    "item": [("pydantic/main.py", "model_validate")],
}

Extractor = Callable[["BenchPage"], object]
Stats = dict[tuple[str, int, str], tuple[Any, ...]]  # pstats' (file, line, name) -> counts, times


@dataclass(frozen=True)
class BenchPage:
    """A page's bytes and URL, and the config of its site."""

    url: str
    html: bytes
    config: PublisherConfig


def main() -> None:
    """Load the pages, time the extractors round by round, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300, help="pages to time (default 300)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default and minimum 3)")
    options = parser.parse_args()
    root = bench_root()
    if root is None:
        print("SKIPPED: no benchmark folder (../shared/bench, or set $PACE_BENCH_DIR)")
        return
    pages = load_bench_pages(root, options.pages)
    size = sum(len(page.html) for page in pages) / len(pages) / 1024
    print(
        f"{len(pages)} pages of {len({p.config.name for p in pages})} sites, {size:.0f} KB on "
        f"average; Python {sys.version.split()[0]}, lxml {etree.__version__}, "
        f"trafilatura {trafilatura.__version__}"
    )
    extractors: dict[str, Extractor] = {
        "parse": parse_alone,
        "page model": page_model,
        "ours": ours,
        "text only": text_only,
        "trafilatura": with_trafilatura,
    }
    for page in pages[:10]:  # imports and caches warmed up, untimed
        for run in extractors.values():
            run(page)
    rounds = [time_round(pages, extractors) for _ in range(max(3, options.rounds))]
    for number, spent in enumerate(rounds, 1):
        rates = "  ".join(f"{name} {len(pages) / s:7.1f} pages/s" for name, s in spent.items())
        print(f"round {number}: {rates}", flush=True)
    print()
    for name in extractors:
        rate = statistics.median(len(pages) / spent[name] for spent in rounds)
        print(f"{name:>12}: {rate:7.1f} pages/s  {1000 / rate:6.2f} ms/page (median)")
    versus_trafilatura = median_ratio(rounds, "trafilatura", "ours")
    print(
        f"ours vs trafilatura: {versus_trafilatura:5.1f}x the pages/s "
        f"(target >= {TARGET_VS_TRAFILATURA:g}x)"
    )
    versus_parse = median_ratio(rounds, "ours", "parse")
    print(f"ours vs parse alone: {versus_parse:5.2f}x the time (target <= {TARGET_VS_PARSE:g}x)")
    model_vs_parse = median_ratio(rounds, "page model", "parse")
    print(f"page model vs parse alone: {model_vs_parse:5.2f}x the time (before any extraction)")
    print(
        "text only (no HTML, no Markdown): "
        f"{median_ratio(rounds, 'trafilatura', 'text only'):5.1f}x trafilatura's pages/s, "
        f"{median_ratio(rounds, 'text only', 'parse'):5.2f}x the parse time"
    )
    print()
    print_breakdown(pages, statistics.median(1000 * s["ours"] / len(pages) for s in rounds))


def median_ratio(rounds: list[dict[str, float]], numerator: str, denominator: str) -> float:
    """The median over the rounds of one extractor's time over another's."""
    return statistics.median(spent[numerator] / spent[denominator] for spent in rounds)


def load_bench_pages(root: Path, limit: int) -> list[BenchPage]:
    """Up to ``limit`` article/generic pages, one site after another, with their site configs."""
    sites = [[p for p in load_site(site) if p.gold.kind in KINDS] for site in iter_sites(root)]
    in_turn = (p for p in itertools.chain(*itertools.zip_longest(*sites)) if p is not None)
    chosen: dict[str, list[LabelledPage]] = defaultdict(list)
    for labelled in itertools.islice(in_turn, limit):
        chosen[f"{labelled.gold.dataset}/{labelled.gold.site}"].append(labelled)
    pages = []
    for site, labelled_pages in chosen.items():
        htmls = [page.html_bytes() for page in labelled_pages]
        config = site_config(site, htmls)
        for page, html in zip(labelled_pages, htmls, strict=True):
            pages.append(BenchPage(page.gold.url or f"https://{site}/{page.page_id}", html, config))
    return pages


def site_config(site: str, pages: list[bytes]) -> PublisherConfig:
    """The benchmark's config of a site (see the module docstring)."""
    containers = Counter(main_container(page) for page in pages)

    def meta(query: str, **more: Any) -> dict[str, Any]:
        return {"source": "meta", "query": query, **more}

    def jsonld(query: str, **more: Any) -> dict[str, Any]:
        return {"source": "jsonld", "query": query, "types": ARTICLE_TYPES, **more}

    split = [{"op": "split", "pattern": r",|\band\b"}]
    fields = {
        "headline": [meta("og:title"), jsonld("headline"), {"source": "css", "query": "h1"}],
        "datePublished": [
            meta("article:published_time"),
            jsonld("datePublished"),
            {"source": "css", "query": "time", "attribute": "datetime"},
        ],
        "dateModified": [meta("article:modified_time"), jsonld("dateModified")],
        "authors": [jsonld("author[].name", multiple=True), meta("author", transforms=split)],
        "description": [meta("og:description"), meta("description")],
        "canonicalUrl": [meta("canonical"), meta("og:url")],
        "inLanguage": [{"source": "xpath", "query": "/html/@lang"}],
        "mainImage": [meta("og:image")],
    }
    body = {
        "containers": [{language: query} for (language, query), _ in containers.most_common()],
        "exclude": [{"css": css} for css in EXCLUDED],
        "exclude_text": [r"^(advertisement|read more\b)"],
    }
    version = {
        "version": 1,
        "fields": {name: {"rules": rules} for name, rules in fields.items()},
        "body": body,
        "fallback": "none",
    }
    name = "".join(c if c.isalnum() else "-" for c in site.lower())[:64]
    return parse_config({"name": name, "domains": ["bench.example"], "versions": [version]})


def main_container(html: bytes) -> tuple[str, str]:
    """A selector (``("css", ...)`` as the learner writes one, else ``("xpath", ...)``) for
    the element whose ``<p>`` children hold the most text on the cleaned page."""
    root = Page.from_html(html, "https://bench.example/").root
    text: dict[HtmlElement, int] = defaultdict(int)
    for paragraph in root.iter("p"):
        parent = paragraph.getparent()
        if parent is not None:
            text[parent] += len(paragraph.text_content())
    if not text:
        return "css", "body"
    best = max(text, key=lambda element: text[element])
    tag = best.tag if isinstance(best.tag, str) and best.tag.isalnum() else "*"
    identifier = best.get("id", "")
    if identifier:
        return "css", f"{tag}[id={quote(identifier)}]"
    classes = best.get("class", "").split()
    if classes:
        return "css", f"{tag}[class~={quote(classes[0])}]"
    return "xpath", element_path(best)


def element_path(element: HtmlElement) -> str:
    """An absolute XPath of an element by position (``*[n]``: tag names may be malformed)."""
    steps = []
    node: HtmlElement | None = element
    while node is not None:
        parent = node.getparent()
        steps.append(f"*[{1 if parent is None else parent.index(node) + 1}]")
        node = parent
    return "/" + "/".join(reversed(steps))


def parse_alone(page: BenchPage) -> object:
    """lxml's parse of the bytes (nothing else)."""
    return lxml.html.document_fromstring(page.html)


def page_model(page: BenchPage) -> object:
    """Our page model alone: the parse and the cleaning every extraction starts with."""
    return Page.from_html(page.html, page.url)


def ours(page: BenchPage) -> object:
    """Our full path: the page model, then the item."""
    return extract(Page.from_html(page.html, page.url), page.config)


def text_only(page: BenchPage) -> object:
    """Our full path without the body's HTML and Markdown renderings."""
    return extract(Page.from_html(page.html, page.url), page.config, formats=())


def with_trafilatura(page: BenchPage) -> object:
    """trafilatura's extraction with metadata, default options."""
    return trafilatura.extract(page.html, url=page.url, with_metadata=True)


def time_round(pages: list[BenchPage], extractors: dict[str, Extractor]) -> dict[str, float]:
    """Seconds each extractor spends on all pages, the extractors' order rotating per page."""
    spent = dict.fromkeys(extractors, 0.0)
    names = list(extractors)
    for index, page in enumerate(pages):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            start = time.perf_counter()
            extractors[name](page)
            spent[name] += time.perf_counter() - start
    return spent


def print_breakdown(pages: list[BenchPage], ms_per_page: float) -> None:
    """Where our time goes: each stage's share of a profiled pass, scaled to the timed ms/page."""
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for page in pages:
        ours(page)
    profiler.disable()
    stats: Stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = cumulative(stats, [("bench_extract.py", "ours")])
    print(
        f"where our time goes (a cProfile pass, shares scaled to {ms_per_page:.2f} ms/page; "
        "profiling inflates the Python stages against lxml's parse):"
    )
    rest = 1.0
    for stage, functions in STAGES.items():
        share = cumulative(stats, functions) / total
        rest -= share
        print(f"{stage:>12}: {share * ms_per_page:6.2f} ms/page  {share:6.1%}")
    print(f"{'other':>12}: {rest * ms_per_page:6.2f} ms/page  {rest:6.1%}  (freeing the tree...)")


def cumulative(stats: Stats, functions: list[tuple[str, str]]) -> float:
    """Cumulative profiled seconds of the functions named by ``(file suffix, name)``."""
    return sum(
        float(entry[3])
        for (filename, _, name), entry in stats.items()
        if any(filename.endswith(suffix) and name == wanted for suffix, wanted in functions)
    )


if __name__ == "__main__":
    main()
