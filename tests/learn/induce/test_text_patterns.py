import re

from pace_scrapy.learn.induce.text_patterns import (
    MAX_TEXT_PATTERNS,
    matches_any,
    matches_any_of,
    text_patterns,
)

FIRST = ["Posted : Thu, 10 Jan 2008 14:25:06 GMT", "US World News | Home", "Author : DPA"]
SECOND = ["Posted : Mon, 31 Dec 2007 16:00:00 GMT", "India Sports News | Home", "Copyright"]
CONTENT = {"Update: the minister resigned on Monday.", "Copyright law changed in 2007."}


def test_texts_that_change_per_page_give_patterns_for_unseen_pages() -> None:
    patterns = text_patterns([FIRST, SECOND], CONTENT)
    for unseen in (
        "Posted : Fri, 11 Jan 2008 09:00:00 GMT",  # the label before the colon
        "Author : Reuters",
        "Europe Business News | Home",  # the suffix both pages share
    ):
        assert matches_any(unseen, patterns), unseen
    assert not matches_any("The minister said the news was good at home.", patterns)


def test_no_pattern_matches_content_of_a_training_page() -> None:
    labelled = [["Update: see below", "Copyright"], ["Update: nothing new"]]
    patterns = text_patterns(labelled, CONTENT)
    assert not any(matches_any(text, patterns) for text in CONTENT)
    assert "^Copyright$" in patterns  # the exact text is still excluded


def test_short_shared_affixes_and_numbers_are_not_patterns() -> None:
    texts = ["10:30 am: Tokyo opens", "10:45 am: Paris closes"]
    patterns = text_patterns([texts[:1], texts[1:]], set())
    assert patterns == [f"^{re.escape(text)}$" for text in texts]  # exact texts only


def test_words_shared_in_the_middle_give_a_pattern_bounded_like_the_texts() -> None:
    texts = ["5 April 2013 Last updated at 10:08 GMT", "4 April 2013 Last updated at 12:09 GMT"]
    patterns = text_patterns([texts[:1], texts[1:]], set())
    assert matches_any("12 April 2013 Last updated at 09:01 GMT", patterns)
    long_paragraph = "The rules were last updated at a meeting in April 2013 Last updated at " * 3
    assert not matches_any(long_paragraph, patterns)  # only lines about as long as those seen


def test_texts_of_one_shape_but_for_their_numbers_give_a_pattern() -> None:
    # The times of a live blog's posts: any time, not only those seen.
    content = {"The vote was 4:3 in the end."}
    patterns = text_patterns([["19:58", "18:14"], ["Page 2 of 9"]], content)
    assert matches_any("07:05", patterns)
    assert not matches_any("Page 3 of 9", patterns)  # one text of its shape: exact only
    assert not matches_any_of(content, patterns)


def test_a_shape_that_content_has_is_no_pattern() -> None:
    patterns = text_patterns([["19:58", "18:14"]], {"20:15"})
    assert not matches_any("07:05", patterns)


def test_an_exact_text_a_general_pattern_matches_is_left_out() -> None:
    first = ["Posted at 10:00 AM ET, 11/29/2011", "Twitter: @raju", "Most read"]
    second = ["Posted at 02:30 PM ET, 08/15/2012", "Most read"]
    patterns = text_patterns([first, second], CONTENT)
    # the two dates go by their shared prefix; the Twitter line by its label
    assert not any("11/29/2011" in p or "08/15/2012" in p or "raju" in p for p in patterns)
    assert "^Most\\ read$" in patterns  # matched by no general pattern
    every = [*first, *second]
    assert all(matches_any(text, patterns) for text in every)


def test_a_long_text_several_pages_repeat_gives_a_pattern_of_its_opening() -> None:
    rules = (
        "Guidelines: comments should keep to the rules of our community. We use these rules to"
        " tell which comments are removed from the site. Please keep your comments short."
    )
    once = "A long text that only one page shows is no sign of a template, however long it is " * 2
    patterns = text_patterns([[rules, once], [rules]], CONTENT)
    opening = rules[: rules.index(" from")]  # whole words, at most 120 characters
    assert patterns == [f"^{re.escape(opening)}"]
    assert matches_any(rules.replace("short", "polite"), patterns)  # the ending may change
    assert text_patterns([[rules], [rules]], {rules}) == []  # content on a training page


def test_thousands_of_texts_give_at_most_the_cap_of_patterns_those_on_most_pages() -> None:
    captions = [[f"Caption {page}-{i}, a photo" for i in range(1000)] for page in range(3)]
    shared = "See more photos in our gallery"
    patterns = text_patterns([[*texts, shared] for texts in captions], set())
    assert f"^{re.escape(shared)}$" in patterns  # shown on every page: kept first
    assert len(patterns) <= 2 * MAX_TEXT_PATTERNS
