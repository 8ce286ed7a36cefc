"""Property: extraction never raises on arbitrary (HTML-ish) input."""

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pace_scrapy.errors import PageError
from pace_scrapy.extract.extractor import extract
from pace_scrapy.page.model import Page
from tests.factories import config, css

CONFIG = config(
    fields={
        "headline": css("h1"),
        "datePublished": css("time"),
        "authors": css(".by", multiple=True),
        "mainImage": css("img"),
        "breadcrumbs": css("nav a", multiple=True),
    },
    body={"containers": [{"css": "article"}, {"css": "div"}], "exclude": [{"css": ".ad"}]},
)
TAGS = [
    "p",
    "div",
    "span",
    "a",
    "h1",
    "article",
    "table",
    "tr",
    "td",
    "ul",
    "li",
    "img",
    "br",
    "figure",
    "figcaption",
    "pre",
    "blockquote",
    "time",
    "script",
    "nav",
    "b",
    "picture",
    "source",
]
ATTRS = [
    'class="ad"',
    'class="by"',
    'href="/x"',
    'src="a.jpg"',
    'srcset="a.jpg 10w, b.jpg 20w"',
    'colspan="3"',
    'rowspan="1000"',
    "hidden",
    'style="display:none"',
    'datetime="2024-01-01"',
]

fragment = st.recursive(
    st.text(max_size=20),
    lambda inner: st.builds(
        lambda tag, attr, children, close: (
            f"<{tag} {attr}>{''.join(children)}" + (f"</{tag}>" if close else "")
        ),
        st.sampled_from(TAGS),
        st.sampled_from(["", *ATTRS]),
        st.lists(inner, max_size=4),
        st.booleans(),
    ),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(fragment, st.text(), st.binary().map(lambda b: b.decode("latin-1"))))
def test_extract_never_raises(html: str) -> None:
    try:
        page = Page.from_html(html, "https://news.example/p")
    except PageError:
        return
    item = extract(page, CONFIG, fallback=False)
    assert item.url == "https://news.example/p"
    item.model_dump_json()


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=2000))
def test_page_from_arbitrary_bytes_never_raises_anything_but_page_error(data: bytes) -> None:
    with contextlib.suppress(PageError):
        Page.from_html(data, "https://news.example/b")
