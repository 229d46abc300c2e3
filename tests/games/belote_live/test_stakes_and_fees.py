"""Classic Belote's money rules through the lobby, the runtime and the wallet: the Double
stake reserve held at joining and its unused part refunded, and Change card fees."""

import pytest

from games import messages, services
from lobby import services as lobby
from tests.games.belote_live.support import (
    START_BALANCE,
    house_fees,
    play_until,
    players_by_seat,
    reload,
    seat_to_act,
)
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

RAKE_BP = 400


def open_table(creator, joiner, stake: int, **options):
    """A one-hand Classic Belote table, checking what each seat holds at every step."""
    spec = lobby.TableSpec(
        game_slug="belote",
        options={"target": 1, **options},
        stake=stake,
        seats=2,
        step_seconds=30,
    )
    reserve = stake * options.get("double_stake", 1)
    before = cash_balance(creator), cash_balance(joiner)
    table = lobby.create_table(creator, spec)
    assert cash_balance(creator) == before[0] - reserve
    seat = lobby.join(joiner, table.pk)
    assert seat.held == reserve and cash_balance(joiner) == before[1] - reserve
    lobby.accept(creator, seat.pk)
    table.refresh_from_db()
    assert [s.held for s in table.game.seats.order_by("position")] == [reserve, reserve]
    return table.game


def submit(game, seat: int, action: dict):
    services.submit(game.pk, players_by_seat(game)[seat], game.seq, action)
    return reload(game)


def double_and_accept(game):
    doubler = seat_to_act(game)
    game = submit(game, doubler, {"type": "double"})
    return submit(game, 1 - doubler, {"type": "accept"})


def winner_and_loser(game):
    (winner,) = (s for s, place in enumerate(game.outcome["placing"]) if place == 1)
    people = players_by_seat(game)
    return people[winner], people[1 - winner]


@pytest.mark.parametrize("doublings", [0, 1, 3])
def test_the_double_stake_reserve_is_held_and_the_unused_part_refunded(
    doublings, clock, funded_player
):
    # The rules' example: a 200 stake at an x8 table holds 1,600; doubled once, 400 is
    # played and 1,200 comes back. Three doublings play the whole reserve.
    stake, reserve = 200, 1_600
    game = open_table(funded_player(), funded_player(), stake, double_stake=8)
    for _ in range(doublings):
        game = double_and_accept(game)
    played = stake * 2**doublings
    assert services.engine_of(game).stake_multiplier(game.state) == 2**doublings
    pot = 2 * played
    rake = pot * RAKE_BP // 10_000
    # Every audience is told what the table now plays for: the reserve is not the pot.
    for audience in (0, 1, None):
        shown = messages.state_message(game, audience)["money"]
        assert shown == {"stake": played, "pot": pot, "rake": rake}
    game = services.settle_game(play_until(game).pk)
    assert game.settlement["rake"] == rake
    assert sorted(game.settlement["payouts"]) == sorted(
        [reserve - played, reserve - played + pot - rake]
    )
    winner, loser = winner_and_loser(game)
    assert cash_balance(winner) == START_BALANCE + played - rake
    assert cash_balance(loser) == START_BALANCE - played
    assert ledger_problems() == []


def test_refusing_a_double_loses_the_stake_before_the_double(clock, funded_player):
    game = open_table(funded_player(), funded_player(), 200, double_stake=8)
    doubler = seat_to_act(game)
    game = submit(game, doubler, {"type": "double"})
    game = submit(game, 1 - doubler, {"type": "surrender"})
    assert game.outcome["reason"] == "double stake declined"
    game = services.settle_game(game.pk)
    winner, loser = winner_and_loser(game)
    assert winner == players_by_seat(game)[doubler]
    assert cash_balance(winner) == START_BALANCE + 200 - 16  # a pot of 400, 4% rake
    assert cash_balance(loser) == START_BALANCE - 200
    assert ledger_problems() == []


def test_change_card_costs_ten_percent_of_the_current_stake(clock, funded_player):
    stake, reserve = 1_000, 2_000
    game = open_table(funded_player(), funded_player(), stake, double_stake=2, change_card=True)
    fees_before = house_fees()
    game = play_until(game, lambda g: g.state["phase"] == "play")
    first = seat_to_act(game)
    people = players_by_seat(game)

    game = submit(game, first, {"type": "change_card", "card": game.state["hands"][first][0]})
    assert cash_balance(people[first]) == START_BALANCE - reserve - 100  # 10% of 1,000
    game = double_and_accept(game)  # only the first player may double once play began
    game = play_until(game, lambda g: seat_to_act(g) != first)
    second = 1 - first
    game = submit(game, second, {"type": "change_card", "card": game.state["hands"][second][0]})
    assert cash_balance(people[second]) == START_BALANCE - reserve - 200  # 10% of 2,000
    assert house_fees() - fees_before == 300
    assert game.settlement["fees_charged"] == 2

    game = services.settle_game(play_until(game).pk)
    winner, loser = winner_and_loser(game)
    fee = {people[first]: 100, people[second]: 200}
    assert cash_balance(winner) == START_BALANCE + reserve - 160 - fee[winner]
    assert cash_balance(loser) == START_BALANCE - reserve - fee[loser]
    assert ledger_problems() == []


def test_a_change_card_the_balance_cannot_pay_is_refused_and_changes_nothing(clock, funded_player):
    game = open_table(funded_player(1_000), funded_player(1_000), 1_000, change_card=True)
    game = play_until(game, lambda g: g.state["phase"] == "play")
    seat = seat_to_act(game)
    before = (game.seq, game.state)
    with pytest.raises(services.ActionRejected) as refused:
        submit(game, seat, {"type": "change_card", "card": game.state["hands"][seat][0]})
    assert refused.value.code == "insufficient_funds"
    game = reload(game)
    assert (game.seq, game.state) == before
    assert ledger_problems() == []


def test_a_fee_refused_by_the_players_protection_is_a_clear_refusal(clock, funded_player):
    from accounts import protection

    game = open_table(funded_player(), funded_player(), 1_000, change_card=True)
    game = play_until(game, lambda g: g.state["phase"] == "play")
    first = seat_to_act(game)
    protection.self_exclude(players_by_seat(game)[first], 6)
    before = cash_balance(players_by_seat(game)[first])
    with pytest.raises(services.ActionRejected) as refusal:
        submit(game, first, {"type": "change_card", "card": game.state["hands"][first][0]})
    assert refusal.value.code == "protection" and "self-exclusion" in refusal.value.message
    game.refresh_from_db()
    assert not (game.settlement or {}).get("fees_charged")
    assert cash_balance(players_by_seat(game)[first]) == before
