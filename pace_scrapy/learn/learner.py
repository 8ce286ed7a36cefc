"""Learning a publisher config: label pages, induce rules, validate on pages not learnt from.

Labels a labeller can revise (the LLM's) are first reviewed where they disagree with the rules
learnt from the other pages (:mod:`pace_scrapy.learn.review`). Validation is by folds: each
fold's pages are extracted with rules induced on the other pages and compared with their
labels (a wrong value is undecided, not counted, when a rule as good on the fold's pages gave
the right one: those pages could not choose, all the pages together do); the per-field scores
go into the config's provenance, and a field below its threshold is left out (the report says
why). The final rules are induced on all pages. A kept field also
gets the signature of its nodes for node matching at run time, unless node matching alone gave
a wrong value in validation. An article's dates and authors end with the publisher's own
structured statement of them (:data:`STANDARD_RULES`), validated with the learnt rules.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version as package_version
from urllib.parse import urlsplit

from lxml.html import HtmlElement

from pace_scrapy.config.fields import ARTICLE_TYPES, JSONLD_PROPERTIES, META_KEYS
from pace_scrapy.config.model import (
    BodySpec,
    ConfigVersion,
    FieldSpec,
    Provenance,
    PublisherConfig,
    Rule,
)
from pace_scrapy.extract.kinds import field_kind
from pace_scrapy.learn.induce.body import induce_body
from pace_scrapy.learn.induce.body_sample import BodySample
from pace_scrapy.learn.induce.candidates import NAME_SPLIT, FieldExample
from pace_scrapy.learn.induce.fields import FieldRules, induce_rules
from pace_scrapy.learn.labels import Labeler, PageLabels
from pace_scrapy.learn.nodes import field_signature
from pace_scrapy.learn.review import review_labels
from pace_scrapy.learn.validate import (
    FieldScore,
    body_score,
    field_score,
    rule_gives_value,
    signature_score,
)
from pace_scrapy.page.model import Page

logger = logging.getLogger(__name__)

MAX_FOLDS = 4
FIELD_THRESHOLD = 0.9  # validated precision a field needs to be kept
BODY_THRESHOLD = 0.5  # validated F1 the body needs to be kept (and always its fit)...
BODY_FIT_THRESHOLD = 0.85  # ...or its F1 on all the pages it was learnt from
# Fields every page type gets when its pages have them, without labels (structure only).
FREE_FIELDS: dict[str, tuple[Rule, ...]] = {
    "canonicalUrl": (Rule(source="meta", query="canonical"), Rule(source="meta", query="og:url")),
    "inLanguage": (
        Rule(source="xpath", query="/html/@lang"),
        Rule(source="meta", query="og:locale"),
    ),
    "mainImage": (Rule(source="meta", query="og:image"),),
}

_ARTICLE_TYPES = tuple(sorted(ARTICLE_TYPES))
# The publisher's own statement of an article's dates and authors (JSON-LD of an article
# object, OpenGraph): the last backups of these fields in every article config, validated with
# the learnt rules; a template the training pages did not show often carries them.
STANDARD_RULES: dict[str, tuple[Rule, ...]] = {
    **{
        name: (
            Rule(source="jsonld", query=JSONLD_PROPERTIES[name], types=_ARTICLE_TYPES),
            Rule(source="meta", query=META_KEYS[name][0]),
        )
        for name in ("datePublished", "dateModified")
    },
    "authors": (
        Rule(
            source="jsonld",
            query=JSONLD_PROPERTIES["authors"],
            types=_ARTICLE_TYPES,
            multiple=True,
            transforms=NAME_SPLIT,
        ),
    ),
}
# Fields given their standard rules even when no training page showed them (nothing to
# validate them by): dates, which these sources state right nearly always, and authors (a
# JSON-LD author of an article object; one that is the site's name is refused at extraction).
UNSEEN_STANDARD = ("datePublished", "dateModified", "authors")


@dataclass
class LearnReport:
    """What learning found: fields kept (with scores), fields left out (with reasons)."""

    labeler: str
    pages: int
    scores: dict[str, float] = field(default_factory=dict)
    left_out: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass
class LearnResult:
    """A learnt config and its report."""

    config: PublisherConfig
    report: LearnReport


Progress = Callable[[str], None]


def learn_config(
    name: str,
    pages: Sequence[Page],
    labeler: Labeler,
    *,
    page_type: str = "article",
    url_patterns: Sequence[str] = (),
    progress: Progress | None = None,
) -> LearnResult:
    """Learn the config of publisher ``name`` from representative ``pages``."""
    say = progress or (lambda message: logger.info("%s", message))
    say(f"labelling {len(pages)} pages with the {labeler.name} labeller")
    labels = labeler.label(pages, page_type)
    report = LearnReport(labeler=labeler.name, pages=len(pages))
    folds: list[list[int] | None] = list(_folds(len(labels))) or [None]
    labels, reviewed = review_labels(labels, labeler, page_type, folds, say)
    report.notes.extend(reviewed)
    if folds == [None]:
        report.notes.append("one page only: validated on the page it was learnt from")
    say("inducing rules and validating them")
    standard = STANDARD_RULES if page_type == "article" else {}
    fields = _fields(labels, folds, report, standard)
    body = _body(labels, folds, report) if page_type == "article" else None
    fields.update(_free_fields(labels, fields))
    fields.update(_unseen_standard_fields(fields, report, standard))
    provenance = Provenance(
        learned_from=tuple(page.url for page in pages),
        labeler=labeler.name,
        learner_version=package_version("pace-scrapy"),
        created=datetime.now(UTC).replace(microsecond=0),
        scores=dict(report.scores),
        notes=(*report.notes, *(f"left out {k}: {v}" for k, v in report.left_out.items())),
    )
    version = ConfigVersion(
        version=1, page_type=page_type, fields=fields, body=body, provenance=provenance
    )
    config = PublisherConfig(
        name=name,
        domains=tuple(dict.fromkeys(_domain(page.url) for page in pages if _domain(page.url))),
        url_patterns=tuple(url_patterns),
        versions=(version,),
    )
    return LearnResult(config, report)


def _folds(count: int) -> list[list[int]]:
    """Validation folds of page indexes (none for a single page)."""
    if count < 2:
        return []
    n = min(MAX_FOLDS, count)
    return [list(range(i, count, n)) for i in range(n)]


def _split(
    labels: Sequence[PageLabels], fold: list[int] | None
) -> tuple[list[PageLabels], list[PageLabels]]:
    """(pages to learn from, pages to validate on); without a fold, all pages for both."""
    if fold is None:
        return list(labels), list(labels)
    train = [label for i, label in enumerate(labels) if i not in fold]
    test = [label for i, label in enumerate(labels) if i in fold]
    return train, test


def _examples(labels: Sequence[PageLabels], name: str) -> list[FieldExample]:
    return [FieldExample(label.page, label.fields.get(name)) for label in labels]


def _samples(labels: Sequence[PageLabels]) -> list[BodySample]:
    return [BodySample(label.page, label.body, _headline_node(label)) for label in labels]


def _headline_node(label: PageLabels) -> HtmlElement | None:
    headline = label.fields.get("headline")
    return headline.nodes[0] if headline is not None and headline.nodes else None


@dataclass
class _Validation:
    """Validated scores of a field: its rules with and without backups, and node matching."""

    full: FieldScore = field(default_factory=FieldScore)
    chosen: FieldScore = field(default_factory=FieldScore)
    matched: FieldScore = field(default_factory=FieldScore)


def _validate(
    name: str,
    kind: str,
    labels: Sequence[PageLabels],
    folds: Sequence[list[int] | None],
    standard: Sequence[Rule],
) -> _Validation:
    found = _Validation()
    for fold in folds:
        train, test = _split(labels, fold)
        if not any(name in label.fields for label in train):
            continue  # nothing to learn from: no evidence for or against the field's rules
        rules = induce_rules(name, kind, _examples(train, name))
        ties = rules.ties if rules else None
        found.full += field_score(name, kind, _spec(rules, standard), test, ties)
        found.chosen += field_score(name, kind, _spec(rules, (), False), test, ties)
        if fold is not None and rules is not None:
            signature = field_signature(rules.spec(), name, kind, _examples(train, name))
            found.matched += signature_score(name, kind, signature, test)
    return found


def _fields(
    labels: Sequence[PageLabels],
    folds: Sequence[list[int] | None],
    report: LearnReport,
    standard: Mapping[str, tuple[Rule, ...]],
) -> dict[str, FieldSpec]:
    names = list(dict.fromkeys(name for label in labels for name in label.fields))
    fields: dict[str, FieldSpec] = {}
    for name in names:
        kind = field_kind(name, None)
        rules = induce_rules(name, kind, _examples(labels, name))
        full = _spec(rules, standard.get(name, ()))
        if full is None:
            report.left_out[name] = "no rule reproduces the labels"
            continue
        check = _validate(name, kind, labels, folds, standard.get(name, ()))
        if not check.full.labelled:
            # No fold had labelled pages both to learn from and to validate on (one page of
            # several shows the field): validated on the pages it was learnt from, as when
            # learning from one page.
            report.notes.append(f"{name}: too few labelled pages to validate on held-out ones")
            check = _validate(name, kind, labels, [None], standard.get(name, ()))
        # Backup rules are kept only when they do not spoil the validated precision.
        backups = (
            check.full.precision >= FIELD_THRESHOLD or check.chosen.precision < FIELD_THRESHOLD
        )
        chosen = _spec(rules, (), False)
        score, spec = (check.full, full) if backups or chosen is None else (check.chosen, chosen)
        if not backups:
            report.notes.append(f"no backup rules for {name}: {check.full.wrong} wrong")
        report.scores[name] = score.precision
        if score.precision < FIELD_THRESHOLD:
            report.left_out[name] = (
                f"validated precision {score.precision:.2f} < {FIELD_THRESHOLD} "
                f"({score.correct} right, {score.wrong} wrong, {score.undecided} undecided)"
            )
            continue
        signature = field_signature(spec, name, kind, _examples(labels, name)) if rules else None
        if signature is not None and check.matched.wrong:
            # Node matching alone gave a wrong value on a page it did not learn from.
            report.notes.append(f"no node matching for {name}: {check.matched.wrong} wrong")
            signature = None
        # A learnt rule is as sure as its field proved in validation.
        sure = tuple(r.model_copy(update={"confidence": score.precision}) for r in spec.rules)
        fields[name] = FieldSpec(rules=sure, signature=signature)
    return fields


def _body(
    labels: Sequence[PageLabels], folds: Sequence[list[int] | None], report: LearnReport
) -> BodySpec | None:
    spec = induce_body(_samples(labels))
    if spec is None:
        report.left_out["articleBody"] = "no content labelled"
        return None
    scores = []
    for fold in folds:
        train, test = _split(labels, fold)
        scores.extend(body_score(induce_body(_samples(train)), test))
    score = sum(scores) / len(scores) if scores else 0.0
    report.scores["articleBody"] = round(score, 4)
    fit = body_score(spec, labels)
    reason = body_left_out(score, sum(fit) / len(fit) if fit else 0.0)
    if reason is not None:
        report.left_out["articleBody"] = reason
        return None
    return spec


def body_left_out(validated: float, fit: float) -> str | None:
    """Why a learnt body spec is left out (``None``: it is kept), from its F1 on the pages each
    fold held out (``validated``) and on all the pages it was learnt from (``fit``).

    With few pages a fold learns from too few to generalise: a spec that fits all of them well
    (:data:`BODY_FIT_THRESHOLD`) is kept too, as the generic fallback still covers pages it does
    not match. A spec that does not reproduce half of its own pages' labels is never kept,
    however its folds did (a fold's spec may be another selector than the one learnt from all
    the pages)."""
    if fit < BODY_THRESHOLD:
        return f"fit {fit:.2f} < {BODY_THRESHOLD}"
    if validated < BODY_THRESHOLD and fit < BODY_FIT_THRESHOLD:
        return (
            f"validated F1 {validated:.2f} < {BODY_THRESHOLD} and fit {fit:.2f} < "
            f"{BODY_FIT_THRESHOLD}"
        )
    return None


def _free_fields(
    labels: Sequence[PageLabels], fields: dict[str, FieldSpec]
) -> dict[str, FieldSpec]:
    """Structure-only fields (canonical URL, language, main image) whose rules give a value on
    every page."""
    free = {}
    for name, rules in FREE_FIELDS.items():
        if name in fields:
            continue
        kept = tuple(
            rule for rule in rules if all(rule_gives_value(name, rule, lab.page) for lab in labels)
        )
        if kept:
            free[name] = FieldSpec(rules=kept)
    return free


def _spec(
    rules: FieldRules | None, standard: Sequence[Rule], backups: bool = True
) -> FieldSpec | None:
    """The spec of induced rules, with their backups and then the ``standard`` rules they lack
    (unless told not to); ``None`` without any rule."""
    learnt = rules.spec(backups).rules if rules is not None else ()
    if backups:
        known = {(rule.source, rule.query) for rule in learnt}
        learnt += tuple(rule for rule in standard if (rule.source, rule.query) not in known)
    return FieldSpec(rules=learnt) if learnt else None


def _unseen_standard_fields(
    fields: dict[str, FieldSpec], report: LearnReport, standard: Mapping[str, tuple[Rule, ...]]
) -> dict[str, FieldSpec]:
    """The fields of :data:`UNSEEN_STANDARD` no training page showed (nothing to validate them
    by), with their standard rules, as sure as a field must be to be kept."""
    unseen = {}
    for name in UNSEEN_STANDARD:
        rules = standard.get(name)
        if rules and name not in fields and name not in report.left_out:
            sure = tuple(rule.model_copy(update={"confidence": FIELD_THRESHOLD}) for rule in rules)
            unseen[name] = FieldSpec(rules=sure)
            report.notes.append(f"{name}: shown on no training page, standard rules only")
    return unseen


def _domain(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return host.removeprefix("www.")
