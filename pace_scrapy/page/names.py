"""Class and id names: which parts are stable across site builds and which are generated.

Build tools append hashes to class names (CSS modules ``ArticleBody_body__x7Kq2``, CSS-in-JS
``css-1q2w3e``) and templates number ids (``post-1234``); the stable part is what a selector
or a node description can rely on.
"""

from __future__ import annotations

import re

_SEPARATORS = re.compile(r"[-_]+")
_HASH_ONLY = re.compile(r"^(?:css|sc|jsx|emotion|styled|svelte)-[a-z0-9]+$", re.I)
# A lower-case word of four letters or more numbered with one digit, standing alone (``story2``,
# ``content1``): a hand-written variant name, not a generated one. Layout and spacing names
# (``span8``, ``btm20``, ``col2``) say how an element looks and stay out.
_NUMBERED_WORD = re.compile(
    r"^(?!(?:span|grid|size|font|margin|padding|width|height|offset|level)[0-9])[a-z]{4,}[0-9]$"
)
# A CSS-modules name, ``Component_local__hash`` with a five-character base64url hash (Next.js,
# Create React App): the hash is generated whatever it looks like (``__qcso_``, ``__a_b3X``).
_CSS_MODULE = re.compile(r"^([A-Za-z][A-Za-z0-9]*_[A-Za-z][A-Za-z0-9-]*__)[A-Za-z0-9_-]{5}$")
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
# Attributes whose values name what an element is, and rarely change with a rebuild.
STABLE_ATTRIBUTES = ("itemprop", "role", "data-testid", "data-component", "data-module", "property")
MAX_NAME = 80
# Utility classes of CSS frameworks (Bootstrap, Tailwind) say how an element looks, not what it
# is: the same ones sit on unrelated elements and change with every redesign.
_UTILITY = re.compile(
    r"""^(?:
        [\w-]*[:\[/].*                               # Tailwind variants and values: md:p-4, w-1/2
      | -?[mp][trblxyse]?-(?:\d+(?:\.\d+)?|auto|px|n\d+)   # spacing: mx-auto, mt-10, p-0
      | (?:d|flex|grid|gap|gx|gy|g|order|justify|items|align|self|place|float|z|inset|w|h|mw|mh
          |min-w|max-w|min-h|max-h|font|fw|fs|lh|leading|tracking|bg|border|rounded|shadow
          |opacity|col|offset|row-cols|overflow|position|top|bottom|start|end)-[\w.-]+
      | text-(?:xs|sm|base|lg|\d?xl|left|right|center|justify|start|end|muted|white|black
          |uppercase|lowercase|capitalize|truncate|wrap|nowrap|[a-z]+-\d{2,3})
      | col|row|flex|grid|block|inline|inline-block|hidden|relative|absolute|fixed|sticky
      | clearfix|container(?:-fluid)?|truncate|uppercase|lowercase|capitalize|italic|underline
    )$""",
    re.VERBOSE,
)


def looks_generated(part: str) -> bool:
    """True for a generated-looking name part: a number, letters mixed with digits, or a short
    irregular mix of cases (``xYzAb``)."""
    if part.isdigit():
        return True
    if len(part) < 4:
        return False
    if any(c.isdigit() for c in part) and any(c.isalpha() for c in part):
        return True
    uppers = sum(c.isupper() for c in part)
    return (
        len(part) <= 8 and uppers >= 1 and (part[0].islower() or uppers >= 2) and not part.isupper()
    )


def looks_utility(name: str) -> bool:
    """True for a CSS framework's utility class (``mx-auto``, ``col-md-8``, ``md:px-4``)."""
    return bool(_UTILITY.match(name))


def stable_name(name: str) -> tuple[str, bool] | None:
    """``(name, exact)`` to match a class or id by: the name itself when stable, its stem
    for a prefix match when it ends in generated parts, ``None`` when it is all generated."""
    if not name or len(name) > MAX_NAME or _HASH_ONLY.match(name):
        return None
    if _NUMBERED_WORD.match(name):
        return name, True
    module = _CSS_MODULE.match(name)
    if module:
        return module.group(1), False
    parts = [part for part in _SEPARATORS.split(name) if part]
    keep = len(parts)
    while keep and looks_generated(parts[keep - 1]):
        keep -= 1
    if keep == len(parts):
        return name, True
    if keep == 0:
        return None
    # The stem runs to the end of the last stable part and the separators after it.
    position = 0
    for part in parts[:keep]:
        position = name.index(part, position) + len(part)
    stem = name[:position]
    while position < len(name) and name[position] in "-_":
        position += 1
    return name[:position] if position > len(stem) else stem, False


def name_words(name: str) -> list[str]:
    """The lower-case words of a class or id's stable part (``BuyBox_root__HhHMq`` -> buy, box,
    root); none for an all-generated name. Numbers are left out."""
    stable = stable_name(name)
    if stable is None:
        return []
    return [w.lower() for w in _WORD.findall(stable[0]) if not w.isdigit()]
