import lxml.html
import pytest

from pace_scrapy.config.model import ImageSpec, Selector
from pace_scrapy.extract.images import (
    collect_images,
    image_source,
    lead_figures,
    parse_srcset,
    split_credit,
    too_small,
    widest,
)
from tests.factories import page


def test_srcset_parsing_keeps_commas_inside_urls() -> None:
    srcset = "https://cdn/x/w_300,h_200/a.jpg 300w, https://cdn/x/w_900,h_600/a.jpg 900w,b.jpg"
    assert parse_srcset(srcset) == [
        ("https://cdn/x/w_300,h_200/a.jpg", 300.0),
        ("https://cdn/x/w_900,h_600/a.jpg", 900.0),
        ("b.jpg", 1.0),
    ]
    assert widest("a.jpg 1x, b.jpg 2x") == "b.jpg"
    assert widest("  ") is None


def test_srcset_parsing_of_odd_separators_and_descriptors() -> None:
    # A URL runs to the next space (a comma inside it stays); a trailing comma ends it.
    assert parse_srcset(",, a.jpg,b.jpg 2x ,\tc.jpg\n640w,d.jpg 1.5x 99h,") == [
        ("a.jpg,b.jpg", 2.0),
        ("c.jpg", 640.0),
        ("d.jpg", 1.5),
    ]
    assert parse_srcset("a.jpg, b.jpg,,") == [("a.jpg", 1.0), ("b.jpg", 1.0)]
    assert parse_srcset("a.jpg bogus, b.jpg 10q") == [("a.jpg", 1.0), ("b.jpg", 1.0)]
    assert parse_srcset("") == []


def test_source_priority_lazy_attributes_and_picture() -> None:
    img = lxml.html.fragment_fromstring(
        '<img src="data:image/gif;base64,x" data-src="/big.jpg" srcset="s.jpg 100w, l.jpg 800w">'
    )
    assert image_source(img, ["srcset", "src"], "https://e.com/a/") == "https://e.com/a/l.jpg"
    assert image_source(img, ["src", "data-src"], "https://e.com/a/") == "https://e.com/big.jpg"
    doc = page('<body><picture><source srcset="p1.webp 1x, p2.webp 2x"><img alt="x"></picture>')
    img = doc.root.find(".//picture//img")
    assert image_source(img, ["srcset", "src"], "https://e.com/") == "https://e.com/p2.webp"
    # Other lazy loaders' data- attributes, when the listed ones give nothing.
    img = lxml.html.fragment_fromstring(
        '<img src="data:image/svg+xml;base64,x" data-id="7" data-carousel-lazy-srcset="a.jpg 400w,'
        ' b.jpg 1600w" data-carousel-lazy="a.jpg">'
    )
    assert image_source(img, ["srcset", "src"], "https://e.com/") == "https://e.com/b.jpg"
    bare = lxml.html.fragment_fromstring('<img data-id="7" data-width="600">')
    assert image_source(bare, ["src"], "https://e.com/") is None


def test_tiny_images_are_recognised() -> None:
    assert too_small(lxml.html.fragment_fromstring('<img width="1" height="1">'), 50)
    assert not too_small(lxml.html.fragment_fromstring('<img width="600px">'), 50)
    assert not too_small(lxml.html.fragment_fromstring("<img>"), 50)


def test_collect_images_with_captions_credits_and_exclusions() -> None:
    doc = page(
        """<body><article>
        <figure><img src="a.jpg" alt="A"><figcaption>Rain in Paris. <span class="credit">Photo: X</span></figcaption></figure>
        <img src="a.jpg"><img src="pixel.gif" width="1">
        <div class="ad"><img src="ad.jpg"></div><div class="promo"><img src="promo.jpg"></div>
        <p><img data-src="inline.jpg"></p><img src="/icons/zoom.SVG?v=2"></article>
        <img src="outside.jpg"></body>"""
    )
    article = doc.root.find(".//article")
    spec = ImageSpec(credit=Selector(css=".credit"), exclude=(Selector(css=".promo"),))
    found = collect_images([article], set(article.find_class("ad")), spec, doc.base_url)
    assert [image.model_dump(exclude_none=True) for image in found.values()] == [
        {
            "url": "https://news.example/2024/03/a.jpg",
            "caption": "Rain in Paris.",
            "credit": "Photo: X",
            "alt": "A",
        },
        {"url": "https://news.example/2024/03/inline.jpg"},
    ]


def test_images_linking_to_other_pages_are_teasers() -> None:
    doc = page(
        """<body><article>
        <a href="/2024/03/other-story"><img src="teaser.jpg"></a>
        <a href="https://elsewhere.example/"><img src="banner.jpg"></a>
        <a href="/media/big.JPG?w=2000"><img src="lightbox.jpg"></a>
        <a href="/img/42"><img src="/img/42"></a>
        <a href="#gallery"><img src="gallery.jpg"></a>
        <a href="story#top"><img src="self.jpg"></a></article>
        </body>"""
    )
    article = doc.root.find(".//article")
    found = collect_images([article], set(), ImageSpec(), doc.base_url)
    assert [image.url.rsplit("/", 1)[-1] for image in found.values()] == [
        "lightbox.jpg",
        "42",
        "gallery.jpg",
        "self.jpg",
    ]
    # A card whose text is mostly a link to another page is a teaser; a captioned figure
    # whose credit links to the photographer's site, or a card of other text, is not.
    cards = page(
        """<body><article>
        <div class="card"><div><img src="card.jpg"></div>
          <h3><a href="/2024/03/other">Another story about the weather</a></h3></div>
        <figure><img src="photo.jpg"><figcaption>Rain over the Seine.
          <a href="https://agency.example/">Agency</a></figcaption></figure>
        <div><img src="chart.jpg"><p>Rainfall in March was twice the usual amount, see
          <a href="/data">data</a>.</p></div></article></body>"""
    )
    article = cards.root.find(".//article")
    found = collect_images([article], set(), ImageSpec(), cards.base_url)
    assert [image.url.rsplit("/", 1)[-1] for image in found.values()] == [
        "photo.jpg",
        "chart.jpg",
    ]
    # A link around the whole container is not the image's.
    linked = page('<body><a href="/other"><div id="c"><img src="in.jpg"></div></a></body>')
    container = linked.root.get_element_by_id("c")
    assert len(collect_images([container], set(), ImageSpec(), linked.base_url)) == 1


def test_a_skipped_figure_or_box_that_only_frames_it_keeps_its_image() -> None:
    doc = page(
        """<body><article>
        <div class="widget image"><figure><img src="framed.jpg"><figcaption>Rain over the
          Seine</figcaption></figure></div>
        <figure class="widget"><div class="widget"><img src="figure.jpg"></div>
          <figcaption>Umbrellas</figcaption></figure>
        <div class="widget list"><figure><img src="listed.jpg"><figcaption>Most read
          </figcaption></figure><ul><li>Another story</li></ul></div>
        <div class="widget bare"><img src="bare.jpg"></div></article></body>"""
    )
    article = doc.root.find(".//article")
    found = collect_images([article], set(article.find_class("widget")), ImageSpec(), doc.base_url)
    assert [image.url.rsplit("/", 1)[-1] for image in found.values()] == [
        "framed.jpg",
        "figure.jpg",
    ]


def test_lead_figures_sit_before_the_container_at_any_level_below_the_page() -> None:
    root = lxml.html.fromstring(
        "<html><body><figure id='site'><img src='/logo.png'></figure>"
        "<main><picture id='hero'><img src='/hero.jpg'></picture>"
        "<article><header><h1>T</h1><figure id='lead'><picture><img src='/a.jpg'></picture>"
        "</figure></header><div><div><div id='text'><p>Body</p></div></div></div>"
        "<figure id='after'><img src='/b.jpg'></figure></article></main></body></html>"
    )
    container = root.get_element_by_id("text")
    # document order, outermost only; nothing after the container, nothing at the page's level
    assert [f.get("id") for f in lead_figures(container)] == ["hero", "lead"]
    assert lead_figures(root.body) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Smoke over Kyiv. Foto: Dan Bashakov/AP", ("Smoke over Kyiv.", "Foto: Dan Bashakov/AP")),
        ("Trump stays vague. (Photo: REUTERS)", ("Trump stays vague.", "Photo: REUTERS")),
        (
            "Baerbock (archive) © AP/dpa | M. Altaffer",
            ("Baerbock (archive)", "© AP/dpa | M. Altaffer"),
        ),
        ("A dog on a beach (c) Jane Roe", ("A dog on a beach", "(c) Jane Roe")),
        # no caption before it, or a label inside a sentence: no credit
        ("Source: a poll of 2,000 voters", ("Source: a poll of 2,000 voters", None)),
        ("The photo: a cat on a mat", ("The photo: a cat on a mat", None)),
        ("Rain over the Seine", ("Rain over the Seine", None)),
    ],
)
def test_a_credit_ending_a_caption_is_split_off(
    text: str, expected: tuple[str, str | None]
) -> None:
    assert split_credit(text) == expected


def test_an_image_without_a_figure_element_takes_the_caption_of_its_frame() -> None:
    doc = page(
        """<body><article>
        <div class="contentimage"><div><img src="a.jpg"></div>
          <span class="caption small">Trams in the heat</span></div>
        <div class="gallery"><img src="b.jpg"><img src="c.jpg">
          <p class="caption">Two pictures, one caption</p></div>
        <figure><img src="d.jpg"><span class="Caption_caption__x">A figure's caption</span>
        </figure></article></body>"""
    )
    found = collect_images([doc.root.find(".//article")], set(), ImageSpec(), doc.base_url)
    assert [image.caption for image in found.values()] == [
        "Trams in the heat",
        None,
        None,
        "A figure's caption",
    ]


def test_amp_images_are_images() -> None:
    doc = page(
        """<body><article><figure><amp-img src="amp.jpg" layout="fill"></amp-img>
        <figcaption>An AMP page's picture</figcaption></figure></article></body>"""
    )
    found = collect_images([doc.root.find(".//article")], set(), ImageSpec(), doc.base_url)
    assert [(image.url, image.caption) for image in found.values()] == [
        ("https://news.example/2024/03/amp.jpg", "An AMP page's picture")
    ]


def test_credit_elements_are_found_by_their_class_names() -> None:
    doc = page(
        """<body><article><figure><img src="a.jpg"><figcaption><span>Rain in Paris.</span>
        <span class="widget__captionCredit">Jane Roe/AFP</span></figcaption></figure>
        <figure><img src="b.jpg"><figcaption>Umbrellas. © Agency</figcaption></figure>
        </article></body>"""
    )
    found = collect_images([doc.root.find(".//article")], set(), ImageSpec(), doc.base_url)
    assert [(image.caption, image.credit) for image in found.values()] == [
        ("Rain in Paris.", "Jane Roe/AFP"),
        ("Umbrellas.", "© Agency"),
    ]
