import lxml.html

from pace_scrapy.page.dom import PerElement, closest, in_link, inside, outermost


def test_nesting_helpers() -> None:
    root = lxml.html.fromstring("<div><section><p>a</p></section><p>b</p></div>")
    section, first, second = root.find("section"), *root.iter("p")
    assert outermost([first, section, second]) == [section, second]
    assert inside(first, {section}) and not inside(second, {section})
    assert closest(first, {root, section}) is section


def test_in_link() -> None:
    root = lxml.html.fromstring('<div><a href="/x"><b>in</b></a><b>out</b></div>')
    link, inner, outer = root.find("a"), *root.iter("b")
    assert in_link(link) and in_link(inner) and not in_link(outer)


def test_per_element_reads_each_element_once() -> None:
    root = lxml.html.fromstring("<div><p>a</p><p>b</p></div>")
    reads: list[str] = []

    def read(element: lxml.html.HtmlElement) -> str:
        reads.append(element.tag)
        return element.text_content()

    texts = PerElement(read)
    assert [texts[p] for p in root.iter("p")] == ["a", "b"]
    assert [texts[root] for _ in range(3)] == ["ab"] * 3
    assert reads == ["p", "p", "div"]
