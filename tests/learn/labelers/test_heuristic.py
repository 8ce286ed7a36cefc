from pace_scrapy.learn.labelers.heuristic import HeuristicLabeler
from tests.factories import page


def body_texts(html: str) -> list[str]:
    doc = page(html)
    labels = HeuristicLabeler().label([doc], "article")[0]
    return [doc.blocks[i].text for i in sorted(labels.body)]


def test_a_page_of_short_labels_has_no_body_label() -> None:
    # A gift-guide menu is not an article: no label beats a wrong one (the generic
    # fallback then gets such pages).
    menu = '<body><div id="main"><p>Link Love</p><p>Gift Guide</p><p>Holiday</p></div></body>'
    assert body_texts(menu) == []


def test_a_one_sentence_post_is_labelled() -> None:
    post = '<body><div id="main"><p>Repurposing food as art is creative.</p></div></body>'
    assert body_texts(post) == ["Repurposing food as art is creative."]


ARTICLE = """<html><head>
<meta property="og:description" content="The port reopens after a week of storms.">
<script type="application/ld+json">{{"@type": "NewsArticle", "headline": "Port reopens",
 "author": {{"@type": "Person", "name": "Ana Lopez"}}, "datePublished": "2024-06-27T08:00:00Z"}}
</script></head><body><main>
<header><h1>Port reopens</h1><p class="standfirst">The port reopens after a week of storms.</p>
<div class="byline">By <a rel="author" href="/ana">Ana Lopez</a> | <time>27 June 2024</time></div>
</header>
<div class="text"><p>{first}</p><aside><blockquote><p>{quote}</p></blockquote></aside><p>{second}</p></div>
</main></body></html>"""
QUOTE = "Ships were queuing for miles outside the harbour wall, said the harbour master."
FIRST = f"Cranes moved again on Thursday at the harbour. {QUOTE} The week cost traders dearly."
SECOND = "Officials said the damage to the northern quay would take months to repair fully."


def test_header_fields_and_pull_quotes_are_not_body() -> None:
    # Headline, standfirst, byline and date line are fields of their own; a pull quote repeats
    # a sentence of the text: the body is the article's paragraphs alone.
    texts = body_texts(ARTICLE.format(first=FIRST, quote=QUOTE, second=SECOND))
    assert texts == [FIRST, SECOND]


def test_running_text_between_the_headline_and_the_text_opens_the_body() -> None:
    # A lede in the article's header, under the byline and a long list of sections: the
    # region that holds the text starts below the header, yet the lede is its opening.
    video = (
        "The harbour master walks through the damage on the northern quay, filmed on Thursday"
        " morning."
    )
    sections = "".join(f'<li><a href="/{n}">Section number {n}</a></li>' for n in range(20))
    html = (
        ARTICLE.format(first=FIRST, quote=QUOTE, second=SECOND)
        .replace('<p class="standfirst">The port reopens after a week of storms.</p>', "")
        .replace("</header>", f"<ul>{sections}</ul><p>{video}</p></header>")
    )
    assert video in html
    assert body_texts(html) == [video, FIRST, SECOND]
    # a page wrapper named like furniture around it all does not make the lede furniture
    wrapped = html.replace("<body>", '<body><div id="content-sidebar-wrap">')
    assert body_texts(wrapped) == [video, FIRST, SECOND]


def test_a_first_paragraph_that_is_also_the_description_stays_body() -> None:
    # Blogs often take their first paragraph as the page's description: beside the rest of
    # the post it is running text, not a standfirst.
    html = (
        ARTICLE.format(first=FIRST, quote=QUOTE, second=SECOND)
        .replace('<p class="standfirst">The port reopens after a week of storms.</p>', "")
        .replace('content="The port reopens after a week of storms."', f'content="{FIRST}"')
    )
    assert FIRST in html and "standfirst" not in html
    assert body_texts(html) == [FIRST, SECOND]


THIRD = "Engineers from the port authority expect the first repairs to start in September."


def test_a_heading_is_body_when_it_opens_body_text() -> None:
    # A heading over a subheading over text stays, even with a link between the subheading
    # and its text; the heading of a box of links does not.
    sections = (
        f"{SECOND}</p><h2>What happens next</h2><h3>The repairs</h3>"
        f'<p><a href="/tickets">Ferry tickets</a></p><p>{THIRD}</p>'
        '<h3>More on this story</h3><ul><li><a href="/a">Storm hits the coast</a></li>'
        '<li><a href="/b">Harbour fees rise again</a></li></ul><p>'
    )
    texts = body_texts(ARTICLE.format(first=FIRST, quote=QUOTE, second=sections))
    assert texts == [FIRST, SECOND, "What happens next", "The repairs", THIRD]


LABELLED = """<body><table><tr><td>
<p>Posted : {date}</p><p>Author : {author}</p><p>{first}</p><p>{second}</p>
<p>Q: {question}</p></td></tr></table></body>"""


def test_lines_opened_by_a_label_other_pages_share_are_not_body() -> None:
    # "Posted : <date>" recurs on every page with another value: the template's metadata line.
    one = page(
        LABELLED.format(
            date="Wed, 02 Jan 2008 11:54:05 GMT",
            author="DPA",
            first=FIRST,
            second=SECOND,
            question="What now for the port after the storms?",
        )
    )
    two = page(
        LABELLED.format(
            date="Mon, 07 Jan 2008 04:07:06 GMT",
            author="Subhash K Jha",
            first=THIRD,
            second="The harbour master said ships would be allowed in from Monday morning.",
            question="And what will the repairs cost the traders and the town?",
        )
    )
    labels = HeuristicLabeler().label([one, two], "article")
    texts = [one.blocks[i].text for i in sorted(labels[0].body)]
    assert texts == [FIRST, SECOND, "Q: What now for the port after the storms?"]
    # one page alone says nothing about its labels
    alone = HeuristicLabeler().label([one], "article")[0]
    assert any(one.blocks[i].text.startswith("Posted") for i in alone.body)
