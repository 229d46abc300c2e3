import pytest
from django.urls import reverse

from games import services as games
from games.models import Game
from games.rng import Rng
from lobby import services
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def practice(slug: str, seats: int, options: dict | None = None) -> services.TableSpec:
    return services.TableSpec(
        game_slug=slug, options=options or {}, stake=0, seats=seats, step_seconds=30, practice=True
    )


def play_out(game: Game, human) -> Game:
    """The human plays the bot's choice on its turns; the computer seats move by themselves."""
    engine = games.engine_of(game)
    for turn in range(2_000):
        game = Game.objects.get(pk=game.pk)
        if game.is_over:
            return game
        (seat,) = engine.to_act(game.state)
        action = engine.bot_action(game.state, seat, Rng(b"x" * 32, "test", turn))
        games.submit(game.pk, human, game.seq, action)
    raise AssertionError("the game did not end")


def test_one_person_and_three_computer_players_play_pilotta_to_the_end(funded_player):
    human = funded_player()
    table = services.create_table(human, practice("pilotta", 4, {"target": 51}))
    services.start_with_bots(human, table.pk)
    table.refresh_from_db()
    game = table.game
    seats = list(game.seats.order_by("position"))
    assert [s.player_id for s in seats] == [human.pk, None, None, None]
    assert [s.bot for s in seats] == [False, True, True, True]
    assert 0 in games.engine_of(game).to_act(game.state) or game.seq > 0  # bots moved first
    game = play_out(game, human)
    games.settle_game(game.pk)
    game.refresh_from_db()
    assert game.settled and game.settlement["payouts"] == [0, 0, 0, 0]
    assert cash_balance(human) == 100_000
    assert not Transaction.objects.filter(reference=table.escrow_reference).exists()
    assert ledger_problems() == []


def test_a_practice_table_holds_no_stake(client, funded_player):
    human = funded_player()
    client.force_login(human)
    response = client.post(
        reverse("lobby:create", args=["rps"]),
        {
            "practice": "on",
            "stake": "",
            "seats": 2,
            "step_seconds": 30,
            "game_minutes": 0,
            "option_points": 1,
        },
    )
    assert response.status_code == 302
    table = services.Table.objects.get()
    assert table.practice and table.stake == 0 and cash_balance(human) == 100_000
    client.post(reverse("lobby:start_with_bots", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == "playing"


def test_only_practice_tables_start_with_bots(funded_player):
    human = funded_player()
    table = services.create_table(human, services.TableSpec("rps", {"points": 1}, 1_000, 2, 30))
    with pytest.raises(services.LobbyError):
        services.start_with_bots(human, table.pk)
    with pytest.raises(services.LobbyError):
        services.create_table(
            human, services.TableSpec("rps", {"points": 1}, 500, 2, 30, practice=True)
        )
