from pace_scrapy.page.blocks import BlockKind, is_layout_table, segment
from pace_scrapy.page.model import Page


def blocks_of(html: str) -> list[tuple[str, str]]:
    page = Page.from_html(html, "https://example.com/")
    return [(block.kind.value, block.text) for block in page.blocks]


def test_reading_order_and_kinds() -> None:
    html = """<body><header><nav><ul><li><a href=/>Home</a></li></ul></nav></header>
    <article><h1>Title</h1><p>First <b>bold</b> paragraph.</p>
    <figure><img src=a.jpg><figcaption>Cap</figcaption></figure>
    <blockquote><p>Quoted</p></blockquote><pre>code  here</pre>
    <table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>
    </article></body>"""
    assert blocks_of(html) == [
        ("list", "Home"),
        ("heading", "Title"),
        ("paragraph", "First bold paragraph."),
        ("figure", "Cap"),
        ("quote", "Quoted"),
        ("code", "code here"),
        ("table", "a b 1 2"),
    ]


def test_inline_runs_are_aggregated_into_their_container() -> None:
    html = "<body><div>Loose <em>text</em> here<p>para</p>after <a href=x>link</a></div></body>"
    assert blocks_of(html) == [
        ("text", "Loose text here"),
        ("paragraph", "para"),
        ("text", "after link"),
    ]


def test_block_maps_back_to_its_element_and_run() -> None:
    page = Page.from_html(
        "<body><div id=c>lead<p>p</p>tail <i>x</i></div></body>", "https://e.com/"
    )
    lead, para, tail = page.blocks
    container = page.root.get_element_by_id("c")
    assert lead.element is container and lead.run == (None, ())
    assert para.element.tag == "p" and para.run is None
    assert tail.element is container and tail.run == (para.element, (container[1],))
    assert [n if isinstance(n, str) else n.tag for n in tail.nodes()] == ["tail ", "i"]


def test_whole_container_text_has_no_span() -> None:
    page = Page.from_html("<body><div><span>only inline</span></div></body>", "https://e.com/")
    (block,) = page.blocks
    assert block.kind is BlockKind.TEXT
    assert block.element.tag == "div" and block.run is None


def test_inline_element_wrapping_blocks_is_a_container() -> None:
    html = "<body><font><p>one</p><p>two</p></font></body>"
    assert blocks_of(html) == [("paragraph", "one"), ("paragraph", "two")]


def test_layout_tables_are_containers_data_tables_atomic() -> None:
    layout = Page.from_html(
        "<body><table><tr><td><p>" + "long article text " * 30 + "</p><p>more</p></td>"
        "<td><ul><li>nav</li></ul></td></tr></table></body>",
        "https://e.com/",
    )
    table = layout.root.find(".//table")
    assert is_layout_table(table)
    assert [b.kind.value for b in layout.blocks] == ["paragraph", "paragraph", "list"]
    data = Page.from_html(
        "<body><table><tr><td><div>1</div></td><td>2</td></tr></table></body>", "https://e.com/"
    )
    assert [b.kind.value for b in data.blocks] == ["table"]


def test_figure_without_media_and_list_with_headings_are_containers() -> None:
    html = (
        "<body><figure><blockquote>q</blockquote><figcaption>c</figcaption></figure>"
        "<ul><li><h3>Teaser</h3><p>text</p></li></ul></body>"
    )
    assert blocks_of(html) == [
        ("quote", "q"),
        ("text", "c"),
        ("heading", "Teaser"),
        ("paragraph", "text"),
    ]


def test_skip_leaves_subtrees_out_and_empty_blocks_are_dropped() -> None:
    page = Page.from_html(
        "<body><div id=c><p>keep</p><div class=ad><p>ad</p></div><p>also <span class=x>no</span></p>"
        "<p> </p></div></body>",
        "https://e.com/",
    )
    skip = set(page.root.find_class("ad")) | set(page.root.find_class("x"))
    assert [b.text for b in segment(page.body, skip)] == ["keep", "also"]


def test_ids_are_sequential_and_stable() -> None:
    html = "<body>" + "".join(f"<p>p{i}</p>" for i in range(5)) + "</body>"
    first = Page.from_html(html, "https://e.com/").blocks
    second = Page.from_html(html, "https://e.com/").blocks
    assert [b.id for b in first] == list(range(5))
    assert [(b.id, b.text) for b in first] == [(b.id, b.text) for b in second]


def test_line_breaks_and_nested_blocks_separate_words() -> None:
    assert blocks_of("<body><p>one<br>two</p><ul><li>a</li><li>b</li></ul></body>") == [
        ("paragraph", "one two"),
        ("list", "a b"),
    ]


def test_link_density_is_the_share_of_link_text() -> None:
    page = Page.from_html(
        '<body><p>Plain words only.</p><ul><li><a href="/a">Another story</a></li>'
        '<li><a href="/b">And one more</a></li></ul>'
        '<p>Half <a href="/c">link</a> half</p><div>Lead <a href="/d">x</a><p>P</p></div></body>',
        "https://e.com/",
    )
    density = {block.text: round(block.link_density, 2) for block in page.blocks}
    assert density["Plain words only."] == 0.0
    assert density["Another story And one more"] == 1.0
    assert density["Half link half"] == round(4 / 12, 2)
    assert density["Lead x"] == round(1 / 5, 2)  # an inline run counts its own links only
