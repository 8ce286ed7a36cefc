"""Matching known text (example values, labels) to the page's blocks and nodes.

Text is compared as word tokens (case-folded, punctuation dropped), so whitespace, entities,
quotes and markup differences do not matter. A block is covered by a text when most of its
word trigrams occur in it. A short block (one or two words) is covered when it is a whole
reference text, or when its words occur in sequence and a block next to it is covered by the
other rules: "World" or "Home" occur somewhere in any long article, a subheading sits next to
its paragraphs.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from lxml.html import HtmlElement

from pace_scrapy.extract.render_text import block_paragraphs
from pace_scrapy.page.blocks import Block, BlockKind
from pace_scrapy.page.dom import PerElement
from pace_scrapy.page.text import element_text

_WORD = re.compile(r"\w+")
NGRAM = 3


def words(text: str) -> list[str]:
    """Case-folded word tokens of a text (NFKC, punctuation dropped)."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


def ngrams(tokens: Sequence[str], n: int = NGRAM) -> set[tuple[str, ...]]:
    """The set of word n-grams of a token sequence (the whole sequence when shorter)."""
    if len(tokens) < n:
        return {tuple(tokens)} if tokens else set()
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


class TextIndex:
    """An index of reference texts that tells how much of a block they cover."""

    def __init__(self, texts: Iterable[str]) -> None:
        # One token stream: a block may span several reference texts (a table's rows, the
        # items of a list, paragraphs split by <br>).
        texts = list(texts)
        self.tokens = [w for text in texts for w in words(text)]
        self.whole = {tuple(words(text)) for text in texts}
        self.grams = ngrams(self.tokens)
        self.joined = " " + " ".join(self.tokens) + " "

    def coverage(self, text: str) -> float:
        """The fraction of ``text``'s word trigrams found in the reference texts."""
        return self.token_coverage(words(text))

    def token_coverage(self, tokens: Sequence[str]) -> float:
        """:meth:`coverage` of a text already split into :func:`words`."""
        if not tokens:
            return 0.0
        if len(tokens) < NGRAM:
            return 1.0 if f" {' '.join(tokens)} " in self.joined else 0.0
        grams = ngrams(tokens)
        return len(grams & self.grams) / len(grams)


def covered_blocks(blocks: Iterable[Block], index: TextIndex, threshold: float = 0.5) -> set[int]:
    """Ids of the blocks whose text the index covers at least ``threshold`` (short blocks: see
    the module docstring).

    A table is compared as the extractor writes it (its expanded grid, row by row), since
    that is how labelled values quote it.
    """
    texts = [
        (
            block,
            " ".join(block_paragraphs(block, ())) if block.kind is BlockKind.TABLE else block.text,
        )
        for block in blocks
    ]
    texts = [(block, text) for block, text in texts if text]
    blocks = [block for block, _ in texts]
    covered: set[int] = set()
    short: list[int] = []  # positions in ``blocks`` of short blocks found in the texts
    for position, (block, text) in enumerate(texts):
        tokens = words(text)
        if not tokens or index.token_coverage(tokens) < threshold:
            continue
        if len(tokens) >= NGRAM or tuple(tokens) in index.whole:
            covered.add(block.id)
        else:
            short.append(position)
    anchored = set(covered)  # short blocks extend content, not each other
    for position in short:
        neighbours = blocks[max(0, position - 1) : position + 2]
        if any(block.id in anchored for block in neighbours):
            covered.add(blocks[position].id)
    return covered


def same_text(a: str, b: str) -> bool:
    """True when two texts have the same word tokens."""
    return words(a) == words(b)


def nodes_with_text(root: HtmlElement, value: str, max_extra: float = 3.0) -> list[HtmlElement]:
    """The smallest elements whose text contains ``value`` (as words), in document order.

    Elements whose text is much longer than the value (more than ``max_extra`` times its
    words) are not reported: they contain the value among much else.
    """
    target = words(value)
    if not target:
        return []
    needle = " " + " ".join(target) + " "
    limit = max_extra * len(target) + 3
    found: dict[HtmlElement, None] = {}
    # an ancestor's words are read once, not once per element below it
    tokens_of = PerElement(lambda node: words(element_text(node)))
    for element in root.iter():
        if not isinstance(element.tag, str) or element.tag in ("head", "title"):
            continue
        own = " ".join([element.text or "", *(child.tail or "" for child in element)])
        if target[0] not in words(own):
            continue
        node: HtmlElement | None = element
        while node is not None:
            tokens = tokens_of[node]
            if len(tokens) > limit:
                break
            if needle in " " + " ".join(tokens) + " ":
                found[node] = None
                break
            node = node.getparent()
    return [e for e in found if not any(d in found for d in e.iterdescendants())]
