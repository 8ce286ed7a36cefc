"""Generic text patterns the learner tries when a value sits inside a longer text.

They are general knowledge about how dates and bylines are written, not about any site; a
pattern ends up in a config only when it reproduces the labels on the training pages.
"""

from __future__ import annotations

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_TIME = r"(?:,?\s+(?:at\s+)?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)?"

# Each captures (group 1) one way of writing a date, with an optional time.
DATE_PATTERNS = (
    r"(\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?)",
    rf"(\d{{1,2}}[./-]\d{{1,2}}[./-]\d{{2,4}}{_TIME})",
    rf"({_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}{_TIME})",
    rf"(\d{{1,2}}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?[^\W\d_]{{3,}}\.?\s+\d{{4}}{_TIME})",
)
# Between the names of a byline: commas, "and"/"&" (and the same word in a few languages).
NAME_SEPARATOR = r"\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b|\bog\b|\ben\b)\s*"
# Between the parts of a byline or a title: a bar, a dot, a dash.
_SEPARATOR = r"[|·•—–]|\s-\s"
# The part of a text before its first separator ("Jane Doe | 3 March 2024" -> "Jane Doe"),
# the whole text when it has none.
SEPARATOR_CUT = rf"^(.*?)\s*(?:{_SEPARATOR}|$)"
# The same, for a text that has a separator only (no match otherwise, so no value).
SEPARATED_HEAD = rf"^(.*?)\s*(?:{_SEPARATOR})"
