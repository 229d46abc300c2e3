"""The live-game runtime's writes: every change to a game goes through here (docs/architecture.md).

Applying anything locks the Game row, checks the move number, applies the engine, logs the
action, sets the next deadline (games.timers) or records the end (games.finishing), and
commits. After the commit, `_committed` settles a game that ended, hands the game's timer
to Celery, and tells every socket (games.broadcast). Reads live in games.selectors.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction

from games import broadcast, chips, clock, fees, finishing, registry, store, timers
from games.engine import ActionRefused, OnDisconnect
from games.finishing import settle_game
from games.models import Game, GameAction, GameSeat
from games.rng import Rng, new_seed, seed_hash
from games.selectors import engine_of, overtime_ms, seats_of
from games.timers import MAX_TIMEOUTS, RECONNECT_SECONDS_PER_TIMEOUT
from telemetry import context, metrics

# Entry points other apps and tests call here, wherever they are implemented.
__all__ = [
    "ActionRejected",
    "SeatEntry",
    "bot_rng_for",
    "engine_of",
    "expire",
    "resign",
    "restart_turn",
    "ring",
    "rng_for",
    "seats_of",
    "settle_game",
    "socket_closed",
    "socket_opened",
    "start_game",
    "submit",
    "void_game",
]


class ActionRejected(Exception):
    """A refused request; `code` for programs, `message` for people. Nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class SeatEntry:
    player: object | None  # None: a computer player (practice tables)
    held: int


def salt(game: Game) -> str:
    return f"game:{game.pk}"


def rng_for(game: Game, seq: int) -> Rng:
    return Rng(bytes(game.seed), salt(game), seq)


def bot_rng_for(game: Game, seq: int) -> Rng:
    """A bot's own stream: its choice never reads the draws the game's next deal uses."""
    return Rng(bytes(game.seed), f"bot:{game.pk}", seq)


# --- starting -------------------------------------------------------------------------


def start_game(
    *,
    slug: str,
    options: dict,
    seats: list[SeatEntry],
    stake: int,
    rake_bp: int,
    escrow_reference: str,
    step_seconds: int = 30,
    game_seconds: int = 0,
    incognito: bool = False,
    spectators_allowed: bool = True,
    private: bool = False,
) -> Game:
    """Start a game whose stakes are already held in `escrow_reference`."""
    engine = registry.get(slug)
    parsed = engine.Options.from_json(options)
    fixed = engine.game_clock(parsed)  # the rules' own time (a word game's time mode)
    clock_ms = fixed.total_ms if fixed else game_seconds * 1000 or None
    seed, now = new_seed(), clock.now()
    with transaction.atomic():
        game = Game.objects.create(
            slug=slug,
            options=parsed.as_json(),
            rules_version=registry.rules_version(slug),
            stake=stake,
            rake_bp=rake_bp,
            step_seconds=step_seconds,
            game_seconds=game_seconds,
            escrow_reference=escrow_reference,
            incognito=incognito,
            spectators_allowed=spectators_allowed,
            private=private,
            watch_code=secrets.token_urlsafe(12) if private else "",
            state={},
            turn_started=now,
            seed=seed,
            seed_hash=seed_hash(seed),
        )
        game.state = engine.start(parsed, len(seats), rng_for(game, 0))
        GameSeat.objects.bulk_create(
            GameSeat(
                game=game,
                position=i,
                player=entry.player,
                held=entry.held,
                bot=entry.player is None,
                clock_ms=clock_ms,
            )
            for i, entry in enumerate(seats)
        )
        _advance(game, now)
    return game


# --- moves ----------------------------------------------------------------------------


@context.about("game_id")
def submit(game_id: int, user, seq: object, action: object) -> Game:
    """A player's move. Raises ActionRejected (and changes nothing) when it is refused.

    The move's deadline is judged here, on the server's clock, under the game's lock: a
    move that arrives after a deadline no timer acted on (a worker down, a timer lost) is
    refused as late, after the rules' timeout is played and committed."""
    try:
        game = _submit(game_id, user, seq, action)
    except ActionRejected as refused:
        metrics.MOVES_REFUSED.labels(refused.code).inc()
        raise
    metrics.MOVES.labels(game.slug).inc()
    return game


def _submit(game_id: int, user, seq: object, action: object) -> Game:
    if type(seq) is not int:
        raise ActionRejected(
            "bad_request", "Every move must carry the move number (seq) it answers."
        )
    if not isinstance(action, dict):
        raise ActionRejected("bad_request", "The action must be a JSON object.")
    now = clock.now()
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, user)
        if game.is_over:
            raise ActionRejected("game_over", "The game is over.")
        late = timers.late_seats(game, now)
        away = [] if late else timers.away_too_long(game, now)
        if late or away:
            _expire(game, now)
        else:
            _play(game, seat, seq, action, now)
    if late and late[0].position == seat.position:
        raise ActionRejected(
            "late", "Your time ran out before this move arrived: the timeout was played."
        )
    if away and away[0].position == seat.position:
        raise ActionRejected("removed", "You sat out too long: you left the table with your chips.")
    if late:
        raise ActionRejected("stale", "The game has moved on: your view was out of date.")
    return game


def _play(game: Game, seat: GameSeat, seq: int, action: object, now: datetime) -> None:
    if seq != game.seq:
        raise ActionRejected("stale", "The game has moved on: your view was out of date.")
    if seat.disconnected:
        raise ActionRejected("removed", "You were disconnected from this game.")
    engine = engine_of(game)
    acting = engine.to_act(game.state)
    if seat.position in acting:
        _charge_clock(game, seat, now)
    elif not _out_of_turn(engine, game.state, seat.position, action):
        raise ActionRejected("not_your_turn", "It is not your turn.")
    try:
        _apply(game, seat, action, GameAction.Actor.PLAYER)
    except ActionRefused as exc:
        raise ActionRejected(exc.code, exc.reason) from None
    # A move out of turn that leaves the same seats to act (a sit out) leaves their
    # turn's time running: it must not give them a fresh step time.
    _advance(game, now, same_turn=acting if seat.position not in acting else None)


def _out_of_turn(engine, state, position: int, action: object) -> bool:
    """A move the rules take from a seat that is not to act (a cash table's sit out or
    leave); its clock is not charged: it is not that seat's turn."""
    try:
        return engine.out_of_turn(state, position, engine.parse_action(action))
    except ActionRefused:
        return False


def _apply(game: Game, seat: GameSeat, action: object, actor: str) -> None:
    """Applies and logs the action as the engine's own schema has it, never as sent."""
    engine = engine_of(game)
    action = engine.parse_action(action)
    _tell_time(game, seat)
    game.seq += 1
    game.state = engine.apply(game.state, seat.position, action, rng_for(game, game.seq))
    store.log(game, seat.position, actor, action=action)
    try:
        fees.charge_new(game)
        chips.move_new(game)
    except fees.FeeRefused as refused:
        raise ActionRejected(refused.code, str(refused)) from None


def _forfeit(game: Game, seat: GameSeat, actor: str, kind: str = "forfeit") -> None:
    _tell_time(game, seat)
    game.seq += 1
    game.state = engine_of(game).forfeit(game.state, seat.position)
    store.log(game, seat.position, actor, kind)
    chips.move_new(game)  # a cash table's forfeit is leaving with the chips: never refused


def _tell_time(game: Game, seat: GameSeat) -> None:
    """The rules hear how long the game has run before anything is applied (a poker
    tournament's blind level); a changed state is logged, so that the replay rebuilds it."""
    elapsed_ms = max(0, int((clock.now() - game.started).total_seconds() * 1000))
    state = engine_of(game).time_passed(game.state, elapsed_ms)
    if state is not game.state:
        game.seq += 1
        game.state = state
        store.log(game, seat.position, GameAction.Actor.SYSTEM, "time", {"elapsed_ms": elapsed_ms})


def _charge_clock(game: Game, seat: GameSeat, now: datetime) -> None:
    """The turn's time off the seat's clock; in overtime the clock goes below zero (down
    to the overtime the rules allow) and the engine is told (`clock_spent`)."""
    if seat.clock_ms is not None:
        spent = int((now - game.turn_started).total_seconds() * 1000)
        _set_clock(game, seat, max(-overtime_ms(game), seat.clock_ms - spent))


def _set_clock(game: Game, seat: GameSeat, left_ms: int) -> None:
    seat.clock_ms = left_ms
    seat.save(update_fields=["clock_ms"])
    state = engine_of(game).clock_spent(game.state, seat.position, left_ms)
    if state != game.state:  # logged, so that the replay rebuilds it
        game.seq += 1
        game.state = state
        store.log(game, seat.position, GameAction.Actor.SYSTEM, "clock", {"left_ms": left_ms})


def _advance(game: Game, now: datetime, same_turn: set[int] | None = None) -> None:
    """After any change: let bots move, finish the game, or set the next deadline.
    `same_turn`: the seats that were to act before a move out of turn; if they still are
    (and no bot moved), their turn keeps the time it started at."""
    engine = engine_of(game)
    seats = seats_of(game)
    seq = game.seq
    while (outcome := engine.outcome(game.state)) is None:
        if engine.closes_without_people and _no_person_plays(engine, game, seats):
            # No person plays at a cash table any more: each bot leaves, once.
            for seat in [s for s in seats.values() if s.bot and not s.disconnected]:
                _forfeit(game, seat, GameAction.Actor.SYSTEM)
            outcome = engine.outcome(game.state)
            break
        bots = [p for p in sorted(engine.to_act(game.state)) if seats[p].bot]
        if not bots:
            break
        seat = seats[bots[0]]
        action = engine.bot_action(game.state, seat.position, bot_rng_for(game, game.seq + 1))
        _apply(game, seat, action, GameAction.Actor.BOT)
    if same_turn is None or game.seq != seq or engine.to_act(game.state) != same_turn:
        game.turn_started = now
    _mark_away(engine, game, seats, now)
    if outcome is not None:
        finishing.finish(game, outcome, now)
    else:
        timers.set_deadline(game, now)
    store.save(game)
    transaction.on_commit(lambda: _committed(game))


def _mark_away(engine, game: Game, seats: dict[int, GameSeat], now: datetime) -> None:
    """A seat the rules sit out (a cash table's sit out) keeps its place for the general
    rules' reconnection window from now, then it is left empty (`_expire`); a seat back in
    play, or gone, has no such time."""
    out = engine.sitting_out(game.state)
    for seat in seats.values():
        away = seat.position in out and not seat.disconnected
        if away != (seat.away_until is not None):
            seat.away_until = now + timers.reconnect_window(seat) if away else None
            seat.save(update_fields=["away_until"])


def _no_person_plays(engine, game: Game, seats: dict[int, GameSeat]) -> bool:
    """Bots are still seated and every person has left or sits out."""
    out = engine.sitting_out(game.state)
    staying = [s for s in seats.values() if not s.disconnected]
    people = [s for s in staying if s.player is not None and not s.bot]
    return any(s.bot for s in staying) and all(s.position in out for s in people)


@context.about("game_id")
def void_game(game_id: int, reason: str) -> Game:
    """Ends a live game as void (settlement then refunds every stake and fee). A game
    already over is refused, judged under its lock: a staff form may have been opened
    before it ended."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.is_over:
            raise ActionRejected("game_over", f"{game} is already over ({game.status}).")
        finishing.void(game, reason, clock.now())
        store.save(game)
        transaction.on_commit(lambda: _committed(game))
    return game


# --- deadlines and timeouts -----------------------------------------------------------


@context.about("game_id")
def expire(game_id: int, seq: int) -> bool:
    """Fired at a deadline: plays what the rules say for the first seat out of time.
    Does nothing (returns False) when the game has moved on or the time is not up."""
    now = clock.now()
    with transaction.atomic():
        game = _locked(game_id)
        if game.seq != seq or game.is_over:
            return False
        return _expire(game, now)


@context.about("game_id")
def ring(game_id: int) -> Game | None:
    """The game's timer rang: plays the timeout if a deadline is up, else sets the timer
    for the current deadline. Returns the game unless it is gone, over or just timed out
    (then the commit's own hook sets the timer)."""
    now = clock.now()
    with transaction.atomic():
        game = store.lock(game_id)
        if game is None or game.is_over or _expire(game, now):
            return None
        game.alarm = None
        timers.arm(game, now)
        store.save(game)
        transaction.on_commit(lambda: timers.schedule(game))
    return game


def _expire(game: Game, now: datetime) -> bool:
    late = timers.late_seats(game, now)
    if late:
        _time_out(game, late[0], now)
    elif away := timers.away_too_long(game, now):
        # Sat out past the time to come back: removed, as the general rules remove a
        # player who does not return in time (a cash table's seat leaves with its chips).
        _disconnect(game, away[0])
    else:
        return False
    _advance(game, now)
    return True


def _time_out(game: Game, seat: GameSeat, now: datetime) -> None:
    started = game.turn_started
    over = overtime_ms(game)
    if seat.clock_ms is not None and started + timedelta(milliseconds=seat.clock_ms + over) <= now:
        _set_clock(game, seat, -over)
        # The game time (and any overtime) is up: the seat loses, unless its rules ended
        # the game on being told.
        if engine_of(game).outcome(game.state) is None:
            _forfeit(game, seat, GameAction.Actor.TIMEOUT)
        return
    if seat.offline_since is not None:
        _disconnect(game, seat)
        return
    seat.timeouts += 1
    seat.save(update_fields=["timeouts"])
    if seat.timeouts > MAX_TIMEOUTS:
        _disconnect(game, seat)
        return
    if over:  # a game that counts overtime charges the turn that ran out too
        _charge_clock(game, seat, now)
    action = engine_of(game).timeout_action(game.state, seat.position)
    if action is None:
        _forfeit(game, seat, GameAction.Actor.TIMEOUT)
    else:
        _apply(game, seat, action, GameAction.Actor.TIMEOUT)


def _disconnect(game: Game, seat: GameSeat) -> None:
    """The seat is removed from the game; what follows is the game's own rule."""
    seat.disconnected = True
    policy = engine_of(game).on_disconnect
    everyone_gone = all(s.disconnected for s in seats_of(game).values() if s.pk != seat.pk)
    if policy == OnDisconnect.BOT and not everyone_gone:
        seat.bot = True
        seat.save(update_fields=["disconnected", "bot"])
        game.seq += 1
        store.log(game, seat.position, GameAction.Actor.SYSTEM, "disconnect")
        return
    seat.save(update_fields=["disconnected"])
    if policy in (OnDisconnect.VOID, OnDisconnect.BOT):
        finishing.void(game, "disconnection", clock.now())
        return
    _forfeit(game, seat, GameAction.Actor.SYSTEM, kind="disconnect")


@context.about("game_id")
def resign(game_id: int, user) -> Game:
    """Quitting is a disconnection (the rules' first case)."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, user)
        if game.is_over or seat.disconnected:
            raise ActionRejected("game_over", "You are no longer playing this game.")
        _disconnect(game, seat)
        _advance(game, clock.now())
    return game


@context.about("game_id")
def restart_turn(game_id: int, now: datetime) -> bool:
    """The platform was down (games/outage.py): the turn in play starts again at `now`,
    with each seat's full step time, as if it had just begun (and so does a seat's time to
    sit in again). False if the game is over."""
    with transaction.atomic():
        game = store.lock(game_id)
        if game is None or game.is_over:
            return False
        game.turn_started = now
        for seat in seats_of(game).values():
            if timers.away_deadline(seat) is not None:  # a sit-out window starts again too
                seat.away_until = now + timers.reconnect_window(seat)
                seat.save(update_fields=["away_until"])
        timers.set_deadline(game, now)
        store.save(game)
        transaction.on_commit(lambda: _committed(game))
    return True


# --- presence -------------------------------------------------------------------------


def socket_opened(game_id: int, user) -> None:
    now = clock.now()
    with transaction.atomic():
        game = _locked(game_id)
        seat = next((s for s in seats_of(game).values() if s.player_id == user.pk), None)
        if seat is None:
            return
        seat.sockets += 1
        returning_on_turn = seat.offline_since is not None and not game.is_over
        if returning_on_turn and seat.position in engine_of(game).to_act(game.state):
            away = now - max(seat.offline_since, game.turn_started)
            penalty = int(away.total_seconds()) // RECONNECT_SECONDS_PER_TIMEOUT
            seat.timeouts = min(MAX_TIMEOUTS, seat.timeouts + penalty)
        seat.offline_since = None
        seat.save(update_fields=["sockets", "offline_since", "timeouts"])
        _refresh_deadline(game)


def socket_closed(game_id: int, user) -> None:
    with transaction.atomic():
        game = _locked(game_id)
        seat = next((s for s in seats_of(game).values() if s.player_id == user.pk), None)
        if seat is None:
            return
        seat.sockets = max(0, seat.sockets - 1)
        if seat.sockets == 0 and not seat.disconnected:
            seat.offline_since = clock.now()
        seat.save(update_fields=["sockets", "offline_since"])
        _refresh_deadline(game)


def _refresh_deadline(game: Game) -> None:
    if game.is_over:
        return
    timers.set_deadline(game, clock.now())
    game.save(update_fields=["deadline", "alarm"])
    transaction.on_commit(lambda: _committed(game))


# --- helpers --------------------------------------------------------------------------


def _locked(game_id: int) -> Game:
    game = store.lock(game_id)
    if game is None:
        raise ActionRejected("not_found", "There is no such game.")
    return game


def _seat_of(game: Game, user) -> GameSeat:
    """The user's seat, read afresh: a socket keeps the user it connected with, and the
    account may have been blocked since."""
    seat = (
        next((s for s in seats_of(game).values() if s.player_id == user.pk), None)
        if getattr(user, "is_authenticated", False)
        else None
    )
    if seat is None:
        raise ActionRejected("not_seated", "You are not playing at this table.")
    if not seat.player.is_active:
        raise ActionRejected("blocked", "Your account is blocked.")
    return seat


def _committed(game: Game) -> None:
    """After the commit of a change: a game that ended is settled (or left to the sweep),
    the game's timer is handed to Celery, and every socket is told."""
    if game.is_over and not game.settled:
        game = finishing.settle_or_leave_to_sweep(game)
    timers.schedule(game)
    broadcast.announce(game)
