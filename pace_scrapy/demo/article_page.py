"""The news article template (sections with template "news")."""

from __future__ import annotations

from bisect import bisect_left

from pace_scrapy.demo.article_head import article_json_ld, article_meta_tags
from pace_scrapy.demo.body_html import block_html, figure_html
from pace_scrapy.demo.bylines import byline_html
from pace_scrapy.demo.chrome import most_read_html, page_html, share_bar, teaser_html
from pace_scrapy.demo.comments import comments_html
from pace_scrapy.demo.markup import Ctx, esc
from pace_scrapy.demo.model import Ad, ArticleMeta, Block
from pace_scrapy.demo.sections import SECTION_BY_SLUG
from pace_scrapy.demo.text import slugify


def uses_entities(meta: ArticleMeta) -> bool:
    """Every third article spells typographic characters as named HTML entities."""
    return meta.index % 3 == 0


def _body(ctx: Ctx, blocks: tuple[Block, ...], entities: bool) -> str:
    """Body container; layout 2 splits the text into chunks around ads."""
    t = ctx.theme
    if t.layout == 1:
        inner = "".join(block_html(ctx, block, entities) for block in blocks)
        return f'<div class="{t.m("ArticleBody", "body")}">\n{inner}</div>\n'
    chunks: list[str] = []
    current: list[str] = []
    for block in blocks:
        if isinstance(block, Ad):
            chunks.append(f'<div class="{t.m("ArticleBody", "chunk")}">{"".join(current)}</div>\n')
            chunks.append(block_html(ctx, block, entities))
            current = []
        else:
            current.append(block_html(ctx, block, entities))
    chunks.append(f'<div class="{t.m("ArticleBody", "chunk")}">{"".join(current)}</div>\n')
    return f'<section class="{t.m("ArticleBody", "body")}">\n{"".join(chunks)}</section>\n'


def header_html(ctx: Ctx, meta: ArticleMeta, with_byline: bool) -> str:
    """Kicker, headline, (byline,) standfirst."""
    t = ctx.theme
    section = SECTION_BY_SLUG[meta.section]
    tag = "div" if t.layout == 1 else "header"
    byline = byline_html(ctx, meta) if with_byline else ""
    return (
        f'<{tag} class="{t.m("ArticleHeader", "root")}">'
        f'<a class="{t.m("ArticleHeader", "kicker")}" href="/{section.slug}/">{section.name}</a>\n'
        f'<h1 class="{t.m("ArticleHeader", "headline")}">{esc(meta.headline)}</h1>\n{byline}'
        f'<p class="{t.m("ArticleHeader", "standfirst")}">{esc(meta.description)}</p></{tag}>\n'
    )


def tags_html(ctx: Ctx, meta: ArticleMeta) -> str:
    """Topic links under the body."""
    links = "".join(f'<li><a href="/tag/{slugify(tag)}/">{esc(tag)}</a></li>' for tag in meta.tags)
    return f'<ul class="{ctx.theme.m("Topics", "list")}" aria-label="Topics">{links}</ul>\n'


def more_on_story_html(ctx: Ctx, meta: ArticleMeta) -> str:
    """Related-story list after the body: neighbouring articles of the same section."""
    same = ctx.catalog.by_section[meta.section]
    position = bisect_left([m.index for m in same], meta.index)
    picks = [m for m in same[max(0, position - 2) : position + 3] if m.index != meta.index][:3]
    cards = "".join(teaser_html(ctx, other, with_summary=False) for other in picks)
    return (
        f'<section class="{ctx.theme.m("MoreOnStory", "root")}"><h2>More on this story</h2>'
        f"{cards}</section>\n"
    )


def news_article_html(ctx: Ctx, meta: ArticleMeta) -> str:
    """Full page of a news article."""
    t, url = ctx.theme, ctx.url(meta.path)
    entities = uses_entities(meta)
    lead = "" if meta.lead is None else figure_html(ctx, meta.lead, entities)
    byline_below = "" if t.layout == 1 else byline_html(ctx, meta)
    article = (
        f'<article class="{t.m("Article", "root")}">\n'
        f"{header_html(ctx, meta, with_byline=t.layout == 1)}{lead}{byline_below}"
        f"{share_bar(ctx, url, meta.headline, 'top')}"
        f"{_body(ctx, ctx.catalog.blocks(meta), entities)}"
        f"{tags_html(ctx, meta)}{share_bar(ctx, url, meta.headline, 'bottom')}"
        f"{more_on_story_html(ctx, meta)}{comments_html(ctx, meta)}</article>\n"
    )
    if t.layout == 1:
        main = f'<div class="{t.m("Layout", "grid")}">{article}{most_read_html(ctx)}</div>\n'
    else:
        main = article + most_read_html(ctx)
    return page_html(
        ctx,
        title=meta.headline,
        description=meta.description,
        path=meta.path,
        main=main,
        meta=article_meta_tags(ctx, meta),
        head_extra=article_json_ld(ctx, meta),
        page_kind="article",
    )
