from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

import markdown
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from games import messages, protocol, registry, replay, selectors
from games.models import Game
from wallet.money import format_minor

GENERIC_BOARD = "games/generic/board.js"
GENERIC_BOARD_CSS = "games/generic/board.css"


def _viewable(request, game_id: int) -> tuple[Game, int | None]:
    """The game and the viewer's seat (None: watching), by the rule the socket follows."""
    game = get_object_or_404(Game, pk=game_id)
    viewer = selectors.viewer_of(game, request.user, request.GET.get("code"))
    if viewer is None:
        raise Http404
    return game, viewer.position


@login_required
def play(request, game_id: int):
    game, position = _viewable(request, game_id)
    engine = registry.get(game.slug)
    return render(
        request,
        "games/play.html",
        {
            "game": game,
            "engine": engine,
            "position": position,
            **_board_assets(game.slug),
            "watch_code": request.GET.get("code", ""),
            "money": selectors.table_money(game),
            "same_table_query": _same_table_query(game),
            "chat_limit": protocol.CHAT_LIMIT,
        },
    )


@login_required
def replay_view(request, game_id: int):
    game, _ = _viewable(request, game_id)
    if not game.is_over:
        raise Http404("A replay is available once the game is over.")
    engine = registry.get(game.slug)
    steps = replay.replay(game)
    seats = list(game.seats.select_related("player"))
    frames = [
        {
            "seq": step.seq,
            "seat": step.seat,
            "actor": step.actor,
            "kind": step.kind,
            "action": step.action,
            "view": engine.view(step.state, None),
            "players": messages.state_message(game, None, seats)["players"],
        }
        for step in steps
    ]
    return render(
        request,
        "games/replay.html",
        {
            "game": game,
            "engine": engine,
            "frames": frames,
            "check": replay.check(game, steps),
            "actions": list(game.actions.all()),
            "seats": seats,
            **_board_assets(game.slug),
            "names": {s.position: messages.player_name(game, s) for s in seats},
            "seed": bytes(game.seed).hex(),
        },
    )


def rules(request, slug: str):
    try:
        engine = registry.get(slug)
    except registry.UnknownGame:
        raise Http404 from None
    path = Path(__file__).resolve().parent / _family(slug) / "RULES.md"
    text = path.read_text() if path.exists() else "The rules of this game are being written."
    html = markdown.markdown(players_part(text), extensions=["tables", "sane_lists", "toc"])
    return render(request, "games/rules.html", {"engine": engine, "rules_html": mark_safe(html)})


# A family's RULES.md speaks to players down to this line; what follows is for developers.
DEVELOPER_NOTES = "<!-- For developers"


def players_part(rules: str) -> str:
    return rules.split(DEVELOPER_NOTES, 1)[0]


def _board_assets(slug: str) -> dict[str, str | None]:
    """The game family's own board and its styles, or the generic board that draws any
    engine's view and offers its legal actions as buttons."""
    family = _family(slug)
    script = f"games/{family}/board.js"
    if not finders.find(script):
        return {"board_js": GENERIC_BOARD, "board_css": GENERIC_BOARD_CSS}
    style = f"games/{family}/board.css"
    return {"board_js": script, "board_css": style if finders.find(style) else None}


def _same_table_query(game: Game) -> str:
    """The create form's fields for a new table like this one (the lobby prefills them)."""
    fields: dict[str, object] = {
        "seats": game.seats.count(),
        "step_seconds": game.step_seconds,
        "game_minutes": game.game_seconds // 60,
        "practice": game.stake == 0,
        "private": game.private,
        "incognito": game.incognito,
        "spectators_allowed": game.spectators_allowed,
        **{f"option_{name}": value for name, value in game.options.items()},
    }
    if game.stake:
        fields["stake"] = format_minor(game.stake, with_code=False).replace(",", "")
    # An unchecked box is sent empty: the form reads any other text as ticked.
    return urlencode(
        {
            name: ("on" if value else "") if isinstance(value, bool) else value
            for name, value in fields.items()
        }
    )


def _family(slug: str) -> str:
    """The package an engine lives in: games/<family>/."""
    module = type(registry.get(slug)).__module__
    return module.split(".")[1]
