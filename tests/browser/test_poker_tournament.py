"""A player registers for a poker sit-and-go on its page, the last seat: she is sent to the
table, which shows the blind level and plays for tournament chips; she acts from the
board, and someone watching the tournament's page sees the level, the next one and
everyone's chips. The
other players' moves are made through the services."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services as games
from games.models import Game
from tests.browser.support import arrived, in_thread, log_in
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def others_play_until_her_turn(game_id: int, her) -> Game:
    while True:
        game = Game.objects.get(pk=game_id)
        engine = games.engine_of(game)
        seats = games.seats_of(game)
        position = min(engine.to_act(game.state))
        if seats[position].player == her:
            return game
        action = engine.bot_action(game.state, position, games.bot_rng_for(game, game.seq + 1))
        move = (game.pk, seats[position].player, game.seq, action)
        in_thread(lambda move=move: games.submit(*move))


def test_a_player_joins_a_sit_and_go_and_plays_at_its_table(server, browser, funded_player):
    now = timezone.now()
    tournament = Tournament.objects.create(
        name="Browser sit-and-go",
        format="poker",
        game_slug="holdem-tournament",
        options={"starting_chips": 1_000},
        entry=1_000,
        fee=100,
        max_players=3,
        start_when_full=True,
        registration_opens=now - timedelta(hours=1),
        starts_at=now + timedelta(hours=1),
    )
    others = in_thread(lambda: [funded_player() for _ in range(2)])
    for player in others:
        in_thread(lambda player=player: services.register(player, tournament.pk))
    alice = in_thread(funded_player)
    page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, alice)

    page.goto(f"{server}{reverse('tournaments:detail', args=[tournament.pk])}")
    page.click("#register")  # the last seat: the table starts, and she is sent to it
    page.wait_for_url("**/games/*/")
    tournament.refresh_from_db()
    assert page.url.endswith(reverse("games:play", args=[tournament.table_id]))
    page.wait_for_selector(".pk-chip:has-text('Level 1: blinds 10/20')")
    page.wait_for_selector(".pk-chip:has-text('Tournament chips, no rake')")
    assert page.locator("[data-move=sit_out]").count() == 0
    assert page.locator("[data-move=top_up]").count() == 0

    game = others_play_until_her_turn(tournament.table_id, alice)
    page.wait_for_selector("[data-move=fold], [data-move=check]")
    page.click("[data-move=fold]" if game.state["hand"]["live"]["to_call"] else "[data-move=check]")
    # Her move reached the table. (Waiting for her buttons to go raced the deal: a check that
    # closes the betting can leave her first to act on the next street, buttons back at once.)
    assert in_thread(lambda: arrived(tournament.table_id, game.seq)), "her move did not arrive"

    # Someone watching the tournament's page sees the table's level and every player's chips.
    watcher = in_thread(funded_player)
    watching = log_in(browser.new_context(), server, watcher)
    watching.goto(f"{server}{reverse('tournaments:detail', args=[tournament.pk])}")
    watching.wait_for_selector("#poker-level:has-text('Level 1: blinds 10/20')")
    watching.wait_for_selector("#poker-next:has-text('Next: 15/30')")
    assert watching.locator("#poker-chips li").count() == 3
    assert watching.locator("#poker-table-link").inner_text() == "Watch the table"

    # The time to the next level counts down every second in the page, from the next
    # level's start and the server's clock sent with the panel: a browser clock an hour
    # wrong shows the server's time all the same, and no update from the server is needed.
    counting = log_in(browser.new_context(), server, watcher)
    wrong = timedelta(hours=-1)
    counting.clock.install(time=timezone.now() + wrong)
    # lobby.js fetches the panel again once its socket is open: the count is read after,
    # in the panel that replaced the one the page came with.
    counting.add_init_script(
        "document.addEventListener('DOMContentLoaded', () =>"
        " document.querySelector('[data-next-at]').dataset.first = 'yes')"
    )
    counting.goto(f"{server}{reverse('tournaments:detail', args=[tournament.pk])}")
    span = counting.locator("#poker-next [data-next-at]:not([data-first])")
    span.wait_for()
    counting.clock.pause_at(timezone.now() + wrong + timedelta(seconds=2))
    sent = span.evaluate("s => (Number(s.dataset.nextAt) - Number(s.dataset.now)) / 1000")
    shown = int(span.inner_text().removesuffix(" s"))
    assert 0 < sent <= 600 and sent - 4 <= shown <= sent + 1
    counting.clock.run_for(5_000)
    assert span.inner_text() == f"{shown - 5} s"
    counting.clock.run_for(60_000)
    assert span.inner_text() == f"{shown - 65} s"
