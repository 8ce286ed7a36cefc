from pace_scrapy.evaluate.sentences import split_sentences


def test_known_abbreviations_do_not_end_sentences() -> None:
    assert split_sentences("Dr. Jones met Mr. Smith. They talked.") == [
        "Dr. Jones met Mr. Smith.",
        "They talked.",
    ]
    assert split_sentences("The U.S. economy grew. Prices rose!") == [
        "The U.S. economy grew.",
        "Prices rose!",
    ]


def test_question_marks_and_closing_quotes() -> None:
    assert split_sentences("Is it? Yes.") == ["Is it?", "Yes."]
    assert split_sentences('He said "stop." Then he left.') == [
        'He said "stop."',
        "Then he left.",
    ]


def test_paragraph_break_alone_does_not_split_like_punkt() -> None:
    text = "A heading\n\nFirst   sentence here. Second one."
    assert split_sentences(text) == ["A heading First sentence here.", "Second one."]


def test_unknown_abbreviation_splits() -> None:
    # a difference to NLTK's trained model, documented in the module
    assert split_sentences("Haus Nr. 5 steht.") == ["Haus Nr.", "5 steht."]
    assert split_sentences("Er kam am 3. Mai an.") == ["Er kam am 3.", "Mai an."]


def test_blank_text_has_no_sentence() -> None:
    assert split_sentences(" \n ") == []
