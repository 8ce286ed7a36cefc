from pace_scrapy.learn.induce.candidates import transform_options


def test_transform_options_cover_prefix_and_split() -> None:
    options = list(
        transform_options("people", "By Jane Doe and John Roe | 3 March", ["Jane Doe", "John Roe"])
    )
    assert () in options
    assert any(any(t.op == "split" for t in option) for option in options)
    assert any(any(getattr(t, "prefixes", ()) == ("By",) for t in option) for option in options)
    # A strip is required: a value without the label is dropped, not passed on.
    strips = [t for option in options for t in option if getattr(t, "prefixes", ())]
    assert strips and all(t.required for t in strips)


def test_the_strip_after_a_cut_is_computed_on_the_cut_text() -> None:
    text = "By Jane Doe | 3 March 2024"
    options = list(transform_options("people", text, ["Jane Doe"]))
    cut_then_strip = [
        o for o in options if len(o) >= 2 and o[0].op == "regex" and o[1].op == "strip"
    ]
    # The suffix "| 3 March 2024" is only in the uncut text: after the cut only "By" is left.
    assert any(o[1].prefixes == ("By",) and o[1].suffixes == () for o in cut_then_strip)
