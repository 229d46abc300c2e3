"""Scoring known answers from the rule text (003): the first word doubled by the centre, a
bingo, a premium used once, cross words scored both ways with a letter premium, a blank."""

from __future__ import annotations

from games.words.rules import WORDFALL
from tests.games.words.support import across, board_with, place, rng, state


def play(game, action, seat=0):
    after = WORDFALL.apply(game, seat, action, rng(1))
    return after, after["scores"][seat] - game["scores"][seat]


def test_the_first_word_covers_the_centre_which_doubles_it():
    # "This square gives the player forming the first word a double word score."
    # CAT across row 7, columns 6-8: C 3 + A 1 + T 1 = 5, doubled by the centre.
    game = state(racks=[list("CATXXXX"), list("EEEEEEE")])
    after, scored = play(game, across(7, 6, "CAT"))
    assert scored == 10
    assert after["history"][-1]["words"] == [["CAT", 10]]


def test_all_seven_tiles_is_a_bingo_worth_fifty_more():
    # "If a player is able to use all lettered tiles on his or her hand in one turn ...
    # an extra of 50 points." RETAINS, seven 1-point letters across row 7 from column 4:
    # no premium but the centre: 7 x 2 + 50.
    game = state(racks=[list("RETAINS"), list("EEEEEEE")])
    after, scored = play(game, across(7, 4, "RETAINS"))
    assert scored == 7 * 2 + 50
    assert after["racks"][0] == ["E"] * 7  # drawn back up from the bag


def test_a_premium_counts_only_in_the_move_that_covers_it():
    # "The bonus score can only be given once": CAT covered the centre (DW); CATS made
    # later scores the letters plainly, C 3 + A 1 + T 1 + S 1.
    game = state(racks=[list("CATXXXX"), list("SEEEEEE")])
    game, _ = play(game, across(7, 6, "CAT"))
    _, scored = play(game, place((7, 9, "S")), seat=1)
    assert scored == 6


def test_a_letter_on_a_premium_counts_in_both_words_it_makes():
    # "The A in AL and ABOUT gives one point to each respective word": a tile shared by
    # two words scores in both, with its letter premium in both. X (8) on the triple
    # letter at row 5, column 5, after A to its left and O above: AX = 1 + 24 and
    # OX = 1 + 24.
    board = board_with((7, 7, "across", "A"), (5, 4, "across", "A"), (4, 5, "across", "O"))
    game = state(racks=[list("XEEEEEE"), list("EEEEEEE")], board=board)
    after, scored = play(game, place((5, 5, "X")))
    assert sorted(after["history"][-1]["words"]) == [["AX", 25], ["OX", 25]]
    assert scored == 50


def test_letter_premiums_come_before_word_premiums():
    # Row 3 of the standard board: a double letter at column 0, a double word at column 3.
    # HAZE across: (H 4 x 2 + A 1 + Z 10 + E 1) x 2 = 40, and E makes EN down with the N
    # below it, E on the double word: (1 + 1) x 2 = 4.
    board = board_with((7, 7, "across", "A"), (4, 3, "down", "N"))
    game = state(racks=[list("HAZEEEE"), list("EEEEEEE")], board=board)
    after, scored = play(game, across(3, 0, "HAZE"))
    assert sorted(after["history"][-1]["words"]) == [["EN", 4], ["HAZE", 40]]
    assert scored == 44


def test_the_texts_example_about_over_al_be_or():
    # "ABOUT is formed so that AL, BE and OR also is formed ... each word is awarded
    # accordingly. The common letter values are summed for each word." ABOUT on row 6
    # over L E R: B and U lie on double letters (columns 6 and 8). ABOUT = 1 + 3 x 2 + 1 +
    # 1 x 2 + 1 = 11; AL = 2; BE = 3 x 2 + 1 = 7 (the B's premium counts in both words);
    # OR = 2.
    board = board_with((7, 5, "across", "LER"))
    game = state(racks=[list("ABOUTEE"), list("EEEEEEE")], board=board)
    after, scored = play(game, across(6, 5, "ABOUT"))
    words = sorted(after["history"][-1]["words"])
    assert words == [["ABOUT", 11], ["AL", 2], ["BE", 7], ["OR", 2]]
    assert scored == 22


def test_a_blank_on_a_letter_premium_is_still_worth_nothing():
    # STEAM across row 7 from column 3, a blank as the S on the double letter there, M on
    # the centre: (0 + 1 + 1 + 1 + 3) x 2 = 12 (with a real S: 14).
    game = state(racks=[list("?TEAMEE"), list("EEEEEEE")])
    _, scored = play(game, across(7, 3, "sTEAM"))
    assert scored == 12
