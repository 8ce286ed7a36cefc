"""Bit-parallel sequence alignment: summary-level LCS (ROUGE-LSum) and Levenshtein distance.

Both give exactly the results of the textbook dynamic programmes (``rouge_score``'s
``_summary_level_lcs``, including which LCS its backtracking picks, and a Levenshtein table)
with one big-integer operation per token instead of one Python step per table cell.

Summary-level LCS: the candidate sentences are laid side by side in one bit vector, each
segment preceded by a guard bit, so each reference sentence is aligned with all of them at
once. The forward pass is the LCS bit-vector recurrence ``V' = (V + U) | (V - U)`` with
``U = V & match`` (Hyyrö 2004); a zero bit of ``V`` in row ``i`` marks a column where the LCS
table row ``i`` grows by one. The backtracking of ``rouge_score`` (diagonal on a match, else
left when ``t[i][j-1] > t[i-1][j]``, else up) then runs for every segment at once, row by row,
on bit-reversed rows where "keep moving left" is a carry chain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence

# Bit order of each byte reversed: bytes.translate with it reverses the bits of a byte string.
_REVERSED_BYTES = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


class _Layout:
    """Candidate sentences as segments of one bit vector (guard bit below each, one on top)."""

    def __init__(self, sentences: Sequence[Sequence[str]]) -> None:
        self.segments = 0  # every segment bit
        self.guards = 0  # every guard bit
        self.starts = 0  # the last column of each segment (where backtracking starts)
        self.matches: dict[str, int] = {}  # token -> bits of the columns holding it
        bit = 0
        for sentence in sentences:
            if not sentence:
                continue
            self.guards |= 1 << bit
            bit += 1
            for token in sentence:
                self.matches[token] = self.matches.get(token, 0) | (1 << bit)
                bit += 1
            self.segments |= ((1 << len(sentence)) - 1) << (bit - len(sentence))
            self.starts |= 1 << (bit - 1)
        self.guards |= 1 << bit
        self.size = bit // 8 + 1  # bytes: room for every bit
        self.reversed_matches = {t: self.reverse(m) for t, m in self.matches.items()}
        self.reversed_guards = self.reverse(self.guards)

    def reverse(self, bits: int) -> int:
        """``bits`` mirrored over the layout's width (bit ``b`` -> bit ``8 * size - 1 - b``)."""
        data = bits.to_bytes(self.size, "little").translate(_REVERSED_BYTES)
        return int.from_bytes(data, "big")

    def union_lcs(self, reference: Sequence[str]) -> list[int]:
        """Sorted indices of ``reference`` in the union of its LCS with every candidate."""
        rows = [self.segments]  # V of rows 0..len(reference)
        for token in reference:
            previous = rows[-1]
            carried = previous & self.matches.get(token, 0)
            rows.append(((previous + carried) | (previous - carried)) & self.segments)
        union = []
        position = self.reverse(self.starts)  # one bit per live segment, in mirrored order
        for i in range(len(reference), 0, -1):
            if not position:
                break
            grows = self.segments ^ rows[i]  # columns j-1 where t[i][j] = t[i][j-1] + 1
            grew_before = self.segments ^ rows[i - 1]
            # t[i][j] - t[i-1][j]: between each growth of row i and the next of row i-1
            down = ((grew_before | self.guards) - grows) & self.segments
            match = self.reversed_matches.get(reference[i - 1], 0)
            left = self.reverse(down & ~grows) & ~match
            stops = ((left + position) ^ left) & ~left & ~self.reversed_guards
            matched = stops & match
            if matched:
                union.append(i - 1)
            position = ((matched << 1) | (stops & ~match)) & ~self.reversed_guards
        return union[::-1]


def summary_lcs_hits(reference: Sequence[Sequence[str]], candidate: Sequence[Sequence[str]]) -> int:
    """Hits of ROUGE-LSum: union-LCS tokens of each reference sentence, each token counted at
    most as often as it occurs in either text (as ``rouge_score`` 0.1.2 and ROUGE 1.5.5)."""
    reference_counts = Counter(t for sentence in reference for t in sentence)
    candidate_counts = Counter(t for sentence in candidate for t in sentence)
    layout = _Layout(candidate)
    hits = 0
    for sentence in reference:
        for index in layout.union_lcs(sentence):
            token = sentence[index]
            if candidate_counts[token] > 0 and reference_counts[token] > 0:
                hits += 1
                candidate_counts[token] -= 1
                reference_counts[token] -= 1
    return hits


def levenshtein(first: Sequence[Hashable], second: Sequence[Hashable]) -> int:
    """Edit distance (unit insertions, deletions, substitutions) of two token sequences.

    Myers' bit-vector algorithm in Hyyrö's formulation: ``first`` is the pattern (one bit per
    token), one big-integer step per token of ``second``.
    """
    if not first:
        return len(second)
    mask = (1 << len(first)) - 1
    top = 1 << (len(first) - 1)
    matches: dict[Hashable, int] = {}
    for index, token in enumerate(first):
        matches[token] = matches.get(token, 0) | (1 << index)
    plus, minus, distance = mask, 0, len(first)
    for token in second:
        match = matches.get(token, 0)
        vertical = match | minus
        horizontal = (((match & plus) + plus) ^ plus) | match
        up = minus | (~(horizontal | plus) & mask)
        down = plus & horizontal
        if up & top:
            distance += 1
        elif down & top:
            distance -= 1
        up = (up << 1) | 1
        down <<= 1
        plus = (down | ~(vertical | up)) & mask
        minus = up & vertical & mask
    return distance
