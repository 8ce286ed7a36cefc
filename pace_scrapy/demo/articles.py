"""Generation of article metadata, body blocks and live-blog posts."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from itertools import accumulate

from pace_scrapy.demo import words as w
from pace_scrapy.demo.images import make_image
from pace_scrapy.demo.model import (
    Ad,
    ArticleMeta,
    Block,
    Code,
    Figure,
    Heading,
    ListBlock,
    LivePost,
    Newsletter,
    Paragraph,
    PullQuote,
    Quote,
    ReadMore,
    Related,
    Span,
    Table,
)
from pace_scrapy.demo.rng import rng_for
from pace_scrapy.demo.sections import NEWEST, SECTION_BY_SLUG, SECTIONS, SPACING
from pace_scrapy.demo.tables import make_table
from pace_scrapy.demo.text import Writer, cap

BYLINE_STYLES = 4
_CUM_WEIGHTS = tuple(accumulate(section.weight for section in SECTIONS))
SPONSOR_TEXTS = (
    "Sponsored: Compare this season’s best broadband deals in minutes.",
    "Sponsored: Retire abroad? Get your free guide to pensions overseas.",
    "Sponsored: The walking boots hikers can’t stop talking about.",
)
NEWSLETTERS = ("The Morning Briefing", "Weekend Reads", "Markets at Noon")


def make_meta(seed: int, index: int, authors: tuple[str, ...]) -> ArticleMeta:
    """Metadata of article ``index`` (0 = newest)."""
    rng = rng_for(seed, "article", index)
    section = rng.choices(SECTIONS, cum_weights=_CUM_WEIGHTS)[0]
    writer = Writer(rng, section.vocab)
    headline = writer.headline()
    if section.template == "live":
        headline = f"Live: {headline}"
    published = NEWEST - index * SPACING - timedelta(minutes=rng.randint(0, 90))
    edited = section.template == "live" or rng.random() < 0.3
    modified = published + timedelta(minutes=rng.randint(25, 1500)) if edited else None
    n_authors = rng.choice((1, 1, 1, 1, 2, 2, 3))
    pool = list(writer.vocab.issues) + list(writer.vocab.metrics)
    tags = (*rng.sample(pool, rng.randint(1, 2)), rng.choice(w.PLACES))
    lead = None
    if rng.random() < 0.85:
        lead = make_figure(writer, seed, index, 0)
    return ArticleMeta(
        index=index,
        section=section.slug,
        headline=headline,
        description=writer.standfirst(),
        published=published,
        modified=modified,
        authors=tuple(rng.sample(authors, n_authors)),
        tags=tuple(cap(tag) for tag in tags),
        byline_style=rng.randrange(BYLINE_STYLES),
        lead=lead,
    )


def make_figure(writer: Writer, seed: int, index: int, number: int) -> Figure:
    """A figure of article ``index``; ``number`` 0 is the lead image."""
    rng = writer.rng
    alt = cap(f"{rng.choice(writer.vocab.actors)} in {rng.choice(w.PLACES)}")
    image = make_image(rng, alt, seed, "figure", index, number)
    credit = writer.credit() if rng.random() < 0.85 else None
    return Figure(image=image, caption=writer.caption(), credit=credit)


def _paragraph(writer: Writer, link_to: str | None, dateline: bool) -> Paragraph:
    """A paragraph; some carry a link (to ``link_to``) or emphasis on words of one sentence."""
    rng = writer.rng
    sentences = [writer.sentence() for _ in range(rng.randint(1, 4))]
    spans: list[Span] = []
    if dateline:
        spans += [Span(rng.choice(w.PLACES).upper(), "strong"), Span(" — ")]
    if link_to is None and rng.random() >= 0.15:
        return Paragraph((*spans, Span(" ".join(sentences))))
    k = rng.randrange(len(sentences))
    words = sentences[k].split(" ")
    start = rng.randrange(max(1, len(words) - 4))
    end = min(start + rng.randint(2, 4), max(start + 1, len(words) - 1))
    before = " ".join([*sentences[:k], *words[:start]])
    after = " ".join([*words[end:], *sentences[k + 1 :]])
    inline = Span(" ".join(words[start:end]), "a" if link_to else "em", link_to or "")
    spans += [Span(before + " " if before else ""), inline, Span(" " + after if after else "")]
    return Paragraph(tuple(span for span in spans if span.text))


def _extra_block(writer: Writer, seed: int, meta: ArticleMeta, number: int) -> Block | None:
    rng, roll = writer.rng, writer.rng.random()
    if roll < 0.12:
        return Heading(rng.choice((2, 2, 3)), writer.subheading())
    if roll < 0.18:
        items = tuple(writer.list_item() for _ in range(rng.randint(3, 5)))
        return ListBlock(ordered=rng.random() < 0.3, items=items)
    if roll < 0.24:
        return Quote(tuple(writer.quote() for _ in range(rng.randint(1, 2))))
    if roll < 0.33:
        return make_figure(writer, seed, meta.index, number)
    if roll < 0.38 and meta.section in ("business", "politics", "sport"):
        return make_table(writer)
    if roll < 0.42 and meta.section == "science":
        metric = writer.vocab.metrics[rng.randrange(len(writer.vocab.metrics))].replace(" ", "_")
        return Code(
            f'import csv\n\nwith open("{metric}.csv") as f:\n'
            f"    rows = list(csv.DictReader(f))\nprint(len(rows), 'records')"
        )
    return None


def make_blocks(
    seed: int, meta: ArticleMeta, n_articles: int, path_of: Callable[[int], str]
) -> tuple[Block, ...]:
    """Body blocks of a news or opinion article, noise boxes included."""
    rng = rng_for(seed, "body", meta.index)
    writer = Writer(rng, SECTION_BY_SLUG[meta.section].vocab)
    others = sample_other(rng, n_articles, meta.index, 5)
    blocks: list[Block] = []
    n_paragraphs = rng.randint(3, 15)
    for number in range(n_paragraphs):
        link = path_of(others[0]) if others and rng.random() < 0.12 else None
        blocks.append(_paragraph(writer, link, dateline=number == 0 and rng.random() < 0.3))
        extra = _extra_block(writer, seed, meta, number + 1) if number < n_paragraphs - 1 else None
        once = isinstance(extra, Table | Code)
        if extra is not None and not (once and any(isinstance(b, Table | Code) for b in blocks)):
            blocks.append(extra)
    if SECTION_BY_SLUG[meta.section].template == "opinion":
        quoted = rng.choice([b for b in blocks if isinstance(b, Paragraph)]).text
        noise: list[Block] = [PullQuote(quoted.split(". ")[0].rstrip(".") + ".")]
    else:
        noise = [Ad(slot, rng.choice(SPONSOR_TEXTS)) for slot in range(1 + len(blocks) // 6)]
        if others and rng.random() < 0.6:
            noise.append(ReadMore(others[-1]))
        if len(others) > 3 and rng.random() < 0.3:
            noise.append(Related(tuple(others[1:4])))
    if n_paragraphs >= 5:
        noise.append(Newsletter(rng.choice(NEWSLETTERS)))
    for box in noise:
        blocks.insert(rng.randint(1, len(blocks)), box)
    ads = iter(range(1, len(blocks) + 1))
    return tuple(Ad(next(ads), b.sponsor_text) if isinstance(b, Ad) else b for b in blocks)


def make_live_posts(seed: int, meta: ArticleMeta) -> tuple[LivePost, ...]:
    """Posts of a live blog, newest first (served as JSON, rendered by script)."""
    rng = rng_for(seed, "live", meta.index)
    writer = Writer(rng, SECTION_BY_SLUG[meta.section].vocab)
    end = meta.modified or meta.published
    count = rng.randint(4, 10)
    step = timedelta(minutes=(end - meta.published) // timedelta(minutes=1) // count)
    return tuple(
        LivePost(
            time=end - n * step,
            title=writer.headline(),
            paragraphs=tuple(writer.paragraph() for _ in range(rng.randint(1, 3))),
        )
        for n in range(count)
    )


def sample_other(rng: random.Random, n_articles: int, exclude: int, count: int) -> list[int]:
    """``count`` distinct article indices other than ``exclude``."""
    picks = rng.sample(range(n_articles), min(n_articles, count + 1))
    return [i for i in picks if i != exclude][:count]
