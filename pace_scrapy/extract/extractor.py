"""The deterministic extractor template: one config version applied to one page.

Same page and config in, same item out: no model calls, no randomness, no clock except the
page's own date (which picks the config version and bounds plausible dates).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from pydantic import ValidationError

from pace_scrapy.config.model import (
    BodySpec,
    ConfigVersion,
    FieldSpec,
    ImageSpec,
    PublisherConfig,
)
from pace_scrapy.errors import NoConfigVersion
from pace_scrapy.extract.anchor import text_anchor
from pace_scrapy.extract.body import (
    Body,
    body_from_root,
    contains_text,
    select_body,
    without_field_lines,
    without_headline,
)
from pace_scrapy.extract.dom import select_all
from pace_scrapy.extract.fallback import generic_body
from pace_scrapy.extract.fields import apply_rule
from pace_scrapy.extract.images import collect_images, lead_figures
from pace_scrapy.extract.kinds import Context, Rejected, field_kind, max_length, page_context
from pace_scrapy.extract.node_match import match_node
from pace_scrapy.extract.render_html import HtmlRenderer
from pace_scrapy.extract.render_markdown import MarkdownRenderer
from pace_scrapy.extract.render_text import body_paragraphs
from pace_scrapy.extract.tables import TableGrids
from pace_scrapy.items import FieldSource, Metadata, item_type
from pace_scrapy.page.blocks import BlockKind
from pace_scrapy.page.model import Page
from pace_scrapy.page.nodes import NodeFeatures
from pace_scrapy.page.text import has_sentence_mark

# Confidence of a body found by the generic fallback rather than by the config.
FALLBACK_CONFIDENCE = 0.5
# The generic fallback's body needs a block of running text this long (see _article_body).
FALLBACK_SENTENCE_CHARS = 80
# A body shorter than its min_chars stays when the fallback's body holds this share of its
# characters (the fallback leaves out a link line or a banner of a short post).
SHORT_BODY_AGREEMENT = 0.5
NODE_MATCH = "node-match"  # FieldSource.detail of a value found by node matching
_DEFAULT_IMAGES = ImageSpec()
# Renderings of an article's body an item may carry beside its plain text (``articleBody``).
BODY_FORMATS = ("html", "markdown")

Item = Any  # an instance of one of pace_scrapy.items' item classes


def extract(
    page: Page,
    config: PublisherConfig,
    *,
    version: ConfigVersion | None = None,
    min_confidence: float | None = None,
    fallback: bool = True,
    formats: Collection[str] = BODY_FORMATS,
) -> Item:
    """Extract the item of ``page`` with ``config``.

    ``version`` defaults to the config version valid at the page's date (today when unknown);
    :class:`NoConfigVersion` is raised when there is none. ``min_confidence`` (default: the
    version's) leaves out rules below it. ``fallback=False`` disables the generic body fallback.
    ``formats`` names the renderings of the body, of :data:`BODY_FORMATS`, that the item carries
    beside its text (``articleBodyHtml``, ``articleBodyMarkdown``); :class:`ValueError` names an
    unknown one.
    """
    check_formats(formats)
    today = page.fetched or datetime.now(UTC).date()
    chosen = version or config.version_at(today)
    if chosen is None:
        raise NoConfigVersion(f"no version of config {config.name!r} is valid on {today}")
    threshold = chosen.min_confidence if min_confidence is None else min_confidence
    run = _Run(page, today, threshold)
    for name, spec in chosen.fields.items():
        run.field(name, spec)
    if chosen.body is not None or chosen.page_type == "article":
        # An article whose body was not learnt (or does not fit) gets the generic body.
        use_fallback = fallback and chosen.fallback == "generic"
        headline = run.values.get("headline")
        body, fell_back = _article_body(page, chosen, headline, use_fallback, run.rejected)
        if body is not None:
            body = without_field_lines(body, run.author_names(), run.day_published())
        if body is not None and body.blocks:
            run.body(body, chosen.images or _DEFAULT_IMAGES, fell_back, formats)
    elif chosen.images is not None:
        run.images(Body(containers=[page.root]), chosen.images, FALLBACK_CONFIDENCE)
    item_class = item_type(chosen.page_type)
    while True:
        metadata = Metadata(
            probability=run.probability(),
            config=config.name,
            configVersion=chosen.version,
            pageType=chosen.page_type,
            fallbackUsed=run.fell_back,
            fields=run.sources,
            rejected=run.rejected,
        )
        try:
            return item_class.model_validate({**run.values, "metadata": metadata})
        except ValidationError as exc:
            run.refuse(exc)


def check_formats(formats: Collection[str]) -> None:
    """Raise :class:`ValueError` naming the first of ``formats`` that is not one of
    :data:`BODY_FORMATS`."""
    for name in formats:
        if name not in BODY_FORMATS:
            known = ", ".join(repr(f) for f in BODY_FORMATS)
            raise ValueError(f"unknown body format {name!r} (known: {known})")


def _article_body(
    page: Page, version: ConfigVersion, headline: Any, fallback: bool, rejected: dict[str, str]
) -> tuple[Body | None, bool]:
    """The article body without the headline, and whether it is the generic fallback's (when
    ``fallback``).

    The config's body is used unless it is missing, empty (once the headline is out) or
    shorter than the learnt ``min_chars`` (headline included, as the training pages were
    measured): then the container matched the wrong thing (another template), so the
    fallback's body is used and the reason recorded in ``rejected`` -- except when the
    fallback's body contains most of the short body's text (:data:`SHORT_BODY_AGREEMENT` of
    its characters): a short article, whose surroundings are all the fallback would add. A
    fallback's body without a block of running text (:data:`FALLBACK_SENTENCE_CHARS`
    characters and a sentence mark) is none: what it finds on a post of a picture alone, or
    on a listing, is links to other posts ("Previous post: ...").
    """
    spec = version.body
    body = select_body(page.root, spec) if spec is not None else None
    chars = sum(len(block.text) for block in body.blocks) if body is not None else 0
    if body is not None:
        body = without_headline(body, headline)
        if not body.blocks:
            body = None
    min_chars = spec.min_chars if spec is not None else None
    if body is not None and (not min_chars or chars >= min_chars):
        return body, False
    generic = _generic(page, headline, spec) if fallback else None
    reasons = []
    if body is not None:  # shorter than min_chars
        if generic is not None and contains_text(generic, body, SHORT_BODY_AGREEMENT):
            return body, False
        reasons.append(f"{chars} characters, fewer than the body's min_chars {min_chars}")
    if generic is not None and not any(_running_text(block.text) for block in generic.blocks):
        reasons.append("the generic fallback found no running text")
        generic = None
    if reasons:
        rejected["articleBody"] = "; ".join(reasons)
    return generic, generic is not None


def _generic(page: Page, headline: Any, spec: BodySpec | None) -> Body | None:
    """The generic fallback's body. Its own output holds no images: its container is the
    page's element around the text it found (:func:`text_anchor`), with the config's
    exclusions inside it, so that the images come from the page as for a fitting one."""
    # A page that does not fit its config: precision first, so no layout tables.
    generic = generic_body(page.root, page.url, tables=False)
    if generic is None:
        return None
    body = without_headline(body_from_root(generic), headline)
    anchor = text_anchor(page.root, (block.text for block in body.blocks))
    containers = [anchor] if anchor is not None else []
    skip = select_all(containers, spec.exclude) if spec is not None else set()
    return Body(containers=containers, skip=skip, blocks=body.blocks)


def _running_text(text: str) -> bool:
    return len(text) >= FALLBACK_SENTENCE_CHARS and has_sentence_mark(text)


@dataclass
class _Run:
    page: Page
    today: date
    threshold: float
    values: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, FieldSource] = field(default_factory=dict)
    rejected: dict[str, str] = field(default_factory=dict)
    fell_back: bool = False
    nodes: NodeFeatures | None = None  # made when node matching first needs it

    def __post_init__(self) -> None:
        self.values["url"] = self.page.url

    def set(self, name: str, value: Any, source: FieldSource) -> None:
        target = self.values
        *parents, last = name.split(".")
        for parent in parents:
            target = target.setdefault(parent, {})
        target[last] = value
        self.sources[name] = source

    def field(self, name: str, spec: FieldSpec) -> None:
        kind = field_kind(name, spec.kind)
        ctx = page_context(self.page, max_length(name, kind, spec.max_length), self.today)
        reasons = []
        for index, rule in enumerate(spec.rules):
            if rule.confidence < self.threshold:
                reasons.append(f"rule {index}: confidence {rule.confidence} < {self.threshold}")
                continue
            try:
                value = apply_rule(rule, self.page, kind, ctx)
            except Rejected as exc:
                reasons.append(f"rule {index}: {exc}")
                continue
            if value is None:
                continue
            self.set(
                name, value, FieldSource(source="rule", rule=index, confidence=rule.confidence)
            )
            return
        if spec.signature is not None:
            try:
                self.node_match(name, spec, kind, ctx)
            except Rejected as exc:
                reasons.append(str(exc))
        if reasons:
            self.rejected[name] = "; ".join(reasons)

    def node_match(self, name: str, spec: FieldSpec, kind: str, ctx: Context) -> None:
        """The fallback for a field whose rules gave nothing: the node most similar to its
        signature, with the similarity as confidence. Raises :class:`Rejected` with the reason
        when a node matches but its value is not taken."""
        assert spec.signature is not None
        if self.nodes is None:
            self.nodes = NodeFeatures()
        found = match_node(self.page, spec.signature, kind, ctx, self.nodes)
        if found is None:
            return
        if found.similarity < self.threshold:
            raise Rejected(f"{NODE_MATCH}: similarity {found.similarity} < {self.threshold}")
        source = FieldSource(source="fallback", detail=NODE_MATCH, confidence=found.similarity)
        self.set(name, found.value, source)
        self.fell_back = True

    def body(
        self, body: Body, images_spec: ImageSpec, fell_back: bool, formats: Collection[str]
    ) -> None:
        confidence = FALLBACK_CONFIDENCE if fell_back else 1.0
        source = FieldSource(
            source="fallback" if fell_back else "rule",
            detail="trafilatura" if fell_back else None,
            confidence=confidence,
        )
        self.fell_back = self.fell_back or fell_back
        images = self.images(body, images_spec, confidence)
        base_url = self.page.base_url
        grids = TableGrids(body.skip)  # the text, the Markdown and the tables field share them
        paragraphs = body_paragraphs(body.blocks, body.skip, grids)
        self.set("articleBody", "\n\n".join(paragraphs), source)
        if "html" in formats:
            html = HtmlRenderer(body.skip, base_url, images).render(body.blocks)
            self.set("articleBodyHtml", html, source)
        if "markdown" in formats:
            markdown = MarkdownRenderer(body.skip, base_url, images, grids).render(body.blocks)
            self.set("articleBodyMarkdown", markdown, source)
        tables = [
            grids(block.element).model_dump()
            for block in body.blocks
            if block.kind is BlockKind.TABLE
        ]
        if tables:
            self.set("tables", tables, source)

    def images(self, body: Body, spec: ImageSpec, confidence: float) -> dict[Any, Any]:
        if spec.scope == "body":
            leads = lead_figures(body.first) if body.first is not None else []
            roots = [*leads, *body.containers]
        else:
            roots = [self.page.root]
        found = collect_images(roots, body.skip, spec, self.page.base_url)
        source = FieldSource(source="rule", detail="images", confidence=confidence)
        if found and "images" not in self.values:
            self.set(
                "images", [image.model_dump(exclude_none=True) for image in found.values()], source
            )
        if found and "mainImage" not in self.values:
            first = next(iter(found.values()))
            self.set("mainImage", first.model_dump(exclude_none=True), source)
        return found

    def refuse(self, exc: ValidationError) -> None:
        """Drop the fields the item model refuses (e.g. a non-integer ``reviewCount``),
        recording why; re-raise when the error is in no field we set (a bug, not a value)."""
        refused = False
        for error in exc.errors(include_url=False):
            loc = [str(part) for part in error["loc"]]
            for depth in range(len(loc), 0, -1):
                name = ".".join(loc[:depth])
                if name in self.sources:
                    self.unset(name)
                    self.rejected[name] = f"refused by the item model: {error['msg']}"
                    refused = True
                    break
        if not refused:
            raise exc

    def unset(self, name: str) -> None:
        """Remove a field set before (names have at most one dot)."""
        del self.sources[name]
        parent, _, child = name.rpartition(".")
        if not parent:
            del self.values[name]
            return
        del self.values[parent][child]
        if not self.values[parent]:
            del self.values[parent]

    def author_names(self) -> list[str]:
        """The names of the ``authors`` found so far."""
        authors = self.values.get("authors")
        if not isinstance(authors, list):
            return []
        return [a["name"] for a in authors if isinstance(a, dict) and a.get("name")]

    def day_published(self) -> str | None:
        """The ``YYYY-MM-DD`` day of the ``datePublished`` found, if any."""
        published = self.values.get("datePublished")
        return published[:10] if isinstance(published, str) else None

    def probability(self) -> float:
        confidences = [source.confidence for source in self.sources.values()]
        return round(sum(confidences) / len(confidences), 4) if confidences else 0.0
