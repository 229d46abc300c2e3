"""Helpers shared by the Belote-family tests: seeded games, playouts and card bookkeeping."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from games.belote.cards import RANKS_24, RANKS_32, make_deck
from games.engine import State
from games.rng import Rng

SEED = b"belote-family-tests-seed-0123456"
Check = Callable[[State, State], None]


def game_rng(game_id: str, seq: int) -> Rng:
    return Rng(SEED, f"game:{game_id}", seq)


def deck_for(state: State) -> list[str]:
    return make_deck(RANKS_24 if state["game"] == "belote" else RANKS_32)


def choose(engine: Any, state: State, seat: int, rng: Rng, wild: bool) -> dict[str, Any]:
    """A bot move, or with `wild` now and then any legal move (never surrender)."""
    if wild and rng.randbelow(4) == 0:
        legal = [a for a in engine.legal_actions(state, seat) if a["type"] != "surrender"]
        return rng.choice(legal)
    return engine.bot_action(state, seat, rng)


def play_game(
    engine: Any,
    options: Any,
    seats: int,
    game_id: str,
    wild: bool = False,
    check: Check | None = None,
    max_steps: int = 6000,
) -> tuple[State, list[tuple[int, dict[str, Any]]]]:
    state = engine.start(options, seats, game_rng(game_id, 0))
    log: list[tuple[int, dict[str, Any]]] = []
    while engine.outcome(state) is None:
        assert len(log) < max_steps, "the game does not end"
        seq = len(log) + 1
        seat = min(engine.to_act(state))
        action = choose(engine, state, seat, Rng(SEED, f"bot:{game_id}", seq), wild)
        new = engine.apply(state, seat, action, game_rng(game_id, seq))
        if check:
            check(state, new)
        log.append((seat, action))
        state = new
    return state, log


def replay(
    engine: Any, options: Any, seats: int, game_id: str, log: list[tuple[int, dict[str, Any]]]
) -> State:
    state = engine.start(options, seats, game_rng(game_id, 0))
    for seq, (seat, action) in enumerate(log, start=1):
        state = engine.apply(state, seat, action, game_rng(game_id, seq))
    return state


def cards_in_hand_play(state: State) -> list[str]:
    """Every card of the current hand still in a hand, a pile or on the table."""
    cards = [c for hand in state["hands"] for c in hand]
    cards += [p["card"] for t in state["tricks"] for p in t["cards"]]
    cards += [p["card"] for p in state["trick"]]
    for piles in state.get("piles", []):
        cards += [c for pile in piles for c in pile["cards"]]
    return cards


def all_cards(state: State) -> list[str]:
    cards = cards_in_hand_play(state) + state["stock"] + state["discards"] + state["set_aside"]
    if state["turned"] and state["phase"] in ("trump", "contra"):
        cards.append(state["turned"])
    return cards


def hidden_from(state: State, viewer: int | None) -> set[str]:
    """Cards `viewer` (None: a spectator) must not see."""
    hidden = set(state["stock"])
    for seat, hand in enumerate(state["hands"]):
        if seat != viewer:
            hidden |= set(hand) - set(state["exposed"][seat])
    for change in state["changes"]:
        if change["seat"] != viewer:
            hidden.add(change["out"])
    for piles in state.get("piles", []):
        for pile in piles:
            visible = pile["cards"][-1:] if pile["open"] else []
            hidden |= set(pile["cards"]) - set(visible)
    return hidden


def leaked(view: dict[str, Any], hidden: set[str]) -> set[str]:
    text = json.dumps(view)
    return {card for card in hidden if f'"{card}"' in text}


def at_play(
    engine: Any,
    options: Any,
    hands: list[list[str]],
    trump: str,
    trick: list[tuple[int, str]] = (),  # type: ignore[assignment]
    turn: int | None = None,
    taker: int = 0,
) -> State:
    """A state in the middle of play with chosen hands and cards on the table."""
    seats = len(hands)
    state = engine.start(options, seats, game_rng("crafted", 0))
    state.update(
        phase="play",
        trump=trump,
        taker=taker,
        first=0,
        turned=None,
        stock=[],
        hands=[list(h) for h in hands],
        exposed=[[] for _ in hands],
        trick=[{"seat": s, "card": c} for s, c in trick],
        turn=(len(trick) % seats) if turn is None else turn,
        contract={"value": 80, "capot": False},
    )
    return state
