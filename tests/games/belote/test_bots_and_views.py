"""Bots play sensibly from what their seat can see; views show each seat its own share."""

from __future__ import annotations

from games.belote.belote import ClassicBeloteOptions
from games.belote.bots import choose_action
from games.belote.rules import BELOTE, PILOTTA
from tests.games.belote.support import at_play, game_rng


def bot_card(state, seat) -> str:
    action = choose_action(PILOTTA, state, seat, None)
    assert action["type"] == "play"
    return action["card"]


def test_a_taker_leads_the_master_trump() -> None:
    hands = [["JH", "7H", "AC", "8D"], ["9H", "TC"], ["QH", "KC"], ["KH", "QC"]]
    state = at_play(PILOTTA, PILOTTA.Options(), hands, "H", taker=0)
    assert bot_card(state, 0) == "JH"


def test_a_defender_cashes_a_master_card_instead() -> None:
    hands = [["JH", "7H", "AC", "8D"], ["9H", "TC"], ["QH", "KC"], ["KH", "QC"]]
    state = at_play(PILOTTA, PILOTTA.Options(), hands, "H", taker=1)
    assert bot_card(state, 0) == "AC"


def test_the_last_player_wins_cheaply() -> None:
    hands = [["7C"], ["8C"], ["9C"], ["AC", "TC", "JC", "7D"]]
    state = at_play(PILOTTA, PILOTTA.Options(), hands, "H", [(0, "QC"), (1, "8C"), (2, "9C")])
    assert bot_card(state, 3) == "TC"
    hands[3] = ["KC", "AC", "7C"]
    state = at_play(PILOTTA, PILOTTA.Options(), hands, "H", [(0, "QC"), (1, "8C"), (2, "9C")])
    assert bot_card(state, 3) == "KC"


def test_points_go_to_a_partner_who_holds_the_trick() -> None:
    hands = [["7S"], ["8S"], ["9S"], ["TC", "7C", "8C"]]
    state = at_play(PILOTTA, PILOTTA.Options(), hands, "H", [(0, "9C"), (1, "AC"), (2, "7D")])
    assert bot_card(state, 3) == "TC"


def test_a_losing_follower_plays_its_cheapest_card() -> None:
    hands = [["7S"], ["8S"], ["9S"], ["TC", "7C", "KC"]]
    state = at_play(PILOTTA, PILOTTA.Options(), hands, "H", [(0, "AC"), (1, "9C"), (2, "8C")])
    assert bot_card(state, 3) == "7C"


def test_bots_never_pay_for_a_changed_card() -> None:
    state = BELOTE.start(ClassicBeloteOptions(change_card=True, target=1), 2, game_rng("b", 0))
    state = BELOTE.apply(state, state["first"], {"type": "take"}, game_rng("b", 1))
    action = BELOTE.bot_action(state, state["first"], game_rng("bot", 1))
    assert action["type"] != "change_card"


def test_views_show_own_hand_only() -> None:
    state = PILOTTA.start(PILOTTA.Options(), 4, game_rng("v", 0))
    turn = state["turn"]
    for seat in range(4):
        view = PILOTTA.view(state, seat)
        assert sorted(view["hand"]) == sorted(state["hands"][seat])
        assert view["hand_sizes"] == [8, 8, 8, 8]
        assert bool(view["legal_actions"]) == (seat == turn)
        assert "stock" not in view and "hands" not in view
    spectator = PILOTTA.view(state, None)
    assert spectator["hand"] is None and spectator["legal_actions"] == []
