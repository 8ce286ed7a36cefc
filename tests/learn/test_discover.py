import pytest

from pace_scrapy.config.store import parse_config
from pace_scrapy.learn.discover import (
    main_shape,
    page_is_article,
    ranked,
    representatives,
    url_article_score,
    url_patterns,
    with_identity,
)
from tests.factories import page


@pytest.mark.parametrize(
    ("url", "article"),
    [
        ("https://n.example/world/2024/06/27/what-a-revised-migration-pact-means-000015", True),
        ("https://n.example/politics/leaders-agree-on-a-new-budget-plan", True),
        ("https://n.example/story/123456", True),
        ("https://n.example/world/", False),
        ("https://n.example/world/?page=2", False),
        ("https://n.example/tag/climate-change-and-cities/", False),
        ("https://n.example/", False),
    ],
)
def test_url_article_score(url: str, article: bool) -> None:
    assert (url_article_score(url) >= 1) is article


def test_page_is_article() -> None:
    prose = "<p>" + "A sentence of the story that goes on for a while. " * 12 + "</p>"
    assert page_is_article(page(f"<body><h1>T</h1>{prose}</body>"))
    assert not page_is_article(page(f"<body><h1>T</h1><h1>U</h1>{prose}</body>"))
    assert not page_is_article(
        page(
            f'<head><meta property="og:type" content="product"></head><body><h1>T</h1>{prose}</body>'
        )
    )
    assert page_is_article(
        page(
            '<head><script type="application/ld+json">{"@type": "NewsArticle"}</script></head><body></body>'
        )
    )


def test_representatives_spread_over_sections() -> None:
    urls = [f"https://n.example/{s}/a-b-c-d-{i}" for s in ("world", "sport") for i in range(4)]
    assert representatives(urls, 3) == [urls[0], urls[4], urls[1]]
    assert main_shape([*urls, "https://n.example/x/y/z-1"]) == urls


def test_url_patterns_generalise_dates_sections_and_slugs() -> None:
    urls = [
        "https://n.example/world/2024/06/27/a-pact-000015",
        "https://n.example/sport/2024/06/26/a-final-000016",
    ]
    (pattern,) = url_patterns(urls)
    assert pattern == r"^https?://[^/]+/[a-z]+/\d{4}/\d{2}/\d{2}/[a-z0-9-]+/?$"
    import re

    assert re.match(pattern, "http://127.0.0.1:8000/culture/2025/01/02/another-story-000099")
    assert not re.match(pattern, "https://n.example/world/")


def test_with_identity() -> None:
    config = parse_config({"name": "n", "domains": ["n.example"], "versions": [{"version": 1}]})
    updated = with_identity(
        config,
        home="https://n.example/",
        article_urls=["https://n.example/a/b-c-d-e"],
        sitemaps=["https://n.example/sitemap.xml"],
        feeds=[],
    )
    assert updated.start_urls == ("https://n.example/",)
    assert updated.sitemaps == ("https://n.example/sitemap.xml",)
    assert updated.url_patterns


def test_ranked_candidates_do_not_depend_on_discovery_order() -> None:
    scores = {
        "https://x.example/b/2": 2.0,
        "https://x.example/a/1": 2.0,
        "https://x.example/c": 3.0,
    }
    expected = ["https://x.example/c", "https://x.example/b/2", "https://x.example/a/1"]
    assert ranked(scores) == expected
    assert ranked(dict(reversed(scores.items()))) == expected
