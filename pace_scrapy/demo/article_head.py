"""Head metadata of article pages: OpenGraph tags and JSON-LD."""

from __future__ import annotations

from typing import Any

from pace_scrapy.demo.images import true_src
from pace_scrapy.demo.markup import Ctx, json_ld
from pace_scrapy.demo.model import ArticleMeta
from pace_scrapy.demo.sections import SECTION_BY_SLUG, SITE_NAME
from pace_scrapy.demo.text import slugify


def article_meta_tags(ctx: Ctx, meta: ArticleMeta) -> list[tuple[str, str]]:
    """OpenGraph/Twitter meta (present on every article page)."""
    tags = [
        ("og:type", "article"),
        ("og:title", meta.headline),
        ("og:description", meta.description),
        ("article:published_time", meta.published.isoformat()),
        ("article:section", SECTION_BY_SLUG[meta.section].name),
        *(("article:author", ctx.url(f"/author/{slugify(name)}/")) for name in meta.authors),
        *(("article:tag", tag) for tag in meta.tags),
        ("twitter:card", "summary_large_image"),
    ]
    if meta.modified is not None:
        tags.append(("article:modified_time", meta.modified.isoformat()))
    if meta.lead is not None:
        tags.append(("og:image", true_src(ctx.base, meta.lead.image)))
    return tags


def article_json_ld(ctx: Ctx, meta: ArticleMeta) -> str:
    """NewsArticle / LiveBlogPosting JSON-LD, only for sections that carry it."""
    section = SECTION_BY_SLUG[meta.section]
    if not section.json_ld:
        return ""
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "LiveBlogPosting" if section.template == "live" else "NewsArticle",
        "headline": meta.headline,
        "description": meta.description,
        "datePublished": meta.published.isoformat(),
        "author": [
            {"@type": "Person", "name": name, "url": ctx.url(f"/author/{slugify(name)}/")}
            for name in meta.authors
        ],
        "publisher": {"@type": "Organization", "name": SITE_NAME, "url": ctx.url("/")},
        "mainEntityOfPage": ctx.url(meta.path),
        "articleSection": section.name,
        "keywords": list(meta.tags),
    }
    if meta.modified is not None:
        data["dateModified"] = meta.modified.isoformat()
    if meta.lead is not None:
        data["image"] = [true_src(ctx.base, meta.lead.image)]
    return json_ld(data) + "\n"
