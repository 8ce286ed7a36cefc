"""What labelling with the model cost and how it went, for the learn report."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class LlmStats:
    """Counts of one labeller's calls, tokens and outcomes.

    ``calls`` are chat completions sent to the endpoint (cache misses); ``http_requests``
    counts every HTTP request, the client's own retries (429, 5xx, timeouts) included;
    ``cached`` answers came from the disk cache (no HTTP); ``retried`` counts re-asks (invalid
    answer fed back, truncated chunk halved, response format fallen back); ``failed`` calls
    ended in an error. ``revised`` counts pages sent back for review. ``discarded`` counts
    labels the page checks threw away, by reason.
    """

    calls: int = 0
    http_requests: int = 0
    cached: int = 0
    retried: int = 0
    failed: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    invalid_replies: int = 0
    truncated_replies: int = 0
    chunks: int = 0
    pages_unlabelled: int = 0
    revised: int = 0
    discarded: Counter[str] = field(default_factory=Counter)

    def summary(self) -> str:
        """A one-line summary (for the report's notes)."""
        discarded = sum(self.discarded.values())
        return (
            f"LLM: {self.calls} calls ({self.cached} cached, {self.retried} retried, "
            f"{self.failed} failed), {self.prompt_tokens} prompt + {self.completion_tokens} "
            f"completion tokens, {self.pages_unlabelled} pages unlabelled, {self.revised} pages "
            f"reviewed, {discarded} labels discarded"
        )
