"""Rebuilding a game from its seed and action log (docs/architecture.md: a game is its options, its
seed and its action log)."""

from __future__ import annotations

from dataclasses import dataclass

from games import services
from games.engine import State
from games.models import Game
from games.rng import seed_hash


@dataclass(frozen=True)
class Step:
    seq: int
    seat: int | None
    actor: str
    kind: str
    action: dict | None
    state: State


def replay(game: Game) -> list[Step]:
    engine = services.engine_of(game)
    options = engine.Options.from_json(game.options)
    seats = game.seats.count()
    state = engine.start(options, seats, services.rng_for(game, 0))
    steps = [Step(0, None, "system", "start", None, state)]
    for logged in game.actions.all():
        if logged.kind == "act":
            state = engine.apply(
                state, logged.seat, logged.action, services.rng_for(game, logged.seq)
            )
        elif logged.kind == "forfeit" or (
            logged.kind == "disconnect" and engine.on_disconnect != "bot"
        ):
            state = engine.forfeit(state, logged.seat)
        steps.append(Step(logged.seq, logged.seat, logged.actor, logged.kind, logged.action, state))
    return steps


@dataclass(frozen=True)
class SeedCheck:
    seed_matches_commitment: bool
    replay_matches_record: bool

    @property
    def ok(self) -> bool:
        return self.seed_matches_commitment and self.replay_matches_record


def check(game: Game, steps: list[Step]) -> SeedCheck:
    return SeedCheck(
        seed_matches_commitment=seed_hash(bytes(game.seed)) == game.seed_hash,
        replay_matches_record=steps[-1].state == game.state,
    )
