"""A round game of the contract in the player's history and the regulator's view: its bets
are history lines with their result, its rounds are rows of the game history export,
its money is a line of the revenue report, and a complaint may name its round."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from casino import draws
from reports import complaints, exports, history
from tests.casino import draw_rounds
from tests.reports.test_exports import TODAY_FILTERS

pytestmark = pytest.mark.django_db
GAME = "roulette-european"


@pytest.fixture
def played_roulette(funded_player):
    """Two players' bets on a European roulette round that lands on 17 (black)."""

    def play():
        alice, bob = funded_player(100_000), funded_player(100_000)
        game_round = draw_rounds.open_round(GAME)
        for player, bet_type, stake in ((alice, "black", 2_000), (bob, "red", 3_000)):
            draws.place_bets(
                player,
                game=GAME,
                slip=str(uuid.uuid4()),
                bets=[draws.BetRequest(bet_type, {}, stake)],
            )
        draw_rounds.draw_now(game_round, {"pockets": ["17"]})
        draws.advance(GAME)
        game_round.refresh_from_db()
        return game_round, alice, bob

    return play


def test_the_players_history_shows_each_bet_with_its_result(client, played_roulette):
    game_round, alice, _ = played_roulette()
    (line,) = history.History(alice, history.default_period(), GAME)[0:10]
    assert line.game == f"Roulette #{game_round.number}"
    assert (line.stake, line.returned, line.net, line.status) == (2_000, 4_000, 2_000, "Won")
    assert line.notes == ["Black: 17 black"]
    assert line.link == reverse("casino:round", args=[GAME, game_round.number])
    client.force_login(alice)
    page = client.get(reverse("reports:history"), {"game": GAME}).content.decode()
    assert f"Roulette #{game_round.number}" in page and "Black: 17 black" in page


def test_the_regulators_exports_carry_the_round_and_its_money(played_roulette):
    game_round, alice, bob = played_roulette()
    data = json.loads(exports.render("games", TODAY_FILTERS, "json"))
    row = next(
        dict(zip(data["columns"], r, strict=True))
        for r in data["rows"]
        if r[0] == game_round.reference
    )
    assert row["game"] == GAME and row["players"] == f"{alice.pk};{bob.pk}"
    assert (row["stakes"], row["payouts"]) == ("2000;3000", "4000;0")
    assert row["revealed_seed"] == bytes(game_round.link).hex()
    (revenue,) = [r for r in exports.revenue_rows(TODAY_FILTERS, "day") if r[1] == GAME]
    assert revenue[2:] == [5_000, 1_000, 0, 0, 1_000, 0, -1_000]


def test_a_player_may_complain_about_a_round_they_bet_on_and_no_other(
    played_roulette, funded_player
):
    game_round, alice, _ = played_roulette()
    complaint = complaints.file_complaint(alice, "The wheel looked odd.", round_id=game_round.pk)
    assert complaint.game_round == game_round
    _, rounds = complaints.games_open_to_complaint(alice)
    assert list(rounds) == [game_round]
    with pytest.raises(complaints.ComplaintRefused):
        complaints.file_complaint(funded_player(), "Not mine.", round_id=game_round.pk)
