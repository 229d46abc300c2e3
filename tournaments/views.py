from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from games import registry
from tournaments import selectors, services
from tournaments.forms import tournament_games
from tournaments.models import Entry, Tournament
from wallet.money import parse_major
from wallet.selectors import cash_balance


def index(request):
    game = request.GET.get("game", "")
    format = request.GET.get("format", "")
    try:
        max_entry = parse_major(request.GET["max_entry"]) if request.GET.get("max_entry") else None
    except ValueError:
        max_entry = None
    listed = selectors.listed(game, format, max_entry)
    by_status = {status: [] for status in Tournament.Status.values}
    for tournament in listed:
        by_status[tournament.status].append(tournament)
    return render(
        request,
        "tournaments/index.html",
        {
            "upcoming": by_status["registering"],
            "running": by_status["running"],
            "finished": by_status["finished"][::-1],
            "games": tournament_games(),
            "formats": Tournament.Format.choices,
            "chosen": {
                "game": game,
                "format": format,
                "max_entry": request.GET.get("max_entry", ""),
            },
        },
    )


def _context(request, tournament: Tournament) -> dict:
    entries = list(
        tournament.entries.filter(status=Entry.Status.REGISTERED)
        .select_related("player")
        .order_by("place", "seed", "created")
    )
    if tournament.format == Tournament.Format.SWISS and tournament.started:
        score = selectors.swiss_scores(tournament)
        for entry in entries:
            entry.score = score.get(entry.pk, 0) / 2
        entries.sort(key=lambda e: (e.place or 0, -e.score))
    if tournament.format == Tournament.Format.ARENA and tournament.started:
        arena_score = selectors.arena_scores(tournament)
        for entry in entries:
            entry.score = arena_score[entry.pk].points
            entry.streak = arena_score[entry.pk].on_streak
        entries.sort(key=lambda e: (e.place or 0, -e.score))
    user = request.user
    mine = next((e for e in entries if user.is_authenticated and e.player_id == user.pk), None)
    match = selectors.next_game(tournament, user)
    table = selectors.poker_table(tournament)
    pool = selectors.prize_pool(tournament, sum(e.entry for e in entries))
    return {
        "tournament": tournament,
        "engine": registry.get(tournament.game_slug),
        "entries": entries,
        "mine": mine,
        "next_match": match,
        "table": table,
        "seated": table is not None and user.is_authenticated and table.still_in(user),
        "rounds": selectors.rounds(tournament),
        "pool": pool,
        "prize_table": [
            (place, share / 100) for place, share in enumerate(tournament.prize_table, start=1)
        ],
        "balance": cash_balance(user) if user.is_authenticated else None,
        "registration_open": tournament.status == Tournament.Status.REGISTERING
        or tournament.open_late(timezone.now()),
        "max_games": services.MAX_GAMES_PER_MATCH,
    }


def detail(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(request, "tournaments/detail.html", _context(request, tournament))


def panel(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(request, "tournaments/_panel.html", _context(request, tournament))


def _player_asks(request, tournament_id: int, service, done: str):
    """A player's request about their entry: the service decides, the page says so."""
    get_object_or_404(Tournament, pk=tournament_id)
    try:
        service(request.user, tournament_id)
        messages.success(request, done)
    except services.TournamentError as refused:
        messages.error(request, str(refused))
    return redirect("tournaments:detail", tournament_id)


@login_required
@require_POST
def register(request, tournament_id: int):
    return _player_asks(request, tournament_id, services.register, "You are registered.")


@login_required
@require_POST
def unregister(request, tournament_id: int):
    done = "You are unregistered; your entry and fee are back."
    return _player_asks(request, tournament_id, services.unregister, done)


@login_required
@require_POST
def come_back(request, tournament_id: int):
    done = "You are back in the pairings."
    return _player_asks(request, tournament_id, services.come_back, done)
