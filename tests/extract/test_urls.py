from pace_scrapy.extract.urls import absolute_url


def test_absolute_url_resolves_like_a_browser() -> None:
    base = "https://news.example/world/2024/story.html"
    assert absolute_url(base, "../img/a.jpg") == "https://news.example/world/img/a.jpg"
    assert absolute_url(base, "/a?b=1#c") == "https://news.example/a?b=1#c"
    assert absolute_url(base, "//cdn.example/x.png") == "https://cdn.example/x.png"
    assert absolute_url(base, "mailto:x@news.example") == "mailto:x@news.example"
    assert absolute_url(base, "../img/a.jpg") == "https://news.example/world/img/a.jpg"  # cached
