"""The opinion template: different wrappers (no <article>, <div> paragraphs, drop caps)."""

from __future__ import annotations

from pace_scrapy.demo.article_head import article_json_ld, article_meta_tags
from pace_scrapy.demo.article_page import uses_entities
from pace_scrapy.demo.body_html import block_html, figure_html, paragraph_inner
from pace_scrapy.demo.bylines import author_link, join_names, long_date
from pace_scrapy.demo.chrome import most_read_html, page_html, share_bar
from pace_scrapy.demo.markup import Ctx, esc
from pace_scrapy.demo.model import ArticleMeta, Block, Heading, Paragraph, Span
from pace_scrapy.demo.sections import SITE_NAME


def _paragraph(ctx: Ctx, paragraph: Paragraph, entities: bool, drop_cap: bool) -> str:
    t = ctx.theme
    first = paragraph.spans[0]
    if drop_cap and not first.tag and len(first.text) > 1:
        rest = Paragraph((Span(first.text[1:]), *paragraph.spans[1:]))
        inner = f'<span class="{t.m("OpEd", "dropCap")}">{esc(first.text[0])}</span>'
        inner += paragraph_inner(rest, entities)
    else:
        inner = paragraph_inner(paragraph, entities)
    return f'<div class="{t.m("OpEd", "para")}">{inner}</div>\n'


def _column(ctx: Ctx, blocks: tuple[Block, ...], entities: bool) -> str:
    """Text column split into <section>s at each heading."""
    t = ctx.theme
    sections: list[list[str]] = [[]]
    first_paragraph = True
    for block in blocks:
        if isinstance(block, Heading):
            sections.append([])
        if isinstance(block, Paragraph):
            sections[-1].append(_paragraph(ctx, block, entities, drop_cap=first_paragraph))
            first_paragraph = False
        else:
            sections[-1].append(block_html(ctx, block, entities))
    inner = "".join(
        f'<section class="{t.m("OpEd", "section")}">{"".join(parts)}</section>\n'
        for parts in sections
        if parts
    )
    return f'<div class="{t.m("OpEd", "column")}">\n{inner}</div>\n'


def opinion_article_html(ctx: Ctx, meta: ArticleMeta) -> str:
    """Full page of an opinion column."""
    t, url = ctx.theme, ctx.url(meta.path)
    entities = uses_entities(meta)
    lead = "" if meta.lead is None else figure_html(ctx, meta.lead, entities)
    names = join_names([author_link(name) for name in meta.authors])
    bio = (
        f"{esc(join_names(meta.authors))} "
        f"{'is a columnist' if len(meta.authors) == 1 else 'are columnists'} for {SITE_NAME}."
    )
    page = (
        f'<div class="{t.m("OpEd", "page")}" role="article">\n'
        f'<div class="{t.m("OpEd", "masthead")}"><span class="{t.m("OpEd", "label")}">Opinion'
        f'</span><h1 class="{t.m("OpEd", "title")}">{esc(meta.headline)}</h1>'
        f'<div class="{t.m("OpEd", "dek")}">{esc(meta.description)}</div></div>\n'
        f'<div class="{t.m("OpEd", "author")}"><span>Opinion by {names}</span> '
        f'<span class="{t.m("OpEd", "date")}">{long_date(meta.published)}</span></div>\n'
        f"{lead}{_column(ctx, ctx.catalog.blocks(meta), entities)}"
        f'<div class="{t.m("OpEd", "bio")}"><p>{bio}</p></div>\n'
        f"{share_bar(ctx, url, meta.headline, 'bottom')}</div>\n"
    )
    return page_html(
        ctx,
        title=meta.headline,
        description=meta.description,
        path=meta.path,
        main=page + most_read_html(ctx),
        meta=article_meta_tags(ctx, meta),
        head_extra=article_json_ld(ctx, meta),
        page_kind="opinion",
    )
