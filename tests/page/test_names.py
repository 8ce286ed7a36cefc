import pytest

from pace_scrapy.page.names import looks_utility, name_words, stable_name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("article-body", ("article-body", True)),
        ("ArticleBody_body__x7Kq2", ("ArticleBody_body__", False)),
        ("Component-root-0-2-50", ("Component-root-", False)),
        ("post-1234", ("post-", False)),
        ("css-1q2w3e", None),
        ("sc-bdVaJa", None),
        ("_3dGf1", None),
        ("h1", ("h1", True)),
        ("story2", ("story2", True)),  # a numbered variant, written by hand
        ("btm20", None),  # a spacing utility, like letters mixed with digits
        ("span8", None),
        ("Body_text__abcd1", ("Body_text__", False)),
        # CSS-modules hashes that look like words or split into short parts
        ("Article_elementPublishdate__qcso_", ("Article_elementPublishdate__", False)),
        ("Button_error__a_b3X", ("Button_error__", False)),
        ("Card_title__x-Yz1", ("Card_title__", False)),
        ("article__title", ("article__title", True)),  # BEM: an element of a block
        ("md:flex", ("md:flex", True)),
    ],
)
def test_stable_names(name: str, expected: tuple[str, bool] | None) -> None:
    assert stable_name(name) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("BuyBox_root__HhHMq", ["buy", "box", "root"]),
        ("Price_current__qeno7", ["price", "current"]),
        ("a-price-whole", ["a", "price", "whole"]),
        ("productTitle", ["product", "title"]),
        ("HTMLReader", ["html", "reader"]),
        ("post-1234", ["post"]),
        ("css-1q2w3e", []),
    ],
)
def test_name_words_keep_the_stable_words(name: str, expected: list[str]) -> None:
    assert name_words(name) == expected


def test_utility_classes_of_css_frameworks() -> None:
    utility = ["mx-auto", "col-md-8", "d-flex", "row", "text-center", "mb-3", "md:px-4", "w-1/2"]
    named = ["content", "article-body", "text-body", "entry-content", "row-fluid", "lead", "prose"]
    assert all(looks_utility(name) for name in utility)
    assert not any(looks_utility(name) for name in named)
