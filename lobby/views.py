from __future__ import annotations

from functools import cache

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import get_urlconf, reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST

from games import registry
from games.conf import limits
from lobby import presence, selectors, services
from lobby.forms import TableFilter, TableForm
from lobby.models import Seat, Table


def _filters(request) -> tuple[TableFilter, dict]:
    form = TableFilter(request.GET or None)
    if not form.is_valid():
        return form, {}
    return form, {
        "game": form.cleaned_data.get("game") or None,
        "min_stake": form.amount("min_stake"),
        "max_stake": form.amount("max_stake"),
        "free_seats": form.cleaned_data.get("free_seats"),
        "options": form.options(),
    }


@cache
def _catalogue(urlconf: str) -> SafeString:
    """The games' tiles with their new-table and rules addresses: the same for the life of
    the process (the games are registered in code), rendered once rather than on every
    Lobby page (the reverses, two per game, cost ~0.1 ms each; the tiles' tags as much)."""
    games = [
        (
            engine,
            reverse("lobby:create", args=[engine.slug], urlconf=urlconf),
            reverse("games:rules", args=[engine.slug], urlconf=urlconf),
        )
        for engine in registry.all()
    ]
    return render_to_string("lobby/_catalogue.html", {"catalogue": games})


def _game_options(chosen: str | None) -> SafeString:
    """The filter's game options, written here: the template's loop cost ~0.05 ms a game."""
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        (
            (engine.slug, mark_safe(" selected") if engine.slug == chosen else "", engine.name)
            for engine in registry.all()
        ),
    )


def _free_seat_options(chosen: str | None) -> SafeString:
    """The filter's free-seats options, written here as the games' are: the form's widget
    rendered through the template engine cost ~1 ms a Lobby page."""
    chosen = "" if chosen is None else str(chosen)
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        (
            (value, mark_safe(" selected") if str(value) == chosen else "", label)
            for value, label in TableFilter.base_fields["free_seats"].choices
        ),
    )


@login_required
def index(request):
    online = presence.seen_and_counted(request.user.pk)
    form, filters = _filters(request)
    live_games, in_play = selectors.live_games_and_count()
    return render(
        request,
        "lobby/index.html",
        {
            "game_options": _game_options(form["game"].value()),
            "free_seat_options": _free_seat_options(form["free_seats"].value()),
            "catalogue": _catalogue(get_urlconf(settings.ROOT_URLCONF)),
            "filter_form": form,
            "tables": selectors.open_tables(**filters),
            "live_games": live_games,
            "mine": selectors.my_tables(request.user),
            "online": online,
            "in_play": in_play,
        },
    )


@login_required
def table_list(request):
    _, filters = _filters(request)
    return render(
        request,
        "lobby/_tables.html",
        {
            "tables": selectors.open_tables(**filters),
            "online": presence.online_count(),
            "in_play": selectors.games_in_play(),
        },
    )


@login_required
def create(request, slug: str):
    try:
        engine = registry.get(slug)
    except registry.UnknownGame:
        raise Http404 from None
    # A GET may prefill the form ("new table with the same options" after a game).
    prefill = None if request.method == "POST" else request.GET.dict()
    form = TableForm(engine, limits(slug), request.POST or None, initial=prefill)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        spec = services.TableSpec(
            game_slug=slug,
            options=form.options(),
            stake=data["stake"],
            seats=data["seats"],
            step_seconds=data["step_seconds"],
            game_minutes=data["game_minutes"],
            private=data["private"],
            practice=data["practice"],
            incognito=data["incognito"],
            spectators_allowed=data["spectators_allowed"],
        )
        try:
            table = services.create_table(request.user, spec)
        except services.LobbyError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("lobby:table", table.pk)
    return render(request, "lobby/create.html", {"engine": engine, "form": form})


def _visible_table(request, table_id: int) -> Table:
    table = get_object_or_404(Table.objects.select_related("creator", "game"), pk=table_id)
    if not selectors.may_see_table(request.user, table, request.session):
        raise Http404
    return table


@login_required
def table(request, table_id: int):
    table = _visible_table(request, table_id)
    if (
        table.status == Table.Status.PLAYING
        and table.seat_requests.filter(player=request.user, status=Seat.Status.ACCEPTED).exists()
    ):
        return redirect("games:play", table.game_id)
    return render(request, "lobby/table.html", _table_context(request, table))


@login_required
def table_panel(request, table_id: int):
    table = _visible_table(request, table_id)
    return render(request, "lobby/_table_panel.html", _table_context(request, table))


def _table_context(request, table: Table) -> dict:
    seats = list(table.seat_requests.filter(status__in=Seat.ACTIVE).select_related("player"))
    mine = next((s for s in seats if s.player_id == request.user.pk), None)
    return {
        "table": table,
        "engine": registry.get(table.game_slug),
        "seats": seats,
        "accepted": [s for s in seats if s.status == Seat.Status.ACCEPTED],
        "pending": [s for s in seats if s.status == Seat.Status.PENDING],
        "mine": mine,
        "is_creator": table.creator_id == request.user.pk,
        "invite_url": request.build_absolute_uri(f"/lobby/invite/{table.invite_code}/"),
        "buy_in": services.buy_in(table),
        "options": selectors.option_lines(table.game_slug, table.options),
    }


@login_required
def invite(request, code: str):
    table = get_object_or_404(Table, invite_code=code)
    request.session[f"invite:{table.pk}"] = code
    return redirect("lobby:table", table.pk)


def _act(request, table_id: int, action, success: str, seat_id: int | None = None):
    """Runs a table action for the player; a table or seat that does not exist (or a seat
    of another table) is a 404 before any service runs."""
    get_object_or_404(Table, pk=table_id)
    if seat_id is not None:
        get_object_or_404(Seat, pk=seat_id, table_id=table_id)
    try:
        action()
    except services.LobbyError as exc:
        messages.error(request, str(exc))
    else:
        if success:
            messages.success(request, success)
    return redirect("lobby:table", table_id)


@login_required
@require_POST
def join(request, table_id: int):
    _visible_table(request, table_id)
    return _act(
        request,
        table_id,
        lambda: services.join(request.user, table_id),
        "Your stake is held. The table's creator will accept or decline you.",
    )


@login_required
@require_POST
def leave(request, table_id: int):
    return _act(
        request,
        table_id,
        lambda: services.leave(request.user, table_id),
        "You left; your stake is back.",
    )


@login_required
@require_POST
def cancel(request, table_id: int):
    return _act(
        request,
        table_id,
        lambda: services.cancel(request.user, table_id),
        "The table is cancelled and every stake refunded.",
    )


@login_required
@require_POST
def start_with_bots(request, table_id: int):
    return _act(request, table_id, lambda: services.start_with_bots(request.user, table_id), "")


@login_required
@require_POST
def accept(request, table_id: int, seat_id: int):
    return _act(
        request, table_id, lambda: services.accept(request.user, seat_id), "", seat_id=seat_id
    )


@login_required
@require_POST
def decline(request, table_id: int, seat_id: int):
    return _act(
        request,
        table_id,
        lambda: services.decline(request.user, seat_id),
        "Declined and refunded.",
        seat_id=seat_id,
    )
