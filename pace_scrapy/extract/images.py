"""Image sources (lazy-loading attributes, the widest ``srcset`` candidate) and captions."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from itertools import islice

from lxml.html import HtmlElement

from pace_scrapy.config.model import IMAGE_TAGS, ImageSpec
from pace_scrapy.extract.dom import select, select_all
from pace_scrapy.extract.urls import absolute_url
from pace_scrapy.items import Image
from pace_scrapy.page.dom import PerElement, closest, inside, outermost
from pace_scrapy.page.text import element_text, normalize_space

_SRCSET_URL = re.compile(r"[\s,]*(\S*)")  # separators, then the URL
_SRCSET_DESCRIPTOR = re.compile(r"[^,]*")
_VECTOR = re.compile(r"\.svg(?:$|[?#])", re.IGNORECASE)  # icons and logos, no content
# An image's card (:func:`teaser`): the nearest of this many ancestors that holds a link, and
# the share of its text that links to other pages hold in a teaser.
TEASER_LEVELS = 3
TEASER_LINK_SHARE = 0.5
# A link to one of these is to the image itself (a lightbox), not to another page.
_IMAGE_FILE = re.compile(r"\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?)(?:$|[?#])", re.IGNORECASE)
# A credit at the end of a caption's text: "© dpa | Jens Kalaene", "Foto: Dan Bashakov/AP",
# "(Photo: PA Wire)", "(Quelle: Truth Social)".
_CREDIT_TAIL = re.compile(
    r"(?:^|\s)([(\[]?(?:©|\(c\)|(?:photo|foto|bild|quelle|source|credit|image|copyright)s?"
    r"\s*:)[^()\[\]]*[)\]]?)$",
    re.IGNORECASE,
)
_SENTENCE_ENDS = '.!?)"”»…'
# Levels above an image without a figure element where a frame holding its caption may be.
FRAME_LEVELS = 3
_PAGE_TAGS = ("body", "html")
_LAZY_ATTRIBUTE = re.compile(r"data-[\w-]*(?:src|lazy|original)[\w-]*", re.IGNORECASE)
_FIGURES = ("figure", "picture")


def parse_srcset(value: str) -> list[tuple[str, float]]:
    """``(url, size)`` candidates of a ``srcset``: size is the width (``w``) or density (``x``).

    Follows the HTML algorithm: a URL is a run of non-space characters (commas inside it, as in
    image-CDN URLs, are kept; trailing commas end the candidate).
    """
    candidates = []
    pos = 0
    while pos < len(value):
        # Regular expressions rather than a loop over characters: srcsets can be long.
        found = _SRCSET_URL.match(value, pos)
        assert found is not None  # the pattern matches the empty string
        url, pos, descriptor = found[1], found.end(), ""
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            found = _SRCSET_DESCRIPTOR.match(value, pos)
            assert found is not None
            descriptor, pos = found[0].strip(), found.end()
        if url:
            candidates.append((url, _descriptor_size(descriptor)))
    return candidates


def _descriptor_size(descriptor: str) -> float:
    for token in descriptor.split():
        if token[-1:] in ("w", "x"):
            try:
                return float(token[:-1])
            except ValueError:
                continue
    return 1.0


def widest(srcset: str) -> str | None:
    """The widest (or densest) candidate URL of a ``srcset``."""
    candidates = parse_srcset(srcset)
    if not candidates:
        return None
    url: str = max(candidates, key=lambda c: c[1])[0]
    return url


def image_source(img: HtmlElement, attributes: Iterable[str], base_url: str) -> str | None:
    """The absolute URL of an image, from the first attribute (in priority order) that has one.

    ``srcset``-like attributes give their widest candidate; ``data:`` placeholders are skipped;
    an ``<img>`` inside ``<picture>`` also looks at its ``<source>`` siblings. When none of
    ``attributes`` has one, any other ``data-`` attribute naming a source or lazy loading
    (:data:`_LAZY_ATTRIBUTE`) is tried, in the page's order.
    """
    holders = [img]
    # libxml2 does not know <source> is void, so an <img> may end up inside its <source>s.
    ancestor = img.getparent()
    while ancestor is not None and ancestor.tag == "source":
        ancestor = ancestor.getparent()
    if ancestor is not None and ancestor.tag == "picture":
        holders.extend(ancestor.iter("source"))
    for attribute in attributes:
        for holder in holders:
            url = _attribute_url(holder, attribute)
            if url is not None:
                return absolute_url(base_url, url)
    # Other lazy loaders' attributes (data-flickity-lazyload-srcset, data-lazy-original...).
    for holder in holders:
        for attribute in holder.attrib:
            if not _LAZY_ATTRIBUTE.fullmatch(attribute):
                continue
            if (url := _attribute_url(holder, attribute)) is not None:
                return absolute_url(base_url, url)
    return None


def _attribute_url(holder: HtmlElement, attribute: str) -> str | None:
    value = str(holder.get(attribute) or "").strip()
    url = widest(value) if "srcset" in attribute else value
    return url if url and not url.startswith(("data:", "javascript:", "about:")) else None


def too_small(img: HtmlElement, min_size: int) -> bool:
    """True when the image declares a width or height below ``min_size`` (icons, pixels)."""
    for attribute in ("width", "height"):
        value = (img.get(attribute) or "").strip().removesuffix("px")
        if value.isdigit() and int(value) < min_size:
            return True
    return False


def collect_images(
    roots: list[HtmlElement], skip: Collection[HtmlElement], spec: ImageSpec, base_url: str
) -> dict[HtmlElement, Image]:
    """The content images under ``roots`` in document order, keyed by their ``<img>`` element.

    Images inside skipped (:func:`skipped`) or excluded elements, tiny ones, vector ones
    (``.svg``: icons and logos; no gold image of the benchmark sets is one), teasers
    (:func:`teaser`) and ones without a usable source are left out; the same URL is kept once.
    Captions and credits come from the enclosing figure.
    """
    excluded = select_all(roots, spec.exclude)
    figures = select_all(roots, [spec.figure])
    found: dict[HtmlElement, Image] = {}
    urls: set[str] = set()
    captions = PerElement(lambda figure: _caption(figure, spec))  # one look per figure
    for root in roots:
        for img in select(root, spec.selector):
            figure = image_frame(img, figures, spec)
            if skipped(img, figure, skip) or inside(img, excluded) or too_small(img, spec.min_size):
                continue
            url = image_source(img, spec.src_attributes, base_url)
            if url is None or url in urls or _VECTOR.search(url):
                continue
            if teaser(img, root, url, base_url):
                continue
            urls.add(url)
            caption, credit = captions[figure] if figure is not None else (None, None)
            alt = normalize_space(img.get("alt", "")) or None
            found[img] = Image(url=url, caption=caption, credit=credit, alt=alt)
    return found


def image_frame(
    img: HtmlElement, figures: Collection[HtmlElement], spec: ImageSpec
) -> HtmlElement | None:
    """The image's figure: its closest ancestor matching the spec's ``figure``, else the
    nearest of its :data:`FRAME_LEVELS` ancestors that holds a caption (the spec's
    ``caption``) and no other image (a ``div`` framing an image and its caption)."""
    figure = closest(img, figures)
    if figure is not None or spec.caption is None:
        return figure
    node = img
    for _ in range(FRAME_LEVELS):
        node = node.getparent()
        if node is None or node.tag in _PAGE_TAGS or _several_images(node):
            return None
        if select(node, spec.caption):
            return node
    return None


def _several_images(node: HtmlElement) -> bool:
    """True when ``node`` holds more than one image (found by stopping at the second one, not
    by counting a gallery of thousands for each of its images)."""
    return len(list(islice(node.iter(*IMAGE_TAGS), 2))) > 1


def skipped(img: HtmlElement, figure: HtmlElement | None, skip: Collection[HtmlElement]) -> bool:
    """True when the image is inside a skipped element other than its ``figure`` or a frame of
    it. Its figure (and what is inside it) is skipped for the text, where its caption is no
    body text; a skipped element whose text is the figure's (its caption) only wraps it (a
    content box named like furniture, ``widget--type-image``)."""
    if not skip:
        return False
    if figure is None:
        return inside(img, skip)
    frames = [node for node in figure.iterancestors() if node in skip]
    if not frames:
        return False
    caption = normalize_space(figure.text_content())
    return any(normalize_space(node.text_content()) != caption for node in frames)


def teaser(img: HtmlElement, root: HtmlElement, url: str, base_url: str) -> bool:
    """True when the image (below ``root``) is a teaser of another page, not one of this
    article's: it is inside a link to another page, or in a card whose links to other pages
    hold :data:`TEASER_LINK_SHARE` of its text (the nearest of its :data:`TEASER_LEVELS`
    ancestors below ``root`` that holds a link; a figure with a caption is no card)."""
    links = list(img.iterancestors("a"))
    if links:  # (most images are in no link: the links around the root are not looked up)
        around = set(root.iterancestors("a"))  # links around the root are not the image's
        if any(a not in around and links_elsewhere(a, url, base_url) for a in links):
            return True
    node = img
    for _ in range(TEASER_LEVELS):
        if (parent := node.getparent()) is None or parent is root:
            return False  # the root is the body's container, or a lead figure: no card
        node = parent
        links = [link for link in node.iter("a") if link.get("href")]
        if links:
            if next(node.iter("figcaption"), None) is not None:
                return False
            text = len(normalize_space(node.text_content()))
            linked = sum(
                len(normalize_space(link.text_content()))
                for link in links
                if links_elsewhere(link, url, base_url)
            )
            return text > 0 and linked >= TEASER_LINK_SHARE * text
    return False


def links_elsewhere(link: HtmlElement, url: str, base_url: str) -> bool:
    """True when ``link`` leads to another page than this one (at ``base_url``) and than the
    image at ``url``: not to an image file (a lightbox) nor to a fragment."""
    href = (link.get("href") or "").strip()
    if not href or href.startswith(("#", "javascript:")) or _IMAGE_FILE.search(href):
        return False
    target = absolute_url(base_url, href).partition("#")[0]
    return target not in (url, base_url.partition("#")[0])


def lead_figures(container: HtmlElement) -> list[HtmlElement]:
    """The figures (``<figure>``, ``<picture>``) among the elements before ``container`` and
    before each of its ancestors below the page's own level (children of ``<body>``), in
    document order: an article's lead image sits above its text, outside the text's container,
    often several levels up (in the article's header)."""
    levels: list[list[HtmlElement]] = []
    node = container
    while (parent := node.getparent()) is not None and parent.tag not in _PAGE_TAGS:
        before = reversed(list(node.itersiblings(preceding=True)))
        levels.append([f for s in before if isinstance(s.tag, str) for f in s.iter(*_FIGURES)])
        node = parent
    return outermost([figure for level in reversed(levels) for figure in level])


def _caption(figure: HtmlElement, spec: ImageSpec) -> tuple[str | None, str | None]:
    credits = select(figure, spec.credit) if spec.credit else []
    credit = " ".join(filter(None, (element_text(c) for c in credits))) or None
    captions = select(figure, spec.caption) if spec.caption else []
    caption = element_text(captions[0], set(credits)) if captions else ""
    if credit is None:
        caption, credit = split_credit(caption)
    return caption or None, credit


def split_credit(caption: str) -> tuple[str, str | None]:
    """``(caption, credit)`` of a caption text that ends with its picture's credit (see
    :data:`_CREDIT_TAIL`): after a sentence, or in brackets or after a copyright sign."""
    tail = _CREDIT_TAIL.search(caption)
    if tail is None:
        return caption, None
    before = caption[: tail.start()].rstrip()
    if not before or not (tail[1][0] in "©([" or before[-1] in _SENTENCE_ENDS):
        return caption, None
    credit = tail[1]
    if credit[0] in "([" and credit[-1] in ")]":
        credit = credit[1:-1].strip()
    return before, credit
