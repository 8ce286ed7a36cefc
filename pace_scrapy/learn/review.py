"""Reviewing labels: pages whose labels disagree with the rules learnt from the other pages go
back to a labeller that can look again (the LLM labeller), for a bounded number of rounds.

Disagreements are found the way validation scores a field: for each fold, rules are induced
from the other pages and applied to the fold's pages; a labelled field whose value those rules
do not reproduce (another value, or none) disagrees. The labeller is told both values and
answers with the page's labels again; a page it gives no usable answer for keeps its labels.
A labeller's mistake on one page thus gets a second look instead of spoiling a field, and a
page that really differs keeps its labels (and the field's validation says so).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

from pace_scrapy.extract.kinds import field_kind
from pace_scrapy.items import value_texts
from pace_scrapy.learn.compare import agrees
from pace_scrapy.learn.induce.candidates import FieldExample
from pace_scrapy.learn.induce.fields import induce_rules
from pace_scrapy.learn.labels import Disagreement, Labeler, PageLabels, Reviser
from pace_scrapy.learn.validate import field_value

Folds = Sequence[list[int] | None]


def disagreements(labels: Sequence[PageLabels], folds: Folds) -> dict[int, dict[str, Disagreement]]:
    """For each page (by index) whose labels disagree with the rules learnt without it: the
    fields that disagree."""
    found: dict[int, dict[str, Disagreement]] = defaultdict(dict)
    names = list(dict.fromkeys(name for label in labels for name in label.fields))
    for name in names:
        kind = field_kind(name, None)
        for fold in folds:
            if fold is None:
                continue
            train = [
                FieldExample(lab.page, lab.fields.get(name))
                for i, lab in enumerate(labels)
                if i not in fold
            ]
            rules = induce_rules(name, kind, train)
            for index in fold:
                label = labels[index].fields.get(name)
                if label is None:
                    continue
                value = field_value(name, kind, rules.spec(), labels[index].page) if rules else None
                if value is None or not agrees(kind, value, label.values):
                    shown = None if value is None else "; ".join(value_texts(value))
                    found[index][name] = Disagreement(tuple(label.values), shown)
    return dict(found)


def review_labels(
    labels: Sequence[PageLabels],
    labeler: Labeler,
    page_type: str,
    folds: Folds,
    say: Callable[[str], None],
) -> tuple[list[PageLabels], list[str]]:
    """The labels after at most ``labeler.review_rounds`` rounds of review, and notes on what
    was reviewed. Labels are returned unchanged by a labeller that cannot revise, or with no
    pages to compare (one page)."""
    revised = list(labels)
    if not isinstance(labeler, Reviser) or all(fold is None for fold in folds):
        return revised, []
    notes = []
    for round_number in range(1, labeler.review_rounds + 1):
        found = disagreements(revised, folds)
        if not found:
            break
        fields = sorted({name for disagreeing in found.values() for name in disagreeing})
        note = f"review round {round_number}: {len(found)} pages sent back ({', '.join(fields)})"
        say(note)
        for index, disagreeing in sorted(found.items()):
            answer = labeler.revise(revised[index].page, page_type, disagreeing)
            if answer is not None:
                revised[index] = answer
        notes.append(note)
    return revised, notes
