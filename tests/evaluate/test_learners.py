from pathlib import Path

from pace_scrapy.evaluate.gold import GoldPage, LabelledPage
from pace_scrapy.evaluate.learners import gold_values, page_type, site_page_type


def test_article_gold_labels_article_fields() -> None:
    gold = GoldPage(dataset="d", site="s", kind="article", title="T", body=("a", "b"))
    assert gold_values(gold) == {"headline": "T", "articleBody": ["a", "b"]}
    assert page_type(gold) == "article"


def test_product_and_book_gold_label_product_fields_and_attributes() -> None:
    product = GoldPage(
        dataset="d",
        site="s",
        kind="product",
        title="Kettle",
        body=("Specs", "Reviews"),
        attributes={"price": ("12.99",), "sku": ("A-1", "A1")},
    )
    assert gold_values(product) == {"name": "Kettle", "price": "12.99", "sku": ["A-1", "A1"]}
    book = GoldPage(dataset="d", site="s", kind="book", attributes={"isbn_13": (": 978",)})
    assert gold_values(book) == {"isbn_13": ": 978"}
    assert page_type(product) == page_type(book) == "product"


def test_a_site_is_learnt_as_the_type_of_most_of_its_training_pages() -> None:
    def pages(*kinds: str) -> list[LabelledPage]:
        return [
            LabelledPage(Path(f"{i}.html"), f"{i:04}", GoldPage(dataset="d", site="s", kind=kind))
            for i, kind in enumerate(kinds)
        ]

    assert site_page_type(pages("product", "generic", "generic")) == "article"
    assert site_page_type(pages("product", "generic", "book")) == "product"
    assert site_page_type(pages("product", "article")) == "product"  # a tie: the first page's
    assert site_page_type([]) == "article"
