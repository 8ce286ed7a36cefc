from pace_scrapy.items import value_texts


def test_value_texts_flatten_lists_and_read_objects_by_their_key() -> None:
    value = [" x ", None, "", {"name": "y", "url": "u"}, {"value": "4006381333931"}]
    assert value_texts(value) == ["x", "y", "4006381333931"]
    assert value_texts({"url": "https://a.example/i.jpg", "caption": "c"}) == [
        "https://a.example/i.jpg"
    ]


def test_value_texts_of_an_object_without_a_known_key_are_its_values() -> None:
    assert value_texts({"ratingValue": 4.5, "reviewCount": 12}) == ["4.5", "12"]
    assert value_texts(True) == ["true"]
    assert value_texts(None) == []
