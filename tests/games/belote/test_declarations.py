"""Finding combinations, comparing them, and when they are declared and shown."""

from __future__ import annotations

from games.belote.belote import ClassicBeloteOptions, OpenBeloteOptions
from games.belote.combos import (
    PILOTTA_COMBOS,
    belote_combo_rules,
    belote_key,
    best_combinations,
    open_candidates,
    pilotta_key,
)
from games.belote.rules import BELOTE, OPEN_BELOTE, PILOTTA
from tests.games.belote.support import at_play, game_rng


def summary(combos: list[dict]) -> list[tuple[str, int, int]]:
    return sorted((c["kind"], c["length"], c["points"]) for c in combos)


def test_pilotta_values() -> None:
    hand = ["JC", "JD", "JH", "JS", "7H", "8H", "9H", "TH"]
    assert summary(best_combinations(hand, PILOTTA_COMBOS)) == [
        ("carre", 4, 200),
        ("sequence", 4, 50),
    ]
    assert summary(best_combinations(["7S", "8S", "9S", "TS", "JS"], PILOTTA_COMBOS)) == [
        ("sequence", 5, 100)
    ]
    nines = ["9C", "9D", "9H", "9S"]
    assert summary(best_combinations(nines, PILOTTA_COMBOS)) == [("carre", 4, 150)]
    sevens = ["7C", "7D", "7H", "7S"]
    assert summary(best_combinations(sevens, PILOTTA_COMBOS)) == [("carre", 4, 100)]


def test_pilotta_a_run_of_six_seven_or_eight_is_one_sequence_of_that_length() -> None:
    # "A sequence consists of at least 3 consecutive cards of the same suit" and "the length
    # of the sequence decides": a run is not cut into a 100 and a tierce.
    for length in (6, 7, 8):
        run = [r + "S" for r in "789TJQKA"[:length]]
        assert summary(best_combinations(run, PILOTTA_COMBOS)) == [("sequence", length, 100)]
    eight = best_combinations([r + "C" for r in "789TJQKA"], PILOTTA_COMBOS)
    assert [c["cards"] for c in eight] == [["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]]
    six_low = best_combinations([r + "D" for r in "789TJQ"], PILOTTA_COMBOS)[0]
    five_high_trump = best_combinations([r + "H" for r in "TJQKA"], PILOTTA_COMBOS)[0]
    assert pilotta_key(six_low, "H") > pilotta_key(five_high_trump, "H")


def test_pilotta_comparison_order() -> None:
    def seq(cards: list[str]) -> dict:
        return best_combinations(cards, PILOTTA_COMBOS)[0]

    carre_q = best_combinations(["QC", "QD", "QH", "QS"], PILOTTA_COMBOS)[0]
    carre_9 = best_combinations(["9C", "9D", "9H", "9S"], PILOTTA_COMBOS)[0]
    long_low = seq(["7C", "8C", "9C", "TC"])
    short_high = seq(["QD", "KD", "AD"])
    assert pilotta_key(carre_9, "H") > pilotta_key(carre_q, "H") > pilotta_key(long_low, "H")
    assert pilotta_key(long_low, "H") > pilotta_key(short_high, "H")
    trump_seq, plain_seq = seq(["QH", "KH", "AH"]), seq(["QD", "KD", "AD"])
    assert pilotta_key(trump_seq, "H") > pilotta_key(plain_seq, "H")
    assert pilotta_key(seq(["QC", "KC", "AC"]), "H") == pilotta_key(plain_seq, "H")


def pilotta_first_trick(hands: list[list[str]], trump: str = "H") -> dict:
    """Every seat declares and plays its first card; the state after the first trick."""
    state = at_play(PILOTTA, PILOTTA.Options(), hands, trump)
    for seat in range(4):
        if {"type": "declare"} in PILOTTA.legal_actions(state, seat):
            state = PILOTTA.apply(state, seat, {"type": "declare"}, game_rng("d", seat))
        card = next(a for a in PILOTTA.legal_actions(state, seat) if a["type"] == "play")
        state = PILOTTA.apply(state, seat, card, game_rng("p", seat))
    return state


def test_pilotta_only_the_highest_side_scores_and_shows() -> None:
    hands = [
        ["7C", "8C", "9C", "KS", "7D"],  # seat 0: tierce
        ["7S", "8S", "9S", "TS", "8D"],  # seat 1: 50 -> side 1 wins
        ["QH", "KH", "AH", "JD", "9D"],  # seat 2: tierce in trumps
        ["AD", "TD", "QC", "KC", "AC"],  # seat 3: tierce
    ]
    state = pilotta_first_trick(hands)
    counted = {r["seat"]: r["counted"] for r in state["declarations"]}
    assert counted == {0: False, 1: True, 2: False, 3: True}
    view = PILOTTA.view(state, 0)
    shown = {d["seat"]: d["combos"] for d in view["declarations"]}
    assert shown[0] is not None and shown[1] is not None and shown[3] is not None
    assert shown[2] is None  # the partner's losing declaration stays hidden
    assert PILOTTA.bonus_points(state) == [0, 70]


def test_pilotta_equal_sequences_outside_trump_score_nothing() -> None:
    hands = [
        ["QC", "KC", "AC", "7D", "8D"],
        ["QS", "KS", "AS", "7H", "8H"],
        ["9D", "TD", "JD", "QD", "KD"],
        ["9H", "TH", "JH", "QH", "KH"],
    ]
    state = pilotta_first_trick(hands, trump="C")
    # Seats 2 and 3 each hold a 100 (K high); neither is trump, so nobody scores.
    assert [r["counted"] for r in state["declarations"]] == [False] * 4


def test_pilotta_a_run_of_six_outranks_a_trump_run_of_five_at_the_table() -> None:
    hands = [
        ["7D", "8D", "9D", "TD", "JD", "QD"],  # seat 0: six in a row, queen high
        ["TH", "JH", "QH", "KH", "AH", "7S"],  # seat 1: five trumps, ace high
        ["7C", "8C", "KD", "AD", "8S", "9S"],
        ["9C", "TC", "JC", "QC", "7H", "8H"],  # seat 3: four clubs
    ]
    state = pilotta_first_trick(hands)
    declared = {r["seat"]: r for r in state["declarations"]}
    assert declared[0]["announce"] == {"kind": "sequence", "points": 100, "length": 6}
    assert [r["seat"] for r in state["declarations"] if r["counted"]] == [0]
    assert PILOTTA.bonus_points(state) == [100, 0]


def test_belote_order_of_combinations() -> None:
    rules = belote_combo_rules("all", "H")
    carre = best_combinations(["QC", "QD", "QH", "QS"], rules)[0]
    hundred = best_combinations(["9S", "TS", "JS", "QS", "KS"], rules)[0]
    fifty_high = best_combinations(["TC", "JC", "QC", "KC", "AC"][1:], rules)[0]
    fifty_low = best_combinations(["9D", "TD", "JD", "QD"], rules)[0]
    tierce = best_combinations(["QD", "KD", "AD"], rules)[0]
    keys = [belote_key(c, "H") for c in (carre, hundred, fifty_high, fifty_low, tierce)]
    assert keys == sorted(keys, reverse=True)
    trump_tierce = best_combinations(["QH", "KH", "AH"], rules)[0]
    assert belote_key(trump_tierce, "H") > belote_key(tierce, "H")


def test_belote_carre_values_and_ranks_by_game() -> None:
    rules = belote_combo_rules("all", "H")
    values = {r: best_combinations([r + s for s in "CDHS"], rules)[0]["points"] for r in "9TJQKA"}
    assert values == {"J": 200, "9": 140, "A": 110, "T": 100, "K": 100, "Q": 100}
    no_trump = belote_combo_rules("all", "NT")
    assert best_combinations(["9C", "9D", "9H", "9S"], no_trump) == []
    jacks = best_combinations(["JC", "JD", "JH", "JS"], no_trump)[0]
    aces = best_combinations(["AC", "AD", "AH", "AS"], no_trump)[0]
    assert belote_key(aces, "NT") > belote_key(jacks, "NT")
    assert belote_key(jacks, "H") > belote_key(aces, "H")


def test_belote_table_options_limit_combinations() -> None:
    run = ["9S", "TS", "JS", "QS", "KS"]
    carre = ["AC", "AD", "AH", "AS"]
    assert summary(best_combinations(run, belote_combo_rules("no_carre_or_100", "H"))) == [
        ("sequence", 4, 50)
    ]
    assert best_combinations(carre, belote_combo_rules("no_carre_or_100", "H")) == []
    assert summary(best_combinations([*run, "AS"], belote_combo_rules("tierce_only", "H"))) == [
        ("sequence", 3, 20),
        ("sequence", 3, 20),
    ]
    assert best_combinations(run + carre, belote_combo_rules("none", "H")) == []


def belote_after_two_tricks(hands: list[list[str]], show: list[bool]) -> dict:
    state = at_play(BELOTE, ClassicBeloteOptions(), hands, "H")
    for trick in range(2):
        for seat in (state["turn"], 1 - state["turn"]):
            legal = BELOTE.legal_actions(state, seat)
            if trick == 0 and {"type": "declare"} in legal:
                state = BELOTE.apply(state, seat, {"type": "declare"}, game_rng("d", seat))
            if trick == 1 and show[seat] and {"type": "show"} in legal:
                state = BELOTE.apply(state, seat, {"type": "show"}, game_rng("s", seat))
            card = next(a for a in BELOTE.legal_actions(state, seat) if a["type"] == "play")
            state = BELOTE.apply(state, seat, card, game_rng("p", seat))
    return state


def test_belote_higher_shown_combination_wins() -> None:
    hands = [["9C", "TC", "JC", "AD", "KD"], ["9S", "TS", "JS", "QS", "AH"]]
    state = belote_after_two_tricks(hands, show=[True, True])
    assert {r["seat"]: r["counted"] for r in state["declarations"]} == {0: False, 1: True}


def test_belote_a_combination_not_shown_before_the_second_card_lapses() -> None:
    hands = [["9C", "TC", "JC", "AD", "KD"], ["9S", "TS", "JS", "QS", "AH"]]
    state = belote_after_two_tricks(hands, show=[True, False])
    assert {r["seat"]: r["counted"] for r in state["declarations"]} == {0: True, 1: False}
    assert next(r for r in state["declarations"] if r["seat"] == 1)["lapsed"] is True


def test_belote_equal_combinations_go_to_the_player_who_started() -> None:
    hands = [["9C", "TC", "JC", "AD", "KD"], ["9S", "TS", "JS", "AC", "KC"]]
    state = belote_after_two_tricks(hands, show=[True, True])
    assert {r["seat"]: r["counted"] for r in state["declarations"]} == {0: True, 1: False}


def test_open_belote_grow_a_tierce_into_a_50_but_never_back() -> None:
    rules = belote_combo_rules("all", "H")
    tierce = open_candidates(["TC", "JC", "QC", "8D"], rules, [])
    assert [c["cards"] for c in tierce] == [["TC", "JC", "QC"]]
    fifty = open_candidates(["TC", "JC", "QC", "KC"], rules, tierce)
    assert [(c["cards"], c["points"]) for c in fifty] == [(["TC", "JC", "QC", "KC"], 50)]
    after_king = open_candidates(["TC", "JC", "QC"], rules, tierce + fifty)
    assert after_king == []


def test_open_belote_higher_tierce_first() -> None:
    rules = belote_combo_rules("all", "H")
    both = open_candidates(["7C", "8C", "9C", "QD", "KD", "AD"], rules, [])
    assert [c["cards"] for c in both] == [["QD", "KD", "AD"]]
    later = open_candidates(["7C", "8C", "9C", "QD", "KD", "AD"], rules, both)
    assert [c["cards"] for c in later] == [["7C", "8C", "9C"]]


def test_open_belote_every_announced_combination_counts() -> None:
    hands = [["7C", "8C", "9C", "AS"], ["QD", "KD", "AD", "JD", "7S"]]
    state = at_play(OPEN_BELOTE, OpenBeloteOptions(), [[], []], "H")
    state["piles"] = [[{"cards": [c], "open": True} for c in h] for h in hands]
    for seat in (0, 1):
        state["turn"] = seat
        declare = next(a for a in OPEN_BELOTE.legal_actions(state, seat) if a["type"] == "declare")
        state = OPEN_BELOTE.apply(state, seat, declare, game_rng("d", seat))
    assert OPEN_BELOTE.bonus_points(state) == [20, 50]
