from pace_scrapy.learn.matching import TextIndex, covered_blocks, nodes_with_text, same_text, words
from tests.factories import page


def test_words_fold_case_punctuation_and_entities() -> None:
    assert words("Café — “Crème” brûlée!") == ["café", "crème", "brûlée"]
    assert same_text("Hello,   World", "hello world")
    assert not same_text("hello world", "hello there world")


def test_coverage_by_trigrams_and_short_texts() -> None:
    index = TextIndex(["The quick brown fox jumps over the lazy dog.", "Short one"])
    assert index.coverage("the quick brown fox jumps") == 1.0
    assert index.coverage("the quick brown cat sleeps") == 1 / 3
    assert index.coverage("short one") == 1.0
    assert index.coverage("one short") == 0.0
    assert index.coverage("") == 0.0


def test_covered_blocks_compare_tables_as_expanded_rows() -> None:
    doc = page(
        "<body><p>Lead paragraph of the story here.</p><p>Unrelated box text.</p>"
        "<table><tr><th colspan=2>Year</th></tr><tr><td>2023</td><td>2024</td></tr></table></body>"
    )
    index = TextIndex(["Lead paragraph of the story here.", "Year | Year", "2023 | 2024"])
    assert covered_blocks(doc.blocks, index) == {0, 2}


def test_short_blocks_are_content_only_next_to_content_or_as_a_whole_text() -> None:
    doc = page(
        "<body><p>World</p><p>Home</p><p>The World Bank lends money to poor countries.</p>"
        "<h2>Background</h2><p>Loans began after the war ended in Europe.</p>"
        "<p>Home</p><p>Related</p></body>"
    )
    index = TextIndex(
        [
            "The World Bank lends money to poor countries.",
            "Background",
            "Loans began after the war ended in Europe. Back home, ...",
        ]
    )
    # "World" and "Home" occur in the texts but stand alone in page furniture ("Home" next to
    # the first paragraph is taken, "World" next to it is not); "Background" is a whole text;
    # the "Home" after the last paragraph is next to content, "Related" occurs nowhere.
    assert covered_blocks(doc.blocks, index) == {1, 2, 3, 4, 5}


def test_nodes_with_text_finds_the_smallest_elements_even_split_over_nodes() -> None:
    doc = page(
        '<body><div class="byline">By <a href="/jane">Jane</a> <b>Doe</b> | 3 May 2024</div>'
        "<p>Jane Doe wrote about many other things in a very long paragraph of text that goes on.</p></body>"
    )
    found = nodes_with_text(doc.body, "Jane  Doe")
    assert [node.get("class") for node in found] == ["byline"]
    assert nodes_with_text(doc.body, "") == []
