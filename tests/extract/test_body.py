import pytest

from pace_scrapy.config.model import BodySpec
from pace_scrapy.extract.body import (
    body_from_root,
    contains_text,
    field_line,
    select_body,
    without_field_lines,
    without_headline,
)
from tests.factories import page

DOC = page(
    """<body><div class="teaser">Teaser</div>
    <div class="ArticleBody_body__x7Kq2"><p>One long paragraph that is repeated as a pull quote.</p><div class="ad-slot"><p>Buy now!</p></div>
    <p>Two.</p><aside class="newsletter"><p>Sign up</p></aside><p>One long paragraph that is repeated as a pull quote.</p>
    <p>Advertisement</p><h2>Sub</h2><figure><img src="a.jpg"><figcaption>Cap</figcaption></figure></div>
    <div class="ArticleBody_body__x7Kq2"><p>Three.</p><div class="ArticleBody_body__x7Kq2"><p>Nested.</p></div></div>
    </body>"""
)


def spec(**fields: object) -> BodySpec:
    return BodySpec.model_validate(
        {"containers": [{"css": "main"}, {"css": '[class*="ArticleBody_body__"]'}], **fields}
    )


def test_first_matching_container_selector_wins_and_nested_matches_merge() -> None:
    body = select_body(DOC.root, spec())
    assert body is not None
    assert len(body.containers) == 2
    assert [b.text for b in body.blocks] == [
        "One long paragraph that is repeated as a pull quote.",
        "Buy now!",
        "Two.",
        "Sign up",
        "Advertisement",
        "Sub",
        "Cap",
        "Three.",
        "Nested.",
    ]  # "One long paragraph that is repeated as a pull quote." appears twice in the page: kept once


def test_exclusions_text_patterns_and_kept_kinds() -> None:
    body = select_body(
        DOC.root,
        spec(
            exclude=[{"css": ".ad-slot"}, {"xpath": ".//aside"}],
            exclude_text=["^advertisement$"],
            keep=["paragraph", "heading"],
        ),
    )
    assert body is not None
    assert [b.text for b in body.blocks] == [
        "One long paragraph that is repeated as a pull quote.",
        "Two.",
        "Sub",
        "Three.",
        "Nested.",
    ]
    assert {e.get("class") for e in body.skip} == {"ad-slot", "newsletter"}


def test_no_container_gives_none() -> None:
    assert (
        select_body(DOC.root, BodySpec.model_validate({"containers": [{"css": "article"}]})) is None
    )


def test_a_lead_above_the_container_opens_the_body_only_with_a_container() -> None:
    lead = {"lead": {"css": "p.lead"}}
    story = page(
        '<body><p class="lead">Rivers rose.</p><main><p class="lead">Inside.</p><p>Text.</p>'
        '</main><p class="lead">After.</p></body>'
    )
    body = select_body(story.root, spec(**lead))
    assert body is not None
    # the lead inside the container is the container's; one after it is not a lead
    assert [b.text for b in body.blocks] == ["Rivers rose.", "Inside.", "Text."]
    around = page('<body><div class="lead"><main><p>Text.</p></main></div></body>')
    assert [b.text for b in select_body(around.root, spec(lead={"css": "div.lead"})).blocks] == [
        "Text."
    ]
    # several leads open the body in page order, a lead inside another once
    two = page(
        '<body><div class="lead"><p class="lead">One.</p></div><p class="lead">Two.</p>'
        "<main><p>Text.</p></main></body>"
    )
    assert [b.text for b in select_body(two.root, spec(lead={"css": ".lead"})).blocks] == [
        "One.",
        "Two.",
        "Text.",
    ]
    without = page('<body><p class="lead">Rivers rose.</p><div><p>Text.</p></div></body>')
    assert select_body(without.root, spec(**lead)) is None  # no container: no body at all


def test_long_paragraphs_between_the_lead_and_the_container_join_with_a_lead_span() -> None:
    caption = "The minister, filmed in the chamber on Tuesday, answers questions on the budget."
    story = page(
        '<body><h1 class="title">Budget</h1><p class="byline">By Ann Lee</p>'
        f'<div class="video"><p>{caption}</p></div>'
        f'<div class="share"><p>{caption.upper()}</p></div>'
        f"<main><p>Text.</p></main><p>{caption} Again.</p></body>"
    )
    lead = {"lead": {"css": "h1.title"}}
    spanned = select_body(story.root, spec(**lead, lead_span=40, exclude=[{"css": ".share"}]))
    assert spanned is not None
    # the short byline, the excluded box and what follows the container stay out
    assert [b.text for b in spanned.blocks] == ["Budget", caption, "Text."]
    plain = select_body(story.root, spec(**lead))
    assert plain is not None
    assert [b.text for b in plain.blocks] == ["Budget", "Text."]
    # from the headline (span_from) the same paragraphs join, the headline does not
    after = spec(span_from={"css": "h1.title"}, lead_span=40, exclude=[{"css": ".share"}])
    from_headline = select_body(story.root, after)
    assert from_headline is not None
    assert [b.text for b in from_headline.blocks] == [caption, "Text."]


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"lead_span": 40}, "lead_span 40 needs a lead or span_from"),
        ({"span_from": {"css": "h1"}}, "span_from css:h1 needs a lead_span"),
        (
            {"lead": {"css": "p.lead"}, "span_from": {"css": "h1"}, "lead_span": 40},
            "lead css:p.lead and span_from css:h1",
        ),
    ],
)
def test_a_span_needs_one_start(fields: dict[str, object], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        spec(**fields)


def test_the_paragraphs_between_are_found_at_every_level_in_reading_order() -> None:
    texts = [
        f"Paragraph {word} of the story, long enough to be kept in the body." for word in "ABCD"
    ]
    nested = page(
        f'<body><div><header><div class="head"><h1>Title</h1><p>{texts[0]} In the lead.</p>'
        f"</div><p>{texts[0]}</p></header><section><p>{texts[1]}</p></section></div>"
        f'<div class="wrap"><p>{texts[2]}</p><div><p>{texts[3]}</p><main><p>Text.</p></main>'
        "<p>After the body, long enough to be kept if it were before it.</p></div></div></body>"
    )
    body = select_body(nested.root, spec(lead={"css": "div.head"}, lead_span=40))
    assert body is not None
    assert [b.text for b in body.blocks] == ["Title", f"{texts[0]} In the lead.", *texts, "Text."]


def test_body_from_root_keeps_long_texts_once_and_short_repeats() -> None:
    long = "A paragraph long enough to count as a duplicate when seen twice."
    body = body_from_root(
        page(
            f"<body><h2>Why</h2><p>{long}</p><h2>Why</h2><p>{long}</p><ul><li>b</li></ul></body>"
        ).body
    )
    assert [b.text for b in body.blocks] == ["Why", long, "Why", "b"]


def test_headings_left_with_nothing_under_them_at_the_end_leave_the_body() -> None:
    doc = page(
        "<body><main><h2>Why</h2><p>Rates rose.</p><h3>See also</h3>"
        '<ul><li><a href="/a">Another story</a></li></ul><h2>Links</h2>'
        '<p><a href="/b">More stories</a></p></main></body>'
    )
    body = select_body(doc.root, spec(max_link_density=0.5))
    assert body is not None
    # the lists of links go by density, and the headings they leave behind with them
    assert [b.text for b in body.blocks] == ["Why", "Rates rose."]
    kept = select_body(doc.root, spec())
    assert kept is not None and [b.text for b in kept.blocks][-1] == "More stories"


def test_a_short_paragraph_opening_with_a_copyright_notice_leaves_the_body() -> None:
    notice = "<Copyright ⓒ Daily Example. All rights reserved.>"
    long_notice = "Copyright law " + "is what this article is about. " * 8
    doc = page(
        f"<body><main><p>Rates rose.</p><p>{notice}</p><div>© 2024 Example News</div>"
        f"<p>{long_notice}</p><p>The copyright holder sued.</p><ul><li>© list</li></ul>"
        "</main></body>"
    )
    body = select_body(doc.root, spec())
    assert body is not None
    # a long text about copyright, a sentence naming it and other kinds of block stay
    assert [b.text for b in body.blocks] == [
        "Rates rose.",
        long_notice.strip(),
        "The copyright holder sued.",
        "© list",
    ]


def test_contains_text_counts_the_share_of_characters_found() -> None:
    outer = body_from_root(page("<body><p>Ship it today, the delay is forgotten.</p></body>").root)
    inner = body_from_root(
        page(
            "<body><p>bigdata.example</p><p>Ship it  TODAY, the delay is forgotten.</p></body>"
        ).root
    )
    assert not contains_text(outer, inner)  # the link line is not in the outer body
    assert contains_text(outer, inner, 0.5)  # but most of the inner body's text is


def test_a_caption_that_is_only_a_bracketed_credit_leaves_the_body() -> None:
    frame = '<div class="wp-caption"><img src="/a.jpg"><p class="wp-caption-text">{}</p></div>'
    doc = page(
        "<body><main><p>Rates rose.</p>"
        + frame.format("(Jane Roe/Associated Press)")
        + frame.format("The governor at the bank on Monday (Jane Roe/AP)")
        + '<div class="caption"><span>[Reuters]</span></div>'
        + "<p>(This story has been updated.)</p></main></body>"
    )
    body = select_body(doc.root, spec())
    assert body is not None
    # a caption with words of its own and a bracketed paragraph outside captions stay
    assert [b.text for b in body.blocks if b.text] == [
        "Rates rose.",
        "The governor at the bank on Monday (Jane Roe/AP)",
        "(This story has been updated.)",
    ]


@pytest.mark.parametrize(
    "marker",
    [
        "<h3>Comments</h3>",
        "<p>12 comments:</p>",
        "<div>Have your say</div>",
        "<h2>Kommentare (3)</h2>",
        "<p>Laisser un commentaire</p>",
    ],
)
def test_the_comment_section_and_all_after_it_leave_the_body(marker: str) -> None:
    text = "Rates rose for the third month running, the central bank said on Tuesday morning."
    doc = page(
        f"<body><main><p>{text}</p><h2>Comments from the minister</h2><p>She agreed.</p>"
        "<table><tr><td>Comments</td><td>None</td></tr></table>"
        f"{marker}<p>Great article!</p><p>Posted by Ann</p><h3>See also</h3></main></body>"
    )
    body = select_body(doc.root, spec())
    assert body is not None
    # a heading that says more, and a table cell, are not the comments' heading
    assert [b.text for b in body.blocks] == [
        text,
        "Comments from the minister",
        "She agreed.",
        "Comments None",
    ]


def test_a_comment_count_above_the_text_does_not_cut_the_body() -> None:
    text = "Rates rose for the third month running, the central bank said on Tuesday morning."
    doc = page(
        "<body><main><h1>Rates rise again</h1><p>By Ann Lee</p><p>3 Comments</p>"
        f"<p>{text}</p><p>Shops expect a slow spring.</p></main></body>"
    )
    body = select_body(doc.root, spec())
    assert body is not None
    assert [b.text for b in body.blocks][-2:] == [text, "Shops expect a slow spring."]
    # an invitation to comment is the comment form's, below however short a text
    doc = page(
        "<body><main><p>Logos for the zombie age.</p><p>Leave a comment</p>"
        "<p>Name (required)</p></main></body>"
    )
    body = select_body(doc.root, spec())
    assert body is not None
    assert [b.text for b in body.blocks] == ["Logos for the zombie age."]
    # a German "Kommentar" (singular) is an opinion piece's label, not the comments'
    doc = page(
        f"<body><main><p>{text}</p><h2>Kommentar</h2><p>Die Regierung irrt.</p></main></body>"
    )
    body = select_body(doc.root, spec())
    assert body is not None
    assert [b.text for b in body.blocks] == [text, "Kommentar", "Die Regierung irrt."]


def test_a_pull_quote_repeating_part_of_a_paragraph_is_left_out() -> None:
    quote = "We will not back down, whatever the cost to the party, said the minister."
    paragraph = f"The vote was close. {quote} Talks resume in July."
    long_quote = "x" * 380 + " is quoted twice."  # within REPEAT_MAX_CHARS: a pull quote
    too_long = "y" * 401  # a passage that long is text, wherever else it appears
    sentence = "It was the second time this year that the council changed its mind."
    body = body_from_root(
        page(
            f"<body><blockquote><p>{quote}</p></blockquote><p>{paragraph}</p>"
            f"<aside><blockquote>{long_quote}</blockquote></aside><p>{long_quote} Then more.</p>"
            f"<blockquote>{too_long}</blockquote><p>{too_long} and more.</p>"
            f"<blockquote>Short line.</blockquote><p>A Short line. again</p>"
            f"<p>{sentence}</p><p>Rates rose. {sentence}</p></body>"
        ).body
    )
    assert [b.text for b in body.blocks] == [
        paragraph,
        f"{long_quote} Then more.",
        too_long,
        f"{too_long} and more.",
        "Short line.",  # shorter than DUPLICATE_MIN_CHARS: a repeat may be legitimate
        "A Short line. again",
        sentence,  # a paragraph, not a quotation: articles repeat themselves
        f"Rates rose. {sentence}",
    ]


def test_blocks_repeating_the_headline_leave_the_body() -> None:
    doc = page(
        "<body><article><h1>Tiger  escapes</h1><p>The tiger escaped.</p>"
        "<p>tiger escapes</p><h2>Tiger escapes again</h2><p>It ran.</p></article></body>"
    )
    body = select_body(doc.root, spec(containers=[{"css": "article"}]))
    assert body is not None
    texts = [block.text for block in without_headline(body, "Tiger escapes").blocks]
    assert texts == ["The tiger escaped.", "Tiger escapes again", "It ran."]
    assert without_headline(body, None) is body
    assert without_headline(body, "Not in the page") is body


@pytest.mark.parametrize(
    ("text", "authors", "day", "expected"),
    [
        ("By Jane Doe", ["Jane Doe"], None, True),
        ("Von Anna Martel und Lea Wagner, Nairobi", ["Anna Martel", "Lea Wagner"], None, True),
        ("Posted by Max Fisher on October 29, 2012 at 2:54 pm", ["Max Fisher"], "2012-10-29", True),
        ("Last Updated: 1:19am GMT 14/01/2008", [], "2008-01-14", True),
        ("18.05.2026", [], "2026-05-18", True),
        ("22 January, 2008", [], "2008-01-22", True),
        ("By Jane Doe and John Roe", ["Jane Doe"], None, True),  # every name found is there
        ("Jane Doe", ["Jane Doe", "John Roe"], None, False),  # not every name
        # sentences that name the author (here a publication) or the day stay
        (
            "Members of the Lesotho Times team saw five trucks leave the mine.",
            ["Lesotho Times"],
            None,
            False,
        ),
        ("On 14 January 2008 the council voted for the new bridge.", [], "2008-01-14", False),
        ("Last Updated: 1:19am GMT 15/01/2008", [], "2008-01-14", False),  # another day
        ("By Jane Doe", [], None, False),  # no author found: nothing to tell it by
        ("Happy new year!", ["AP"], None, False),  # names are whole words
        ("By AP", ["AP"], None, True),
    ],
)
def test_byline_and_date_lines(
    text: str, authors: list[str], day: str | None, expected: bool
) -> None:
    assert field_line(text, authors, day) is expected


def test_without_field_lines_keeps_the_other_blocks() -> None:
    doc = page(
        "<body><main><p>By Jane Doe</p><p>3 March 2024</p><p>Jane Doe wrote this at the town hall.</p>"
        "<p>It rained.</p></main></body>"
    )
    body = select_body(doc.root, spec())
    assert body is not None
    kept = without_field_lines(body, ["Jane Doe"], "2024-03-03")
    assert [b.text for b in kept.blocks] == ["Jane Doe wrote this at the town hall.", "It rained."]
    assert without_field_lines(body, [], None) is body
