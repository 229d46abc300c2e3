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
        elif logged.kind == "clock":
            state = engine.clock_spent(state, logged.seat, logged.action["left_ms"])
        elif logged.kind == "time":
            state = engine.time_passed(state, logged.action["elapsed_ms"])
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


class NotRevealed(Exception):
    """The game is still being played: its seed stays secret until it ends."""


def fairness_record(game: Game, *, with_actions: bool) -> dict:
    """What anyone needs to replay a finished game with the published generator
    (games/rng.py) and its engine: the seed and the hash shown at its start, the options,
    the number of seats, the action log, and what the platform recorded at the end.

    ``with_actions`` False leaves the action log and the final state out: a private game's
    replay stays with its players, staff and regulators (`selectors.viewer_of`), so the
    public sees only the commitment, the seed and the deal it fixes.
    """
    if not game.is_over or not game.seed_revealed:
        raise NotRevealed("A game's seed is revealed when the game ends.")
    record = {
        "id": game.pk,
        "game": game.slug,
        "status": game.status,
        "finished": game.finished,
        "options": game.options,
        "seats": game.seats.count(),
        "seed_hash": game.seed_hash,
        "seed": bytes(game.seed).hex(),
        "salt": services.salt(game),
        "outcome": game.outcome,
        "actions": None,
        "final_state": None,
    }
    if with_actions:
        record["actions"] = [
            {"seq": a.seq, "seat": a.seat, "actor": a.actor, "kind": a.kind, "action": a.action}
            for a in game.actions.all()
        ]
        record["final_state"] = game.state
    return record
