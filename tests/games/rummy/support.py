"""Helpers for the rummy family's tests: seeded games, crafted positions, playouts."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from games.rng import Rng
from games.rummy.cards import PACK
from games.rummy.rules import Rummy, RummyOptions, RummyState

SEED = b"rummy-family-tests-seed-01234567"
Log = list[tuple[int, dict[str, Any]]]


def game_rng(game_id: str, seq: int) -> Rng:
    return Rng(SEED, f"game:{game_id}", seq)


def started(engine: Rummy, seats: int = 2, game_id: str = "crafted", **options: Any) -> RummyState:
    return engine.start(RummyOptions(**options), seats, game_rng(game_id, 0))


def crafted(
    engine: Rummy,
    hands: list[list[str]],
    *,
    turn: int = 0,
    phase: str = "play",
    melds: list[dict[str, Any]] | None = None,
    melded: list[bool] | None = None,
    turned: str | None = None,
    scores: list[int] | None = None,
    target: int = 101,
) -> RummyState:
    """A position with these hands; the rest of the pack is the stock, less one card on
    the discard pile (Koum-kan) or the turned card (Thanasis, Dynamitis)."""
    seats = len(hands)
    state = started(engine, seats, target=target)
    rest = Counter(PACK)
    for hand in hands:
        rest.subtract(hand)
    for meld in melds or []:
        rest.subtract(meld["cards"])
    if turned is not None:
        rest.subtract([turned])
    stock = list(rest.elements())
    assert all(v >= 0 for v in rest.values()), "the position uses a card twice too often"
    state = copy.deepcopy(state)
    state["hands"] = [list(h) for h in hands]
    state["melds"] = copy.deepcopy(melds or [])  # type: ignore[typeddict-item]
    state["melded"] = list(melded or [False] * seats)
    state["turned"] = turned
    state["discard"] = [] if turned is not None else [stock.pop()]
    state["stock"] = stock
    state["turn"] = turn
    state["phase"] = phase  # type: ignore[typeddict-item]
    state["scores"] = list(scores or [0] * seats)
    return state


def every_card(state: RummyState) -> Counter[str]:
    cards = [c for h in state["hands"] for c in h] + state["stock"] + state["discard"]
    cards += [c for m in state["melds"] for c in m["cards"]]
    if state["turned"] is not None:
        cards.append(state["turned"])
    return Counter(cards)


def play_game(
    engine: Rummy,
    seats: int,
    game_id: str,
    wild: bool = False,
    max_steps: int = 20_000,
    **options: Any,
) -> tuple[RummyState, Log, list[RummyState]]:
    """Bots (and with `wild`, now and then any hinted move) play a game to the end."""
    state = engine.start(RummyOptions(**options), seats, game_rng(game_id, 0))
    log: Log = []
    states = [state]
    chooser = Rng(SEED, f"choose:{game_id}", 0)
    for seq in range(1, max_steps):
        if state["result"] is not None:
            return state, log, states
        (seat,) = engine.to_act(state)
        if wild and chooser.randbelow(3) == 0:
            action = dict(chooser.choice(engine.legal_actions(state, seat)))
        else:
            action = dict(engine.bot_action(state, seat, Rng(SEED, f"bot:{game_id}", seq)))
        state = engine.apply(state, seat, engine.parse_action(action), game_rng(game_id, seq))
        log.append((seat, action))
        states.append(state)
    raise AssertionError("the game does not end")
