"""Inducing a field's ordered rules from labelled values on several pages.

Candidates come from where the labelled value is (:mod:`~pace_scrapy.learn.induce.candidates`:
``<meta>`` keys, JSON-LD paths, CSS selectors of the DOM nodes showing it, XPaths anchored on
the label shown before it or selecting its own text). Every candidate is applied on every
training page with the extractor's own machinery and kept only if it is never wrong there;
rules are ordered so that each one adds pages the earlier ones miss, then one backup of each
source not yet used is added, the tag-free twin of each CSS rule (``[class*="Byline_"]``
for ``p[class*="Byline_"]``: a template may change an element's tag and keep its class), and
last, behind named CSS rules, one of tag names only (``h1``).
Precision first: no value beats a wrong value.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from pace_scrapy.config.fields import JSONLD_PROPERTIES, META_KEYS
from pace_scrapy.config.model import FieldSpec, Rule
from pace_scrapy.config.selectors import compile_query
from pace_scrapy.extract.fields import apply_rule
from pace_scrapy.extract.kinds import Rejected, max_length, page_context
from pace_scrapy.learn.compare import agrees
from pace_scrapy.learn.induce.candidates import FieldExample, candidates
from pace_scrapy.learn.induce.selectors import positional, unnamed
from pace_scrapy.page.structured import name_key

# XPaths (anchored on the label shown before a value, or its own text) say more about what a
# value is than CSS class names do.
SOURCE_RANK = {"jsonld": 0, "meta": 1, "microdata": 2, "xpath": 3, "css": 4}
STRUCTURED = frozenset({"jsonld", "meta", "microdata"})
# Rule sources, in the order backups are added: rules of different sources break for different
# reasons (a page type without JSON-LD keeps the site's <meta> tags; a redesign keeps both and
# breaks the selectors).
BACKUP_SOURCES = ("jsonld", "meta", "microdata", "css", "xpath")
# The name keys of the structured-data keys that state each standard field.
_FIELD_KEYS = {
    name: frozenset(name_key(key) for key in (*meta_keys, JSONLD_PROPERTIES[name]))
    for name, meta_keys in META_KEYS.items()
}
# A tag name opening a compound selector that also names a class, id or attribute.
_NAMED_TAG = re.compile(r"(?:^|(?<=[\s>+~]))[a-zA-Z][a-zA-Z0-9]*(?=[.#\[])")


@dataclass
class Outcome:
    """What one rule gives on each example: agreeing, disagreeing, or nothing (``None``)."""

    rule: Rule
    results: list[bool | None]
    order: int = 0  # generation order: candidates from the first labelled nodes come first
    examples: Sequence[FieldExample] = ()
    misread: bool = False  # reads another field's structured-data key (see reads_other_field)

    @property
    def correct(self) -> int:
        return sum(1 for r in self.results if r is True)

    @property
    def wrong(self) -> int:
        return sum(1 for r in self.results if r is False)

    @cached_property
    def ambiguous(self) -> bool:
        """True when a single-value DOM rule matched several nodes where it was right: it
        then relies on the right one coming first, which other pages need not keep."""
        rule = self.rule
        if rule.multiple or rule.source not in ("css", "xpath"):
            return False
        query = compile_query(rule.source, rule.query)
        for example, result in zip(self.examples, self.results, strict=False):
            found = query(example.page.root) if result else None
            if isinstance(found, list) and len(found) > 1:
                return True
        return False


@dataclass(frozen=True)
class FieldRules:
    """A field's induced rules: the chosen ones, then backups of the sources not chosen.

    ``ties`` maps each of them to the other never-wrong rules that were as good on the
    examples (they differ only by the arbitrary order of sources and of generation): the
    examples could not choose between them.
    """

    chosen: tuple[Rule, ...]
    backups: tuple[Rule, ...] = ()
    ties: Mapping[Rule, tuple[Rule, ...]] = field(default_factory=dict)

    def spec(self, backups: bool = True) -> FieldSpec:
        """The field spec of the chosen rules, and of the backups unless told not to."""
        return FieldSpec(rules=self.chosen + self.backups if backups else self.chosen)


def induce_rules(name: str, kind: str, examples: Sequence[FieldExample]) -> FieldRules | None:
    """Ordered rules for a field that reproduce its labels on the examples, or ``None``."""
    labelled = [e for e in examples if e.label is not None]
    if not labelled:
        return None
    found = dict.fromkeys(candidates(kind, labelled))
    outcomes = [
        Outcome(
            rule,
            [_judge(rule, name, kind, e) for e in examples],
            order,
            examples,
            reads_other_field(rule, name),
        )
        for order, rule in enumerate(found)
    ]
    rules = choose_rules(outcomes)
    if rules is None:
        return None
    kept = rules.chosen + rules.backups
    twins = dict.fromkeys(
        twin for rule in kept if (twin := tag_free(rule)) is not None and twin not in kept
    )
    judged = [Outcome(twin, [_judge(twin, name, kind, e) for e in examples]) for twin in twins]
    usable = tuple(outcome.rule for outcome in judged if _usable(outcome))
    last = _unnamed_backup(outcomes, kept)
    return FieldRules(rules.chosen, rules.backups + usable + last, _ties(outcomes, kept))


def _unnamed_backup(outcomes: Sequence[Outcome], kept: Sequence[Rule]) -> tuple[Rule, ...]:
    """The last backup when a named CSS rule is kept: the best never-wrong single-value CSS
    rule of tag names only (``h1``). Named rules rank first (see :func:`_merit`): on a page of
    another template they find nothing where ``h1`` takes that template's first ``h1``; ``h1``
    then answers where the names changed and the element did not."""
    if not any(rule.source == "css" and not unnamed(rule.query) for rule in kept):
        return ()
    bare = [
        o
        for o in outcomes
        if _usable(o)
        and o.rule.source == "css"
        and unnamed(o.rule.query)
        and not positional(o.rule.query)
        and not o.rule.multiple  # a list would take every such element of the page
        and o.rule not in kept
    ]
    everywhere = range(len(outcomes[0].results))
    return (max(bare, key=lambda o: _rank(o, everywhere)).rule,) if bare else ()


def _ties(outcomes: Sequence[Outcome], kept: Sequence[Rule]) -> dict[Rule, tuple[Rule, ...]]:
    """For each kept rule, the other usable rules of equal merit on all the examples."""
    usable = [outcome for outcome in outcomes if _usable(outcome)]
    everywhere = range(len(outcomes[0].results))
    merit = {o.rule: _merit(o, everywhere) for o in usable}
    return {
        rule: tuple(other for other, m in merit.items() if other != rule and m == merit[rule])
        for rule in kept
        if rule in merit
    }


def _usable(outcome: Outcome) -> bool:
    """Never wrong on the examples, and right on one at least."""
    return not outcome.wrong and bool(outcome.correct)


def tag_free(rule: Rule) -> Rule | None:
    """A CSS rule without the tag names of its compounds that also name a class, id or
    attribute (``p.byline > a`` -> ``.byline > a``); ``None`` when there is none to drop."""
    if rule.source != "css" or "," in rule.query:
        return None
    query = _NAMED_TAG.sub("", rule.query)
    return rule.model_copy(update={"query": query}) if query != rule.query else None


def induce_field(name: str, kind: str, examples: Sequence[FieldExample]) -> FieldSpec | None:
    """The spec of :func:`induce_rules` (backups included), or ``None``."""
    rules = induce_rules(name, kind, examples)
    return rules.spec() if rules is not None else None


def _rank(outcome: Outcome, examples: Collection[int]) -> tuple[int, ...]:
    """How good a never-wrong rule is on ``examples``: its :func:`_merit`, then source rank and
    generation order (from the first labelled node, the element's own names before its
    ancestors')."""
    return (*_merit(outcome, examples), -SOURCE_RANK[outcome.rule.source], -outcome.order)


def _merit(outcome: Outcome, examples: Collection[int]) -> tuple[int, ...]:
    """What tells never-wrong rules apart on ``examples``: not reading another field's key,
    structured data (the publisher's own statement, on the pages that have it), right on
    most, not ambiguous, not positional, named (a CSS rule of tag names only takes another
    template's first such element), fewer transforms."""
    rule = outcome.rule
    return (
        -outcome.misread,
        -(rule.source not in STRUCTURED),
        sum(1 for i in examples if outcome.results[i]),
        -outcome.ambiguous,
        -positional(rule.query),
        -(rule.source == "css" and unnamed(rule.query)),
        -len(rule.transforms),
    )


def reads_other_field(rule: Rule, name: str) -> bool:
    """True for a structured-data rule reading the key that states another standard field
    (:data:`~pace_scrapy.config.fields.META_KEYS`, JSON-LD properties named after the field)
    and not this one's."""
    if rule.source == "meta":
        keys = {name_key(rule.query)}
    elif rule.source in STRUCTURED:
        keys = {name_key(step.removesuffix("[]")) for step in rule.query.split(".")}
    else:
        return False
    others = set().union(*(known for field, known in _FIELD_KEYS.items() if field != name))
    return bool(keys & others) and not keys & _FIELD_KEYS.get(name, frozenset())


def choose_rules(outcomes: Sequence[Outcome]) -> FieldRules | None:
    """The rules to keep, in order: greedily, each next one the best on the examples no earlier
    rule answers (the extractor uses the first rule that gives a value). Then, as backups: the
    best non-positional rule of each source not chosen yet (:data:`BACKUP_SOURCES`), so
    that the field survives the loss of one; and DOM rules for the examples that only
    structured data answers (it comes and goes with page types: one kind of article may carry
    JSON-LD and another not). Only rules never wrong on any example are used."""
    usable = [outcome for outcome in outcomes if _usable(outcome)]
    everywhere = range(len(outcomes[0].results)) if outcomes else range(0)
    chosen = _cover(usable, set(everywhere))
    if not chosen:
        return None
    backups: list[Outcome] = []
    for source in BACKUP_SOURCES:
        if any(o.rule.source == source for o in chosen):
            continue
        # A position in the page is the first thing a change of layout breaks.
        others = [o for o in usable if o.rule.source == source and not positional(o.rule.query)]
        if others:
            backups.append(max(others, key=lambda o: _rank(o, everywhere)))
    kept = chosen + backups
    dom = [o for o in usable if o.rule.source not in STRUCTURED and o not in kept]
    answered = {
        i for o in kept if o.rule.source not in STRUCTURED for i in everywhere if o.results[i]
    }
    backups += _cover(dom, set(everywhere) - answered)
    return FieldRules(tuple(o.rule for o in chosen), tuple(o.rule for o in backups))


def _cover(usable: Sequence[Outcome], open_examples: set[int]) -> list[Outcome]:
    """Rules answering ``open_examples``, greedily: each next one the best on the examples no
    earlier one answers."""
    chosen: list[Outcome] = []
    while open_examples:
        answering = [o for o in usable if any(o.results[i] for i in open_examples)]
        if not answering:
            break
        best = max(answering, key=lambda o: _rank(o, open_examples))
        chosen.append(best)
        open_examples = {i for i in open_examples if best.results[i] is None}
    return chosen


def _judge(rule: Rule, name: str, kind: str, example: FieldExample) -> bool | None:
    """True/False when the rule's value agrees/disagrees with the label; None when it gives
    nothing, or the page has no label to judge by."""
    page = example.page
    ctx = page_context(page, max_length(name, kind, None))
    try:
        value = apply_rule(rule, page, kind, ctx)
    except Rejected:
        return None
    if value is None or example.label is None:
        return None
    return agrees(kind, value, example.label.values)
