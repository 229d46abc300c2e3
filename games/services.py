"""The live-game runtime: every change to a game goes through here (DESIGN.md).

Applying anything locks the Game row, checks the move number, applies the engine, logs the
action, sets the next deadline and commits; after the commit each seat is sent its own view
and spectators the public one. Deadlines live in the database; Celery fires them and a
periodic sweep catches any that were missed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction

from games import clock, events, registry, store
from games.engine import Engine, IllegalAction, OnDisconnect, Outcome
from games.models import Game, GameAction, GameSeat
from games.rng import Rng, new_seed, seed_hash
from games.settlement import settle as split_escrow
from wallet import services as wallet

MAX_TIMEOUTS = 4  # the 5th timeout disconnects the seat
RECONNECT_SECONDS_PER_TIMEOUT = 30


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


def engine_of(game: Game) -> Engine:
    return registry.get(game.slug)


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
    seed, now = new_seed(), clock.now()
    with transaction.atomic():
        game = Game.objects.create(
            slug=slug,
            options=parsed.as_json(),
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
                clock_ms=game_seconds * 1000 if game_seconds else None,
            )
            for i, entry in enumerate(seats)
        )
        _advance(game, now)
    return game


# --- moves ----------------------------------------------------------------------------


def submit(game_id: int, user, seq: object, action: object) -> Game:
    """A player's move. Raises ActionRejected (and changes nothing) when it is refused."""
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
        if seq != game.seq:
            raise ActionRejected("stale", "The game has moved on: your view was out of date.")
        if seat.disconnected:
            raise ActionRejected("removed", "You were disconnected from this game.")
        if seat.position not in engine_of(game).to_act(game.state):
            raise ActionRejected("not_your_turn", "It is not your turn.")
        _charge_clock(game, seat, now)
        try:
            _apply(game, seat, action, GameAction.Actor.PLAYER)
        except IllegalAction as exc:
            raise ActionRejected("illegal", exc.reason) from None
        _advance(game, now)
    return game


def _apply(game: Game, seat: GameSeat, action: dict, actor: str) -> None:
    engine = engine_of(game)
    game.seq += 1
    game.state = engine.apply(game.state, seat.position, action, rng_for(game, game.seq))
    store.log(game, seat.position, actor, action=action)
    _charge_new_fees(game)


def _forfeit(game: Game, seat: GameSeat, actor: str, kind: str = "forfeit") -> None:
    game.seq += 1
    game.state = engine_of(game).forfeit(game.state, seat.position)
    store.log(game, seat.position, actor, kind)


def _charge_new_fees(game: Game) -> None:
    """Fees the engine recorded (re-rolls, card changes) are charged as they happen."""
    fees = game.state.get("fees", [])
    charged = game.settlement.get("fees_charged", 0) if game.settlement else 0
    if charged == len(fees):
        return
    seats = seats_of(game)
    for index in range(charged, len(fees)):
        fee = fees[index]
        # A percentage of the current stake: doubled stakes pay doubled fees.
        amount = game.stake * fee.get("multiplier", 1) * fee["rate_bp"] // 10_000
        if amount <= 0:
            continue
        try:
            wallet.charge_fee(
                seats[fee["seat"]].player,
                amount,
                key=f"game:{game.pk}:fee:{index}",
                reference=game.escrow_reference,
                memo=f"{fee['kind'].replace('_', ' ')} fee",
            )
        except wallet.InsufficientFunds:
            raise ActionRejected(
                "insufficient_funds", "Your balance does not cover the fee."
            ) from None
        except wallet.ProtectionRefusal as refusal:  # a limit, an exclusion, a reality check
            raise ActionRejected("protection", str(refusal)) from None
    game.settlement = {**(game.settlement or {}), "fees_charged": len(fees)}


def _charge_clock(game: Game, seat: GameSeat, now: datetime) -> None:
    if seat.clock_ms is not None:
        spent = int((now - game.turn_started).total_seconds() * 1000)
        seat.clock_ms = max(0, seat.clock_ms - spent)
        seat.save(update_fields=["clock_ms"])


def _advance(game: Game, now: datetime) -> None:
    """After any change: let bots move, finish the game, or set the next deadline."""
    engine = engine_of(game)
    seats = seats_of(game)
    while (outcome := engine.outcome(game.state)) is None:
        bots = [p for p in sorted(engine.to_act(game.state)) if seats[p].bot]
        if not bots:
            break
        seat = seats[bots[0]]
        action = engine.bot_action(game.state, seat.position, rng_for(game, game.seq + 1))
        _apply(game, seat, action, GameAction.Actor.BOT)
    game.turn_started = now
    if outcome is not None:
        _finish(game, outcome, now)
    else:
        _set_deadline(game, now)
    store.save(game)
    transaction.on_commit(lambda: _after_commit(game))


def _finish(game: Game, outcome: Outcome, now: datetime) -> None:
    game.status = Game.Status.VOID if outcome.void else Game.Status.FINISHED
    game.outcome = outcome.as_json()
    game.finished, game.deadline, game.seed_revealed = now, None, True


def void_game(game_id: int, reason: str) -> Game:
    """Ends a live game as void (settlement then refunds every stake). A game already over
    is refused, judged under its lock: a staff form may have been opened before it ended."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.is_over:
            raise ActionRejected("game_over", f"{game} is already over ({game.status}).")
        seats = len(game.state.get("scores", [])) or game.seats.count()
        _finish(
            game,
            Outcome(points=(0,) * seats, placing=(1,) * seats, void=True, reason=reason),
            clock.now(),
        )
        store.save(game)
        transaction.on_commit(lambda: _after_commit(game))
    return game


# --- deadlines, timeouts and presence -------------------------------------------------


def seat_deadline(game: Game, seat: GameSeat) -> datetime:
    """When this seat, now to act, runs out of time: its step time, or its reconnection
    window while it is offline (30 s per unused timeout, counted from its turn), or its
    total game time, whichever comes first."""
    started = game.turn_started
    if seat.offline_since is not None:
        window_start = max(seat.offline_since, started)
        unused = MAX_TIMEOUTS + 1 - seat.timeouts
        deadline = window_start + timedelta(seconds=RECONNECT_SECONDS_PER_TIMEOUT * unused)
    else:
        deadline = started + timedelta(seconds=game.step_seconds)
    if seat.clock_ms is not None:
        deadline = min(deadline, started + timedelta(milliseconds=seat.clock_ms))
    return deadline


def expire(game_id: int, seq: int) -> bool:
    """Fired at a deadline: plays what the rules say for the first seat out of time.
    Does nothing (returns False) when the game has moved on or the time is not up."""
    now = clock.now()
    with transaction.atomic():
        game = _locked(game_id)
        if game.seq != seq or game.is_over:
            return False
        return _expire(game, now)


def ring(game_id: int) -> Game | None:
    """The game's timer rang: plays the timeout if a deadline is up, else sets the timer
    for the current deadline. Returns the game unless it is gone, over or just timed out
    (then the commit's announcement sets the timer)."""
    now = clock.now()
    with transaction.atomic():
        game = store.lock(game_id)
        if game is None or game.is_over or _expire(game, now):
            return None
        game.alarm = None
        _arm(game, now)
        store.save(game)
    return game


def _expire(game: Game, now: datetime) -> bool:
    engine = engine_of(game)
    seats = seats_of(game)
    late = [
        seats[p] for p in sorted(engine.to_act(game.state)) if seat_deadline(game, seats[p]) <= now
    ]
    if not late:
        return False
    _time_out(game, late[0], now)
    _advance(game, now)
    return True


def _set_deadline(game: Game, now: datetime) -> None:
    """The earliest deadline of the seats to act, and the game's timer for it."""
    seats = seats_of(game)
    game.deadline = min(
        (seat_deadline(game, seats[p]) for p in engine_of(game).to_act(game.state)), default=None
    )
    _arm(game, now)


def _arm(game: Game, now: datetime) -> None:
    """Each game has one Celery timer, not one per move: a move usually puts the deadline
    later, and the timer already set re-arms itself for it when it rings (`ring`). A new
    timer is set only when the deadline comes before the one set, or that one is overdue
    (lost with a restart of the broker, say; the sweep covers the gap)."""
    game.arming = game.deadline is not None and (
        game.alarm is None or game.alarm <= now or game.deadline < game.alarm
    )
    if game.arming:
        game.alarm = game.deadline


def _time_out(game: Game, seat: GameSeat, now: datetime) -> None:
    started = game.turn_started
    if seat.clock_ms is not None and started + timedelta(milliseconds=seat.clock_ms) <= now:
        seat.clock_ms = 0
        seat.save(update_fields=["clock_ms"])
        _forfeit(game, seat, GameAction.Actor.TIMEOUT)  # the game time is up: the seat loses
        return
    if seat.offline_since is not None:
        _disconnect(game, seat)
        return
    seat.timeouts += 1
    seat.save(update_fields=["timeouts"])
    if seat.timeouts > MAX_TIMEOUTS:
        _disconnect(game, seat)
        return
    action = engine_of(game).timeout_action(game.state, seat.position)
    if action is None:
        _forfeit(game, seat, GameAction.Actor.TIMEOUT)
    else:
        _apply(game, seat, action, GameAction.Actor.TIMEOUT)


def _disconnect(game: Game, seat: GameSeat) -> None:
    """The seat is removed from the game; what follows is the game's own rule."""
    seat.disconnected = True
    policy = engine_of(game).on_disconnect
    everyone_gone = not game.seats.exclude(pk=seat.pk).filter(disconnected=False).exists()
    if policy == OnDisconnect.BOT and not everyone_gone:
        seat.bot = True
        seat.save(update_fields=["disconnected", "bot"])
        game.seq += 1
        store.log(game, seat.position, GameAction.Actor.SYSTEM, "disconnect")
        return
    seat.save(update_fields=["disconnected"])
    if policy in (OnDisconnect.VOID, OnDisconnect.BOT):
        seats = game.seats.count()
        _finish(
            game,
            Outcome((0,) * seats, (1,) * seats, void=True, reason="disconnection"),
            clock.now(),
        )
        return
    _forfeit(game, seat, GameAction.Actor.SYSTEM, kind="disconnect")


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
    _set_deadline(game, clock.now())
    game.save(update_fields=["deadline", "alarm"])
    transaction.on_commit(lambda: _after_commit(game))


def restart_turn(game_id: int, now: datetime) -> bool:
    """The platform was down (games/outage.py): the turn in play starts again at `now`,
    with each seat's full step time, as if it had just begun. False if the game is over."""
    with transaction.atomic():
        game = store.lock(game_id)
        if game is None or game.is_over:
            return False
        game.turn_started = now
        _set_deadline(game, now)
        store.save(game)
        transaction.on_commit(lambda: _after_commit(game))
    return True


def overdue_games(now: datetime | None = None) -> list[tuple[int, int]]:
    now = now or clock.now()
    return list(
        Game.objects.filter(status=Game.Status.PLAYING, deadline__lte=now).values_list("pk", "seq")
    )


# --- settlement -----------------------------------------------------------------------


def settle_game(game_id: int) -> Game:
    """Pays out a finished game from its escrow: exactly once, by idempotency key.
    The caller announces the result (tasks.prepare does, after settling)."""
    with transaction.atomic():
        game = _locked(game_id)
        if not game.is_over or game.settled:
            return game
        seats = list(game.seats.select_related("player"))
        engine = engine_of(game)
        outcome = Outcome(
            points=tuple(game.outcome["points"]),
            placing=tuple(game.outcome["placing"]),
            void=game.outcome["void"],
            reason=game.outcome["reason"],
        )
        held = [s.held for s in seats]
        multiplier = getattr(engine, "stake_multiplier", lambda state: 1)(game.state)
        at_risk = [min(h, game.stake * multiplier) for h in held]
        result = split_escrow(
            outcome,
            held,
            at_risk,
            game.rake_bp,
            frozenset(s.position for s in seats if s.disconnected),
        )
        posting = wallet.settle(
            game.escrow_reference,
            {s.player: paid for s, paid in zip(seats, result.payouts, strict=True) if s.player},
            rake=result.rake,
            key=f"{game.escrow_reference}:settle",
            memo=f"{engine.name} settlement",
        )
        game.settled = True
        game.settlement = {
            **(game.settlement or {}),
            "payouts": list(result.payouts),
            "net": list(result.net(held)),
            "rake": result.rake,
            "void": result.void,
            "transaction": str(posting.transaction.uuid) if posting else None,
        }
        game.save(update_fields=["settled", "settlement"])
    return game


def unsettled_games() -> list[int]:
    return list(
        Game.objects.filter(settled=False)
        .exclude(status=Game.Status.PLAYING)
        .values_list("pk", flat=True)
    )


# --- helpers --------------------------------------------------------------------------


def _locked(game_id: int) -> Game:
    game = store.lock(game_id)
    if game is None:
        raise ActionRejected("not_found", "There is no such game.")
    return game


def seats_of(game: Game) -> dict[int, GameSeat]:
    """The game's seats by position, read once per change and kept on the game object (the
    Game row is locked, so they cannot change underneath)."""
    cached = getattr(game, "_seats", None)
    if cached is None:
        cached = game._seats = store.read_seats(game)
    return cached


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


def _after_commit(game: Game) -> None:
    events.changed(game)
