"""HTML of article body blocks (content and in-body noise boxes) and of images."""

from __future__ import annotations

from pace_scrapy.demo.images import PLACEHOLDER, default_width, image_url, srcset
from pace_scrapy.demo.markup import Ctx, attr, esc
from pace_scrapy.demo.model import (
    Ad,
    Block,
    Cell,
    Code,
    Figure,
    Heading,
    Image,
    ListBlock,
    Newsletter,
    Paragraph,
    PullQuote,
    Quote,
    ReadMore,
    Related,
    Table,
)


def img_html(ctx: Ctx, image: Image) -> str:
    """An ``<img>`` in one of four lazy-loading styles (see ``images.LAZY_STYLES``)."""
    width = default_width(image)
    src, alt = image_url(ctx.base, image, width), attr(image.alt)
    size = f'width="{width}" height="{width * 9 // 16}"'
    if image.lazy == 0:
        return (
            f'<img class="lazyload" src="{PLACEHOLDER}" data-src="{src}" '
            f'data-srcset="{srcset(ctx.base, image)}" data-sizes="auto" alt="{alt}" {size}>'
            f'<noscript><img src="{src}" alt="{alt}"></noscript>'
        )
    if image.lazy == 1:
        return (
            f'<img src="{src}" srcset="{srcset(ctx.base, image)}" '
            f'sizes="(max-width: 768px) 100vw, 720px" loading="lazy" decoding="async" '
            f'alt="{alt}" {size}>'
        )
    if image.lazy == 2:
        return f'<img class="lazyload" src="{PLACEHOLDER}" data-src="{src}" alt="{alt}" {size}>'
    return f'<img src="{src}" alt="{alt}" loading="lazy" {size}>'


def figure_html(ctx: Ctx, figure: Figure, entities: bool) -> str:
    """A figure with caption and optional credit span inside the figcaption."""
    t = ctx.theme
    credit = ""
    if figure.credit is not None:
        credit = f' <span class="{t.m("Figure", "credit")}">{esc(figure.credit, entities)}</span>'
    return (
        f'<figure class="{t.m("Figure", "root")}">{img_html(ctx, figure.image)}'
        f'<figcaption class="{t.m("Figure", "caption")}">{esc(figure.caption, entities)}'
        f"{credit}</figcaption></figure>\n"
    )


def paragraph_inner(paragraph: Paragraph, entities: bool) -> str:
    """Inner HTML of a paragraph's spans."""
    parts = []
    for span in paragraph.spans:
        text = esc(span.text, entities)
        if span.tag == "a":
            parts.append(f'<a href="{attr(span.href)}">{text}</a>')
        elif span.tag:
            parts.append(f"<{span.tag}>{text}</{span.tag}>")
        else:
            parts.append(text)
    return "".join(parts)


def _cells(row: tuple[Cell, ...], tag: str) -> str:
    out = []
    for cell in row:
        spans = "".join(
            f' {name}="{value}"'
            for name, value in (("rowspan", cell.rowspan), ("colspan", cell.colspan))
            if value > 1
        )
        out.append(f"<{tag}{spans}>{esc(cell.text)}</{tag}>")
    return "<tr>" + "".join(out) + "</tr>"


def table_html(ctx: Ctx, table: Table) -> str:
    """A data table with caption, header rows and spanning cells, in a scroll wrapper."""
    t = ctx.theme
    head = "".join(_cells(row, "th") for row in table.head)
    body = "".join(_cells(row, "td") for row in table.rows)
    return (
        f'<div class="{t.m("DataTable", "scroll")}"><table class="{t.m("DataTable", "table")}">'
        f"<caption>{esc(table.caption)}</caption><thead>{head}</thead><tbody>{body}</tbody>"
        "</table></div>\n"
    )


def noise_html(ctx: Ctx, block: Ad | Newsletter | ReadMore | Related | PullQuote) -> str:
    """In-body boxes that are not part of the article text."""
    t, catalog = ctx.theme, ctx.catalog
    if isinstance(block, Ad):
        return (
            f'<div class="{t.css("ad-slot")}" data-ad-slot="inline-{block.slot}">'
            f'<span class="{t.css("ad-label")}">Advertisement</span>'
            f'<div class="{t.css("ad-creative")}"><p>{esc(block.sponsor_text)}</p></div></div>\n'
        )
    if isinstance(block, Newsletter):
        return (
            f'<aside class="{t.m("NewsletterSignup", "root")}"><h3>Sign up to {block.name}</h3>'
            "<p>Get the day’s top stories delivered to your inbox every weekday morning.</p>"
            '<form action="/account" method="get"><label>Email address '
            '<input type="email" name="email" required></label>'
            '<button type="submit">Sign up</button></form>'
            f'<p class="{t.m("NewsletterSignup", "legal")}">By signing up you agree to our '
            "privacy notice. You can unsubscribe at any time.</p></aside>\n"
        )
    if isinstance(block, ReadMore):
        target = catalog.article(block.target)
        return (
            f'<p class="{t.m("ReadMore", "root")}"><strong>Read more:</strong> '
            f'<a href="{target.path}">{esc(target.headline)}</a></p>\n'
        )
    if isinstance(block, Related):
        links = "".join(
            f'<li><a href="{catalog.article(i).path}">{esc(catalog.article(i).headline)}</a></li>'
            for i in block.targets
        )
        return (
            f'<div class="{t.m("InlineRelated", "root")}"><h4>Related</h4><ul>{links}</ul></div>\n'
        )
    return (
        f'<aside class="{t.m("PullQuote", "root")}"><blockquote><p>{esc(block.text)}</p>'
        "</blockquote></aside>\n"
    )


def block_html(ctx: Ctx, block: Block, entities: bool) -> str:
    """HTML of one body block in the news template."""
    t = ctx.theme
    if isinstance(block, Paragraph):
        return (
            f'<p class="{t.m("ArticleBody", "paragraph")}">{paragraph_inner(block, entities)}</p>\n'
        )
    if isinstance(block, Heading):
        tag = f"h{block.level}"
        return f'<{tag} class="{t.m("ArticleBody", tag)}">{esc(block.text, entities)}</{tag}>\n'
    if isinstance(block, ListBlock):
        tag = "ol" if block.ordered else "ul"
        items = "".join(f"<li>{esc(item, entities)}</li>" for item in block.items)
        return f'<{tag} class="{t.m("ArticleBody", "list")}">{items}</{tag}>\n'
    if isinstance(block, Quote):
        paras = "".join(f"<p>{esc(text, entities)}</p>" for text in block.paragraphs)
        return f'<blockquote class="{t.m("ArticleBody", "quote")}">{paras}</blockquote>\n'
    if isinstance(block, Code):
        code = f'<code class="language-python">{esc(block.text)}</code>'
        return f'<pre class="{t.css("code")}">{code}</pre>\n'
    if isinstance(block, Table):
        return table_html(ctx, block)
    if isinstance(block, Figure):
        return figure_html(ctx, block, entities)
    return noise_html(ctx, block)
