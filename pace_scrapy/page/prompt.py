"""A compact text rendering of a page's blocks, for LLM prompts (Dripper's simplified HTML)."""

from __future__ import annotations

from collections.abc import Sequence

from pace_scrapy.page.blocks import Block

MAX_TOKENS_PER_CLASS = 2
CHARS_PER_TOKEN = 4


def block_label(block: Block, max_tokens: int = MAX_TOKENS_PER_CLASS) -> str:
    """``tag#id.class1.class2`` of a block's element, with at most a few class tokens."""
    element = block.element
    label = str(element.tag)
    if element.get("id"):
        label += "#" + element.get("id", "").split()[0][:30]
    for token in element.get("class", "").split()[:max_tokens]:
        label += "." + token[:30]
    return label


def render_blocks(blocks: Sequence[Block], max_text: int = 200) -> str:
    """One line per block: ``[id] tag#id.class text…`` (text truncated to ``max_text`` chars)."""
    lines = []
    for block in blocks:
        text = block.text if len(block.text) <= max_text else block.text[: max_text - 1] + "…"
        lines.append(f"[{block.id}] {block_label(block)} {text}")
    return "\n".join(lines)


def estimate_tokens(text: str) -> int:
    """A rough token count (about four characters per token for Latin text)."""
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN
