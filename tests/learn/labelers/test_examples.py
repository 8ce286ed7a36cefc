import json
from pathlib import Path

import pytest

from pace_scrapy.errors import PaceError
from pace_scrapy.learn.labelers.examples import ExamplesLabeler, label_page, read_examples
from tests.factories import page

DOC = page(
    """<body><h1>Rain &amp; wind in Paris</h1><p class="by">By <a>Jane</a> <b>Doe</b></p>
    <time datetime="2024-03-03T10:00:00Z">3 March</time>
    <div class="body"><p>First   paragraph of the story.</p><p>Second paragraph, with more words.</p>
    <p>Advertisement</p></div><span class="isbn">ISBN: 978-0316125581</span></body>"""
)


def test_values_are_matched_to_nodes_and_blocks() -> None:
    labels = label_page(
        DOC,
        {
            "headline": "Rain & wind in Paris",
            "authors": ["Jane Doe"],
            "datePublished": "March 3, 2024",
            "articleBody": "First paragraph of the story.\n\nSecond paragraph, with more words.",
            "isbn_13": "978-0316125581",
            "missing": "   ",
        },
    )
    assert [DOC.blocks[i].text for i in sorted(labels.body)] == [
        "First paragraph of the story.",
        "Second paragraph, with more words.",
    ]
    assert [n.tag for n in labels.fields["headline"].nodes] == ["h1"]
    assert [n.get("class") for n in labels.fields["authors"].nodes] == ["by"]
    assert labels.fields["datePublished"].values == ["2024-03-03T00:00:00"]
    assert [n.tag for n in labels.fields["datePublished"].nodes] == ["time"]
    assert [n.get("class") for n in labels.fields["isbn_13"].nodes] == ["isbn"]
    assert "missing" not in labels.fields


def test_labeler_keys_values_by_url() -> None:
    labeler = ExamplesLabeler({DOC.url: {"headline": "Rain & wind in Paris"}})
    other = page("<body><h1>Other</h1></body>", url="https://news.example/other")
    first, second = labeler.label([DOC, other], "article")
    assert "headline" in first.fields and not second.fields


def test_examples_file(tmp_path: Path) -> None:
    good = {"page": "a.html", "url": "https://news.example/a", "values": {"headline": "A"}}
    path = tmp_path / "examples.jsonl"
    path.write_text(json.dumps(good) + "\n\n")
    examples = read_examples(path)
    assert examples.page_path(examples.examples[0]) == tmp_path / "a.html"
    path.write_text(json.dumps(good) + "\n" + json.dumps({**good, "values": {"bad name": "x"}}))
    with pytest.raises(PaceError, match=r"examples.jsonl:2: bad example: .*'bad name'"):
        read_examples(path)
