"""Every registered round game against the house-rounds issue's "done when": listed on the
Casino page, its rules page showing every bet type with its exact return, its play page
served, and a round with a bet played through the runtime (placed, drawn, settled once),
verifiable from its link and in the player's history. The per-game rules, returns and
browser flows are the families' own tests; this one makes sure no game is left out."""

from __future__ import annotations

import html
import io
import uuid

import pytest
from django.core.management import call_command
from django.urls import reverse

from casino import draws, registry
from casino.models import Bet
from casino.rounds import rtp_percent
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems

SLUGS = [game.slug for game in registry.all()]


# Games whose selections are picked on the board rather than listed: one bet each.
PICKED = {
    "line-bingo": ("card", {"card": 7}),
    "seven-cards": ("run-2", {"from": 1, "colours": ["red", "black"]}),
}


def first_listed_bet(slug: str) -> tuple[str, dict] | None:
    """A bet the game lists (its first bet type with selections to list)."""
    if slug in PICKED:
        return PICKED[slug]
    game = registry.get(slug)
    for bet_type in game.bet_types:
        listed = game.selections(bet_type.code)
        if listed:
            return bet_type.code, dict(listed[0][1])
    return None


PLAYED = [
    slug for slug in SLUGS if registry.get(slug).cadence is not None and first_listed_bet(slug)
]


def test_the_audit_covers_the_issues_games():
    assert len(SLUGS) >= 58
    # Keno sells tickets of chosen numbers and Crash runs its own flight: their own tests
    # (tests/casino/test_keno_*.py, test_crash_*.py and their browser tests).
    assert set(SLUGS) - set(PLAYED) == {"crash", "keno"}


@pytest.mark.django_db
def test_every_game_is_listed_on_the_casino_page(client):
    page = client.get(reverse("casino:index")).content.decode()
    missing = [slug for slug in SLUGS if f"/casino/{slug}/" not in page]
    assert missing == []


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_every_rules_page_shows_every_bet_types_exact_return(client, slug):
    game = registry.get(slug)
    page = client.get(reverse("casino:rules", args=[slug]))
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    for bet_type in game.bet_types:
        row = f"<b>{bet_type.name}</b>"
        assert row in text, bet_type.code
        after = text[text.index(row) :]
        assert f"{rtp_percent(game.rtp(bet_type.code))}%" in after[: after.index("</tr>")]
        assert game.rtp(bet_type.code) < 1, bet_type.code


@pytest.mark.django_db
@pytest.mark.parametrize("slug", PLAYED)
def test_every_game_plays_a_round_settled_once_verifiable_and_in_history(funded, client, slug):
    player = funded(100_000)
    game_round = draw_rounds.open_round(slug)
    bet_type, selection = first_listed_bet(slug)
    request = draws.BetRequest(bet_type, selection, 1_200)  # divides into every game's halves
    draws.place_bets(player, game=slug, slip=str(uuid.uuid4()), bets=[request])
    draw_rounds.draw_now(game_round)
    assert game_round.number in draws.advance(slug)
    assert game_round.number not in draws.advance(slug)
    assert draws.settle(game_round.pk) is False
    bet = Bet.objects.get(round=game_round, user=player)
    assert bet.status == ("won" if bet.payout else "lost")
    assert bet.payout == min(
        registry.get(slug).payout(1_200, bet_type, bet.selection, game_round.outcome),
        50_000_00,
    )
    out = io.StringIO()
    call_command("verify_round", slug, game_round.number, stdout=out)
    assert "The round verifies." in out.getvalue()
    assert client.get(reverse("casino:play", args=[slug])).status_code == 200
    assert client.get(reverse("casino:fairness", args=[slug])).status_code == 200
    client.force_login(player)
    history = client.get(reverse("reports:history")).content.decode()
    assert html.escape(bet.label) in history or bet.label in html.unescape(history)
    assert ledger_problems() == []
