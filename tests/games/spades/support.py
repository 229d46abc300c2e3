"""Helpers for the Spades tests: seeded games, playouts, crafted positions and the cards a
viewer may not see."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from games.rng import Rng
from games.spades.rules import SPADES_GAME, SpadesOptions, SpadesState

SEED = b"spades-family-tests-seed-0123456"
Check = Callable[[SpadesState, SpadesState], None]
Log = list[tuple[int, dict[str, Any]]]


def game_rng(game_id: str, seq: int) -> Rng:
    return Rng(SEED, f"game:{game_id}", seq)


def started(game_id: str = "crafted", **options: Any) -> SpadesState:
    return SPADES_GAME.start(SpadesOptions(**options), 4, game_rng(game_id, 0))


def choose(state: SpadesState, seat: int, rng: Rng, wild: bool) -> dict[str, Any]:
    """A bot move, or with `wild` now and then any legal move."""
    if wild and rng.randbelow(3) == 0:
        return dict(rng.choice(SPADES_GAME.legal_actions(state, seat)))
    return dict(SPADES_GAME.bot_action(state, seat, rng))


def play_game(
    options: SpadesOptions,
    game_id: str,
    wild: bool = False,
    check: Check | None = None,
    max_steps: int = 1_000,
) -> tuple[SpadesState, Log]:
    state = SPADES_GAME.start(options, 4, game_rng(game_id, 0))
    log: Log = []
    while SPADES_GAME.outcome(state) is None:
        assert len(log) < max_steps, "the game does not end"
        seq = len(log) + 1
        (seat,) = SPADES_GAME.to_act(state)
        action = choose(state, seat, Rng(SEED, f"bot:{game_id}", seq), wild)
        new = SPADES_GAME.apply(state, seat, action, game_rng(game_id, seq))  # type: ignore[arg-type]
        if check:
            check(state, new)
        log.append((seat, action))
        state = new
    return state, log


def replay(options: SpadesOptions, game_id: str, log: Log) -> SpadesState:
    state = SPADES_GAME.start(options, 4, game_rng(game_id, 0))
    for seq, (seat, action) in enumerate(log, start=1):
        state = SPADES_GAME.apply(state, seat, action, game_rng(game_id, seq))  # type: ignore[arg-type]
    return state


def at_play(
    hands: list[list[str]],
    trick: list[tuple[int, str]] = (),  # type: ignore[assignment]
    broken: bool = False,
    bids: list[int] | None = None,
    **options: Any,
) -> SpadesState:
    """A round in play with chosen hands, bids and cards on the table; seat 0 dealt, so
    seat 1 led the round."""
    state = started(**options)
    plays = [{"seat": s, "card": c} for s, c in trick]
    leader = plays[0]["seat"] if plays else 1
    state.update(
        dealer=0,
        phase="play",
        hands=[list(h) for h in hands],
        looked=[True] * 4,
        bids=[{"tricks": b, "blind": False} for b in (bids or [3, 3, 3, 3])],
        trick=plays,  # type: ignore[typeddict-item]
        broken=broken,
        turn=(leader + len(plays)) % 4,
    )
    return state


def cards_of(state: SpadesState) -> list[str]:
    """Every card of the round: in hands, on the table and in the tricks taken."""
    cards = [c for hand in state["hands"] for c in hand]
    cards += [p["card"] for p in state["trick"]]
    cards += [p["card"] for t in state["tricks"] for p in t["cards"]]
    return cards


def hidden_from(state: SpadesState, viewer: int | None) -> set[str]:
    """The cards `viewer` (None: a spectator) may not see: the other hands, and its own
    before it looked (blind nil is bid unseen)."""
    hidden: set[str] = set()
    for seat, hand in enumerate(state["hands"]):
        if seat != viewer or not state["looked"][seat]:
            hidden |= set(hand)
    return hidden


def leaked(message: dict[str, Any], hidden: set[str]) -> set[str]:
    """Hidden cards named anywhere in a view or a message. The draw for the first dealer
    is left out: its cards came from a shuffle of their own before the deal, shown to all."""
    text = json.dumps(message, default=str).replace(json.dumps(draw_of(message)), "")
    return {card for card in hidden if f'"{card}"' in text}


def draw_of(message: dict[str, Any]) -> object:
    view = message.get("view", message)
    return view.get("draw") if isinstance(view, dict) else None
