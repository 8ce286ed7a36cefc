"""The standard output fields (zyte-common-items' Article and Product names) and their kinds."""

from __future__ import annotations

STANDARD_KINDS = {
    "headline": "text",
    "name": "text",
    "description": "text",
    "authors": "people",
    "datePublished": "date",
    "dateModified": "date",
    "canonicalUrl": "url",
    "inLanguage": "language",
    "mainImage": "image",
    "images": "images",
    "breadcrumbs": "links",
    "price": "price",
    "regularPrice": "price",
    "currency": "currency",
    "sku": "identifier",
    "mpn": "identifier",
    "gtin": "gtin",
    "brand": "brand",
    "availability": "availability",
    "aggregateRating.ratingValue": "number",
    "aggregateRating.bestRating": "number",
    "aggregateRating.reviewCount": "number",
}
# Filled by the extractor itself, never by a field rule.
RESERVED_FIELDS = frozenset(
    {"url", "metadata", "articleBody", "articleBodyHtml", "articleBodyMarkdown", "tables"}
)
# JSON-LD types of article objects (schema.org's Article and its kinds).
ARTICLE_TYPES = frozenset(
    {
        "Article",
        "NewsArticle",
        "BlogPosting",
        "ReportageNewsArticle",
        "AnalysisNewsArticle",
        "OpinionNewsArticle",
        "LiveBlogPosting",
        "TechArticle",
        "ScholarlyArticle",
    }
)
# The <meta> keys that state a standard field (OpenGraph, Dublin Core, Parse.ly, Sailthru...),
# most trusted first; a field's JSON-LD property has the field's own name (``author`` for
# ``authors``). The heuristic labeller reads them; induction trusts least a rule that reads
# another field's key (``dateModified`` for ``datePublished``: equal on a page never edited).
META_KEYS = {
    "headline": ("og:title", "twitter:title"),
    "description": ("og:description", "description"),
    "authors": ("author", "article:author", "parsely-author", "sailthru.author", "dc.creator"),
    "datePublished": (
        "article:published_time",
        "og:article:published_time",
        "datepublished",
        "pubdate",
        "publishdate",
        "date",
        "dc.date.issued",
        "dc.date",
        "dcterms.created",
        "sailthru.date",
        "parsely-pub-date",
    ),
    "dateModified": (
        "article:modified_time",
        "og:updated_time",
        "datemodified",
        "dcterms.modified",
    ),
}
JSONLD_PROPERTIES = {
    "headline": "headline",
    "description": "description",
    "authors": "author",
    "datePublished": "datePublished",
    "dateModified": "dateModified",
}
