"""The engine contract: deals, trump selection, contra, Double stake, Change card, refusals."""

from __future__ import annotations

import json

import pytest

from games.belote.belote import ClassicBeloteOptions, OpenBeloteOptions
from games.belote.cards import suit
from games.belote.rules import BELOTE, CLASSIC_PILOTTA, ENGINES, OPEN_BELOTE, PILOTTA
from games.engine import IllegalAction, MalformedAction, OnDisconnect
from tests.games.belote.support import game_rng


def test_engine_list_and_disconnect_rules() -> None:
    found = {e.slug: (e.min_seats, e.max_seats, e.on_disconnect) for e in ENGINES}
    assert found == {
        "pilotta": (4, 4, OnDisconnect.BOT),
        "classic-pilotta": (2, 4, OnDisconnect.BOT),
        "belote": (2, 2, OnDisconnect.FORFEIT),
        "open-belote": (2, 2, OnDisconnect.FORFEIT),
    }
    assert CLASSIC_PILOTTA.Options().seats_allowed() == (2, 4)
    with pytest.raises(ValueError):
        CLASSIC_PILOTTA.start(CLASSIC_PILOTTA.Options(), 3, game_rng("g", 0))


def apply(engine, state, seat, action, seq=1):
    return engine.apply(state, seat, action, game_rng("flow", seq))


# ---- Pilotta -----------------------------------------------------------------------


def pilotta():
    return PILOTTA.start(PILOTTA.Options(), 4, game_rng("pilotta", 0))


def test_pilotta_deals_eight_each_and_the_forehand_speaks_first() -> None:
    state = pilotta()
    assert [len(h) for h in state["hands"]] == [8, 8, 8, 8]
    assert len({c for h in state["hands"] for c in h}) == 32
    assert state["phase"] == "bidding"
    assert PILOTTA.to_act(state) == {(state["dealer"] + 1) % 4}


def test_pilotta_bids_go_up_in_tens_from_80_to_capot() -> None:
    state = pilotta()
    seat = state["turn"]
    legal = PILOTTA.legal_actions(state, seat)
    values = sorted({a["value"] for a in legal if a["type"] == "bid"}, key=str)
    assert len(legal) == 1 + 17 * 4 + 4
    assert min(v for v in values if v != "capot") == 80
    state = apply(PILOTTA, state, seat, {"type": "bid", "value": 90, "suit": "H"})
    nxt = (seat + 1) % 4
    bids = [a["value"] for a in PILOTTA.legal_actions(state, nxt) if a["type"] == "bid"]
    assert min(v for v in bids if v != "capot") == 100
    with pytest.raises(IllegalAction, match="higher than 90"):
        apply(PILOTTA, state, nxt, {"type": "bid", "value": 90, "suit": "S"})
    with pytest.raises(IllegalAction, match="in tens"):
        apply(PILOTTA, state, nxt, {"type": "bid", "value": 105, "suit": "S"})
    state = apply(PILOTTA, state, nxt, {"type": "bid", "value": "capot", "suit": "S"})
    assert PILOTTA.legal_actions(state, (nxt + 1) % 4) == [{"type": "pass"}]


def test_pilotta_everyone_passing_redeals_with_the_next_dealer() -> None:
    state = pilotta()
    dealer, hands = state["dealer"], state["hands"]
    for i in range(4):
        state = apply(PILOTTA, state, state["turn"], {"type": "pass"}, seq=i + 1)
    assert state["dealer"] == (dealer + 1) % 4
    assert state["hand_no"] == 2
    assert state["hands"] != hands
    assert state["phase"] == "bidding"


def test_pilotta_contract_contra_and_recontra() -> None:
    state = pilotta()
    taker = state["turn"]
    state = apply(PILOTTA, state, taker, {"type": "bid", "value": 100, "suit": "D"})
    for i in range(1, 4):
        state = apply(PILOTTA, state, (taker + i) % 4, {"type": "pass"})
    assert (state["phase"], state["taker"], state["trump"]) == ("contra", taker, "D")
    assert state["contract"] == {"value": 100, "capot": False}
    assert PILOTTA.to_act(state) == {(taker + 1) % 4}
    state = apply(PILOTTA, state, (taker + 1) % 4, {"type": "pass"})
    state = apply(PILOTTA, state, (taker + 3) % 4, {"type": "contra"})
    assert PILOTTA.to_act(state) == {taker}
    assert PILOTTA.legal_actions(state, taker) == [{"type": "pass"}, {"type": "recontra"}]
    state = apply(PILOTTA, state, taker, {"type": "recontra"})
    assert state["contra"] == 4
    assert state["phase"] == "play"
    assert PILOTTA.to_act(state) == {state["first"]}


# ---- Classic Pilotta ---------------------------------------------------------------


def test_classic_pilotta_four_taker_gets_the_turned_card_and_two_more() -> None:
    state = CLASSIC_PILOTTA.start(CLASSIC_PILOTTA.Options(), 4, game_rng("cp", 0))
    assert [len(h) for h in state["hands"]] == [5, 5, 5, 5]
    turned, seat = state["turned"], state["turn"]
    state = apply(CLASSIC_PILOTTA, state, seat, {"type": "take", "swap_seven": False})
    assert [len(h) for h in state["hands"]] == [8, 8, 8, 8]
    assert turned in state["hands"][seat]
    assert (state["trump"], state["phase"]) == (suit(turned), "play")


def test_classic_pilotta_second_round_then_redeal() -> None:
    state = CLASSIC_PILOTTA.start(CLASSIC_PILOTTA.Options(), 4, game_rng("cp", 0))
    turned = state["turned"]
    for i in range(4):
        state = apply(CLASSIC_PILOTTA, state, state["turn"], {"type": "pass"}, seq=i + 1)
    names = [a["suit"] for a in CLASSIC_PILOTTA.legal_actions(state, state["turn"])[1:]]
    assert state["round"] == 2
    assert sorted(names) == sorted(s for s in "CDHS" if s != suit(turned))
    for i in range(4):
        state = apply(CLASSIC_PILOTTA, state, state["turn"], {"type": "pass"}, seq=i + 5)
    assert (state["hand_no"], state["round"], state["phase"]) == (2, 1, "trump")


def test_classic_pilotta_for_two_may_swap_the_trump_seven() -> None:
    state = CLASSIC_PILOTTA.start(CLASSIC_PILOTTA.Options(), 2, game_rng("cp2", 0))
    seat, turned = state["turn"], state["turned"]
    seven = "7" + suit(turned)
    state["hands"][seat][0] = seven
    state["stock"] = [c for c in state["stock"] if c != seven]
    assert {"type": "take", "swap_seven": True} in CLASSIC_PILOTTA.legal_actions(state, seat)
    state = apply(CLASSIC_PILOTTA, state, seat, {"type": "take", "swap_seven": True})
    assert turned in state["hands"][seat] and seven not in state["hands"][seat]
    assert state["discards"] == [seven]
    assert [len(h) for h in state["hands"]] == [9, 9]


def test_classic_pilotta_for_two_without_the_seven_discards_the_table_card() -> None:
    state = CLASSIC_PILOTTA.start(CLASSIC_PILOTTA.Options(), 2, game_rng("cp2", 0))
    seat, turned = state["turn"], state["turned"]
    state["hands"][seat] = [c for c in state["hands"][seat] if c != "7" + suit(turned)]
    assert CLASSIC_PILOTTA.legal_actions(state, seat) == [
        {"type": "pass"},
        {"type": "take", "swap_seven": False},
    ]
    state = apply(CLASSIC_PILOTTA, state, seat, {"type": "take", "swap_seven": False})
    assert state["discards"] == [turned]


# ---- Classic Belote ----------------------------------------------------------------


def belote(**options):
    return BELOTE.start(ClassicBeloteOptions(**options), 2, game_rng("belote", 0))


def test_belote_deals_six_then_three_and_offers_contra() -> None:
    state = belote()
    assert [len(h) for h in state["hands"]] == [6, 6]
    first, turned = state["first"], state["turned"]
    state = apply(BELOTE, state, first, {"type": "take"})
    assert state["phase"] == "contra"
    assert BELOTE.legal_actions(state, 1 - first) == [{"type": "pass"}, {"type": "contra"}]
    state = apply(BELOTE, state, 1 - first, {"type": "contra"})
    state = apply(BELOTE, state, first, {"type": "recontra"})
    assert state["contra"] == 4
    assert [len(h) for h in state["hands"]] == [9, 9]
    assert turned in state["hands"][first]
    assert BELOTE.to_act(state) == {first}


@pytest.mark.parametrize("target", [1, 3])
def test_belote_no_contra_in_games_to_one_or_three_wins(target: int) -> None:
    state = belote(target=target)
    state = apply(BELOTE, state, state["first"], {"type": "take"})
    assert state["phase"] == "play"


def test_belote_a_turned_jack_must_be_taken_by_the_second_player() -> None:
    state = belote()
    state["turned"] = "JD"
    state = apply(BELOTE, state, state["first"], {"type": "pass"})
    second = 1 - state["first"]
    assert BELOTE.legal_actions(state, second) == [{"type": "take"}]
    with pytest.raises(IllegalAction, match="jack"):
        apply(BELOTE, state, second, {"type": "pass"})


def test_belote_second_round_names_another_suit_or_no_trump() -> None:
    state = belote(no_trump=True)
    state["turned"] = "9D"
    first = state["first"]
    state = apply(BELOTE, state, first, {"type": "pass"})
    state = apply(BELOTE, state, 1 - first, {"type": "pass"})
    names = {(a["suit"], a["take_open"]) for a in BELOTE.legal_actions(state, first)[1:]}
    assert names == {(s, t) for s in ("C", "H", "S", "NT") for t in (False, True)}
    state = apply(BELOTE, state, first, {"type": "pass"})
    legal = BELOTE.legal_actions(state, 1 - first)
    assert {"type": "pass"} not in legal
    state = apply(BELOTE, state, 1 - first, {"type": "name", "suit": "NT", "take_open": False})
    state = apply(BELOTE, state, first, {"type": "pass"})
    assert state["trump"] == "NT"
    assert state["discards"] == ["9D"]
    assert [len(h) for h in state["hands"]] == [9, 9]


def test_belote_double_stake_must_be_accepted_or_the_game_is_lost() -> None:
    state = belote(double_stake=4)
    first = state["first"]
    assert {"type": "double"} in BELOTE.legal_actions(state, first)
    state = apply(BELOTE, state, first, {"type": "double"})
    assert BELOTE.to_act(state) == {1 - first}
    assert BELOTE.legal_actions(state, 1 - first) == [{"type": "accept"}, {"type": "surrender"}]
    with pytest.raises(IllegalAction, match="accept or surrender"):
        apply(BELOTE, state, 1 - first, {"type": "take"})
    accepted = apply(BELOTE, state, 1 - first, {"type": "accept"})
    assert accepted["multiplier"] == 2
    assert BELOTE.to_act(accepted) == {first}
    accepted = apply(BELOTE, accepted, first, {"type": "double"})
    accepted = apply(BELOTE, accepted, 1 - first, {"type": "accept"})
    assert accepted["multiplier"] == 4
    assert {"type": "double"} not in BELOTE.legal_actions(accepted, first)
    refused = apply(BELOTE, state, 1 - first, {"type": "surrender"})
    outcome = BELOTE.outcome(refused)
    assert outcome is not None and outcome.winners() == (first,)


def test_belote_change_card_records_a_fee_at_the_current_multiplier() -> None:
    state = belote(change_card=True, double_stake=2, target=1)
    first = state["first"]
    state = apply(BELOTE, state, first, {"type": "double"})
    state = apply(BELOTE, state, 1 - first, {"type": "accept"})
    state = apply(BELOTE, state, first, {"type": "take"})
    old = state["hands"][first][0]
    state = apply(BELOTE, state, first, {"type": "change_card", "card": old})
    assert old not in state["hands"][first] and len(state["hands"][first]) == 9
    assert state["fees"] == [
        {"seat": first, "kind": "change_card", "rate_bp": 1000, "multiplier": 2, "hand_no": 1}
    ]
    kinds = {a["type"] for a in BELOTE.legal_actions(state, first)}
    assert "change_card" not in kinds
    assert f'"{old}"' not in json.dumps(BELOTE.view(state, 1 - first))
    assert BELOTE.view(state, first)["changes"][0]["out"] == old


# ---- Open Belote -------------------------------------------------------------------


def test_open_belote_piles_and_trump_rounds() -> None:
    state = OPEN_BELOTE.start(OpenBeloteOptions(no_trump=True), 2, game_rng("open", 0))
    view = OPEN_BELOTE.view(state, None)
    assert [sum(1 for p in piles if p["top"]) for piles in view["piles"]] == [4, 4]
    first = state["first"]
    names = {a["suit"] for a in OPEN_BELOTE.legal_actions(state, first) if a["type"] == "name"}
    assert names == {"C", "D", "H", "S", "NT"}
    state = apply(OPEN_BELOTE, state, first, {"type": "pass"})
    state = apply(OPEN_BELOTE, state, 1 - first, {"type": "pass"})
    view = OPEN_BELOTE.view(state, None)
    assert [sum(1 for p in piles if p["top"]) for piles in view["piles"]] == [8, 8]
    state = apply(OPEN_BELOTE, state, first, {"type": "pass"})
    assert {"type": "pass"} not in OPEN_BELOTE.legal_actions(state, 1 - first)
    state = apply(OPEN_BELOTE, state, 1 - first, {"type": "name", "suit": "C"})
    assert (state["trump"], state["taker"], OPEN_BELOTE.to_act(state)) == ("C", 1 - first, {first})


# ---- refusals, immutability, forfeit -------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        "pass",
        {"kind": "pass"},
        {"type": 3},
        {"type": "dance"},
        {"type": "pass", "extra": 1},
        {"type": "bid", "value": 80, "suit": "X" * 1_000_000},
        {"type": "play", "card": "ZZ"},
    ],
)
def test_malformed_moves_are_refused_without_echoing_them(action) -> None:
    state = pilotta()
    with pytest.raises(MalformedAction, match="Malformed move") as refused:
        apply(PILOTTA, state, state["turn"], action)
    assert len(refused.value.reason) < 200


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "play", "card": "JH"}, "You cannot play now"),
        ({"type": "bid", "value": 80, "suit": "X"}, "Name a suit"),
    ],
)
def test_out_of_phase_moves(action, reason) -> None:
    state = pilotta()
    with pytest.raises(IllegalAction, match=reason):
        apply(PILOTTA, state, state["turn"], action)


def test_wrong_seat_stale_move_and_finished_game() -> None:
    state = pilotta()
    seat = state["turn"]
    with pytest.raises(IllegalAction, match="not your turn"):
        apply(PILOTTA, state, (seat + 1) % 4, {"type": "pass"})
    after = apply(PILOTTA, state, seat, {"type": "bid", "value": 80, "suit": "C"})
    with pytest.raises(IllegalAction, match="not your turn"):
        apply(PILOTTA, after, seat, {"type": "bid", "value": 80, "suit": "C"})
    over = PILOTTA.forfeit(after, 1)
    with pytest.raises(IllegalAction, match="over"):
        apply(PILOTTA, over, (seat + 1) % 4, {"type": "pass"})


def test_apply_and_forfeit_leave_the_input_alone() -> None:
    state = pilotta()
    before = json.dumps(state, sort_keys=True)
    apply(PILOTTA, state, state["turn"], {"type": "pass"})
    PILOTTA.forfeit(state, 0)
    assert json.dumps(state, sort_keys=True) == before


def test_forfeit_loses_for_the_whole_team() -> None:
    state = PILOTTA.forfeit(pilotta(), 1)
    outcome = PILOTTA.outcome(state)
    assert outcome is not None
    assert outcome.placing == (1, 2, 1, 2)
    assert outcome.reason == "forfeit"
    assert PILOTTA.to_act(state) == set()
    assert PILOTTA.outcome(pilotta()) is None
