"""The word list: shipped with its licence, checked by a set, and its DAWG holding exactly
the same words."""

from __future__ import annotations

import time

from games.words.lexicon import FOLDER, LEXICONS, build_dawg, dawg, words


def all_words(node, prefix=""):
    if node.final:
        yield prefix
    for letter, child in node.edges.items():
        yield from all_words(child, prefix + letter)


def test_every_list_ships_with_its_licence():
    for lexicon in LEXICONS.values():
        licence = (FOLDER / lexicon.file).with_suffix(".LICENSE").read_text()
        assert "Permission to use, copy, modify, distribute and sell" in licence
        assert sum(lexicon.tiles.counts.values()) == 100 and lexicon.tiles.counts["?"] == 2


def test_the_english_list_has_words_and_no_abbreviations():
    english = words("en")
    assert len(english) > 100_000
    assert {"CAT", "ABOUT", "QI", "XI", "HAZE", "RETAINS", "MIX"} <= english
    assert not {"BLDG", "KW", "FT", "XII", "A", "I"} & english
    assert all(2 <= len(w) <= 15 and w.isascii() and w.isupper() for w in english)


def test_a_word_check_is_instant():
    english = words("en")
    started = time.perf_counter()
    for _ in range(10_000):
        assert "ABOUT" in english
    assert time.perf_counter() - started < 0.05


def test_the_dawg_holds_exactly_the_list():
    assert set(all_words(dawg("en"))) == words("en")


def test_the_dawg_is_minimal_on_a_small_list():
    # TAP, TAPS, TOP, TOPS: the endings P and PS are shared, 5 states instead of 8.
    root = build_dawg(sorted(["TAP", "TAPS", "TOP", "TOPS"]))
    assert set(all_words(root)) == {"TAP", "TAPS", "TOP", "TOPS"}
    states, stack = set(), [root]
    while stack:
        node = stack.pop()
        if id(node) not in states:
            states.add(id(node))
            stack.extend(node.edges.values())
    assert len(states) == 5
