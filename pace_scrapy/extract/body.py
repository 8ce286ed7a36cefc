"""Selecting an article's body: containers, exclusions, kept block kinds, de-duplication."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Collection, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from lxml import etree
from lxml.html import HtmlElement

from pace_scrapy.config.model import ALL_BLOCK_KINDS, BodySpec, Selector
from pace_scrapy.config.selectors import compile_regex
from pace_scrapy.extract.dom import select, select_all
from pace_scrapy.extract.values import DATE_PATTERNS, shows_day
from pace_scrapy.page.blocks import Block, BlockKind, segment
from pace_scrapy.page.dom import closest, inside, outermost
from pace_scrapy.page.text import element_text

# An element's index in document order: the elements before it and around it.
_POSITION = etree.XPath("count(preceding::*) + count(ancestor::*)")
# The config's block kind names; inline runs count as paragraphs.
KIND_NAMES = {BlockKind.TEXT: "paragraph"}
# A text seen again is a duplicate (a pull quote, a mobile copy) only when this long: short
# texts ("Why it matters", "* * *") legitimately repeat in an article.
DUPLICATE_MIN_CHARS = 40
# A quotation of at most this many characters whose whole text is inside another block's is a
# pull quote: its text is kept once, in the other block.
REPEAT_MAX_CHARS = 400
# A line of at most this many characters may show another field rather than body text (a
# byline, a date line).
FIELD_LINE_CHARS = 160
# Words (of letters) a byline or date line holds besides the names and the date ("By", "Last
# updated", "Posted by ... on ... at ... pm").
FIELD_LINE_WORDS = 5
_LETTERS = re.compile(r"[^\W\d_]+")
# A paragraph of at most this many characters that opens with a copyright notice ("© 2024
# Reuters", "<Copyright ⓒ ...>") is the page's footer, not the article's text.
COPYRIGHT_MAX_CHARS = 200
_COPYRIGHT = re.compile(r"^\W{0,3}(?:copyright\b|©|ⓒ)", re.IGNORECASE)
# A block that only announces the readers' comments: it and what follows it are the comment
# section, not the article. An invitation ("Have your say", "Leave a reply") is the comment
# form's; a label or a count ("Comments", "12 comments") also stands in toolbars above the
# text, so it counts only below a paragraph of COMMENTS_MIN_TEXT_ABOVE characters. Other
# languages' labels in the plural only: a German or Norwegian "Kommentar" is an opinion piece.
COMMENTS_HEADING_CHARS = 40
_COMMENTS_INVITATION = re.compile(
    r"\W*(?:have your say|(?:leave|post|add|write) a (?:comment|reply)"
    r"|join the (?:conversation|discussion)|kommentar schreiben|laisser un commentaire"
    r"|deja (?:un comentario|una respuesta)|lascia un commento|skriv en kommentar"
    r"|schrijf een reactie|dodaj komentarz)\W*",
    re.IGNORECASE,
)
_COMMENTS_LABEL = re.compile(
    r"\W*(?:\d+\s+)?(?:(?:reader\s+)?comments?|kommentare|kommentarer|commentaires"
    r"|comentarios|commenti|reacties|komentarze|komentáře|kommentit|yorumlar|комментарии"
    r"|коментарі)(?:\s*\(\d+\))?\W*",
    re.IGNORECASE,
)
COMMENTS_MIN_TEXT_ABOVE = 80  # more than COMMENTS_HEADING_CHARS: no block is both
_TEXT_KINDS = (BlockKind.TEXT, BlockKind.PARAGRAPH)
# A picture's caption that is only its credit in brackets, "(Phelan M. Ebenhack/Associated
# Press)": the picture's, not the article's text; a caption element is found this many levels up.
CREDIT_MAX_CHARS = 80
_BRACKETED = re.compile(r"^[(\[][^()\[\]]+[)\]]$")
_CAPTION_LEVELS = 3
# Kinds of block such a marker may be: a heading, or a line of text of its own.
_MARKER_KINDS = (BlockKind.HEADING, *_TEXT_KINDS)
_DATES = re.compile("|".join(DATE_PATTERNS), re.IGNORECASE)
# Kinds of block a link-density limit applies to (a figure of links may be content; a table of
# links is content only on sites whose training pages show one, and then no limit is learnt).
LINK_DENSITY_KINDS = frozenset(
    {
        BlockKind.TEXT,
        BlockKind.PARAGRAPH,
        BlockKind.HEADING,
        BlockKind.LIST,
        BlockKind.QUOTE,
        BlockKind.TABLE,
    }
)


@dataclass
class Body:
    """The body's container elements, the excluded elements inside them, and the kept blocks;
    ``main`` is the first element the container selector matched (a lead or paragraphs may
    open the body before it), above which the article's lead figures sit.

    (For the generic fallback's body the blocks are of its own output, and the container is
    the page's element around their text, where its images are looked for.)"""

    containers: list[HtmlElement]
    skip: set[HtmlElement] = field(default_factory=set)
    blocks: list[Block] = field(default_factory=list)
    main: HtmlElement | None = None

    @property
    def first(self) -> HtmlElement | None:
        """The element the article's lead figures sit above: ``main``, else the first
        container."""
        return self.main if self.main is not None else next(iter(self.containers), None)


def select_body(root: HtmlElement, spec: BodySpec) -> Body | None:
    """The body of a page under ``spec``, or ``None`` when no container selector matches."""
    for selector in spec.containers:
        found = select(root, selector)
        if found:
            break
    else:
        return None
    main = outermost(found)
    containers = main
    if spec.lead is not None:
        containers = with_leads(main, select(root, spec.lead), spec.lead_span, spec.exclude)
    elif spec.span_from is not None:
        starts = select(root, spec.span_from)
        containers = with_leads(main, starts, spec.lead_span, spec.exclude, keep_leads=False)
    skip = select_all(containers, spec.exclude)
    patterns = [compile_regex(pattern) for pattern in spec.exclude_text]
    kept = [container for container in containers if container not in skip]
    body = build_body(kept, skip, spec.keep, patterns, spec.max_link_density)
    body.main = main[0]
    return body


def with_leads(
    containers: list[HtmlElement],
    leads: Sequence[HtmlElement],
    span: int | None = None,
    exclude: Sequence[Selector] = (),
    keep_leads: bool = True,
) -> list[HtmlElement]:
    """``containers`` opened by those of ``leads`` (in document order, as selectors give them)
    that come before the first of them in the page and are neither around nor inside it (a
    standfirst above the body); with ``span``, also by the paragraphs between the last such
    lead and the containers that hold at least ``span`` characters and are not in what
    ``exclude`` matches (see ``BodySpec.lead_span``). Without ``keep_leads`` the leads only
    mark where those paragraphs start (``BodySpec.span_from``)."""
    if not leads or not containers:
        return containers
    first = containers[0]
    around = set(first.iterancestors())
    # A binary search: a few position counts, however many leads a page has.
    preceding = bisect_left(leads, _document_position(first), key=_document_position)
    before = outermost([lead for lead in leads[:preceding] if lead not in around])
    if not before:
        return containers
    between = _paragraphs_between(before[-1], first, around, span) if span else []
    if between and exclude:
        common = closest(before[-1], around)  # an ancestor: no lead is around the body
        skipped = select_all([common], exclude) if common is not None else set()
        between = [paragraph for paragraph in between if not inside(paragraph, skipped)]
    return (before if keep_leads else []) + between + containers


def _paragraphs_between(
    lead: HtmlElement, first: HtmlElement, around: Collection[HtmlElement], chars: int
) -> list[HtmlElement]:
    """The ``<p>`` elements after ``lead`` (not inside it) and before ``first`` (not around
    it; ``around`` holds its ancestors) that hold at least ``chars`` characters of text."""
    return [
        paragraph
        for subtree in _subtrees_between(lead, first, around)
        for paragraph in subtree.iter("p")
        if len(element_text(paragraph)) >= chars
    ]


def _subtrees_between(
    lead: HtmlElement, first: HtmlElement, around: Collection[HtmlElement]
) -> Iterator[HtmlElement]:
    """The whole subtrees after ``lead`` and before ``first`` in document order: the
    following siblings of ``lead`` and of its ancestors up to the one around ``first``, then
    down that one to ``first`` (a walk of what lies between, not of the page)."""
    node = lead
    while node is not None and node not in around:
        if (yield from _subtrees_until(node.itersiblings(), first, around)):
            return
        node = node.getparent()


def _subtrees_until(
    nodes: Iterator[HtmlElement], first: HtmlElement, around: Collection[HtmlElement]
) -> Generator[HtmlElement, None, bool]:
    """The whole subtrees among ``nodes`` before ``first``, going down the one around it
    (``around`` holds its ancestors); returns whether ``first`` was reached."""
    while True:
        for node in nodes:
            if node is first:
                return True
            if node in around:
                nodes = iter(node)
                break
            yield node
        else:
            return False


def _document_position(element: HtmlElement) -> float:
    """The element's index among the document's elements in document order (one C-level
    count, not a Python walk of the page)."""
    position = _POSITION(element)
    assert isinstance(position, float)  # count() + count() is a number
    return position


def link_dense(block: Block, max_link_density: float | None) -> bool:
    """True when ``block`` is mostly links by the limit (never without one)."""
    return (
        max_link_density is not None
        and block.kind in LINK_DENSITY_KINDS
        and block.link_density > max_link_density
    )


def body_from_root(root: HtmlElement) -> Body:
    """A body made of a whole subtree (used for the generic fallback's output)."""
    return build_body([root], set(), ALL_BLOCK_KINDS, [])


def build_body(
    containers: list[HtmlElement],
    skip: set[HtmlElement],
    keep: Collection[str],
    patterns: Iterable[re.Pattern[str]],
    max_link_density: float | None = None,
) -> Body:
    """Segment the containers; keep blocks of the wanted kinds, not matching ``patterns``, not
    mostly links (above ``max_link_density``, for the kinds of :data:`LINK_DENSITY_KINDS`),
    each long text once."""
    body = Body(containers=containers, skip=skip)
    patterns = list(patterns)
    seen: set[str] = set()
    for container in containers:
        for block in segment(container, skip):
            if KIND_NAMES.get(block.kind, block.kind.value) not in keep:
                continue
            if block.text in seen or any(p.search(block.text) for p in patterns):
                continue
            if link_dense(block, max_link_density) or copyright_notice(block):
                continue
            if credit_caption(block):
                continue
            if len(block.text) >= DUPLICATE_MIN_CHARS:
                seen.add(block.text)
            body.blocks.append(block)
    comments = comment_section(body.blocks)
    if comments is not None:
        del body.blocks[comments:]
    dropped = repeated(body.blocks) | trailing_headings(body.blocks)
    if dropped:
        body.blocks = [block for i, block in enumerate(body.blocks) if i not in dropped]
    return body


def credit_caption(block: Block) -> bool:
    """True for a short text block that is only a credit in brackets, in a picture's caption (an
    element of its own or up to :data:`_CAPTION_LEVELS` levels up is a ``<figcaption>`` or has
    "caption" in its class)."""
    if block.kind not in _TEXT_KINDS or len(block.text) > CREDIT_MAX_CHARS:
        return False
    if _BRACKETED.match(block.text) is None:
        return False
    node: HtmlElement | None = block.element
    for _ in range(_CAPTION_LEVELS + 1):
        if node is None:
            return False
        if node.tag == "figcaption" or "caption" in (node.get("class") or "").lower():
            return True
        node = node.getparent()
    return False


def copyright_notice(block: Block) -> bool:
    """True for a short paragraph that opens with a copyright notice (see
    :data:`COPYRIGHT_MAX_CHARS`)."""
    return (
        block.kind in _TEXT_KINDS
        and len(block.text) <= COPYRIGHT_MAX_CHARS
        and _COPYRIGHT.match(block.text) is not None
    )


def comment_section(blocks: Sequence[Block]) -> int | None:
    """The position of the block that opens the readers' comments (a heading or line that only
    says so: "Have your say", "Leave a reply"; "Comments", "12 comments" below a paragraph of
    :data:`COMMENTS_MIN_TEXT_ABOVE` characters), if any."""
    text_above = False
    for i, block in enumerate(blocks):
        chars = len(block.text)
        if chars <= COMMENTS_HEADING_CHARS:
            if block.kind in _MARKER_KINDS and _comments_marker(block.text, text_above):
                return i
        elif chars >= COMMENTS_MIN_TEXT_ABOVE and block.kind in _TEXT_KINDS:
            text_above = True
    return None


def _comments_marker(text: str, text_above: bool) -> bool:
    return bool(
        _COMMENTS_INVITATION.fullmatch(text) or (text_above and _COMMENTS_LABEL.fullmatch(text))
    )


def trailing_headings(blocks: Sequence[Block]) -> set[int]:
    """Positions of the headings that end the body with nothing under them (a "See also" whose
    links were dropped)."""
    trailing = set()
    for i in range(len(blocks) - 1, -1, -1):
        if blocks[i].kind is not BlockKind.HEADING:
            break
        trailing.add(i)
    return trailing


def repeated(blocks: Sequence[Block]) -> set[int]:
    """Positions of the pull quotes: quotations whose text (:data:`DUPLICATE_MIN_CHARS` to
    :data:`REPEAT_MAX_CHARS` characters) is also inside another block's text. (A paragraph that
    repeats a sentence is kept: articles do repeat themselves.)"""
    quotes = [
        i
        for i, block in enumerate(blocks)
        if block.kind is BlockKind.QUOTE
        and DUPLICATE_MIN_CHARS <= len(block.text) <= REPEAT_MAX_CHARS
    ]
    if not quotes:  # most pages: no text to join
        return set()
    haystack = "\0".join(block.text for block in blocks)
    return {i for i in quotes if haystack.count(blocks[i].text) > 1}


def without_headline(body: Body, headline: object) -> Body:
    """``body`` without the blocks that repeat the headline: the headline is a field of its
    own, and ``articleBody`` is the text after it (as in zyte-common-items)."""
    if not isinstance(headline, str) or not headline.strip():
        return body
    key = _folded(headline)
    # Block texts are normalised and case folding never shortens a text: a block longer than
    # the key cannot repeat it, and need not be folded (most of a body's text is in such blocks).
    kept = [
        block for block in body.blocks if len(block.text) > len(key) or _folded(block.text) != key
    ]
    if len(kept) == len(body.blocks):
        return body
    return Body(containers=body.containers, skip=body.skip, blocks=kept)


def without_field_lines(body: Body, authors: Sequence[str], day: str | None) -> Body:
    """``body`` without its byline and date lines: short blocks (:data:`FIELD_LINE_CHARS`)
    that hold every one of the ``authors``' names, or show the calendar ``day`` (``YYYY-MM-DD``)
    of publication, and hardly any other word (:data:`FIELD_LINE_WORDS`). Bylines and dates are
    fields of their own; a sentence that names the author or the day stays."""
    if not authors and day is None:  # nothing to tell such a line by
        return body
    kept = [block for block in body.blocks if not field_line(block.text, authors, day)]
    if len(kept) == len(body.blocks):
        return body
    return Body(containers=body.containers, skip=body.skip, blocks=kept)


def field_line(text: str, authors: Sequence[str], day: str | None) -> bool:
    """True when ``text`` is a byline or a date line (see :func:`without_field_lines`)."""
    if len(text) > FIELD_LINE_CHARS:
        return False
    names = [_name_pattern(name) for name in authors]
    named = bool(names) and all(name.search(text) for name in names)
    rest = text
    if named:
        for name in names:
            rest = name.sub(" ", rest)
    dated = day is not None and day[:4] in text  # a shown date almost always writes its year
    if dated:
        rest = _DATES.sub(" ", rest)
    if not (named or dated) or len(_LETTERS.findall(rest)) > FIELD_LINE_WORDS:
        return False  # (first, as parsing the dates is slow)
    return named or (day is not None and shows_day(text, day))


@lru_cache(maxsize=1024)
def _name_pattern(name: str) -> re.Pattern[str]:
    """A name as whole words, in any case."""
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)


def contains_text(outer: Body, inner: Body, share: float = 1.0) -> bool:
    """True when block texts of ``inner`` holding at least ``share`` of its characters occur
    in the text of ``outer`` (spacing and case aside)."""
    haystack = " ".join(_folded(block.text) for block in outer.blocks)
    total = sum(len(block.text) for block in inner.blocks)
    found = sum(len(block.text) for block in inner.blocks if _folded(block.text) in haystack)
    return found >= share * total


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()
