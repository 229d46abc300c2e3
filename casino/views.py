"""Casino pages: thin; the rules are in casino.services."""

from __future__ import annotations

import re
import uuid
from functools import cache

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import get_urlconf, reverse
from django.utils import dateformat
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.views.decorators.http import require_POST

from casino import conf, draws, registry, services
from casino.crash import curve
from casino.crash.game import CRASH
from casino.keno.game import KENO
from casino.models import Bet, Round, SeedChain, game_name, round_address
from casino.rounds import RoundGame, rtp_percent
from casino.templatetags.casino import odds
from wallet.money import format_minor, parse_major
from wallet.services import WalletError


def _contract_game(slug: str) -> RoundGame:
    try:
        return services.game_as_sold(slug)
    except LookupError:
        raise Http404("No such game.") from None


def _game(slug: str) -> str:
    return _contract_game(slug).slug


def _plain(amount: int) -> str:
    """An amount as a form field shows it: 1250.00, no grouping, no currency code."""
    return format_minor(amount, with_code=False).replace(",", "")


# The Casino page's sections, by the kind of board a game is drawn on.
SECTIONS = (
    ("Crash and Keno", ("crash", "keno")),
    ("Roulette", ("wheel",)),
    ("Dice", ("dice",)),
    ("Cards", ("cards",)),
    ("Number draws", ("balls",)),
    ("Wheels and shows", ("fortune",)),
    ("Races and sports", ("race", "match")),
)


@cache
def _card_frames(urlconf: str) -> dict[str, tuple[SafeString, SafeString]]:
    """Each round game's card on the Casino page around its rounds: its title before them,
    its play, rules and fairness links after. The same for the life of the process (the
    games are registered in code): written and reversed once, not on every Casino page."""
    frames = {}
    for game in registry.all():
        links = [
            reverse(f"casino:{name}", args=[game.slug], urlconf=urlconf)
            for name in ("play", "rules", "fairness")
        ]
        head = format_html(
            '<section class="card"><h3><span class="rg-icon rg-icon-{}" aria-hidden="true">'
            "</span>{}</h3>",
            game.board,
            game.name,
        )
        tail = format_html(
            '<div class="actions"><a class="button primary" href="{}">Play</a>'
            '<a class="button" href="{}">Rules</a><a class="button" href="{}">Fairness</a>'
            "</div></section>",
            *links,
        )
        frames[game.slug] = (head, tail)
    return frames


def _card(entry: dict, frame: tuple[SafeString, SafeString]) -> SafeString:
    """A game's card on the Casino page, written here rather than by the template: the page
    shows every round game (65), and the template's tags cost ~0.07 ms a card."""
    following = entry["next"]
    if following and following.starts_at:
        at = dateformat.time_format(localtime(following.starts_at), "H:i:s")
        upcoming = format_html(
            '<p class="muted small">Next round #{} at {} UTC</p>', following.number, at
        )
    elif following:
        upcoming = format_html(
            '<p class="muted small">Next round #{}: rounds run back to back</p>',
            following.number,
        )
    else:
        upcoming = ""
    last = ""
    if entry["last"]:
        texts = format_html_join(
            " · ", '<span class="rg-last">{}</span>', ((t,) for t in entry["last"])
        )
        last = format_html('<p class="small">Last: {}</p>', texts)
    head, tail = frame
    return mark_safe(f"{head}{upcoming}{last}{tail}")  # every part escaped by format_html


def index(request: HttpRequest) -> HttpResponse:
    frames = _card_frames(get_urlconf(settings.ROOT_URLCONF))
    entries = [(entry["game"], _card(entry, frames[entry["game"].slug])) for entry in draws.lobby()]
    sections = [
        (title, [card for game, card in entries if game.board in boards])
        for title, boards in SECTIONS
    ]
    placed = {board for _, boards in SECTIONS for board in boards}
    sections.append(("More games", [card for game, card in entries if game.board not in placed]))
    # Each section's cards as one piece: the template's loop over 65 cards cost ~0.5 ms.
    return render(
        request,
        "casino/index.html",
        {"sections": [(title, mark_safe("".join(cards))) for title, cards in sections if cards]},
    )


def round_game(request: HttpRequest, game: str) -> HttpResponse:
    """The live page of a round game on a cadence: its board, the round, the bet slip."""
    contract = _contract_game(game)
    if contract.cadence is None:
        raise Http404("No such game.")
    choices = {
        t.code: [
            {"label": label, "selection": selection}
            for label, selection in contract.selections(t.code)
        ]
        for t in contract.bet_types
    }
    return render(
        request,
        "casino/round_game.html",
        {
            "game": contract,
            "snapshot": draws.snapshot(game, request.user),
            "choices": choices,
            "limits": conf.limits(game),
            "board_js": f"casino/boards/{contract.board}.js",
            "board_css": f"casino/boards/{contract.board}.css",
        },
    )


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """A round game's rules as players read them, generated from the contract: every bet
    type with its odds and exact return to player, and the game's limits."""
    contract = _contract_game(game)
    return render(
        request,
        "casino/rules.html",
        {
            "game": contract,
            "bets": [
                {"type": t, "rtp": rtp_percent(contract.rtp(t.code))} for t in contract.bet_types
            ],
            "limits": conf.limits(game),
            "intro": f"casino/rules/{contract.board}.html",
            "peek_prices": _peek_prices(contract),
        },
    )


def _peek_prices(contract) -> dict | None:
    """A game with a second window: its second bets' prices by what the peek shows, as
    rows (the line, then each bet's price) under the bets' names."""
    lists = contract.public().get("peek_prices")
    if not lists:
        return None
    names = {t.code: t.name for t in contract.bet_types}
    lines = next(iter(lists.values())).keys()
    return {
        "names": [names[code] for code in lists],
        "rows": [[line, *(lists[code][line] for code in lists)] for line in lines],
    }


def _crash_chips(history: list[dict]) -> SafeString:
    """The last rounds' crash points as links to their rounds, written here rather than by
    the template: its tags cost ~0.06 ms a chip, 20 chips a Crash page."""
    chips = []
    for last in history:
        point = last["crash_point"]
        high = " high" if point is not None and point >= 200 else ""
        href = round_address(CRASH.slug, last["round"])
        chips.append(f'<a class="chip{high}" href="{href}">{odds(point)}</a>')
    return mark_safe("".join(chips))  # a routed address and digits: nothing to escape


def crash(request: HttpRequest) -> HttpResponse:
    limits = conf.limits(CRASH.slug)
    snapshot = services.crash_snapshot(request.user)
    return render(
        request,
        "casino/crash.html",
        {
            "snapshot": snapshot,
            "chips": _crash_chips(snapshot["history"]),
            "min_bet": limits.min_bet,
            "min_bet_text": _plain(limits.min_bet),
            "max_bet": limits.max_bet,
            "tick_ms": conf.CRASH_TICK_MS,
            "doubling": conf.CRASH_AUTOBET_DOUBLING,
            "rate": curve.RATE_NUMERATOR / curve.RATE_DENOMINATOR,
        },
    )


def keno(request: HttpRequest) -> HttpResponse:
    tables = services.current_paytables()
    hot, cold = services.hot_and_cold()
    limits = conf.limits(KENO.slug)
    mine = []
    if request.user.is_authenticated:
        mine = list(
            Bet.objects.filter(user=request.user, round__game=KENO.slug)
            .select_related("round")
            .order_by("-pk")[:20]
        )
    return render(
        request,
        "casino/keno.html",
        {
            "tables": [tables[slug] for slug in sorted(tables)],
            "balls": range(1, 81),
            "pick_counts": range(1, max(t.max_picks for t in tables.values()) + 1),
            "hot": hot,
            "cold": cold,
            "results": services.keno_results(),
            "next_draw": services.next_keno_draw_view(),
            "mine": mine,
            "purchase": uuid.uuid4().hex,
            # The numbers of the player's newest ticket stay marked through its draw.
            "marked": next((t.selection["numbers"] for t in mine if t.status == "open"), []),
            "max_draws": conf.KENO_MAX_DRAWS,
            "min_bet": limits.min_bet,
            "min_bet_text": _plain(limits.min_bet),
            "max_bet": limits.max_bet,
            "max_win": limits.max_win,
        },
    )


# Whole numbers as the keyboard types them: int() would also read fullwidth digits, and
# its own error ("invalid literal for int()") echoes the input to the player.
_WHOLE_NUMBER = re.compile(r"[0-9]{1,4}", re.ASCII)


def _whole_number(text: str, refusal: str) -> int:
    text = text.strip()
    if not _WHOLE_NUMBER.fullmatch(text):
        raise services.RoundError(refusal)
    return int(text)


def _numbers(text: str) -> list[int]:
    refusal = "Numbers are whole numbers from 1 to 80."
    return [_whole_number(part, refusal) for part in text.replace(",", " ").split()]


@login_required
@require_POST
def keno_buy(request: HttpRequest) -> HttpResponse:
    form = request.POST
    try:
        numbers = _numbers(form.get("numbers", ""))
        if not numbers and form.get("quick_pick"):
            numbers = services.quick_pick(
                _whole_number(form["quick_pick"], "Choose how many numbers to pick.")
            )
        amount = parse_major(form.get("amount", ""))
        draws = _whole_number(
            form.get("draws") or "1", f"A ticket plays 1 to {conf.KENO_MAX_DRAWS} draws."
        )
        tickets = services.buy_keno_tickets(
            request.user,
            game=form.get("game", ""),
            numbers=numbers,
            amount=amount,
            draws=draws,
            purchase=form.get("purchase", ""),
        )
    except (services.RoundError, WalletError, ValueError) as error:
        messages.error(request, str(error))
    else:
        rounds = ", ".join(f"#{t.round.number}" for t in tickets)
        messages.success(request, f"Ticket {' '.join(map(str, numbers))} bought for draw {rounds}.")
    return redirect("casino:keno")


def fairness(request: HttpRequest, game: str) -> HttpResponse:
    game = _game(game)
    played = list(
        Round.objects.filter(game=game, state=Round.State.SETTLED)
        .select_related("chain")
        .order_by("-number")[:50]
    )
    return render(
        request,
        "casino/fairness.html",
        {
            "game": game,
            "game_name": game_name(game),
            "chains": SeedChain.objects.filter(game=game).order_by("-pk"),
            "checks": [services.verify(r) for r in played],
            "edge": CRASH.edge_percent,
            "rtp": 100 - CRASH.edge_percent,
        },
    )


def round_detail(request: HttpRequest, game: str, number: int) -> HttpResponse:
    game_round = get_object_or_404(
        Round.objects.select_related("chain"), game=_game(game), number=number
    )
    check = services.verify(game_round) if game_round.is_settled else None
    edge = game_round.outcome.get("edge_percent", CRASH.edge_percent)
    return render(
        request,
        "casino/round.html",
        {
            "round": game_round,
            "check": check,
            "game_name": game_name(game),
            "outcome_text": services.describe_outcome(game_round.game, game_round.outcome),
            "edge": edge,
            "rtp": 100 - edge,
        },
    )
