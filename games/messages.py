"""What each recipient is sent: a seat its own view, spectators the public one."""

from __future__ import annotations

import json
from typing import Any

from games.engine import AnyEngine
from games.models import Game, GameSeat
from games.selectors import engine_of, table_money

WATCH = "watch"  # the audience of spectators, beside each seat's position


def game_group(game_id: int) -> str:
    """Every socket of a game, seated or watching: updates and chat."""
    return f"game-{game_id}"


def audience(position: int | None) -> str:
    return WATCH if position is None else str(position)


def player_name(game: Game, seat: GameSeat) -> str:
    if seat.player is None:  # a computer player in an empty seat of a practice table
        return f"Computer {seat.position + 1}"
    if game.incognito:
        return f"Player {seat.position + 1}"
    return (
        seat.player.legal_name.split(" ")[0]
        if seat.player.legal_name
        else f"Player {seat.position + 1}"
    )


def state_message(game: Game, position: int | None, seats: list[GameSeat] | None = None) -> dict:
    seats = seats if seats is not None else list(game.seats.select_related("player"))
    return state_messages(game, [position], seats)[position]


def state_messages(
    game: Game, positions: list[int | None], seats: list[GameSeat]
) -> dict[int | None, dict[str, Any]]:
    """The state message of each of these positions (None: the spectators'). What every
    audience is shown alike (the players, the clocks, the money) is worked out once."""
    own, shown_to_all = _state_parts(game, positions, seats)
    return {position: {**own[position], **shown_to_all} for position in positions}


def state_texts(
    game: Game, positions: list[int | None], seats: list[GameSeat]
) -> dict[int | None, str]:
    """Each position's state message as the JSON text `json.dumps` writes for it, what
    every audience is shown alike encoded once and joined to each audience's own part."""
    own, shown_to_all = _state_parts(game, positions, seats)
    shared = json.dumps(shown_to_all)[1:]  # its members and closing brace
    return {position: f"{json.dumps(own[position])[:-1]}, {shared}" for position in positions}


def _state_parts(
    game: Game, positions: list[int | None], seats: list[GameSeat]
) -> tuple[dict[int | None, dict[str, Any]], dict[str, Any]]:
    """Each position's own members of its state message, and the members shown to all
    (never empty), in the message's order."""
    engine = engine_of(game)
    playing = not game.is_over
    acting = engine.to_act(game.state) if playing else set()
    shown_to_all = {
        "to_act": sorted(acting),
        "deadline": _ms(game.deadline) if playing and not _away_first(game, seats) else None,
        # Keys as text, as JSON sends them: the message compares equal to what arrives.
        "clocks": {str(s.position): s.clock_ms for s in seats if s.clock_ms is not None},
        "players": [
            {
                "seat": s.position,
                "name": player_name(game, s),
                "online": s.sockets > 0,
                "timeouts": s.timeouts,
                "disconnected": s.disconnected,
                "bot": s.bot,
                # Sitting out at a cash table: when the seat is left empty unless it sits in.
                "away_until": _ms(s.away_until) if playing and not s.disconnected else None,
            }
            for s in seats
        ],
        "status": game.status,
        "seed_hash": game.seed_hash,
        "money": table_money(game, seats),
    }
    own = {
        position: {
            "type": "state",
            "game": game.pk,
            "slug": game.slug,
            "seq": game.seq,
            "seat": position,
            "view": engine.view(game.state, position),
            "legal": _legal(engine, game, position, acting) if playing else [],
        }
        for position in positions
    }
    return own, shown_to_all


def _legal(engine: AnyEngine, game: Game, position: int | None, acting: set[int]) -> list[Any]:
    if position is None:
        return []
    legal = engine.legal_actions(game.state, position)
    if position not in acting:
        # Not its turn: only the moves the rules take out of turn (a sit out, a leave).
        legal = [a for a in legal if engine.out_of_turn(game.state, position, a)]
    return legal


def _away_first(game: Game, seats: list[GameSeat]) -> bool:
    """The game's next deadline is a sit-out window's (a cash table), not a move's: the
    boards count down moves only, and show the window themselves (`away_until`)."""
    return game.deadline is not None and any(
        s.away_until == game.deadline and not s.disconnected for s in seats
    )


def _ms(moment) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def over_message(game: Game) -> dict:
    return {
        "type": "over",
        "game": game.pk,
        "seq": game.seq,
        "outcome": game.outcome,
        "settlement": {
            key: (game.settlement or {}).get(key)
            for key in ("payouts", "net", "rake", "void", "transaction")
        },
        "seed": game.revealed_seed,
    }
