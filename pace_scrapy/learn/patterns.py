"""Generic text patterns the learner tries when a value sits inside a longer text.

They are general knowledge about how bylines and titles are written, not about any site (the
ways of writing a date are ``pace_scrapy.extract.values.DATE_PATTERNS``); a pattern ends up in
a config only when it reproduces the labels on the training pages.
"""

from __future__ import annotations

# Between the names of a byline: commas, "and"/"&" (and the same word in a few languages).
NAME_SEPARATOR = r"\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b|\bog\b|\ben\b)\s*"
# Between the parts of a byline or a title: a bar, a dot, a dash.
_SEPARATOR = r"[|·•—–]|\s-\s"
# The part of a text before its first separator ("Jane Doe | 3 March 2024" -> "Jane Doe"),
# the whole text when it has none.
SEPARATOR_CUT = rf"^(.*?)\s*(?:{_SEPARATOR}|$)"
# The same, for a text that has a separator only (no match otherwise, so no value).
SEPARATED_HEAD = rf"^(.*?)\s*(?:{_SEPARATOR})"
# Between the parts of a document's title (site, section, headline), which also uses colons,
# underscores and guillemets: "The Hindu : Business : ...", "..._English_Xinhua".
TITLE_SEPARATOR = rf"\s*(?:{_SEPARATOR}|[:_»])\s*"
