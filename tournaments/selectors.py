"""What the tournament pages read."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

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
