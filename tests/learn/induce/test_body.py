import pytest

from pace_scrapy.config.model import BodySpec
from pace_scrapy.extract.body import select_body
from pace_scrapy.extract.render_text import body_paragraphs
from pace_scrapy.learn.induce.body import LEAD_SPAN_CHARS, induce_body
from pace_scrapy.learn.induce.body_sample import BodySample, f1
from pace_scrapy.learn.matching import TextIndex, covered_blocks
from tests.factories import page

TEMPLATE = """<body><nav class="menu"><a href="/">Home</a> <a href="/news">News</a></nav>
<div class="Story_body__{hash}"><p>{one}</p><div class="ad-slot"><p>Buy {ad} now, limited offer!</p></div>
<p>{two}</p><div class="share-tools">Share this</div>{extra}</div>
<aside class="Sidebar_root__{hash}"><p>Most read: {ad} story of the week</p></aside></body>"""


def sample(
    one: str, two: str, ad: str, hash_: str, extra: str = ""
) -> tuple[BodySample, list[str]]:
    html = TEMPLATE.format(one=one, two=two, ad=ad, hash=hash_, extra=extra)
    doc = page(html)
    content = [one, two]
    return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(content)))), content


def kept_paragraphs(unseen: BodySample, spec: BodySpec) -> list[str]:
    """The paragraphs a learnt spec keeps on a page it did not learn from."""
    body = select_body(unseen.page.root, spec)
    assert body is not None
    return body_paragraphs(body.blocks, body.skip)


def learnt(*samples: BodySample, containers: list[str]) -> BodySpec:
    """The body spec learnt from ``samples``, whose containers must be ``containers``."""
    spec = induce_body(list(samples))
    assert spec is not None
    assert [s.css for s in spec.containers] == containers
    return spec


def test_f1() -> None:
    assert f1(0, 0, 10) == 0.0
    assert f1(10, 0, 10) == 1.0
    assert round(f1(5, 5, 10), 3) == 0.5


def test_container_and_exclusions_generalise_to_a_rebuilt_page() -> None:
    first, _ = sample(
        "Rain fell on the city for a week.", "Rivers rose above the banks.", "shoes", "x7Kq2"
    )
    second, _ = sample(
        "The mayor opened a new bridge today.", "Traffic eased by noon.", "phones", "x7Kq2"
    )
    spec = learnt(first, second, containers=['div[class*="Story_body__"]'])
    shortest = min(first.content_chars, second.content_chars)
    assert spec.min_chars == int(0.2 * shortest)  # a fifth of the shortest labelled body
    excluded = " ".join(str(s.css) for s in spec.exclude)
    assert "ad-slot" in excluded
    # the learnt spec on pages of a later build (new hashes, boxes never seen)
    for box in (
        '<div class="related-links"><a href="/a">Another story</a></div>',
        '<div class="ArticleTeaser"><h3>Elsewhere</h3><p>Another story, told in a card.</p></div>',
        '<div class="most-read-box"><p>The story everyone read this week, in one line.</p></div>',
        '<div class="post-tags"><p>Filed under weather, rivers and the valley.</p></div>',
    ):
        unseen, content = sample(
            "A new school was built in the valley.", "Pupils arrive in May.", "cars", "Qq81z", box
        )
        assert kept_paragraphs(unseen, spec) == content


def test_exclusions_never_remove_labelled_content() -> None:
    first, _ = sample(
        "Rain fell on the city for a week.", "Rivers rose above the banks.", "shoes", "a1"
    )
    # on this page the ad slot holds labelled content: no exclusion may remove it
    doc = page(
        TEMPLATE.format(
            one="Alpha beta gamma delta.", two="Epsilon zeta eta.", ad="kept", hash="a1", extra=""
        )
    )
    labelled = TextIndex(
        ["Alpha beta gamma delta.", "Epsilon zeta eta.", "Buy kept now, limited offer!"]
    )
    second = BodySample(doc, frozenset(covered_blocks(doc.blocks, labelled)))
    spec = induce_body([first, second])
    assert spec is not None
    assert all("ad-slot" not in str(s.css) for s in spec.exclude)


def test_fallback_container_for_a_second_template() -> None:
    one, _ = sample(
        "Rain fell on the city for a week.", "Rivers rose above the banks.", "shoes", "x1"
    )
    other = page(
        '<body><section id="longread"><p>A long read starts here with many words.</p></section></body>'
    )
    two = BodySample(
        other,
        frozenset(
            covered_blocks(other.blocks, TextIndex(["A long read starts here with many words."]))
        ),
    )
    spec = induce_body([one, two])
    assert spec is not None
    assert len(spec.containers) == 2
    for sample_ in (one, two):
        body = select_body(sample_.page.root, spec)
        assert body is not None
        kept = {b.text for b in body.blocks}
        assert {sample_.page.blocks[i].text for i in sample_.content} <= kept


def test_no_content_no_spec() -> None:
    doc = page("<body><p>x</p></body>")
    assert induce_body([BodySample(doc, frozenset())]) is None


RELATED = (
    '<ul><li><a href="/{0}">{0} wins the cup</a></li><li><a href="/b">Rates rise</a></li></ul>'
)
# The same in an old table layout.
RELATED_TABLE = (
    '<table><tr><td><a href="/{0}">{0} wins the cup</a></td></tr>'
    '<tr><td><a href="/b">Rates rise</a></td></tr></table>'
)


@pytest.mark.parametrize("related", [RELATED, RELATED_TABLE], ids=["list", "table"])
def test_link_lists_inside_the_body_are_dropped_by_density(related: str) -> None:
    # Related-story lists have no name to exclude them by; their links give them away.
    first, _ = sample(
        "Rain fell on the city for a week.",
        "Rivers rose.",
        "shoes",
        "a1",
        extra=related.format("Leeds"),
    )
    second, _ = sample(
        "The mayor opened a bridge.",
        "Traffic eased by noon.",
        "phones",
        "a1",
        extra=related.format("Derby"),
    )
    spec = induce_body([first, second])
    assert spec is not None and spec.max_link_density == 0.5

    unseen, content = sample(
        "A school was built.", "Pupils arrive in May.", "cars", "a1", extra=related.format("Hull")
    )
    assert kept_paragraphs(unseen, spec) == content


def test_no_link_density_limit_when_content_is_links() -> None:
    first, _ = sample("Rain fell on the city for a week.", "Rivers rose.", "shoes", "a1")
    second, _ = sample("The mayor opened a bridge.", "Traffic eased by noon.", "phones", "a1")
    assert (spec := induce_body([first, second])) is not None
    assert spec.max_link_density is None  # nothing link-dense to drop: no limit
    linked, _ = sample(
        '<a href="/r">Read the report</a>',
        "Rivers rose.",
        "shoes",
        "a1",
        extra=RELATED.format("Leeds"),
    )
    doc = linked.page
    labelled = TextIndex(["Read the report", "Rivers rose.", "Leeds wins the cup Rates rise"])
    listed = BodySample(doc, frozenset(covered_blocks(doc.blocks, labelled)))
    assert (spec := induce_body([listed, second])) is not None
    assert spec.max_link_density is None


STANDFIRST = """<body><nav><a href="/">Home</a> <a href="/news">News</a></nav><header>
<h1>{title}</h1><p class="standfirst">{lead}</p><div class="byline">By Ann Lee</div></header>
{gap}<div class="story"><p>{one}</p><p>{two}</p></div><footer>More stories</footer></body>"""


def standfirst_sample(
    title: str, lead: str, one: str, two: str, gap: str = "", *, gap_is_content: bool = False
) -> tuple[BodySample, list[str]]:
    """A story with a standfirst above its container and ``gap`` (a paragraph's text) between
    the two."""
    paragraph = f'<div class="media"><p>{gap}</p></div>' if gap else ""
    doc = page(STANDFIRST.format(title=title, lead=lead, one=one, two=two, gap=paragraph))
    content = [lead, *([gap] if gap_is_content else []), one, two]
    return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(content)))), content


def test_a_standfirst_outside_the_body_container_is_learnt_as_its_lead() -> None:
    first, _ = standfirst_sample(
        "Floods",
        "Rivers rose across the north overnight.",
        "Rain fell for a week and the rivers could not hold it any longer.",
        "Roads were shut in three counties while the water went down again.",
    )
    second, _ = standfirst_sample(
        "Bridge",
        "The city has a new crossing at last.",
        "The mayor opened the bridge this morning in front of a large crowd.",
        "Traffic eased by noon as drivers tried the new route into town.",
    )
    spec = learnt(first, second, containers=["div.story"])
    assert spec.lead is not None and spec.lead.css == "p.standfirst"

    unseen, content = standfirst_sample(
        "School", "A new school opens in the valley.", "It cost a lot.", "Pupils come in May."
    )
    assert kept_paragraphs(unseen, spec) == content  # in reading order


CAPTION = (
    "The head teacher, filmed at the opening on Monday, explains why the valley needed a school"
    " of its own after forty years."
)


def test_paragraphs_between_lead_and_container_join_unless_the_training_pages_say_no() -> None:
    stories = [
        (
            "Floods",
            "Rivers rose across the north overnight.",
            "Rain fell for a week and the rivers could not hold it any longer.",
            "Roads were shut in three counties while the water went down again.",
        ),
        (
            "Bridge",
            "The city has a new crossing at last.",
            "The mayor opened the bridge this morning in front of a large crowd.",
            "Traffic eased by noon as drivers tried the new route into town.",
        ),
    ]
    spec = learnt(*(standfirst_sample(*s)[0] for s in stories), containers=["div.story"])
    assert spec.lead_span == LEAD_SPAN_CHARS
    unseen, content = standfirst_sample(
        "School",
        "A new school opens.",
        "It cost a lot.",
        "Pupils come in May.",
        CAPTION,
        gap_is_content=True,
    )
    assert kept_paragraphs(unseen, spec) == content  # the lead video's caption too

    # where the training pages show such a paragraph outside the content, none is kept
    promos = (
        "Our reporters spent the summer on the river boats: the whole series, in eleven parts, is"
        " free to read this month.",
        "Ten years ago the old ferry sank in a storm. Look back at that night with the people who"
        " were on board that evening.",
    )
    shown = learnt(
        *(standfirst_sample(*s, promo)[0] for s, promo in zip(stories, promos, strict=True)),
        containers=["div.story"],
    )
    assert shown.lead is not None and shown.lead_span is None


VIDEO = """<body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<h1 class="{title_class}">{title}</h1>{byline}<div class="player">{caption}</div>
<div class="story"><p>{one}</p><p>{two}</p></div><footer>More stories</footer></body>"""


def video_sample(
    title: str, one: str, two: str, caption: str = "", *, byline: str = "", banner: bool = False
) -> tuple[BodySample, list[str]]:
    """A story whose headline sits above a video player (``caption`` under it, labelled content
    when given) and its container; ``byline`` is a paragraph between them, not content. With
    ``banner`` the ``<h1>`` is the site's name, the same on every page."""
    doc = page(
        VIDEO.format(
            title_class="site" if banner else "headline",
            title="The Valley Times" if banner else title,
            byline=f"<p>{byline}</p>" if byline else "",
            caption=f"<p>{caption}</p>" if caption else "",
            one=one,
            two=two,
        )
    )
    content = [*([caption] if caption else []), one, two]
    headline = doc.root.xpath("//h1")[0]
    labelled = frozenset(covered_blocks(doc.blocks, TextIndex(content)))
    return BodySample(doc, labelled, headline), content


VIDEO_STORIES = [
    (
        "Floods",
        "Rain fell for a week and the rivers could not hold it any longer.",
        "Roads were shut in three counties while the water went down again.",
    ),
    (
        "Bridge",
        "The mayor opened the bridge this morning in front of a large crowd.",
        "Traffic eased by noon as drivers tried the new route into town.",
    ),
]


def test_paragraphs_between_the_headline_and_the_container_join_when_nothing_else_is_there() -> (
    None
):
    spec = learnt(*(video_sample(*s)[0] for s in VIDEO_STORIES), containers=["div.story"])
    assert spec.lead is None and spec.span_from is not None
    assert (spec.span_from.css, spec.lead_span) == ("h1.headline", LEAD_SPAN_CHARS)
    unseen, content = video_sample("School", "It cost a lot.", "Pupils come in May.", CAPTION)
    assert kept_paragraphs(unseen, spec) == content  # the video's caption, not the headline

    # a paragraph between them that is not content, however short, says the span would take
    # one that runs longer elsewhere; a headline that repeats is the site's name
    bylines = ("By Ann Lee, in Leeds", "By Tom Hall, in York")
    shown = [video_sample(*s, byline=b)[0] for s, b in zip(VIDEO_STORIES, bylines, strict=True)]
    banners = [video_sample(*s, banner=True)[0] for s in VIDEO_STORIES]
    for samples in (shown, banners):
        spec = learnt(*samples, containers=["div.story"])
        assert spec.span_from is None and spec.lead_span is None


def continued_sample(one: str, two: str, more: str = "") -> tuple[BodySample, list[str]]:
    """A blog post whose teaser is in ``entry-body`` and whose rest, when it has one, is in an
    ``entry-more`` beside it (both in ``entry-content``)."""
    rest = f'<div class="entry-more"><p>{more}</p></div>' if more else ""
    doc = page(
        f'<body><div class="entry-content"><div class="entry-body"><p>{one}</p><p>{two}</p>'
        f'</div>{rest}</div><div class="entry-footer">Posted at noon | Permalink</div></body>'
    )
    content = [one, two, *([more] if more else [])]
    return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(content)))), content


def test_a_wrapper_holding_nothing_more_is_preferred_for_what_other_pages_add() -> None:
    first, _ = continued_sample(
        "Rain fell on the city for a week.", "Rivers rose above the banks in the night."
    )
    second, _ = continued_sample(
        "The mayor opened a new bridge today.", "Traffic eased by noon on the new route."
    )
    spec = learnt(first, second, containers=["div.entry-content"])

    unseen, content = continued_sample(
        "A new school was built in the valley.",
        "Pupils arrive in May.",
        more="The rest of the post, behind a continue-reading link, tells who paid for it.",
    )
    assert kept_paragraphs(unseen, spec) == content


TABLE_LAYOUT = """<body>{banner}<table><tr><td><p>Home</p><p>News</p></td></tr></table>
<table><tr><td><p class="story">{one}</p><div class="mpu">advertisement</div>
<p class="story">{two}</p></td><td><p>Most read: {other} of the week</p></td></tr></table></body>"""


def table_sample(one: str, two: str, other: str, banner: str = "") -> BodySample:
    doc = page(TABLE_LAYOUT.format(one=one, two=two, other=other, banner=banner))
    return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex([one, two]))))


def test_an_unnamed_table_cell_is_learnt_by_its_paragraphs_names() -> None:
    long = " It went on for days and days, and nobody in the valley had seen anything like it."
    first = table_sample("Rain fell on the city for a week." + long, "Rivers rose." + long, "Shoes")
    second = table_sample("The mayor opened a bridge." + long, "Traffic eased." + long, "Phones")
    spec = learnt(first, second, containers=["td:has(> p.story)"])
    # a page with one more layout table before the story: a positional path would miss it
    content = ["A new school was built." + long, "Pupils arrive in May." + long]
    unseen = table_sample(*content, "Cars", banner="<table><tr><td><p>Hi</p></td></tr></table>")
    assert kept_paragraphs(unseen, spec) == content


NOISE = "Win a trip to the seaside this summer with our partners, entries close on Friday. " * 4


def boxed_sample(one: str, two: str, box: str = "", keys: str = "") -> tuple[BodySample, list[str]]:
    """An article whose text is in ``div.text``; ``box`` is a one-off box above it (inside
    the ``article``), ``keys`` labelled key points below it (outside ``div.text``)."""
    after = f'<ul class="keys"><li>{keys}</li></ul>' if keys else ""
    doc = page(
        f'<body><article>{box}<div class="text"><p>{one}</p><p>{two}</p></div>{after}'
        "</article></body>"
    )
    content = [one, two, *([keys] if keys else [])]
    return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(content)))), content


def test_an_exclusion_seen_on_one_page_does_not_make_a_broad_container_win() -> None:
    # `article` reproduces both pages exactly, but only with an exclusion that fits the first
    # page alone; `div.text` misses a short list of key points on the second page.
    first, _ = boxed_sample(
        "Rain fell on the city for a week and the rivers rose.",
        "The river banks broke in the night.",
        box=f'<div class="contest-box"><p>{NOISE}</p></div>',
    )
    second, _ = boxed_sample(
        "The mayor opened a new bridge over the river today.",
        "Traffic eased by noon on the new route into town.",
        keys="Bridge open",
    )
    spec = learnt(first, second, containers=["div.text"])
    # a page with another one-off box: the broad container would have kept it
    unseen, content = boxed_sample(
        "A new school was built in the valley this spring.",
        "Pupils arrive in May, teachers in April.",
        box=f'<div class="quiz-box"><p>{NOISE}</p></div>',
    )
    assert kept_paragraphs(unseen, spec) == content


def test_each_templates_container_is_its_wrapper_not_its_paragraphs() -> None:
    masthead = '<div class="masthead">Site</div>'

    def two_templates(wrapper: str, *blocks: str) -> BodySample:
        # the masthead above the story on one template, below it on the other
        body = f"<{wrapper}>{''.join(blocks)}</div>"
        first = "story" in wrapper
        doc = page(f"<body>{masthead if first else ''}{body}{'' if first else masthead}</body>")
        texts = [b.split(">", 1)[1].split("<", 1)[0] for b in blocks]
        return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(texts))))

    one = two_templates(
        'div id="story"', "<p>Rain fell on the city for a week.</p>", "<p>More.</p>"
    )
    two = two_templates('div class="rich"', "<p>A long read starts here.</p>", "<p>It goes on.</p>")
    spec = induce_body([one, two])
    assert spec is not None
    # a container of paragraphs (`div.rich > p`) scores as well on these pages
    assert sorted(str(s.css) for s in spec.containers) == ["div#story", "div.rich"]
    # a heading on a later page of either template stays in the body
    for wrapper in ('div id="story"', 'div class="rich"'):
        unseen = two_templates(wrapper, "<p>Another read.</p>", "<h2>Part two</h2>", "<p>End.</p>")
        assert kept_paragraphs(unseen, spec) == ["Another read.", "Part two", "End."]


def test_a_footer_later_pages_show_leaves_the_body_though_a_short_label_fell_in_it() -> None:
    story = " ".join(["Rain fell on the city for a week and the rivers rose."] * 10)

    def footed(text: str, footer: str, labels: list[str]) -> BodySample:
        doc = page(f'<body><div class="story"><p>{text}</p><p>{story}</p>{footer}</div></body>')
        labelled = TextIndex([text, story, *labels])
        return BodySample(doc, frozenset(covered_blocks(doc.blocks, labelled)))

    # the byline's name was labelled where it also stands, in the footer's author box: a
    # short label, under a hundredth of the labelled text
    named = '<footer><p class="name">Jane Doe</p></footer>'
    first = footed("The mayor opened a new bridge today.", named, ["Jane Doe"])
    second = footed("Traffic eased by noon.", "", [])
    spec = induce_body([first, second])
    assert spec is not None
    bio = "<footer><p>Jane Doe has covered the weather for this paper since 1999.</p></footer>"
    unseen = footed("A new school was built in the valley.", bio, [])
    assert kept_paragraphs(unseen, spec) == ["A new school was built in the valley.", story]
    # more labelled text in it: the footer holds content, and stays
    correction = "Correction: an earlier version of this story gave the wrong date."
    note = f"<footer><p>{correction}</p></footer>"
    first = footed("The mayor opened a new bridge today.", note, [correction])
    spec = induce_body([first, second])
    assert spec is not None
    assert kept_paragraphs(unseen, spec)[-1].startswith("Jane Doe has covered")


def layout(story: str, links: str, *paragraphs: str) -> BodySample:
    """A page laid out in a table: the story in a cell of class ``story`` (the main template)
    or ``post`` (another, after the cell of ``links``), below a byline row."""
    story_cell = f'<td class="{story}">{"".join(f"<p>{text}</p>" for text in paragraphs)}</td>'
    links_cell = f"<td><p>{links}</p></td>"
    cells = story_cell + links_cell if story == "story" else links_cell + story_cell
    doc = page(
        '<body><div id="page"><table role="presentation"><tr><td class="byline"><p>By the '
        f"desk, {len(paragraphs)} paragraphs today</p></td></tr><tr>{cells}</tr></table></div>"
        "</body>"
    )
    return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(list(paragraphs)))))


def test_a_template_shown_on_several_pages_gets_its_own_container() -> None:
    main = [
        layout("story", links, f"Rain fell on the city for week {n}.", "Rivers rose above.")
        for n, links in enumerate(("Markets fell sharply", "Cup final sold out", "Heatwave due"))
    ]
    other = layout("post", "Train strike called off", "A long read starts here.", "It ends.")
    # One container per template, the main one first, rather than the table around both, or
    # its row: the cells of links beside the story, unnamed, can be excluded from neither.
    spec = learnt(*main, other, containers=["td.story", "td.post"])
    unseen = layout(
        "story", "Budget day", "A new school was built in the valley.", "Pupils arrive in May."
    )
    assert kept_paragraphs(unseen, spec) == [
        "A new school was built in the valley.",
        "Pupils arrive in May.",
    ]
    # A template on one page of two is no evidence: no container for each.
    single = induce_body([main[0], other])
    assert single is not None
    assert len(single.containers) == 1


def test_one_container_when_it_fits_as_well_as_one_for_each_template() -> None:
    # The same links on every page: the row around the story excludes them by their text.
    pages = [
        layout(story, "Markets, sport and weather", f"Rain fell for week {n}.", "Rivers rose.")
        for n, story in enumerate(("story", "story", "story", "post"))
    ]
    spec = induce_body(pages)
    assert spec is not None
    assert len(spec.containers) == 1


def test_no_container_for_a_template_that_the_single_container_fits_as_well() -> None:
    # Video posts wrap the same body in div.video, with a caption: not another template. The
    # pair (the body inside div.video, then the paragraphs elsewhere, leaving out a note one
    # page has) fits the training pages better only by a one-page exclusion.
    def post(caption: str, note: str, *paragraphs: str) -> BodySample:
        html = "".join(f"<p>{text}</p>" for text in paragraphs)
        if caption:
            html = (
                f'<div class="video"><div class="post-body">{html}<div>{caption}</div></div></div>'
            )
        else:
            html = f'<div class="post-body">{html}<div class="note">{note}</div></div>'
        doc = page(f"<body>{html}</body>")
        content = [*paragraphs, caption] if caption else list(paragraphs)
        return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(content))))

    learnt(
        post("The river at dawn, seen from the old mill bridge.", "", "Rain.", "Rivers."),
        post("The mayor cuts the ribbon on the new bridge.", "", "Bridge.", "Traffic."),
        post("", "Corrected", "A school was built in the valley.", "In May."),
        containers=["div.post-body"],
    )


def test_an_exclusion_may_remove_a_few_labelled_words_that_a_box_repeats() -> None:
    # On the second page the box of other stories repeats the article's subheading, which
    # matching the labelled text marks in both places: excluding the box loses nothing.
    long = "The river rose through the night and the banks broke in three places. " * 5

    def story(n: int, subheading: str) -> BodySample:
        links = "".join(
            f"<li><a href='/{n}{i}'>Another story, number {i}</a></li>" for i in range(4)
        )
        title = f"<p>{subheading}</p>" if subheading else ""
        box = f'<div class="more-box">{title}<ul>{links}</ul></div>'
        body = f"<p>{long}{n}</p><h2>{subheading or 'Later'}</h2><p>{long}</p>{box}"
        doc = page(f'<body><div class="text">{body}</div></body>')
        content = [f"{long}{n}", subheading or "Later", long]
        return BodySample(doc, frozenset(covered_blocks(doc.blocks, TextIndex(content))))

    pages = [story(1, ""), story(2, "Rain in Paris"), story(3, "")]
    assert pages[1].chars(pages[1].inside(pages[1].select("div.more-box")))[0]  # labelled
    spec = learnt(*pages, containers=["div.text"])
    assert "div.more-box" in [s.css for s in spec.exclude]
