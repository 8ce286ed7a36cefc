"""Generic extractors to compare against, each ``(html, url) -> Prediction``."""

from __future__ import annotations

import copy
from collections.abc import Callable

import lxml.html
import trafilatura
from lxml import etree
from readability import Document as ReadabilityDocument
from trafilatura.settings import Document as TrafilaturaDocument
from trafilatura.xml import xmltotxt

from pace_scrapy.evaluate.baselines_structured import extruct_product_baseline
from pace_scrapy.evaluate.prediction import PredictedImage, Prediction

Extractor = Callable[[str, str | None], Prediction]

BLOCK_TAGS = frozenset(
    {
        *("address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div"),
        *("dl", "dt", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5"),
        *("h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary"),
        *("table", "td", "th", "tr", "ul"),
    }
)


def text_lines(text: str | None) -> list[str]:
    """The non-blank lines of ``text``, each whitespace-normalised."""
    lines = (" ".join(line.split()) for line in (text or "").splitlines())
    return [line for line in lines if line]


def html_blocks(html: str) -> list[str]:
    """The texts of an HTML fragment's blocks in document order.

    Every block-level element (and ``<br>``) starts and ends a paragraph, so nested blocks and
    text mixed with blocks are neither merged nor repeated.
    """
    paragraphs: list[str] = []
    pending: list[str] = []

    def flush() -> None:
        text = " ".join("".join(pending).split())
        if text:
            paragraphs.append(text)
        pending.clear()

    root = lxml.html.fromstring(html)
    for event, element in etree.iterwalk(root, events=("start", "end")):
        is_block = element.tag in BLOCK_TAGS
        if event == "start":
            if is_block:
                flush()
            if isinstance(element.tag, str) and element.text:
                pending.append(element.text)
        else:
            if is_block:
                flush()
            if element.tail and element is not root:
                pending.append(element.tail)
    flush()
    return paragraphs


def trafilatura_baseline(html: str, url: str | None = None) -> Prediction:
    """trafilatura's main text, metadata, images and tables.

    trafilatura's defaults (``favor_precision=False``, ``favor_recall=False``, fallback
    extractors on) with ``include_comments=False``. Two runs: text, metadata and images come
    from one with ``include_tables=False`` as in fundus-evaluation (keeping tables costs about
    0.03 ROUGE-LSum F1 on l3s_gn1, whose 2008 pages are laid out with tables), plus
    ``with_metadata=True`` and ``include_images=True``; ``tables`` come from a second run
    with ``include_tables=True``. Body: the text output without the images, split on
    newlines. Authors: the ``;``-separated author string split. Image captions: the image
    ``title`` trafilatura keeps, if any (it drops ``<figcaption>`` with images).
    """
    document = trafilatura.bare_extraction(
        html,
        url=url,
        include_comments=False,
        include_tables=False,
        include_images=True,
        with_metadata=True,
    )
    if not isinstance(document, TrafilaturaDocument):
        return Prediction()
    text_body = copy.deepcopy(document.body)
    etree.strip_elements(text_body, "graphic", with_tail=False)
    return Prediction(
        body=text_lines(xmltotxt(text_body, include_formatting=False)),
        title=document.title or None,
        description=document.description or None,
        authors=[a.strip() for a in (document.author or "").split(";") if a.strip()],
        date_published=document.date or None,
        images=[
            PredictedImage(src=src, caption=graphic.get("title") or None)
            for graphic in document.body.iter("graphic")
            if (src := graphic.get("src"))
        ],
        tables=_trafilatura_tables(html, url),
    )


def _trafilatura_tables(html: str, url: str | None) -> list[list[list[str]]]:
    document = trafilatura.bare_extraction(
        html, url=url, include_comments=False, include_tables=True
    )
    if not isinstance(document, TrafilaturaDocument):
        return []
    return [
        [[_element_text(cell) for cell in row.iterchildren("cell")] for row in table]
        for table in document.body.iter("table")
    ]


def _element_text(element: etree._Element) -> str:
    text = etree.tostring(element, method="text", encoding="unicode", with_tail=False)
    return " ".join(text.split())


def readability_baseline(html: str, url: str | None = None) -> Prediction:
    """readability-lxml: body = blocks of its summary HTML; title = ``short_title()``."""
    document = ReadabilityDocument(html, url=url)
    title = document.short_title()
    return Prediction(
        body=html_blocks(document.summary(html_partial=True)),
        title=title if title and title != "[no-title]" else None,
    )


def resiliparse_baseline(html: str, url: str | None = None) -> Prediction:
    """resiliparse ``extract_plain_text`` with ``main_content=True``, split on newlines.

    Formatting kept (one block per line); list bullets, image alt texts and comment sections
    left out. Title: the document's ``<title>``.
    """
    # resiliparse is optional (not a dependency of the package): imported only when used.
    from resiliparse.extract.html2text import extract_plain_text  # noqa: PLC0415
    from resiliparse.parse.html import HTMLTree  # noqa: PLC0415

    tree = HTMLTree.parse(html)
    text = extract_plain_text(
        tree,
        preserve_formatting=True,
        main_content=True,
        list_bullets=False,
        alt_texts=False,
        comments=False,
    )
    return Prediction(body=text_lines(text), title=tree.title or None)


# Built explicitly: nothing registers itself on import.
BASELINES: dict[str, Extractor] = {
    "trafilatura": trafilatura_baseline,
    "readability": readability_baseline,
    "resiliparse": resiliparse_baseline,
    "extruct": extruct_product_baseline,
}
