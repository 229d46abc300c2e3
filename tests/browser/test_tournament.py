"""A player registers for a knockout on its page, is sent into her game, plays it in the
browser, and the bracket moves live: on her page (sent into the final as soon as it is
drawn) and on the page of the player she knocked out (the final appears without a reload).
The other players' moves are made through the services."""

import pytest
from django.db.models import Q
from django.urls import reverse

from games import services as games
from games.models import Game
from tests.browser.support import in_thread, log_in
from tests.tournaments import conftest as tournament_fixtures
from tournaments import services
from tournaments.models import Entry, Match, Tournament
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

make_tournament = tournament_fixtures.make_tournament
play_out = tournament_fixtures.play_out

YOUR_TURN = "Your turn: choose a sign"


def play_her_game(page, game_id: int, her) -> None:
    """She plays Rock in the browser; her opponent plays Scissors through the services."""
    while True:
        game = Game.objects.get(pk=game_id)
        if game.is_over:
            return
        seats = games.seats_of(game)
        position = sorted(games.engine_of(game).to_act(game.state))[0]
        if seats[position].player == her:
            page.wait_for_selector(f"[data-status]:text-is('{YOUR_TURN}')")
            page.click(".rps-sign:has-text('Rock')")
            page.wait_for_function(
                "s => document.querySelector('[data-status]').textContent !== s", arg=YOUR_TURN
            )
            continue
        move = (game.pk, seats[position].player, game.seq, {"sign": "scissors"})
        in_thread(lambda move=move: games.submit(*move))


def other_semi_final(tournament, her) -> Match:
    return (
        Match.objects.exclude(first__player=her)
        .exclude(second__player=her)
        .get(tournament=tournament, round=1)
    )


def test_a_player_registers_plays_and_sees_the_bracket_move(
    server, browser, funded_player, make_tournament
):
    tournament = make_tournament(
        name="Browser cup", max_players=4, start_when_full=True, options={"points": 1}
    )
    others = in_thread(lambda: [funded_player() for _ in range(3)])
    for player in others:
        in_thread(lambda player=player: services.register(player, tournament.pk))
    alice = in_thread(funded_player)
    page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, alice)

    page.goto(f"{server}{reverse('tournaments:index')}")
    page.click("text=Browser cup")
    page.wait_for_selector("text=10.00 EUR to the prize pool + 1.00 EUR fee to the house")
    page.click("#register")  # the fourth player: the tournament starts at once
    page.wait_for_url("**/games/*/")  # her tournament page sent her into her game
    mine = Match.objects.get(
        Q(first__player=alice) | Q(second__player=alice), tournament=tournament, round=1
    )
    assert page.url.endswith(reverse("games:play", args=[mine.game_id]))
    play_her_game(page, mine.game_id, alice)
    page.wait_for_selector("[data-result]:has-text('You won')")

    # The player she knocked out watches the bracket from the tournament's page.
    mine.refresh_from_db()
    knocked_out = mine.second.player if mine.first.player == alice else mine.first.player
    watcher = log_in(browser.new_context(), server, knocked_out)
    detail = f"{server}{reverse('tournaments:detail', args=[tournament.pk])}"
    watcher.goto(detail)
    watcher.wait_for_selector(f"#bracket .winner:has-text('{alice.display_name}')")
    assert watcher.locator("#bracket .round").count() == 1
    watcher.evaluate("window.sameDocument = true")

    page.goto(detail)
    page.wait_for_selector(f"#bracket .winner:has-text('{alice.display_name}')")
    semi_final = other_semi_final(tournament, alice).game
    in_thread(lambda: play_out(semi_final))  # the final is drawn
    page.wait_for_url("**/games/*/")  # she is sent into the final
    final = Match.objects.get(tournament=tournament, round=2)
    assert page.url.endswith(reverse("games:play", args=[final.game_id]))
    watcher.wait_for_selector("#bracket .round >> nth=1")  # live: no reload
    assert watcher.evaluate("window.sameDocument") is True

    play_her_game(page, final.game_id, alice)
    page.wait_for_selector("[data-result]:has-text('You won')")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    watcher.wait_for_selector("#entries :text('1. ')")
    assert watcher.evaluate("window.sameDocument") is True
    page.goto(detail)
    page.wait_for_selector(f"#entries li:has-text('1. {alice.display_name}')")
    assert Entry.objects.get(tournament=tournament, player=alice).prize == 4_000
    assert cash_balance(alice) == 100_000 - 1_100 + 4_000
    assert ledger_problems() == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
