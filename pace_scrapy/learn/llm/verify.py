"""What of the model's answer is believed: only what the page itself confirms.

Page text may carry instructions aimed at the model, so its answer is used only as block ids,
field names and value strings, and each is checked: a block id must be one of the blocks the
model was shown; a field name must be a plain identifier (``^[A-Za-z_][A-Za-z0-9_]*$``) and not
a reserved name; a value must occur, word for word, in its block's text (see :func:`page_span`)
and pass its field kind's plausibility check; an image field's block must hold an image.
Anything else is discarded and counted by reason.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from lxml.html import HtmlElement

from pace_scrapy.config.fields import RESERVED_FIELDS, STANDARD_KINDS
from pace_scrapy.extract.images import image_source
from pace_scrapy.extract.kinds import (
    LIST_KINDS,
    Context,
    Rejected,
    field_kind,
    finalize,
    max_length,
    page_context,
)
from pace_scrapy.extract.rules import DEFAULT_IMAGE_ATTRIBUTES
from pace_scrapy.learn.labels import FieldLabel, PageLabels
from pace_scrapy.learn.llm.prompts import STANDARD_FIELDS
from pace_scrapy.learn.llm.schema import FieldAnswer, LabelAnswer
from pace_scrapy.learn.matching import nodes_with_text, words
from pace_scrapy.learn.patterns import NAME_SEPARATOR
from pace_scrapy.page.blocks import Block
from pace_scrapy.page.model import Page

logger = logging.getLogger(__name__)

SOURCE = "llm"
FIELD_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_NAME = 64
MAX_FIELDS = 40
MAX_VALUES = 50
NOT_FIELDS = RESERVED_FIELDS | {"body"}
IMAGE_KINDS = frozenset({"image", "images"})
# Kinds whose labels are compared in their canonical form (see learn.compare).
CANONICAL_KINDS = frozenset({"date", "currency", "availability"})
_TOKEN = re.compile(r"\w+")  # the tokens matching.words() finds


class Discarded(ValueError):
    """A label the page does not confirm (the message is the reason)."""


@dataclass(frozen=True)
class Found:
    """A confirmed value and the nodes that show it."""

    value: str
    nodes: tuple[HtmlElement, ...]


class PageFindings:
    """The confirmed labels of one page, gathered over the chunks it was asked about in, and
    the count of discarded ones by reason."""

    def __init__(self, page: Page, page_type: str) -> None:
        self.page = page
        self.discarded: Counter[str] = Counter()
        self.body: set[int] = set()
        self.found: dict[str, list[Found]] = {}
        standard = (*STANDARD_KINDS, *STANDARD_FIELDS.get(page_type, {}))
        self.standard = {name.casefold(): name for name in standard}

    def add(self, chunk: Sequence[Block], answer: LabelAnswer) -> None:
        """Keep what the page confirms of the answer about ``chunk``."""
        shown = {block.id: block for block in chunk}
        for block_id in answer.body:
            if block_id in shown:
                self.body.add(block_id)
            else:
                self._discard("block not in the prompt", "body", str(block_id))
        for extra in answer.fields[MAX_FIELDS:]:
            self._discard("too many fields", extra.name, "")
        for entry in answer.fields[:MAX_FIELDS]:
            self._add_field(entry, shown)

    def _add_field(self, entry: FieldAnswer, shown: Mapping[int, Block]) -> None:
        try:
            name = field_name(entry.name, self.standard)
        except Discarded as exc:
            self._discard(str(exc), entry.name, "")
            return
        for extra in entry.values[MAX_VALUES:]:
            self._discard("too many values", name, extra.text)
        for value in entry.values[:MAX_VALUES]:
            block = shown.get(value.block)
            if block is None:
                self._discard("block not in the prompt", name, value.text)
                continue
            try:
                found = list(confirm(self.page, name, block, value.text))
            except Discarded as exc:
                self._discard(str(exc), name, value.text)
                continue
            self.found.setdefault(name, []).extend(found)

    def labels(self) -> PageLabels:
        """The page's labels: single-value fields keep their first value."""
        fields = {}
        for name, found in self.found.items():
            kept = _distinct(found) if field_kind(name, None) in LIST_KINDS else found[:1]
            nodes = list(dict.fromkeys(node for item in kept for node in item.nodes))
            fields[name] = FieldLabel([item.value for item in kept], nodes, SOURCE)
        return PageLabels(self.page, frozenset(self.body), fields)

    def _discard(self, reason: str, name: str, text: str) -> None:
        self.discarded[reason] += 1
        logger.debug("%s: discarded %s %r: %s", self.page.url, name[:80], text[:80], reason)


def field_name(raw: str, known: Mapping[str, str]) -> str:
    """A field name from the model: spaces and hyphens become ``_``, a standard name in any
    case becomes the standard name. Raises :class:`Discarded` for anything else."""
    name = re.sub(r"[\s-]+", "_", raw.strip())
    if len(name) > MAX_NAME or not FIELD_NAME.fullmatch(name):
        raise Discarded("bad field name")
    name = known.get(name.casefold(), name)
    if name in NOT_FIELDS:
        raise Discarded("reserved field name")
    return name


def confirm(page: Page, name: str, block: Block, text: str) -> Iterator[Found]:
    """The values of field ``name`` that ``block`` confirms for the model's ``text``.

    Raises :class:`Discarded` when it confirms none.
    """
    kind = field_kind(name, None)
    ctx = page_context(page, max_length(name, kind, None))
    if kind in IMAGE_KINDS:
        images = list(block_images(page, block))
        if not images:
            raise Discarded("no image in the block")
        for img, url in images:
            yield Found(_canonical(kind, url, ctx), (img,))
        return
    shown = page_span(block.text, text)
    if shown is None:
        raise Discarded("value not in its block")
    parts = re.split(NAME_SEPARATOR, shown) if kind == "people" else [shown]
    for part in (p.strip() for p in parts):
        if part:
            yield Found(_canonical(kind, part, ctx), tuple(value_nodes(block, part)))


def page_span(text: str, value: str) -> str | None:
    """``value`` as ``text`` shows it, or ``None`` when it does not.

    A value whose words occur in sequence in the text is kept as given when the text holds it
    verbatim, else replaced by the part of the text with its words; a value without words (a
    currency sign) must occur verbatim.
    """
    value = " ".join(value.split())
    target = words(value)
    if not target:
        return value if value and value in text else None
    normal = unicodedata.normalize("NFKC", text)
    tokens = list(_TOKEN.finditer(normal))
    for i in range(len(tokens) - len(target) + 1):
        span = normal[tokens[i].start() : tokens[i + len(target) - 1].end()]
        if words(span) == target:
            return value if value in text else span
    return None


def value_nodes(block: Block, value: str) -> list[HtmlElement]:
    """The smallest elements of the block showing ``value`` (else the block's element)."""
    found = [
        node
        for part in block.nodes()
        if not isinstance(part, str)
        for node in nodes_with_text(part, value)
    ]
    return found or [block.element]


def block_images(page: Page, block: Block) -> Iterator[tuple[HtmlElement, str]]:
    """The ``<img>`` elements of a block with their absolute URLs."""
    for part in block.nodes():
        if isinstance(part, str):
            continue
        for img in part.iter("img"):
            url = image_source(img, DEFAULT_IMAGE_ATTRIBUTES, page.base_url)
            if url:
                yield img, url


def _canonical(kind: str, shown: str, ctx: Context) -> str:
    """The label value for a shown value: its canonical form where labels are compared so."""
    try:
        result = finalize(kind, [shown], ctx)
    except Rejected as exc:
        raise Discarded(f"implausible {kind}") from exc
    if kind == "gtin":
        return str(result[0]["value"])
    return str(result) if kind in CANONICAL_KINDS else shown


def _distinct(found: Sequence[Found]) -> list[Found]:
    seen: dict[tuple[str, ...], Found] = {}
    for item in found:
        seen.setdefault(tuple(words(item.value)), item)
    return list(seen.values())
