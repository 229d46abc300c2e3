"""One Baccarat round through the runtime: a slip placed with `draws.place_bets`, the draw
made by the cycle (`draws.advance`) on a known deal, every bet settled once by the game's
rules and paid in one batch; a second settlement pays nothing more."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from casino import draws, registry
from casino.models import Bet
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db
GAME = "baccarat"
# Player 7 and 9 (6) stands; Banker 4 and 3 (7) stands: the Banker wins, no pairs.
DEAL = {"player": ["7H", "9C"], "banker": ["4S", "3D"]}


def test_a_baccarat_round_is_placed_drawn_and_settled_once(
    client, funded, django_capture_on_commit_callbacks
):
    player = funded(100_000)
    game_round = draw_rounds.open_round(GAME)
    placed = draws.place_bets(
        player,
        game=GAME,
        slip=str(uuid.uuid4()),
        bets=[
            draws.BetRequest("banker", {}, 2_000),
            draws.BetRequest("player", {}, 1_000),
            draws.BetRequest("banker-bonus", {}, 1_000),
            draws.BetRequest("tie", {}, 500),
        ],
    )
    assert [bet.label for bet in placed] == ["Banker", "Player", "Banker bonus", "Tie"]
    assert cash_balance(player) == 100_000 - 4_500

    draw_rounds.draw_now(game_round, DEAL)
    with django_capture_on_commit_callbacks(execute=False):
        assert game_round.number in draws.advance(GAME)
    # Banker 0.95:1 on 2,000; a win by 1 point pays no bonus; the Player and the Tie lose.
    assert sorted(Bet.objects.values_list("label", "status", "payout")) == [
        ("Banker", "won", 3_900),
        ("Banker bonus", "lost", 0),
        ("Player", "lost", 0),
        ("Tie", "lost", 0),
    ]
    assert cash_balance(player) == 100_000 - 4_500 + 3_900
    assert not draws.settle(game_round.pk)  # a retry pays nothing more
    assert Transaction.objects.filter(reference=game_round.reference, kind="win").count() == 1
    assert ledger_problems() == []
    # The round's page shows the deal; the fairness page replays a round from its link.
    game_round.refresh_from_db()
    text = registry.get(GAME).describe(game_round.outcome)
    assert text == "Player 7♥ 9♣ (6), Banker 4♠ 3♦ (7): Banker wins"
    page = client.get(reverse("casino:round", args=[GAME, game_round.number])).content.decode()
    assert text in page


def test_a_card_round_drawn_by_the_cycle_verifies_on_the_fairness_page(client, casino_settings):
    game_round = draw_rounds.open_round("andar-bahar")
    draw_rounds.draw_now(game_round)
    draws.advance("andar-bahar")
    game_round.refresh_from_db()
    assert game_round.state == "settled"
    text = registry.get("andar-bahar").describe(game_round.outcome)
    fairness = client.get(reverse("casino:fairness", args=["andar-bahar"])).content.decode()
    assert text in fairness and "✓ same" in fairness and "✗" not in fairness
