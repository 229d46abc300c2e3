"""A cash table through the engine: random hands at full tables of every variant with the
chips conserved, the replay and each hand's seed check, hidden hole cards, the button,
the timeout's fold, leaving, sitting out and in, and topping up."""

from __future__ import annotations

import hashlib
import itertools
import json

import pytest

from games.engine import ChipMoveKind, IllegalAction, MalformedAction, SplitKind
from games.poker.rules import ENGINES, HAND_SALT, NO_STREAM, Poker, PokerState, hand_deck
from games.rng import Rng
from tests.games.poker.support import deck_for

HOLDEM = ENGINES[0]
SEED = b"t" * 32


def chips_in(state: PokerState) -> int:
    """Buy-ins and top-ups less the chips that left: what must be at the table."""
    total = 0
    for _, kind, chips in state["moves"]:
        total += -chips if kind == ChipMoveKind.LEAVE.value else chips
    return total


def chips_at_table(state: PokerState) -> int:
    hand = state["hand"]
    total = sum(state["pending"]) + state["rake"]
    in_hand = set(hand["players"]) if hand else set()
    total += sum(s for seat, s in enumerate(state["stacks"]) if seat not in in_hand)
    if hand is not None:
        live = hand["live"]
        total += sum(live["stacks"]) + live["pot"] + sum(live["bets"])
    return total


def play(engine: Poker, seats: int, moves: int, seed: bytes = SEED, **options):
    state = engine.start(engine.Options(**options), seats, Rng(seed, "game:1", 0))
    log = []
    for seq in range(1, moves + 1):
        if engine.outcome(state) is not None:
            break
        (seat,) = engine.to_act(state)
        action = engine.bot_action(state, seat, Rng(seed, "bot:1", seq))
        state = engine.apply(state, seat, action, Rng(seed, "game:1", seq))
        log.append((seat, action))
        assert chips_at_table(state) == chips_in(state)
    return state, log


@pytest.mark.parametrize("engine", ENGINES, ids=[e.slug for e in ENGINES])
def test_a_full_table_plays_random_hands_with_every_chip_accounted_for(engine):
    state, _ = play(engine, engine.max_seats, 1_500)
    assert state["hands"] > 25
    assert state["rake"] > 0
    for record in state["history"]:
        assert sum(record["won"]) + record["rake"] == sum(p["amount"] for p in record["pots"])


def test_the_replay_of_the_log_rebuilds_the_same_table():
    state, log = play(HOLDEM, 6, 400)
    again = HOLDEM.start(HOLDEM.Options(), 6, Rng(SEED, "game:1", 0))
    for seq, (seat, action) in enumerate(log, start=1):
        again = HOLDEM.apply(again, seat, action, Rng(SEED, "game:1", seq))
    assert again == state


def test_every_hands_deck_is_checked_from_its_revealed_seed():
    state, _ = play(HOLDEM, 4, 300)
    for record in state["history"]:
        seed = bytes.fromhex(record["seed"])
        assert hashlib.sha256(seed).hexdigest() == record["seed_hash"]
        deck = list(Rng(seed, HAND_SALT, record["number"]).shuffle(HOLDEM.variant.deck))
        assert deck == list(hand_deck(HOLDEM.variant, seed, record["number"]))
        players = len(record["seats"])
        for seat, cards in record["shown"].items():
            player = record["seats"].index(int(seat))
            assert cards == [deck[player], deck[player + players]]
        assert (
            record["board"]
            == (
                deck[2 * players + 1 : 2 * players + 4]
                + deck[2 * players + 5 : 2 * players + 6]
                + deck[2 * players + 7 : 2 * players + 8]
            )[: len(record["board"])]
        )


def test_the_button_moves_one_seat_each_hand_and_the_blinds_follow_it():
    state, _ = play(HOLDEM, 5, 200)
    buttons = [r["button"] for r in state["history"]]
    assert all(b == (a + 1) % 5 for a, b in itertools.pairwise(buttons))
    for record in state["history"]:
        assert record["seats"][-1] == record["button"]  # the button acts last after the flop


def test_no_view_shows_another_seats_cards_the_deck_or_a_seed_before_its_hand_ends():
    state, _ = play(HOLDEM, 6, 150)
    hand = state["hand"]
    for viewer in [None, *range(6)]:
        text = json.dumps(HOLDEM.view(state, viewer))
        assert state["secret"] not in text
        assert hand["seed"] not in text
        for player, cards in enumerate(hand["holes"]):
            mine = viewer is not None and hand["players"][player] == viewer
            assert (json.dumps(cards)[1:-1] in text) == mine
    # Mucked hands never appear in the history: only shown ones are listed.
    for record in state["history"]:
        assert all(seat in map(str, record["seats"]) for seat in record["shown"])


def test_the_timeout_checks_when_it_can_and_else_folds():
    state = HOLDEM.start(HOLDEM.Options(), 3, Rng(SEED, "game:1", 0))
    (seat,) = HOLDEM.to_act(state)
    assert HOLDEM.timeout_action(state, seat) == {"type": "fold"}  # facing the big blind
    state = HOLDEM.apply(state, seat, {"type": "fold"}, NO_STREAM)
    assert state["hand"]["live"]["folded"][state["hand"]["players"].index(seat)]


def test_a_seat_that_leaves_takes_its_chips_and_the_last_one_closes_the_table():
    state = HOLDEM.start(HOLDEM.Options(), 3, Rng(SEED, "game:1", 0))
    hand = state["hand"]
    waiting = next(s for s in hand["players"] if s != hand["live"]["actor"])
    state = HOLDEM.apply(state, waiting, {"type": "leave"}, NO_STREAM)
    assert state["leaving"][waiting]  # its cards are dead; it goes when the hand ends
    while state["status"][waiting] != "left":
        (seat,) = HOLDEM.to_act(state)
        state = HOLDEM.apply(state, seat, HOLDEM.timeout_action(state, seat), NO_STREAM)
    left = [m for m in state["moves"] if m[1] == "leave"]
    assert left == [[waiting, "leave", left[0][2]]]
    for seat in range(3):
        state = HOLDEM.forfeit(state, seat)
    outcome = HOLDEM.outcome(state)
    assert outcome is not None and state["closed"]
    assert outcome.split.kind == SplitKind.EXACT and outcome.split.rake_taken == state["rake"]
    paid = sum(c for _, kind, c in state["moves"] if kind == "leave")
    assert paid + state["rake"] == 3 * HOLDEM.Options().stack


def test_sitting_out_skips_the_seat_until_it_sits_in():
    state = HOLDEM.start(HOLDEM.Options(), 3, Rng(SEED, "game:1", 0))
    state = HOLDEM.apply(state, 0, {"type": "sit_out"}, NO_STREAM)
    with pytest.raises(IllegalAction):
        HOLDEM.apply(state, 0, {"type": "sit_out"}, NO_STREAM)
    number = state["hand"]["number"]
    while state["hand"]["number"] == number:
        (seat,) = HOLDEM.to_act(state)
        state = HOLDEM.apply(state, seat, HOLDEM.timeout_action(state, seat), NO_STREAM)
    assert 0 not in state["hand"]["players"]
    state = HOLDEM.apply(state, 0, {"type": "sit_in"}, NO_STREAM)
    number = state["hand"]["number"]
    while state["hand"]["number"] == number:
        (seat,) = HOLDEM.to_act(state)
        state = HOLDEM.apply(state, seat, HOLDEM.timeout_action(state, seat), NO_STREAM)
    assert 0 in state["hand"]["players"]


def test_a_top_up_brings_the_stack_back_to_the_buy_in_after_the_hand():
    options = HOLDEM.Options()
    state = HOLDEM.start(options, 2, Rng(SEED, "game:1", 0))
    with pytest.raises(IllegalAction):
        HOLDEM.apply(state, 0, {"type": "top_up"}, NO_STREAM)  # at the buy-in already
    while state["stacks"][0] >= options.stack:  # seat 0 folds its blinds away
        (seat,) = HOLDEM.to_act(state)
        move = HOLDEM.timeout_action(state, seat) if seat == 0 else {"type": "call"}
        if not state["hand"]["live"]["to_call"]:
            move = {"type": "check"}
        state = HOLDEM.apply(state, seat, move, NO_STREAM)
    short = state["stacks"][0]
    state = HOLDEM.apply(state, 0, {"type": "top_up"}, NO_STREAM)
    assert state["moves"][-1] == [0, "top_up", options.stack - short]
    assert state["pending"][0] == options.stack - short
    assert chips_at_table(state) == chips_in(state)


def test_a_top_up_of_a_chosen_amount_stays_within_a_big_blind_and_the_buy_in():
    options = HOLDEM.Options()
    blind = options.big_blind
    state = HOLDEM.start(options, 3, Rng(SEED, "game:1", 0))
    hand = state["hand"]
    big = hand["players"][1]  # posted the big blind: a top-up counts its chips in the pot
    assert {"type": "top_up", "chips": blind} not in HOLDEM.legal_actions(state, big)
    while state["stacks"][big] > options.stack - 3 * blind:  # it loses more than 2 blinds
        (seat,) = HOLDEM.to_act(state)
        live = state["hand"]["live"]
        if seat == big:
            move = {"type": "fold"} if live["to_call"] else {"type": "check"}
        elif live["raise_to"]:  # the others raise it out
            move = {"type": "raise" if max(live["bets"]) else "bet", "to": live["raise_to"][0]}
        else:
            move = {"type": "call"} if live["to_call"] else {"type": "check"}
        state = HOLDEM.apply(state, seat, move, NO_STREAM)
    room = HOLDEM.top_up_room(state, big)
    assert room >= 2 * blind
    offered = [a for a in HOLDEM.legal_actions(state, big) if a["type"] == "top_up"]
    assert offered == [{"type": "top_up", "chips": blind}, {"type": "top_up", "chips": room}]
    for chips in (blind - 1, room + 1):
        with pytest.raises(IllegalAction, match="Top up by between"):
            HOLDEM.apply(state, big, {"type": "top_up", "chips": chips}, NO_STREAM)
    topped = HOLDEM.apply(state, big, {"type": "top_up", "chips": blind + 1}, NO_STREAM)
    assert topped["moves"][-1] == [big, "top_up", blind + 1]
    assert chips_at_table(topped) == chips_in(topped)
    # The rest of the room, then no more.
    topped = HOLDEM.apply(topped, big, {"type": "top_up"}, NO_STREAM)
    assert topped["moves"][-1] == [big, "top_up", room - blind - 1]
    assert HOLDEM.top_up_room(topped, big) == 0
    with pytest.raises(IllegalAction, match="buy-in already"):
        HOLDEM.apply(topped, big, {"type": "top_up", "chips": blind}, NO_STREAM)


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "top_up", "chips": 0},
        {"type": "top_up", "chips": -20},
        {"type": "top_up", "chips": "20"},
        {"type": "top_up", "to": 20},
        {"type": "call", "chips": 20},
        {"type": ["top_up"]},
    ],
)
def test_a_malformed_top_up_is_refused_by_the_parser(raw):
    with pytest.raises(MalformedAction):
        HOLDEM.parse_action(raw)


def test_moves_out_of_turn_are_only_the_tables_own():
    state = HOLDEM.start(HOLDEM.Options(), 3, Rng(SEED, "game:1", 0))
    (actor,) = HOLDEM.to_act(state)
    other = (actor + 1) % 3
    assert HOLDEM.out_of_turn(state, other, {"type": "sit_out"})
    assert not HOLDEM.out_of_turn(state, other, {"type": "call"})
    with pytest.raises(IllegalAction):
        HOLDEM.apply(state, other, {"type": "call"}, NO_STREAM)


def test_bets_and_raises_outside_the_limits_are_refused():
    state = HOLDEM.start(HOLDEM.Options(), 3, Rng(SEED, "game:1", 0))
    (actor,) = HOLDEM.to_act(state)
    low, high = state["hand"]["live"]["raise_to"]
    for to in (low - 1, high + 1):
        with pytest.raises(IllegalAction):
            HOLDEM.apply(state, actor, {"type": "raise", "to": to}, NO_STREAM)
    with pytest.raises(IllegalAction):
        HOLDEM.apply(state, actor, {"type": "check"}, NO_STREAM)  # the big blind is a bet
    HOLDEM.apply(state, actor, {"type": "raise", "to": high}, NO_STREAM)


def test_pot_limit_omaha_caps_a_raise_at_the_pot():
    omaha = ENGINES[1]
    state = omaha.start(omaha.Options(big_blind=20), 4, Rng(SEED, "game:1", 0))
    live = state["hand"]["live"]
    # Blinds 10 and 20: the first player may raise to the call plus the pot, 20 + 50 = 70.
    assert live["raise_to"] == [40, 70]


def test_a_split_pots_odd_chip_goes_to_the_seat_left_of_the_button(monkeypatch):
    """Through the table: hand order is mapped back to seats, wherever the button is."""
    # In hand order (from the button's left): two tens-high straights and a loser.
    holes = [["TS", "2D"], ["3C", "4D"], ["TH", "2C"]]
    deck = deck_for(HOLDEM.variant, holes, ["6S", "7D", "8H", "9C", "KD"])
    monkeypatch.setattr("games.poker.rules.hand_deck", lambda variant, seed, number: deck)
    options = HOLDEM.Options(big_blind=2, rake_bp=0)
    state = HOLDEM.start(options, 3, Rng(b"c" * 32, "game:1", 0))
    players = state["hand"]["players"]
    assert players == [2, 0, 1] and state["button"] == 1  # seat 2 is left of the button
    for seat, move in zip(
        [players[2], players[0], players[1]],  # the button acts first before the flop
        [{"type": "raise", "to": 7}, {"type": "call"}, {"type": "call"}],
        strict=True,
    ):
        state = HOLDEM.apply(state, seat, move, NO_STREAM)
    while state["hands"] == 1:
        (seat,) = HOLDEM.to_act(state)
        state = HOLDEM.apply(state, seat, {"type": "check"}, NO_STREAM)
    record = state["history"][-1]
    assert record["pots"] == [{"amount": 21, "rake": 0, "seats": players}]
    assert record["won"] == [11, 0, 10]  # the odd chip: the first winner from the button's left
    start = options.stack
    assert [state["stacks"][s] for s in players] == [start + 4, start - 7, start + 3]
