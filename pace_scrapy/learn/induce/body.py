"""Inducing the body spec (containers, exclusions) from pages whose content blocks are labelled.

Every candidate selector is scored on every training page by the characters of content and of
other text it keeps, so the chosen spec is the one that reproduces the labels best across
pages, not on one page. Exclusions are kept only when they remove no labelled content on any
training page (but text the body repeats outside them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from lxml.html import HtmlElement

from pace_scrapy.config.model import BodySpec, Selector
from pace_scrapy.extract.body import LINK_DENSITY_KINDS, link_dense, with_leads
from pace_scrapy.learn.induce.body_sample import BodySample, f1
from pace_scrapy.learn.induce.selectors import by_child, candidate_selectors, positional
from pace_scrapy.learn.induce.text_patterns import matches_any, matches_any_of, text_patterns
from pace_scrapy.page.text import element_text

MAX_CONTAINER_CANDIDATES = 12
# A site of two templates gets a container for each (see _templates) when the first is shown on
# this many training pages and the second fits the others at this mean F1; this many first
# containers are tried.
MIN_TEMPLATE_PAGES = 2
MIN_TEMPLATE_FIT = 0.8
MAX_TEMPLATE_CANDIDATES = 5
MAX_RANKED_CONTAINERS = 400
MAX_EXCLUSIONS = 25
MIN_EXCLUSION_GAIN = 10
SCORE_TIE = 0.01
# A lead (a standfirst above the body containers, kept apart from them) must add this many
# labelled characters over the training pages, with other text at most this share of them on
# each page, and not be named like furniture; this many are tried.
MIN_LEAD_CHARS = 40
LEAD_NOISE = 0.25
MAX_LEADS = 3
LEAD_MIN_GAIN = 0.001
# With a lead, paragraphs this long between it and the containers open the body too, unless
# that scores worse on the training pages (see ``BodySpec.lead_span``).
LEAD_SPAN_CHARS = 100
# Link-density limits the body may get, lowest first: blocks with a larger share of link text
# are dropped (related-story lists). The limit stays this far above the densest content block.
LINK_DENSITY_LIMITS = (0.5, 0.6, 0.7, 0.8, 0.9)
LINK_DENSITY_MARGIN = 0.1
# A body shorter than this share of the shortest training body (and than MAX_MIN_CHARS) is left
# to the generic fallback.
MIN_BODY_SHARE = 0.2
MAX_MIN_CHARS = 350
# Names page furniture goes by; matched as substrings of class and id values.
FURNITURE_WORDS = (
    "related",
    "share",
    "social",
    "newsletter",
    "promo",
    "advert",
    "sponsor",
    "comment",
    "subscribe",
    "recommend",
    "outbrain",
    "taboola",
    "breadcrumb",
    "teaser",
    "sidebar",
    "widget",
    "mostread",
    "most-read",
    "tags",
)
# CSS attribute matches are case-sensitive: both spellings of each word (newsletter and
# NewsletterSignup).
PRIOR_EXCLUSIONS = (
    *(
        f'[{attr}*="{spelling}"]'
        for attr in ("class", "id")
        for word in FURNITURE_WORDS
        for spelling in (word, word.capitalize())
    ),
    "aside",
    "nav",
    "form",
    "footer",
)
# The share of the training pages' labelled characters a prior exclusion may remove.
PRIOR_LOSS_SHARE = 0.01
BOILERPLATE_TAGS = frozenset({"aside", "nav", "footer", "form", "button", "select", "input"})


@dataclass
class _Candidate:
    containers: list[str]
    lead: str | None = None  # a standfirst above the containers
    span: int | None = None  # paragraphs this long between the lead and the containers
    span_from: str | None = None  # without a lead, where the span starts (the headline)
    exclusions: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)
    max_link_density: float | None = None
    score: float = 0.0


def induce_body(samples: Sequence[BodySample]) -> BodySpec | None:
    """The body spec that best reproduces the labelled content on every sample, or ``None``."""
    samples = [s for s in samples if s.content_chars]
    if not samples:
        return None
    ranked = _rank_containers(samples)
    singles = [_refine(samples, [css]) for css in _shortlist(samples, ranked)]
    best = _choose(samples, singles)
    if best is None:
        return None
    # Two containers only when they fit clearly better than any one (not on a tie-break).
    top = max(candidate.score for candidate in singles) + SCORE_TIE
    pairs = (_refine(samples, pair) for pair in _templates(samples, ranked, best.containers))
    best = _choose(samples, [pair for pair in pairs if pair.score > top]) or best
    best = _with_span(samples, _with_lead(samples, best, ranked))
    _add_fallback_containers(samples, best, ranked)
    return BodySpec(
        containers=tuple(Selector(css=css) for css in best.containers),
        exclude=tuple(Selector(css=css) for css in best.exclusions),
        exclude_text=tuple(best.patterns),
        max_link_density=best.max_link_density,
        min_chars=_min_chars(samples),
        lead=Selector(css=best.lead) if best.lead else None,
        lead_span=best.span,
        span_from=Selector(css=best.span_from) if best.span_from else None,
    )


def _min_chars(samples: Sequence[BodySample]) -> int:
    """The fewest characters a body may have: :data:`MIN_BODY_SHARE` of the shortest labelled
    body, at most :data:`MAX_MIN_CHARS` (short articles exist; a body of a few words where the
    training pages had thousands is a container matching the wrong thing)."""
    shortest = min(sample.content_chars for sample in samples)
    return max(1, min(MAX_MIN_CHARS, int(MIN_BODY_SHARE * shortest)))


def _rank_containers(samples: Sequence[BodySample]) -> list[tuple[str, float]]:
    """Container selectors proposed by the content blocks' ancestors, best mean F1 first.

    Only the :data:`MAX_RANKED_CONTAINERS` proposed by the most samples, then by the most
    content blocks, are scored (each is tried on every page): a page of thousands of
    paragraphs proposes a selector of its own for each, none of which holds the body."""
    proposed: Counter[str] = Counter()  # samples proposing each selector
    blocks: Counter[str] = Counter()  # content blocks proposing it, over the samples
    for sample in samples:
        proposing: Counter[str] = Counter()
        proposals: dict[tuple[HtmlElement, HtmlElement | None], list[str]] = {}
        for block in sample.blocks:
            if block.id not in sample.content:
                continue
            child = None  # the element on the way from this one to the block
            for element in (block.element, *block.element.iterancestors()):
                if element.tag in ("html", "body"):
                    break
                key = (element, child)
                if key not in proposals:
                    found = candidate_selectors(element, max_depth=1)
                    proposals[key] = [
                        *found,
                        *(by_child(element, child) if child is not None else ()),
                    ]
                proposing.update(proposals[key])
                child = element
        proposed.update(proposing.keys())
        blocks.update(proposing)
    chosen = sorted(proposed, key=lambda css: (-proposed[css], -blocks[css], len(css), css))
    scored = []
    for css in chosen[:MAX_RANKED_CONTAINERS]:
        score = sum(_container_f1(sample, _Candidate([css])) for sample in samples) / len(samples)
        scored.append((css, score, proposed[css], len(css)))
    scored.sort(key=lambda item: (-item[1], -item[2], item[3]))
    return [(css, score) for css, score, _, _ in scored]


def _shortlist(samples: Sequence[BodySample], ranked: Sequence[tuple[str, float]]) -> list[str]:
    """The best containers by F1, and the best by recall-weighted F (exclusions may fix
    their precision)."""
    by_f1 = [css for css, _ in ranked[:MAX_CONTAINER_CANDIDATES]]
    recall_weighted = sorted(
        (css for css, _ in ranked),
        key=lambda css: -sum(_container_f1(s, _Candidate([css]), beta=3.0) for s in samples),
    )
    return list(dict.fromkeys(by_f1 + recall_weighted[:MAX_CONTAINER_CANDIDATES]))


def _choose(samples: Sequence[BodySample], candidates: Iterable[_Candidate]) -> _Candidate | None:
    """The candidate :func:`_preferred` to all others, or ``None`` when there is none."""
    best = None
    for candidate in candidates:
        if best is None or _preferred(samples, candidate, best):
            best = candidate
    return best


def _templates(
    samples: Sequence[BodySample], ranked: Sequence[tuple[str, float]], single: Sequence[str]
) -> list[list[str]]:
    """Container lists for a site of two templates: a container that matches some of the
    training pages only, at least :data:`MIN_TEMPLATE_PAGES` of them (one page of a template
    is no evidence that the template goes on), and fits them clearly better than the
    ``single`` containers chosen for all pages do (else the pages are of one template); then
    the best container for the others if it holds their bodies (mean F1
    :data:`MIN_TEMPLATE_FIT`; not a headline on pages that are mostly video). The
    :data:`MAX_TEMPLATE_CANDIDATES` first containers best on the pages they match are tried."""
    partial = []
    for css, _ in ranked:
        if positional(css):
            continue  # a template's container by its name: a position fits the pages seen
        matched = [bool(sample.select(css)) for sample in samples]
        if MIN_TEMPLATE_PAGES <= sum(matched) < len(samples):
            pages = [s for s, m in zip(samples, matched, strict=True) if m]
            fit = _mean_f1(pages, css)
            if fit > _mean_f1(pages, *single) + SCORE_TIE:
                partial.append((fit, css, matched))
    partial.sort(key=lambda option: -option[0])  # stable: rank order among equals
    pairs = []
    for _, css, matched in partial[:MAX_TEMPLATE_CANDIDATES]:
        others = [s for s, m in zip(samples, matched, strict=True) if not m]
        fit, other = max(
            ((_mean_f1(others, o), o) for o, _ in ranked if o != css),
            key=lambda option: option[0],
            default=(0.0, ""),
        )
        if fit >= MIN_TEMPLATE_FIT:
            pairs.append([css, other])
    return pairs


def _mean_f1(samples: Sequence[BodySample], *containers: str) -> float:
    candidate = _Candidate(list(containers))
    return sum(_container_f1(sample, candidate) for sample in samples) / len(samples)


def _preferred(samples: Sequence[BodySample], candidate: _Candidate, best: _Candidate) -> bool:
    """A better score wins; at about the same score (within 0.01), the container matching
    fewer elements per page (one wrapper generalises to block types the pages did not show, a
    list of paragraphs does not), then a named one over one known by its position or by its
    children's names (``td:has(> p.story)``), then the tighter one (less to exclude, less to
    go wrong), then the outer one (a wrapper that holds nothing more on the training pages may
    hold a continuation on others). A lead is not counted as a match."""
    if abs(candidate.score - best.score) > SCORE_TIE:
        return candidate.score > best.score

    def key(c: _Candidate) -> tuple[int, bool, float, int, int]:
        roots = [_first_matching(s, c.containers) for s in samples]
        matches = sum(map(len, roots))
        indirect = any(positional(css) or ":has(" in css for css in c.containers)
        tight = sum(_container_f1(s, c) for s in samples)
        depth = sum(len(list(root.iterancestors())) for found in roots for root in found)
        return matches, indirect, -tight, len(c.exclusions), depth

    return key(candidate) < key(best)


def _container_f1(sample: BodySample, candidate: _Candidate, beta: float = 1.0) -> float:
    roots = _roots(sample, candidate)
    content, other = sample.chars(sample.inside(roots))
    return f1(content, other, sample.content_chars, beta)


def _first_matching(sample: BodySample, containers: Sequence[str]) -> list[HtmlElement]:
    for css in containers:
        found = sample.select(css)
        if found:
            return found
    return []


def _roots(sample: BodySample, candidate: _Candidate) -> list[HtmlElement]:
    """The body's root elements on a sample, as the extractor finds them."""
    found = _first_matching(sample, candidate.containers)
    if candidate.lead:
        return with_leads(found, sample.select(candidate.lead), candidate.span)
    if candidate.span_from:
        starts = sample.select(candidate.span_from)
        return with_leads(found, starts, candidate.span, keep_leads=False)
    return found


def _refine(
    samples: Sequence[BodySample],
    containers: list[str],
    lead: str | None = None,
    span: int | None = None,
    span_from: str | None = None,
) -> _Candidate:
    """Add exclusions (selectors, then repeated texts) to a container choice; score it."""
    candidate = _Candidate(containers=containers, lead=lead, span=span, span_from=span_from)
    roots = [_roots(sample, candidate) for sample in samples]
    kept = [sample.inside(r) for sample, r in zip(samples, roots, strict=True)]
    once_removed = _add_exclusions(samples, roots, kept, candidate)
    content_texts = {s.blocks[i].text for s in samples for i in s.content}
    candidate.patterns = text_patterns(
        [
            [s.blocks[i].text for i in sorted(ids - s.content)]
            for s, ids in zip(samples, kept, strict=True)
        ],
        content_texts,
    )
    # Only texts seen on several pages count towards the score: a one-page text pattern
    # fits its page and says nothing about the next one.
    recurring = _recurring_patterns(samples, kept, candidate.patterns)
    candidate.max_link_density = _link_density_limit(samples, kept)
    scores = []
    for sample, ids, once in zip(samples, kept, once_removed, strict=True):
        scored = {
            i
            for i in ids | once
            if not matches_any(sample.blocks[i].text, recurring)
            and not link_dense(sample.blocks[i], candidate.max_link_density)
        }
        scores.append(f1(*sample.chars(scored), sample.content_chars))
    candidate.score = sum(scores) / len(scores)
    return candidate


def _add_exclusions(
    samples: Sequence[BodySample],
    roots: Sequence[list[HtmlElement]],
    kept: Sequence[set[int]],
    candidate: _Candidate,
) -> list[set[int]]:
    """Add exclusion selectors to ``candidate`` (greedily, most other text first, none removing
    labelled content but what the body repeats: :func:`_exclusion_gain`), removing what they
    match from ``kept``. Returns, per sample, what exclusions firing on one page only (of
    several the containers match) removed: kept out of the body, but not counted in the score
    (like one-page text patterns, they fit their page and say nothing about the next one)."""
    proposals = _exclusion_proposals(samples, roots, kept)
    once_removed: list[set[int]] = [set() for _ in samples]
    while len(candidate.exclusions) < MAX_EXCLUSIONS and proposals:
        gains = {css: _exclusion_gain(samples, roots, kept, css) for css in proposals}
        css, (gain, loss) = max(gains.items(), key=_exclusion_key)
        if loss or gain < MIN_EXCLUSION_GAIN:
            break
        candidate.exclusions.append(css)
        removed = [
            found & ids for found, ids in zip(_matched(samples, roots, css), kept, strict=True)
        ]
        for ids, ids_removed in zip(kept, removed, strict=True):
            ids.difference_update(ids_removed)
        if sum(map(bool, roots)) > 1 and sum(map(bool, removed)) == 1:
            for ids_once_removed, ids_removed in zip(once_removed, removed, strict=True):
                ids_once_removed.update(ids_removed)
        proposals = [p for p in proposals if p != css and gains[p][0] > 0 and not gains[p][1]]
    prior = _prior_exclusions(samples, roots, kept)
    if prior:
        candidate.exclusions.append(prior)
        for ids, ids_once_removed, found in zip(
            kept, once_removed, _matched(samples, roots, prior), strict=True
        ):
            ids.difference_update(found)
            ids_once_removed.difference_update(found)
    return once_removed


def _link_density_limit(samples: Sequence[BodySample], kept: Sequence[set[int]]) -> float | None:
    """The lowest link-density limit (of :data:`LINK_DENSITY_LIMITS`) that drops no content
    block on any training page, with :data:`LINK_DENSITY_MARGIN` to spare; ``None`` when the
    content itself is mostly links."""
    densest = max(
        (
            sample.blocks[i].link_density
            for sample, ids in zip(samples, kept, strict=True)
            for i in ids & sample.content
            if sample.blocks[i].kind in LINK_DENSITY_KINDS
        ),
        default=0.0,
    )
    wanted = densest + LINK_DENSITY_MARGIN
    limit = next((limit for limit in LINK_DENSITY_LIMITS if limit >= wanted), None)
    drops = any(
        link_dense(sample.blocks[i], limit)
        for sample, ids in zip(samples, kept, strict=True)
        for i in ids - sample.content
    )
    return limit if drops else None


def _prior_exclusions(
    samples: Sequence[BodySample], roots: Sequence[list[HtmlElement]], kept: Sequence[set[int]]
) -> str | None:
    """Furniture that the training pages may not show but other pages will (related-story
    boxes, share bars, newsletter forms, author boxes in a footer...): one selector group of
    the furniture names and tags that remove hardly any labelled content on the training pages
    (:data:`PRIOR_LOSS_SHARE` of it: a byline's name also labels the author box that repeats
    it)."""
    safe = []
    tolerated = int(PRIOR_LOSS_SHARE * sum(s.content_chars for s in samples))
    for css in PRIOR_EXCLUSIONS:
        _, loss = _exclusion_gain(samples, roots, kept, css)
        if loss <= tolerated:
            safe.append(css)
    return ", ".join(safe) or None


def _exclusion_key(item: tuple[str, tuple[int, int]]) -> tuple[int, int]:
    """Most other text removed (content removed heavily penalised), then the shortest."""
    css, (gain, loss) = item
    return gain - 1000 * loss, -len(css)


def _exclusion_proposals(
    samples: Sequence[BodySample], roots: Sequence[list[HtmlElement]], kept: Sequence[set[int]]
) -> list[str]:
    proposals: dict[str, None] = {}
    for sample, sample_roots, ids in zip(samples, roots, kept, strict=True):
        for i in sorted(ids - sample.content):
            element = sample.blocks[i].element
            if element in sample_roots:
                continue
            for node in (element, *element.iterancestors()):
                if node in sample_roots or node.tag in ("html", "body"):
                    break
                proposals.update(
                    dict.fromkeys(c for c in candidate_selectors(node, max_depth=1) if _specific(c))
                )
    return list(proposals)


def _specific(css: str) -> bool:
    """True when a selector's last part names a class, id or attribute, or a tag that is
    boilerplate by nature: a bare ``div`` or ``h3`` says too little to exclude it everywhere."""
    last = css.rsplit(" ", 1)[-1]
    return any(mark in last for mark in ".#[") or last in BOILERPLATE_TAGS


def _exclusion_gain(
    samples: Sequence[BodySample],
    roots: Sequence[list[HtmlElement]],
    kept: Sequence[set[int]],
    css: str,
) -> tuple[int, int]:
    """(other characters, labelled characters) that an exclusion removes from ``kept``. Labelled
    blocks whose text the kept body repeats elsewhere are no loss: labels found by matching
    text also mark a box that repeats the article's words (a related link titled as a
    subheading)."""
    gain = loss = 0
    for sample, ids, found in zip(samples, kept, _matched(samples, roots, css), strict=True):
        removed = found & ids
        content, other = sample.chars(removed)
        gain += other
        if content:
            loss += sample.chars(_unrepeated(sample, removed, ids - removed))[0]
    return gain, loss


def _unrepeated(sample: BodySample, removed: set[int], rest: set[int]) -> set[int]:
    """The blocks of ``removed`` whose text is not that of a labelled block of ``rest``."""
    kept = {sample.blocks[i].text for i in rest & sample.content}
    return {i for i in removed if not sample.blocks[i].text or sample.blocks[i].text not in kept}


def _matched(
    samples: Sequence[BodySample], roots: Sequence[list[HtmlElement]], css: str
) -> list[set[int]]:
    """Per sample, the ids of the blocks inside what ``css`` matches under the sample's roots."""
    return [
        sample.inside(sample.select(css, sample_roots))
        for sample, sample_roots in zip(samples, roots, strict=True)
    ]


def _recurring_patterns(
    samples: Sequence[BodySample], kept: Sequence[set[int]], patterns: Sequence[str]
) -> list[str]:
    """The patterns that match a block on more than one training page."""
    if len(samples) < 2:
        return list(patterns)
    return [
        pattern
        for pattern in patterns
        if sum(
            matches_any_of((s.blocks[i].text for i in ids), [pattern])
            for s, ids in zip(samples, kept, strict=True)
        )
        > 1
    ]


def _with_lead(
    samples: Sequence[BodySample], chosen: _Candidate, ranked: Sequence[tuple[str, float]]
) -> _Candidate:
    """The chosen containers with a lead when labelled content sits above them in an element
    of its own (a standfirst, a dateline), if that scores better on the training pages. Only
    the pages the chosen container matches count (a page of another template gets a fallback
    container instead)."""
    roots = [_first_matching(sample, chosen.containers) for sample in samples]
    matched = [(s, r) for s, r in zip(samples, roots, strict=True) if r]
    missed = sum(s.content_chars - s.chars(s.inside(r))[0] for s, r in matched)
    if missed < MIN_LEAD_CHARS:
        return chosen
    starts = [min(sample.inside(sample_roots), default=0) for sample, sample_roots in matched]
    options: list[tuple[int, bool, int, str]] = []
    for css, _ in ranked:
        if css in chosen.containers or _furniture(css):
            continue
        added = [sample.inside(sample.select(css)) for sample, _ in matched]
        if not all(max(ids, default=-1) < start for ids, start in zip(added, starts, strict=True)):
            continue  # above the body wherever it is, as a standfirst is
        counts = [sample.chars(ids) for (sample, _), ids in zip(matched, added, strict=True)]
        gain = sum(content for content, _ in counts)
        if gain >= MIN_LEAD_CHARS and all(o <= c * LEAD_NOISE for c, o in counts):
            options.append((-gain, not _specific(css), len(css), css))
    best = chosen
    for *_, css in sorted(options)[:MAX_LEADS]:
        candidate = _refine(samples, chosen.containers, lead=css)
        if candidate.score > best.score + LEAD_MIN_GAIN:
            best = candidate
    return best


def _with_span(samples: Sequence[BodySample], chosen: _Candidate) -> _Candidate:
    """The chosen body opened by the long paragraphs between its lead (without one, the
    headline) and its containers, unless that scores worse on the training pages: what they
    did not show there but sits where the body starts (``BodySpec.lead_span``)."""
    start = None if chosen.lead else _headline_selector(samples)
    if chosen.lead is None and start is None:
        return chosen
    if start is not None and not _content_between(samples, chosen.containers, start):
        return chosen
    spanned = _refine(samples, chosen.containers, chosen.lead, LEAD_SPAN_CHARS, start)
    return spanned if spanned.score >= chosen.score else chosen


def _content_between(samples: Sequence[BodySample], containers: list[str], start: str) -> bool:
    """True when every paragraph between ``start`` and the containers is labelled content on
    every sample, however short (a headline's byline paragraph says the span would take one
    that runs longer on another page)."""
    for sample in samples:
        found = _first_matching(sample, containers)
        opened = with_leads(found, sample.select(start), 1, keep_leads=False)
        if sample.chars(sample.inside(opened[: len(opened) - len(found)]))[1]:
            return False
    return True


def _headline_selector(samples: Sequence[BodySample]) -> str | None:
    """A selector that matches the labelled headline and nothing else on every sample that has
    one (``None`` when none does, no sample has a headline, or two samples' headlines are the
    same text)."""
    shown = [(sample, sample.headline) for sample in samples if sample.headline is not None]
    if not shown or len({element_text(headline) for _, headline in shown}) < len(shown):
        return None  # a headline repeated across pages is the site's name
    for css in candidate_selectors(shown[0][1]):
        if not positional(css) and all(s.select(css) == [h] for s, h in shown):
            return css
    return None


def _furniture(css: str) -> bool:
    """True when a selector names page furniture (comments, footers, share bars...)."""
    lowered = css.lower()
    return any(word in lowered for word in (*FURNITURE_WORDS, "footer"))


def _add_fallback_containers(
    samples: Sequence[BodySample], best: _Candidate, ranked: Sequence[tuple[str, float]]
) -> None:
    """When the chosen container matches nothing on some samples, add the best container for
    those samples as a fallback (several templates on one site)."""
    missing = [s for s in samples if not _first_matching(s, best.containers)]
    while missing:
        options = [
            (sum(_container_f1(s, _Candidate([css])) for s in missing) / len(missing), css)
            for css, _ in ranked
            if css not in best.containers
        ]
        # The best score; at equal scores the first in rank order.
        score, css = max(options, key=lambda option: option[0], default=(0.0, ""))
        if score <= 0:
            return
        best.containers.append(css)
        missing = [s for s in missing if not _first_matching(s, best.containers)]
