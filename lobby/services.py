"""Creating, joining and leaving tables. Stakes are held in the table's escrow at once.

Every change locks the Table row first (then the player's protection row, then the wallet
locks accounts), so concurrent joins, accepts and cancels are serialised per table, and a
player's creates and joins per player.
"""

from __future__ import annotations

from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from accounts import protection
from games import registry
from games import services as games
from games.conf import limits
from games.models import Game
from lobby.models import Seat, Table
from wallet import notices
from wallet import services as wallet


class LobbyError(Exception):
    """A refused request, with a message for the player; nothing changed."""


@dataclass(frozen=True)
class TableSpec:
    game_slug: str
    options: dict
    stake: int
    seats: int
    step_seconds: int
    game_minutes: int = 0
    private: bool = False
    incognito: bool = False
    spectators_allowed: bool = True
    practice: bool = False


def validate(spec: TableSpec) -> dict:
    """Checks a table request against the game's rules and limits; returns the options."""
    try:
        engine = registry.get(spec.game_slug)
    except registry.UnknownGame as exc:
        raise LobbyError(str(exc)) from None
    rules = limits(spec.game_slug)
    try:
        options = engine.Options.from_json(spec.options)
    except (TypeError, ValueError) as exc:
        raise LobbyError(f"Invalid options: {exc}") from None
    allowed_seats = engine.seat_counts(options)
    if spec.seats not in allowed_seats:
        raise LobbyError(
            f"{engine.name} is played by {', '.join(map(str, allowed_seats))} players."
        )
    if spec.practice and spec.stake != 0:
        raise LobbyError("Practice tables are played without a stake.")
    if not spec.practice and not rules.min_stake <= spec.stake <= rules.max_stake:
        raise LobbyError("The stake is outside this game's limits.")
    fixed = engine.fixed_stake(options)
    if not spec.practice and fixed is not None and spec.stake != fixed:
        raise LobbyError("This table's stake is its buy-in, set by its options.")
    if spec.step_seconds not in rules.step_seconds:
        raise LobbyError("Choose one of the offered move times.")
    if spec.game_minutes not in rules.game_minutes:
        raise LobbyError("Choose one of the offered game times.")
    return options.as_json()


def buy_in(table: Table) -> int:
    """What a seat puts in escrow: the stake, or the largest stake the options allow
    (double stake reserves the maximum at the start; the unused part is refunded)."""
    if table.practice:
        return 0
    engine = registry.get(table.game_slug)
    return engine.max_reserve(table.stake, engine.Options.from_json(table.options))


def active_tables(user, slug: str) -> int:
    waiting = Seat.objects.filter(
        player=user,
        status__in=Seat.ACTIVE,
        table__status=Table.Status.WAITING,
        table__game_slug=slug,
    ).count()
    playing = Game.objects.filter(
        slug=slug, status=Game.Status.PLAYING, seats__player=user, seats__disconnected=False
    ).count()
    return waiting + playing


def _check_table_limit(user, slug: str) -> None:
    # Under the player's lock: a player's simultaneous creates and joins are counted one
    # after the other, each seeing the tables the one before it opened.
    protection.lock_player(user)
    if active_tables(user, slug) >= limits(slug).max_tables:
        raise LobbyError(
            f"You are already at {limits(slug).max_tables} tables of this game, the most allowed."
        )


def _game_name(seat: Seat) -> str:
    return registry.get(seat.table.game_slug).name


def _hold(seat: Seat) -> None:
    if not seat.held:
        return
    try:
        wallet.hold_stake(
            seat.player,
            seat.table.escrow_reference,
            seat.held,
            key=seat.hold_key,
            memo=f"Stake on {_game_name(seat)}, table {seat.table_id}",
        )
    except wallet.InsufficientFunds:
        raise LobbyError("Your balance is too low for this table's stake.") from None
    except wallet.ProtectionRefusal as refusal:  # a limit, an exclusion, a reality check
        raise LobbyError(str(refusal)) from None
    notices.cash_moved(seat.player_id)


def _refund(seat: Seat, status: str) -> None:
    if seat.held:
        wallet.release_hold(
            seat.player,
            seat.table.escrow_reference,
            seat.held,
            key=seat.refund_key,
            memo=f"Stake on {_game_name(seat)} refunded, table {seat.table_id}",
        )
        notices.cash_moved(seat.player_id)
    seat.status = status
    seat.save(update_fields=["status"])


def create_table(user, spec: TableSpec) -> Table:
    options = validate(spec)
    with transaction.atomic():
        _check_table_limit(user, spec.game_slug)
        table = Table.objects.create(
            game_slug=spec.game_slug,
            options=options,
            stake=spec.stake,
            seats=spec.seats,
            step_seconds=spec.step_seconds,
            game_seconds=spec.game_minutes * 60,
            private=spec.private,
            practice=spec.practice,
            incognito=spec.incognito,
            spectators_allowed=spec.spectators_allowed,
            creator=user,
        )
        seat = Seat.objects.create(
            table=table, player=user, status=Seat.Status.ACCEPTED, held=buy_in(table)
        )
        _hold(seat)
        _notify(table)
    return table


def _locked(table_id: int) -> Table:
    return Table.objects.select_for_update().get(pk=table_id)


def join(user, table_id: int) -> Seat:
    with transaction.atomic():
        table = _locked(table_id)
        if table.status != Table.Status.WAITING:
            raise LobbyError("This table is no longer taking players.")
        if table.seat_requests.filter(player=user, status__in=Seat.ACTIVE).exists():
            raise LobbyError("You already have a seat at this table.")
        if table.seat_requests.filter(status__in=Seat.ACTIVE).count() >= table.seats:
            raise LobbyError("This table is full.")
        _check_table_limit(user, table.game_slug)
        seat = Seat.objects.create(table=table, player=user, held=buy_in(table))
        _hold(seat)
        _notify(table)
    return seat


def _creators_pending_seat(user, seat_id: int) -> tuple[Table, Seat]:
    seat = Seat.objects.select_related("table").get(pk=seat_id)
    table = _locked(seat.table_id)
    if table.creator_id != user.pk:
        raise LobbyError("Only the table's creator decides who plays.")
    seat.refresh_from_db()
    if table.status != Table.Status.WAITING or seat.status != Seat.Status.PENDING:
        raise LobbyError("That request has already been answered.")
    return table, seat


def accept(user, seat_id: int) -> Table:
    with transaction.atomic():
        table, seat = _creators_pending_seat(user, seat_id)
        seat.status = Seat.Status.ACCEPTED
        seat.save(update_fields=["status"])
        accepted = list(
            table.seat_requests.filter(status=Seat.Status.ACCEPTED).select_related("player")
        )
        if len(accepted) == table.seats:
            _start(table, accepted)
        _notify(table)
    return table


def decline(user, seat_id: int) -> None:
    with transaction.atomic():
        table, seat = _creators_pending_seat(user, seat_id)
        _refund(seat, Seat.Status.DECLINED)
        _notify(table)


def leave(user, table_id: int) -> None:
    """Before the start a seat may leave with its stake; the creator leaving cancels."""
    with transaction.atomic():
        table = _locked(table_id)
        if table.status != Table.Status.WAITING:
            raise LobbyError("The game has started: leaving now is resigning, from the game page.")
        if table.creator_id == user.pk:
            _cancel(table)
            return
        seat = table.seat_requests.filter(player=user, status__in=Seat.ACTIVE).first()
        if seat is None:
            raise LobbyError("You have no seat at this table.")
        _refund(seat, Seat.Status.LEFT)
        _notify(table)


def cancel(user, table_id: int) -> None:
    with transaction.atomic():
        table = _locked(table_id)
        if table.creator_id != user.pk:
            raise LobbyError("Only the table's creator can cancel it.")
        if table.status != Table.Status.WAITING:
            raise LobbyError("A started game cannot be cancelled.")
        _cancel(table)


def _cancel(table: Table) -> None:
    for seat in table.seat_requests.filter(status__in=Seat.ACTIVE).select_related("player"):
        _refund(seat, Seat.Status.CANCELLED)
    wallet.settle(table.escrow_reference, {}, rake=0, key=f"{table.escrow_reference}:close")
    table.status = Table.Status.CANCELLED
    table.save(update_fields=["status"])
    _notify(table)


def start_with_bots(user, table_id: int) -> Table:
    """A practice table starts when its creator says so, computer players in empty seats."""
    with transaction.atomic():
        table = _locked(table_id)
        if table.creator_id != user.pk:
            raise LobbyError("Only the table's creator can start it.")
        if not table.practice or table.status != Table.Status.WAITING:
            raise LobbyError("Only a waiting practice table can start with computer players.")
        accepted = list(
            table.seat_requests.filter(status=Seat.Status.ACCEPTED).select_related("player")
        )
        _start(table, accepted)
        _notify(table)
    return table


def _start(table: Table, accepted: list[Seat]) -> None:
    """Seats in the order they sat down, computer players in any still empty (practice);
    pending requests beyond them are refunded."""
    for seat in table.seat_requests.filter(status=Seat.Status.PENDING).select_related("player"):
        _refund(seat, Seat.Status.DECLINED)
    game = games.start_game(
        slug=table.game_slug,
        options=table.options,
        seats=[games.SeatEntry(seat.player, seat.held) for seat in accepted]
        + [games.SeatEntry(None, 0)] * (table.seats - len(accepted)),
        stake=table.stake,
        rake_bp=limits(table.game_slug).rake_bp,
        escrow_reference=table.escrow_reference,
        step_seconds=table.step_seconds,
        game_seconds=table.game_seconds,
        incognito=table.incognito,
        spectators_allowed=table.spectators_allowed,
        private=table.private,
    )
    table.status, table.game = Table.Status.PLAYING, game
    table.save(update_fields=["status", "game"])


# --- live updates -----------------------------------------------------------------------

LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def _notify(table: Table) -> None:
    table_id, game_id = table.pk, table.game_id

    def send() -> None:
        layer = get_channel_layer()
        event = {"type": "lobby.changed", "table": table_id, "game": game_id}
        async_to_sync(layer.group_send)(LOBBY_GROUP, event)
        async_to_sync(layer.group_send)(table_group(table_id), event)

    transaction.on_commit(send)
