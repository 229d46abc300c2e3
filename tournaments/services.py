"""Registering, starting, running and settling tournaments (docs/architecture.md,
"Tournaments").

Money: registering holds the entry and the fee in the tournament's escrow; unregistering
before the start, or a tournament cancelled for want of players, gives both back; the
games inside are played for no stake (so no rake); at the end one ledger settlement pays
the prize table from the pool and the fees to the house, exactly once by its key, under
the tournament's lock. Every change locks the Tournament row first.
"""

from __future__ import annotations

import logging
import random
from datetime import datetime

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts import sockets
from games import services as games
from games.engine import Outcome
from games.models import Game
from tournaments import arena, bracket, prizes, selectors, swiss
from tournaments.models import Entry, Match, Tournament
from wallet import notices
from wallet import services as wallet
from wallet.models import Account
from wallet.models import Transaction as LedgerTransaction
from wallet.money import format_minor

log = logging.getLogger(__name__)

# A knockout match whose games keep ending level (drawn, or void with both players gone)
# is decided for the higher seed after this many games.
MAX_GAMES_PER_MATCH = 3


class TournamentError(Exception):
    """A refused request, with a message for the player; nothing changed."""


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def registered(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.filter(status=Entry.Status.REGISTERED).select_related("player"))


# --- registration -----------------------------------------------------------------------


def register(user, tournament_id: int, now: datetime | None = None) -> Entry:
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        late = tournament.open_late(now)
        if not late and (
            tournament.status != Tournament.Status.REGISTERING or now >= tournament.starts_at
        ):
            raise TournamentError("Registration for this tournament is closed.")
        if now < tournament.registration_opens:
            raise TournamentError("Registration for this tournament has not opened yet.")
        field = registered(tournament)
        if any(entry.player_id == user.pk for entry in field):
            raise TournamentError("You are already registered.")
        if len(field) >= tournament.max_players:
            raise TournamentError("This tournament is full.")
        entry = Entry.objects.create(
            tournament=tournament, player=user, entry=tournament.entry, fee=tournament.fee
        )
        _hold(tournament, entry)
        full = len(field) + 1 == tournament.max_players
        if late:  # seeded last, and paired at once if anybody is waiting
            entry.seed = len(field)
            entry.save(update_fields=["seed"])
            _pair_arena(tournament, now)
        elif full and tournament.start_when_full:
            _start(tournament, now)
        _announce(tournament)
    return entry


def _hold(tournament: Tournament, entry: Entry) -> None:
    if not tournament.buy_in:
        return
    try:
        wallet.hold_stake(
            entry.player,
            tournament.escrow_reference,
            tournament.buy_in,
            key=entry.hold_key,
            memo=(
                f"{tournament.name}: entry {format_minor(entry.entry)}"
                f" + fee {format_minor(entry.fee)}"
            ),
        )
    except wallet.InsufficientFunds:
        raise TournamentError("Your balance is too low for this tournament's entry.") from None
    except wallet.ProtectionRefusal as refusal:  # a limit, an exclusion, a reality check
        raise TournamentError(str(refusal)) from None
    notices.cash_moved(entry.player_id)


def _refund(tournament: Tournament, entry: Entry, status: str, why: str) -> None:
    if entry.entry + entry.fee:
        wallet.release_hold(
            entry.player,
            tournament.escrow_reference,
            entry.entry + entry.fee,
            key=entry.refund_key,
            memo=f"{tournament.name}: entry and fee refunded ({why})",
        )
        notices.cash_moved(entry.player_id)
    entry.status = status
    entry.save(update_fields=["status"])


def unregister(user, tournament_id: int) -> None:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.REGISTERING:
            raise TournamentError("The tournament has started: there is no leaving it now.")
        entry = tournament.entries.filter(player=user, status=Entry.Status.REGISTERED).first()
        if entry is None:
            raise TournamentError("You are not registered.")
        _refund(tournament, entry, Entry.Status.UNREGISTERED, "unregistered")
        _announce(tournament)


def come_back(user, tournament_id: int, now: datetime | None = None) -> None:
    """A paused arena player asks to be paired again."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        ends = tournament.ends_at
        if tournament.status != Tournament.Status.RUNNING or ends is None or now >= ends:
            raise TournamentError("This arena is not running.")
        entry = tournament.entries.filter(
            player=user, status=Entry.Status.REGISTERED, paused=True
        ).first()
        if entry is None:
            raise TournamentError("You are not paused in this arena.")
        entry.paused = False
        entry.save(update_fields=["paused"])
        _pair_arena(tournament, now)
        _announce(tournament)


def cancel(tournament_id: int, why: str = "cancelled") -> None:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.REGISTERING:
            raise TournamentError("Only a tournament that has not started can be cancelled.")
        _cancel(tournament, why)


def _cancel(tournament: Tournament, why: str) -> None:
    for entry in registered(tournament):
        _refund(tournament, entry, Entry.Status.REFUNDED, why)
    wallet.settle(
        tournament.escrow_reference, {}, rake=0, key=f"{tournament.escrow_reference}:close"
    )
    tournament.status = Tournament.Status.CANCELLED
    tournament.save(update_fields=["status"])
    _announce(tournament)


# --- starting ---------------------------------------------------------------------------


def start_due(now: datetime | None = None) -> int:
    """Starts (or cancels, short of players) every tournament whose start time has come."""
    now = now or timezone.now()
    due = Tournament.objects.filter(status=Tournament.Status.REGISTERING, starts_at__lte=now)
    started = 0
    for tournament_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            tournament = _locked(tournament_id)
            if tournament.status == Tournament.Status.REGISTERING:
                _start(tournament, now)
                started += 1
    return started


def _start(tournament: Tournament, now: datetime) -> None:
    field = registered(tournament)
    if len(field) < tournament.min_players:
        _cancel(tournament, "too few players")
        return
    random.SystemRandom().shuffle(field)  # the draw: seeds by lot
    for seed, entry in enumerate(field):
        entry.seed = seed
        entry.save(update_fields=["seed"])
    tournament.status, tournament.started = Tournament.Status.RUNNING, now
    tournament.save(update_fields=["status", "started"])
    if tournament.format == Tournament.Format.POKER:
        _seat_table(tournament, field)
        return
    if tournament.format == Tournament.Format.KNOCKOUT:
        _open_round(
            tournament,
            1,
            [(field[a], b if b is None else field[b]) for a, b in bracket.first_round(len(field))],
        )
    _pair_next(tournament, now)


def _open_round(tournament: Tournament, number: int, pairs: list) -> None:
    """Creates a round's matches: a bye is won at once, the others start their game."""
    for slot, (first, second) in enumerate(pairs):
        match = Match.objects.create(
            tournament=tournament, round=number, slot=slot, first=first, second=second
        )
        if match.is_bye:
            match.winner = match.first
            match.save(update_fields=["winner"])
        else:
            _play(tournament, match)


def _seat_table(tournament: Tournament, field: list[Entry]) -> None:
    """A poker tournament: the whole field sits at one table, in seed order, with the same
    tournament chips; no money is at the table (stake 0, no rake)."""
    tournament.table = games.start_game(
        slug=tournament.game_slug,
        options=tournament.options,
        seats=[games.SeatEntry(entry.player, 0) for entry in field],
        stake=0,
        rake_bp=0,
        escrow_reference=f"{tournament.escrow_reference}:table",
        step_seconds=tournament.step_seconds,
    )
    tournament.save(update_fields=["table"])
    _send_to_game(tournament, tournament.table, field, f"{tournament.name}: the table is ready.")


def _send_to_game(tournament: Tournament, game: Game, entries: list, text: str) -> None:
    event = {"type": "tournament_game", "url": reverse("games:play", args=[game.pk]), "text": text}
    for entry in entries:
        if entry is not None:
            transaction.on_commit(lambda user_id=entry.player_id: sockets.tell(user_id, event))


# --- running ----------------------------------------------------------------------------


def _play(tournament: Tournament, match: Match) -> None:
    """Starts the match's next game, for no stake, and sends both players to it."""
    match.games_played += 1
    sides = [match.first, match.second]
    if match.games_played % 2 == 0:  # a replay: the other player sits first
        sides.reverse()
    match.game = games.start_game(
        slug=tournament.game_slug,
        options=tournament.options,
        seats=[games.SeatEntry(entry.player, 0) for entry in sides if entry],
        stake=0,
        rake_bp=0,
        escrow_reference=f"{tournament.escrow_reference}:match:{match.pk}:{match.games_played}",
        step_seconds=tournament.step_seconds,
    )
    match.save(update_fields=["games_played", "game"])
    text = f"{tournament.name}: your game in round {match.round} is ready."
    _send_to_game(tournament, match.game, sides, text)


def _winner(match: Match, game: Game) -> int | None:
    """The entry that won this game, or None when it ended level (a draw, or void with
    both players gone)."""
    outcome = Outcome.from_json(game.outcome)
    by_seat = {seat.position: seat for seat in game.seats.all()}
    first_seated = by_seat[0].player_id == match.first.player_id
    sides = (match.first_id, match.second_id) if first_seated else (match.second_id, match.first_id)
    if not outcome.void and len(outcome.winners()) == 1:
        return sides[outcome.winners()[0]]
    connected = [position for position, seat in by_seat.items() if not seat.disconnected]
    if len(connected) == 1:  # a void game the other player left: the one who stayed wins
        return sides[connected[0]]
    return None


def _record(tournament: Tournament, match: Match) -> None:
    """A knockout match ending level is played again (the higher seed goes through after
    MAX_GAMES_PER_MATCH); a Swiss game ending level is a draw. In an arena, a player who
    left the game (or never came) is paused: not paired again until they come back."""
    winner = _winner(match, match.game)
    if tournament.format == Tournament.Format.ARENA:
        gone = match.game.seats.filter(disconnected=True).values_list("player_id", flat=True)
        Entry.objects.filter(pk__in=[match.first_id, match.second_id], player__in=gone).update(
            paused=True
        )
    if winner is not None:
        match.winner_id = winner
    elif tournament.format != Tournament.Format.KNOCKOUT:
        match.drawn = True
    elif match.games_played >= MAX_GAMES_PER_MATCH:
        match.winner_id = match.first_id
    else:
        _play(tournament, match)
        return
    match.save(update_fields=["winner", "drawn"])


def game_over(game_id: int) -> None:
    """A game ended and was settled: if it was a tournament's, the tournament moves on."""
    tournament_id = (
        Match.objects.filter(game_id=game_id).values_list("tournament_id", flat=True).first()
        or Tournament.objects.filter(table_id=game_id).values_list("pk", flat=True).first()
    )
    if tournament_id is not None:
        advance(tournament_id)


def advance(tournament_id: int, now: datetime | None = None) -> Tournament:
    """Records every match whose game is over, pairs the next round (an arena: the players
    waiting), and at the end settles. Safe to call any number of times (the game hook, the
    beat sweep)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            return tournament
        if tournament.format == Tournament.Format.POKER:
            if tournament.table is not None and tournament.table.settled:
                _finish(tournament)
            _announce_table_if_changed(tournament)
            return tournament
        pending = tournament.matches.filter(
            winner__isnull=True, drawn=False, game__settled=True
        ).select_related("game", "first__player", "second__player")
        if tournament.ends_at is not None:  # an arena counts the games over before its end
            pending = pending.filter(game__finished__lt=tournament.ends_at)
        pending = list(pending)
        for match in pending:
            _record(tournament, match)
        arena_over = tournament.ends_at is not None and now >= tournament.ends_at
        if pending or arena_over:
            _pair_next(tournament, now)
            _announce(tournament)
    return tournament


def _announce_table_if_changed(tournament: Tournament) -> None:
    """The page's level, chips, places and players come from the table's game, which
    does not know tournaments: each call (the sweep's, every 5 s) compares them with what
    was last announced, and announces only a change (the time to the next level the page
    counts down itself)."""
    table = selectors.poker_table(tournament)
    shown = table.digest() if table is not None else ""
    if shown != tournament.table_shown:
        tournament.table_shown = shown
        tournament.save(update_fields=["table_shown"])
        _announce(tournament)


def _pair_next(tournament: Tournament, now: datetime) -> None:
    if tournament.format == Tournament.Format.SWISS:
        _pair_swiss(tournament)
    elif tournament.format == Tournament.Format.ARENA:
        _pair_arena(tournament, now)
    else:
        _pair_knockout(tournament)


def _results(tournament: Tournament) -> list[swiss.Result]:
    return [
        swiss.Result(m.first_id, m.second_id, m.winner_id)
        for m in tournament.matches.all()
        if m.decided
    ]


def _seeds(tournament: Tournament) -> list[int]:
    return [entry.pk for entry in sorted(registered(tournament), key=lambda e: e.seed or 0)]


def _pair_swiss(tournament: Tournament) -> None:
    """When every game of the round is decided: the next round, or the end after the set
    number of rounds (or when no pairing without a repeat is left)."""
    matches = list(tournament.matches.all())
    if any(not match.decided for match in matches):
        return
    played = max((match.round for match in matches), default=0)
    pairs = (
        swiss.pair(_seeds(tournament), _results(tournament)) if played < tournament.rounds else None
    )
    if pairs is None:
        _finish(tournament)
        return
    entries = {entry.pk: entry for entry in registered(tournament)}
    _open_round(
        tournament,
        played + 1,
        [(entries[a], None if b is None else entries[b]) for a, b in pairs],
    )
    _pair_swiss(tournament)  # a round of byes only is decided at once


def _arena_results(tournament: Tournament) -> list[arena.Result]:
    """The counted games in the order they finished (a streak is wins in a row)."""
    decided = tournament.matches.filter(Q(winner__isnull=False) | Q(drawn=True)).order_by(
        "game__finished", "pk"
    )
    return [arena.Result(m.first_id, m.second_id, m.winner_id) for m in decided]


def _pair_arena(tournament: Tournament, now: datetime) -> None:
    """Until the end time, pairs every player not at a board; at the end time, finishes
    (games still being played then do not count)."""
    if tournament.ends_at is None or now >= tournament.ends_at:
        _finish(tournament)
        return
    matches = list(tournament.matches.all())
    busy = {entry for m in matches if not m.decided for entry in (m.first_id, m.second_id)}
    last_opponent: dict[int, int] = {}
    for m in sorted((m for m in matches if m.decided), key=lambda m: m.round):
        last_opponent[m.first_id], last_opponent[m.second_id] = m.second_id, m.first_id
    seeds = _seeds(tournament)
    paused = set(tournament.entries.filter(paused=True).values_list("pk", flat=True))
    standings = [e for group in arena.ranking(seeds, _arena_results(tournament)) for e in group]
    pairs = arena.pair(
        [e for e in seeds if e not in busy | paused],
        standings,
        last_opponent,
        anyone_playing=bool(busy),
    )
    if pairs:
        entries = {entry.pk: entry for entry in registered(tournament)}
        number = max((m.round for m in matches), default=0) + 1
        _open_round(tournament, number, [(entries[a], entries[b]) for a, b in pairs])


def _pair_knockout(tournament: Tournament) -> None:
    """Each match whose two feeding matches are decided starts; the final's winner ends."""
    last_round = bracket.rounds(len(registered(tournament)))
    while True:
        decided = list(tournament.matches.filter(winner__isnull=False).select_related("winner"))
        by_slot = {(m.round, m.slot): m for m in tournament.matches.all()}
        final = by_slot.get((last_round, 0))
        if final is not None and final.winner_id is not None:
            _finish(tournament)
            return
        created = False
        for match in decided:
            if match.round == last_round:
                continue
            slot, _ = bracket.next_slot(match.slot)
            if (match.round + 1, slot) in by_slot:
                continue
            feeders = [by_slot.get((match.round, 2 * slot + side)) for side in (0, 1)]
            if all(f is not None and f.winner_id is not None for f in feeders):
                first, second = (f.winner for f in feeders if f is not None)
                new = Match.objects.create(
                    tournament=tournament,
                    round=match.round + 1,
                    slot=slot,
                    first=first,
                    second=second,
                )
                by_slot[(new.round, new.slot)] = new
                _play(tournament, new)
                created = True
        if not created:
            return


# --- the end ----------------------------------------------------------------------------


def standings(tournament: Tournament) -> list[list[int]]:
    """Entry ids from first place down, players who finished level together (the losers of
    one knockout round; Swiss players level on score and Buchholz), in seeding order."""
    if tournament.format == Tournament.Format.SWISS:
        return swiss.ranking(_seeds(tournament), _results(tournament))
    if tournament.format == Tournament.Format.ARENA:
        return arena.ranking(_seeds(tournament), _arena_results(tournament))
    if tournament.format == Tournament.Format.POKER:
        return _table_standings(tournament)
    matches = list(tournament.matches.all())
    last_round = max(m.round for m in matches)
    final = next(m for m in matches if m.round == last_round)
    groups: list[list[int]] = [[final.winner_id]]
    seeds = {e.pk: e.seed for e in tournament.entries.all()}
    for round_number in range(last_round, 0, -1):
        losers = [m.loser_id() for m in matches if m.round == round_number]
        group = sorted((loser for loser in losers if loser is not None), key=seeds.__getitem__)
        if group:
            groups.append(group)
    return groups


def _table_standings(tournament: Tournament) -> list[list[int]]:
    """A poker tournament's places, as its table's outcome gives them (the order out;
    games/poker/tournament.py); players sharing a place in seed order (the seat order)."""
    assert tournament.table is not None
    placing = Outcome.from_json(tournament.table.outcome).placing
    entry_of = {e.player_id: e.pk for e in registered(tournament)}
    seats = sorted(
        tournament.table.seats.all(), key=lambda seat: (placing[seat.position], seat.position)
    )
    groups: dict[int, list[int]] = {}
    for seat in seats:
        groups.setdefault(placing[seat.position], []).append(entry_of[seat.player_id])
    return list(groups.values())


def _finish(tournament: Tournament) -> None:
    tournament.status, tournament.finished = Tournament.Status.FINISHED, timezone.now()
    tournament.save(update_fields=["status", "finished"])
    transaction.on_commit(lambda: settle_or_leave_to_sweep(tournament.pk))


def settle(tournament_id: int) -> Tournament:
    """Pays the prize table from the pool and the fees to the house: exactly once, by the
    settlement's key and the tournament's lock, in one transaction with the places."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Tournament.Status.FINISHED or tournament.settlement:
            return tournament
        field = {entry.pk: entry for entry in registered(tournament)}
        groups = standings(tournament)
        entries = sum(entry.entry for entry in field.values())
        fees = sum(entry.fee for entry in field.values())
        guarantee = _top_up(tournament, entries)
        pool = entries + guarantee
        paid = prizes.prizes(pool, tournament.prize_table, groups)
        posting = wallet.settle(
            tournament.escrow_reference,
            {field[entry_id].player: prize for entry_id, prize in paid.items()},
            rake=fees,
            key=f"{tournament.escrow_reference}:settle",
            memo=f"{tournament.name}: prizes",
        )
        place = 1
        for group in groups:
            for entry_id in group:
                entry = field[entry_id]
                entry.place, entry.prize = place, paid.get(entry_id, 0)
                entry.save(update_fields=["place", "prize"])
            place += len(group)
        tournament.settlement = {
            "pool": pool,
            "entries": entries,
            "guarantee": guarantee,
            "fees": fees,
            "prizes": {str(entry_id): prize for entry_id, prize in paid.items()},
            "transaction": str(posting.transaction.uuid) if posting else None,
        }
        tournament.save(update_fields=["settlement"])
        notices.cash_moved(*(field[entry_id].player_id for entry_id in paid))
        _announce(tournament)
    return tournament


def _top_up(tournament: Tournament, entries: int) -> int:
    """A guaranteed pool larger than the entries: the house bank pays the difference into
    the escrow before the prizes are paid (once, by its key). Returns the top-up. It is
    posted as a win of the house bank's, so the revenue reports count it against GGR."""
    top_up = max(0, tournament.guaranteed - entries)
    if top_up:
        reference = tournament.escrow_reference
        wallet.post(
            LedgerTransaction.Kind.WIN,
            [
                (wallet.house_account(Account.Kind.HOUSE_BANK, anchor=reference), -top_up),
                (wallet.escrow_account(reference), top_up),
            ],
            key=f"{tournament.escrow_reference}:guarantee",
            reference=tournament.escrow_reference,
            memo=f"{tournament.name}: the house tops the prize pool up to its guarantee",
        )
    return top_up


def settle_or_leave_to_sweep(tournament_id: int) -> None:
    try:
        settle(tournament_id)
    except Exception:
        log.exception("settlement of tournament %s failed; the sweep will retry", tournament_id)


def sweep(now: datetime | None = None) -> dict:
    """Beat's catch-all: starts what is due, moves running tournaments on (ends the
    arenas whose time is up), settles the finished. Each tournament is its own attempt."""
    now = now or timezone.now()
    started = start_due(now)
    failed = 0
    for tournament_id in Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list(
        "pk", flat=True
    ):
        try:
            advance(tournament_id, now)
        except Exception:
            failed += 1
            log.exception("the sweep could not advance tournament %s", tournament_id)
    unsettled = Tournament.objects.filter(
        status=Tournament.Status.FINISHED, settlement__isnull=True
    ).values_list("pk", flat=True)
    for tournament_id in unsettled:
        try:
            settle(tournament_id)
        except Exception:
            failed += 1
            log.exception("the sweep could not settle tournament %s", tournament_id)
    return {"started": started, "failed": failed}


# --- live updates -----------------------------------------------------------------------


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def _announce(tournament: Tournament) -> None:
    tournament_id = tournament.pk

    def send() -> None:
        async_to_sync(get_channel_layer().group_send)(
            group(tournament_id), {"type": "tournament.changed", "tournament": tournament_id}
        )

    transaction.on_commit(send)
