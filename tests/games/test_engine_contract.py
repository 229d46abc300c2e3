"""Engine contract v2, held by every registered engine, and the runtime's use of it:
actions are parsed to the engine's schema before they are applied and stored, refusals
never repeat the input, and bots draw from a stream of their own."""

from __future__ import annotations

import hashlib
import itertools
from typing import Any

import pytest

from games import registry, replay, services
from games.engine import ActionRefused, Engine, IllegalAction, MalformedAction
from games.models import GameAction
from games.rng import Rng
from lobby import services as lobby

MOVES_CHECKED = 60
HUGE = "x" * 900_000
ENGINES = [*registry.all(), *registry.tournament_tables()]
IDS = [engine.slug for engine in ENGINES]


def _smallest_table(engine: Engine[Any, Any, Any]) -> tuple[Any, int]:
    options = engine.Options()
    return options, engine.seat_counts(options)[0]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_every_engine_parses_its_own_moves_and_judges_them_legal(engine):
    options, seats = _smallest_table(engine)
    assert all(engine.min_seats <= n <= engine.max_seats for n in engine.seat_counts(options))
    seed = hashlib.sha256(engine.slug.encode()).digest()
    state = engine.start(options, seats, Rng(seed, "game:1", 0))
    for seq in range(1, MOVES_CHECKED):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.to_act(state))
        for listed in engine.legal_actions(state, seat)[:20]:
            assert engine.parse_action(listed) == listed
            assert engine.is_legal(state, seat, listed)
        action = engine.bot_action(state, seat, Rng(seed, "bot:1", seq))
        assert engine.parse_action(action) == action
        for waiting in set(range(seats)) - engine.to_act(state):
            assert not engine.is_legal(state, waiting, action)
        state = engine.apply(state, seat, action, Rng(seed, "game:1", seq))


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@pytest.mark.parametrize(
    "raw",
    [None, "pass", 7, [], {}, {"type": HUGE}, {HUGE: 1}, {f"k{i}": i for i in range(10_000)}],
    ids=["none", "string", "number", "list", "empty", "huge-value", "huge-key", "many-keys"],
)
def test_input_that_is_no_move_is_malformed_and_never_echoed(engine, raw):
    with pytest.raises(MalformedAction) as refused:
        engine.parse_action(raw)
    assert len(refused.value.reason) < 200
    assert refused.value.code == "malformed"


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_a_legal_move_with_extra_keys_is_malformed(engine):
    options, seats = _smallest_table(engine)
    state = engine.start(options, seats, Rng(b"s" * 32, "game:1", 0))
    seat = min(engine.to_act(state))
    legal = engine.legal_actions(state, seat)[0]
    with pytest.raises(MalformedAction) as refused:
        engine.parse_action({**legal, "padding": HUGE})
    assert HUGE[:100] not in refused.value.reason


def test_registered_puts_a_toy_engine_in_the_catalogue_only_for_the_block():
    toy = registry.get("rps").__class__()
    toy.slug = "toy-rps"
    with registry.registered(toy):
        assert registry.get("toy-rps") is toy
        with pytest.raises(ValueError), registry.registered(toy):
            pass
    with pytest.raises(registry.UnknownGame):
        registry.get("toy-rps")


@pytest.mark.django_db
def test_the_runtime_refuses_a_padded_move_stores_nothing_and_echoes_nothing(start_table):
    game, players = start_table("backgammon", {"variant": "short"})
    seat = min(services.engine_of(game).to_act(game.state))
    legal = services.engine_of(game).legal_actions(game.state, seat)[0]
    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, players[seat], game.seq, {**legal, "padding": HUGE})
    assert refused.value.code == "malformed"
    assert len(refused.value.message) < 200
    assert not GameAction.objects.filter(game=game).exists()
    game.refresh_from_db()
    assert game.seq == 0


@pytest.mark.django_db
def test_the_runtime_stores_the_move_as_the_engine_parsed_it(start_table, monkeypatch):
    game, players = start_table("rps", {"points": 3})
    (seat,) = services.engine_of(game).to_act(game.state)
    engine = services.engine_of(game)
    # Whatever a client sends, the log holds the engine's own rebuilding of it.
    monkeypatch.setattr(engine, "parse_action", lambda raw: {"sign": "paper"})
    services.submit(game.pk, players[seat], 0, {"sign": "rock"})
    assert GameAction.objects.get(game=game, seq=1).action == {"sign": "paper"}


@pytest.mark.django_db
def test_a_bot_chooses_from_its_own_stream_and_the_replay_still_rebuilds_the_game(
    funded_player,
):
    human = funded_player()
    spec = lobby.TableSpec(
        game_slug="pilotta",
        options={"target": 51},
        stake=0,
        seats=4,
        step_seconds=30,
        practice=True,
    )
    table = lobby.create_table(human, spec)
    lobby.start_with_bots(human, table.pk)
    table.refresh_from_db()
    game = table.game
    engine = services.engine_of(game)
    for turn in range(12):  # the human's turns; the three bots answer each
        game.refresh_from_db()
        if game.is_over:
            break
        action = engine.bot_action(game.state, 0, Rng(b"h" * 32, "human", turn))
        services.submit(game.pk, human, game.seq, action)
    game.refresh_from_db()
    steps = replay.replay(game)
    bot_steps = [
        (before, step) for before, step in itertools.pairwise(steps) if step.actor == "bot"
    ]
    assert len(bot_steps) >= 12
    seed = bytes(game.seed)
    for before, step in bot_steps:
        chosen = engine.bot_action(before.state, step.seat, Rng(seed, f"bot:{game.pk}", step.seq))
        assert step.action == chosen
    assert replay.check(game, steps).ok


def test_refusals_share_one_base_with_a_code_each():
    assert issubclass(MalformedAction, ActionRefused)
    assert MalformedAction("m").code == "malformed"
    assert not issubclass(MalformedAction, IllegalAction)
    assert IllegalAction("i").code == "illegal"


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_refused_options_name_the_choices_and_never_echo_the_input(engine):
    with pytest.raises(ValueError) as unknown:
        engine.Options.from_json({HUGE: 1})
    assert "unknown options" in str(unknown.value) and len(str(unknown.value)) < 500
    first = next(iter(engine.Options().as_json()))
    with pytest.raises(ValueError) as wrong:
        engine.Options.from_json({first: HUGE})
    assert HUGE[:100] not in str(wrong.value)
