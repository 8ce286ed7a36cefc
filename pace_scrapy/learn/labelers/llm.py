"""The LLM labeller: a language model behind an OpenAI-compatible endpoint labels each page's
content blocks and fields, following the user's requirements in plain language.

Each page is shown to the model as compact numbered blocks (never raw HTML), in chunks that fit
its context; the model answers with block ids and value strings, and only what the page
confirms is kept (see :mod:`pace_scrapy.learn.llm.verify`). Answers are cached on disk, so
learning again from the same pages is reproducible and makes no HTTP call.

What it raises and what it skips: anything that would leave the labels incomplete without the
user knowing raises :class:`LlmError` (endpoint unreachable, HTTP errors after the client's
retries, timeouts, bad settings, a reply still cut off for the smallest chunk, or no usable
answer for any page). A page whose replies stay invalid after the re-asks is left unlabelled,
with a warning and counted, and learning goes on from the other pages; labels the page does
not confirm are discarded and counted. Counts are in :attr:`LlmLabeler.stats`.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Sequence

from pace_scrapy.learn.labels import Disagreement, PageLabels
from pace_scrapy.learn.llm.client import LlmClient
from pace_scrapy.learn.llm.errors import ChunkTooLarge, InvalidReply, LlmError
from pace_scrapy.learn.llm.prompts import (
    PageTask,
    chunk_blocks,
    halve,
    prompt_tokens,
    review_note,
)
from pace_scrapy.learn.llm.settings import LlmSettings, llm_settings
from pace_scrapy.learn.llm.stats import LlmStats
from pace_scrapy.learn.llm.structured import FEEDBACK_CHARS, ask_labels, with_schema
from pace_scrapy.learn.llm.verify import PageFindings
from pace_scrapy.page.model import Page
from pace_scrapy.page.prompt import estimate_tokens

__all__ = ["LlmError", "LlmLabeler", "LlmSettings", "LlmStats", "llm_settings"]

logger = logging.getLogger(__name__)

# Share of the context kept free: token counts are estimates.
CONTEXT_MARGIN = 0.1
MIN_BLOCK_BUDGET = 200
# Tokens of the message feeding an invalid reply's errors back (five errors at most).
FEEDBACK_ERRORS_TOKENS = 150


class LlmLabeler:
    """Labels pages with a language model (see the module docstring)."""

    def __init__(self, settings: LlmSettings, requirements: str = "") -> None:
        self.settings = settings
        self.requirements = requirements.strip()
        self.stats = LlmStats()
        self.name = f"llm:{settings.model}"
        self.review_rounds = settings.review_rounds

    def label(self, pages: Sequence[Page], page_type: str) -> list[PageLabels]:
        """One :class:`PageLabels` per page (empty for a page left unlabelled)."""
        with LlmClient(self.settings, self.stats) as client:
            found = [self._label_page(client, page, page_type) for page in pages]
        if pages and all(labels is None for labels in found):
            raise LlmError(
                f"{self.settings.model} gave no usable answer for any of the {len(pages)} "
                "pages (see the warnings)"
            )
        return [labels or PageLabels(page) for labels, page in zip(found, pages, strict=True)]

    def revise(
        self, page: Page, page_type: str, disagreements: dict[str, Disagreement]
    ) -> PageLabels | None:
        """The page's labels asked for again, with where they disagreed with the rules learnt
        from the other pages (``None``: no usable answer)."""
        self.stats.revised += 1
        with LlmClient(self.settings, self.stats) as client:
            return self._label_page(client, page, page_type, review_note(disagreements))

    def _label_page(
        self, client: LlmClient, page: Page, page_type: str, review: str = ""
    ) -> PageLabels | None:
        """The page's labels, or ``None`` when the model's replies stayed invalid."""
        task = PageTask(page.url, page_type, self.requirements, len(page.blocks), review)
        findings = PageFindings(page, page_type)
        pending = deque(chunk_blocks(page.blocks, self.block_budget(task)))
        while pending:
            chunk = pending.popleft()
            self.stats.chunks += 1
            try:
                answer = ask_labels(client, task.messages(chunk), self.settings.invalid_retries)
            except ChunkTooLarge as exc:
                halves = halve(chunk, self.settings.min_chunk_blocks)
                if not halves:
                    raise LlmError(
                        f"{page.url}: {exc}, even for blocks {chunk[0].id} to {chunk[-1].id} "
                        f"({len(chunk)} blocks, the smallest chunk); raise "
                        "PACE_LLM_MAX_OUTPUT_TOKENS or PACE_LLM_MAX_CONTEXT_TOKENS"
                    ) from exc
                logger.info("%s: %s; asking about half as many blocks", page.url, exc)
                self.stats.retried += 1
                pending.extendleft(reversed(halves))
                continue
            except InvalidReply as exc:
                self.stats.pages_unlabelled += 1
                logger.warning("%s: left unlabelled: %s", page.url, exc)
                return None
            findings.add(chunk, answer)
        if findings.discarded:
            self.stats.discarded.update(findings.discarded)
            logger.info(
                "%s: discarded %d labels the page does not confirm %s",
                page.url,
                findings.discarded.total(),
                dict(findings.discarded),
            )
        return findings.labels()

    def block_budget(self, task: PageTask) -> int:
        """Tokens a chunk's blocks may take: the context less the answer, the rest of the
        prompt (schema included) and room to feed invalid replies back."""
        settings = self.settings
        feedback = estimate_tokens("x" * FEEDBACK_CHARS) + FEEDBACK_ERRORS_TOKENS
        overhead = (
            prompt_tokens(with_schema(task.messages([])))
            + settings.invalid_retries * feedback
            + int(settings.max_context_tokens * CONTEXT_MARGIN)
        )
        budget = settings.max_context_tokens - settings.max_output_tokens - overhead
        if budget < MIN_BLOCK_BUDGET:
            raise LlmError(
                f"max_context_tokens {settings.max_context_tokens} leaves {budget} tokens for "
                f"the page after the prompt ({overhead}) and the answer "
                f"({settings.max_output_tokens}); raise PACE_LLM_MAX_CONTEXT_TOKENS"
            )
        return budget
