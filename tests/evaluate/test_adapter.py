"""Items (models or their JSON dicts) converted to predictions."""

from pace_scrapy.evaluate.adapter import body_paragraphs, item_prediction
from pace_scrapy.evaluate.prediction import PredictedImage, Prediction
from pace_scrapy.items import Article, Author, Brand, Gtin, Image, Item, Product, Table


def test_article() -> None:
    article = Article(
        url="https://news.example/a",
        headline="Budget passes",
        authors=[Author(name="Ann Lee"), Author(name="Bo Chen")],
        datePublished="2024-01-02T10:00:00Z",
        articleBody="First paragraph.\n\nSecond  one,\nwith a line break.\n \n\nThird.",
        articleBodyHtml="<p>First paragraph.</p>",
        images=[
            Image(url="https://news.example/a.jpg", caption="A caption"),
            Image(url="https://news.example/b.jpg"),
        ],
        tables=[Table(headerRows=[["Name", "Age"]], rows=[["Ann", "30"], ["Bo", "41"]])],
    )
    assert item_prediction(article) == Prediction(
        body=["First paragraph.", "Second  one,\nwith a line break.", "Third."],
        title="Budget passes",
        authors=["Ann Lee", "Bo Chen"],
        date_published="2024-01-02T10:00:00Z",
        images=[
            PredictedImage(src="https://news.example/a.jpg", caption="A caption"),
            PredictedImage(src="https://news.example/b.jpg"),
        ],
        tables=[[["Name", "Age"], ["Ann", "30"], ["Bo", "41"]]],
        attributes={
            "headline": ["Budget passes"],
            "authors": ["Ann Lee", "Bo Chen"],
            "datePublished": ["2024-01-02T10:00:00Z"],
        },
    )


def test_article_without_body_or_images_list() -> None:
    article = Article(url="https://x.example/", mainImage=Image(url="https://x.example/m.png"))
    prediction = item_prediction(article)
    assert prediction.body is None
    assert prediction.title is None
    assert prediction.images == [PredictedImage(src="https://x.example/m.png")]


def test_product_attributes_are_flattened() -> None:
    product = Product.model_validate(
        {
            "url": "https://shop.example/p",
            "name": "Widget",
            "price": "12.50",
            "currency": "EUR",
            "sku": "W-1",
            "mpn": "MP1",
            "gtin": [Gtin(type="gtin13", value="4006381333931")],
            "brand": Brand(name="Acme"),
            "availability": "https://schema.org/InStock",
            "aggregateRating": {"ratingValue": 4.5, "reviewCount": 12},
            "description": "A widget.",
        }
    )
    prediction = item_prediction(product)
    assert prediction.title == "Widget"
    assert prediction.body is None
    assert prediction.attributes == {
        "name": ["Widget"],
        "description": ["A widget."],
        "price": ["12.50"],
        "currency": ["EUR"],
        "sku": ["W-1"],
        "mpn": ["MP1"],
        "gtin": ["4006381333931"],
        "brand": ["Acme"],
        "availability": ["https://schema.org/InStock"],
        "aggregateRating.ratingValue": ["4.5"],
        "aggregateRating.reviewCount": ["12"],
    }


def test_custom_item_fields_and_json_dict_give_the_same_prediction() -> None:
    book = Item.model_validate(
        {
            "url": "https://books.example/1",
            "title": "A Book",
            "author": [{"name": "Ann Lee"}, {"name": "Bo Chen"}],
            "isbn_13": "9780316125581",
            "publisher": "Hachette",
            "publication_date": "2010-06-01",
            "pages": 320,
            "in_print": True,
        }
    )
    prediction = item_prediction(book)
    assert prediction.title is None  # neither headline nor name
    assert prediction.attributes == {
        "title": ["A Book"],
        "author": ["Ann Lee", "Bo Chen"],
        "isbn_13": ["9780316125581"],
        "publisher": ["Hachette"],
        "publication_date": ["2010-06-01"],
        "pages": ["320"],
        "in_print": ["true"],
    }
    assert item_prediction(book.model_dump(mode="json", exclude_none=True)) == prediction


def test_helpers() -> None:
    assert body_paragraphs("\n\n a \n\n\n b\n") == ["a", "b"]
