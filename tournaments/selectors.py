"""What the tournament pages read."""

from __future__ import annotations

import hashlib
from dataclasses import astuple, dataclass
from datetime import datetime

from django.db.models import Count, Q, QuerySet

from games import clock
from games.poker.tournament import Level, level_at, next_level_in, parse_schedule, places
from tournaments import arena, swiss
from tournaments.models import Entry, Match, Tournament


def listed(game: str = "", format: str = "", max_entry: int | None = None) -> QuerySet[Tournament]:
    tournaments = Tournament.objects.annotate(
        players=Count("entries", filter=Q(entries__status=Entry.Status.REGISTERED))
    )
    if game:
        tournaments = tournaments.filter(game_slug=game)
    if format:
        tournaments = tournaments.filter(format=format)
    if max_entry is not None:
        tournaments = tournaments.filter(entry__lte=max_entry)
    return tournaments


def rounds(tournament: Tournament) -> list[list[Match]]:
    """The bracket round by round, first round first."""
    by_round: dict[int, list[Match]] = {}
    matches = tournament.matches.select_related("first__player", "second__player", "winner", "game")
    for match in matches:
        by_round.setdefault(match.round, []).append(match)
    return [by_round[number] for number in sorted(by_round)]


def next_game(tournament: Tournament, user) -> Match | None:
    """The player's match still to be decided, if any."""
    if not user.is_authenticated:
        return None
    mine = Q(first__player=user) | Q(second__player=user)
    return tournament.matches.filter(mine, winner__isnull=True).select_related("game").first()


def swiss_scores(tournament: Tournament) -> dict[int, int]:
    """Each entry's Swiss score in half points."""
    results = [
        swiss.Result(m.first_id, m.second_id, m.winner_id)
        for m in tournament.matches.all()
        if m.decided
    ]
    players = tournament.entries.filter(status=Entry.Status.REGISTERED).values_list("pk", flat=True)
    return swiss.scores(players, results)


def arena_scores(tournament: Tournament) -> dict[int, arena.Score]:
    """Each entry's arena points, wins, games and streak, from the counted games."""
    decided = tournament.matches.filter(Q(winner__isnull=False) | Q(drawn=True)).order_by(
        "game__finished", "pk"
    )
    results = [arena.Result(m.first_id, m.second_id, m.winner_id) for m in decided]
    players = tournament.entries.filter(status=Entry.Status.REGISTERED).values_list("pk", flat=True)
    return arena.scores(list(players), results)


def prize_pool(tournament: Tournament, entries: int) -> int:
    """The pool the prize table divides: the entries, or the guarantee when larger."""
    if tournament.settlement:
        return tournament.settlement["pool"]
    return max(entries, tournament.guaranteed)


@dataclass(frozen=True)
class Seat:
    player_id: int | None
    name: str
    chips: int
    place: int | None  # once out
    absent: bool  # gone: folded by the table until out


@dataclass(frozen=True)
class PokerTable:
    """A poker tournament's table as its page shows it: the level the clock has reached
    (dealt from the next hand), the next one and the time to it, and each player's chips
    (at the start of the hand in play) or place. `next_at_ms` is when the next level
    starts and `now_ms` when this was read (ms since the epoch, the server's clock): the
    page counts down from them itself, whatever its own clock says."""

    game_id: int
    playing: bool
    number: int
    level: Level
    next: Level | None
    next_in_seconds: int | None
    next_at_ms: int | None
    now_ms: int
    seats: list[Seat]

    def digest(self) -> str:
        """What the page shows but the time to the next level (which the page counts
        down itself): the same digest, nothing to tell the page."""
        shown = (self.playing, self.number, [astuple(seat) for seat in self.seats])
        return hashlib.sha256(repr(shown).encode()).hexdigest()

    def still_in(self, user) -> bool:
        """The player has a seat at the table in play and chips."""
        return self.playing and any(
            seat.player_id == user.pk and seat.place is None for seat in self.seats
        )


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def poker_table(tournament: Tournament) -> PokerTable | None:
    game = tournament.table
    if game is None:
        return None
    state = game.state
    schedule = parse_schedule(state["options"]["blinds"])
    now = clock.now()
    end = game.finished if game.is_over and game.finished else now
    elapsed_ms = max(0, int((end - game.started).total_seconds() * 1000))
    index = level_at(schedule, elapsed_ms)
    to_next = next_level_in(schedule, elapsed_ms)
    part, hand = state["tournament"], state["hand"]
    placing = places(len(state["stacks"]), part["busted"])
    out = {seat for _, seat, _ in part["busted"]}
    chips = list(state["stacks"])
    if hand is not None:
        for player, seat in enumerate(hand["players"]):
            chips[seat] = hand["starting"][player]
    seats = [
        Seat(
            player_id=seat.player_id,
            name=seat.player.display_name if seat.player else "",
            chips=chips[seat.position] if seat.position not in out else 0,
            place=placing[seat.position] if seat.position in out or game.is_over else None,
            absent=part["absent"][seat.position],
        )
        for seat in game.seats.select_related("player").order_by("position")
    ]
    seats.sort(key=lambda s: (s.place or 0, -s.chips))
    return PokerTable(
        game_id=game.pk,
        playing=not game.is_over,
        number=index + 1,
        level=schedule[index],
        next=schedule[index + 1] if to_next is not None else None,
        next_in_seconds=None if to_next is None or game.is_over else -(-to_next // 1000),
        next_at_ms=None if to_next is None or game.is_over else epoch_ms(end) + to_next,
        now_ms=epoch_ms(now),
        seats=seats,
    )
