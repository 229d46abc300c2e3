"""The second betting window: War of Bets' second round and Peek Baccarat. Known deals and
peeks from fixed links, each second bet's win, loss and returned stake by the price list,
the prices and exact returns against counts made here, the peek as hidden information
(not in the snapshot, the page or the API before its time), each window's bets refused
outside it, and a round with bets in both windows drawn by the cycle and settled once."""

from __future__ import annotations

import itertools
import uuid
from datetime import timedelta
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import timezone

from casino import draws, registry
from casino.cards.deck import house_price
from casino.models import Bet, Round
from casino.services import RoundError
from tests.casino import draw_rounds
from tests.casino.cards.test_card_games import TABLEAU, falling
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

HIGH = "23456789TJQKA"
SECOND_WAR = ("second-dealer-wins", "second-player-wins", "second-war")


def war():
    return registry.get("war-of-bets")


def peek_baccarat():
    return registry.get("peek-baccarat")


# --- War of Bets ------------------------------------------------------------------------------


def test_the_war_of_bets_peek_is_the_players_card_of_a_committed_deal():
    dealt = war().committed_outcome(bytes([1]) * 32, "longtable-test", 1)
    shown = war().peek(dealt)
    assert shown["cards"] == {"player": dealt["player"]}
    assert set(shown["prices"]) == set(SECOND_WAR)
    assert [t.code for t in war().bet_types if t.after_peek] == list(SECOND_WAR)


def war_second_price(code: str, player: str) -> Fraction | None:
    """The price written again: 96% of the fair price of the chance given the Player's
    card, floored to 0.05; None where the bet cannot win or would pay x1."""
    higher = (len(HIGH) - 1 - HIGH.index(player[0])) * 24
    lower = HIGH.index(player[0]) * 24
    winning = {"second-dealer-wins": higher, "second-player-wins": lower, "second-war": 23}[code]
    if not winning:
        return None
    price = (Fraction(96, 100) * Fraction(311, winning) // Fraction(1, 20)) * Fraction(1, 20)
    return price if price > 1 else None


def test_war_second_bets_pay_by_the_players_card():
    for player, dealer in itertools.product(["2C", "7D", "TH", "KS", "AH"], repeat=2):
        outcome = {"player": [player], "dealer": [dealer]}
        for code in SECOND_WAR:
            price = war_second_price(code, player)
            paid = war().payout(10_000, code, {}, outcome)
            wins = {
                "second-dealer-wins": HIGH.index(dealer[0]) > HIGH.index(player[0]),
                "second-player-wins": HIGH.index(player[0]) > HIGH.index(dealer[0]),
                "second-war": player[0] == dealer[0],
            }[code]
            if price is None:
                assert paid == 10_000, (code, player)  # not offered: the stake back
            else:
                assert paid == (int(10_000 * price) if wins else 0), (code, player, dealer)
    # After a King the Dealer has 24 Aces of 311 cards: x12.40.
    assert war().public()["peek_prices"]["second-dealer-wins"]["King"] == "x12.4"
    assert war().public()["peek_prices"]["second-player-wins"]["2"] == "not offered"
    kings = {"player": ["KS"], "dealer": ["AD"]}
    assert war().result("second-dealer-wins", {}, kings) == {"price": "x12.4"}
    assert war().describe_result({"price": "x12.4"}) == "price x12.4"


def test_war_second_bets_return_a_count_over_the_players_card():
    """Over the Player's cards on which each bet is offered (it is refused on the others)."""
    for code in SECOND_WAR:
        counted = Fraction(0)
        offered = [player for player in HIGH if war_second_price(code, player) is not None]
        for player in offered:  # each rank equally likely
            price = war_second_price(code, player)
            for dealer in HIGH:
                left = 23 if dealer == player else 24
                wins = {
                    "second-dealer-wins": HIGH.index(dealer) > HIGH.index(player),
                    "second-player-wins": HIGH.index(player) > HIGH.index(dealer),
                    "second-war": dealer == player,
                }[code]
                pays = price if wins else Fraction(0)
                counted += Fraction(1, len(offered)) * Fraction(left, 311) * pays
        assert war().rtp(code) == counted
        assert counted < Fraction(96, 100), code


# --- Peek Baccarat ----------------------------------------------------------------------------


def test_the_peek_baccarat_peek_is_both_first_cards():
    dealt = peek_baccarat().committed_outcome(bytes([1]) * 32, "longtable-test", 1)
    assert dealt == {"player": ["6S", "JS"], "banker": ["9D", "8D"]}
    assert peek_baccarat().peek(dealt) == {
        "cards": {"player": ["6S"], "banker": ["9D"]},
        "prices": {"second-player": "x2.5", "second-banker": "x1.5", "second-tie": "x9.35"},
    }
    # Banker 9 and 8 (7) beats 6 and J (6): the second Banker bet pays x1.5.
    assert peek_baccarat().payout(1_000, "second-banker", {}, dealt) == 1_500
    assert peek_baccarat().payout(1_000, "second-player", {}, dealt) == 0
    tie = {"player": ["6S", "AC"], "banker": ["9D", "8D"]}  # 7 each
    assert peek_baccarat().payout(1_000, "second-player", {}, tie) == 1_000
    assert peek_baccarat().payout(1_000, "second-tie", {}, tie) == 9_350


def seen_count() -> dict[tuple[int, int], dict[str, int]]:
    """Every deal by value, dealt card by card with the test's own tableau, its ways
    weighted up to six cards, grouped by the first two cards' values and who wins."""
    counts = [128] + [32] * 9
    found: dict[tuple[int, int], dict[str, int]] = {}

    def settle(ways: int, player: list[int], banker: list[int]) -> None:
        p, b = sum(player) % 10, sum(banker) % 10
        used = len(player) + len(banker)
        line = found.setdefault((player[0], banker[0]), {"player": 0, "banker": 0, "tie": 0})
        winner = "tie" if p == b else "player" if p > b else "banker"
        line[winner] += ways * falling(416 - used, 6 - used)

    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        ways = 1
        for v in (p1, b1, p2, b2):
            ways *= counts[v]
            counts[v] -= 1
        p, b = (p1 + p2) % 10, (b1 + b2) % 10
        player, banker = [p1, p2], [b1, b2]
        if p >= 8 or b >= 8:
            settle(ways, player, banker)
        elif p <= 5:
            for v in range(10):
                if not counts[v]:
                    continue
                taken = counts[v]
                counts[v] -= 1
                if TABLEAU[b][v] == "D":
                    for w in range(10):
                        settle(ways * taken * counts[w], [*player, v], [*banker, w])
                else:
                    settle(ways * taken, [*player, v], banker)
                counts[v] += 1
        elif b <= 5:
            for w in range(10):
                settle(ways * counts[w], player, [*banker, w])
        else:
            settle(ways, player, banker)
        for v in (p1, b1, p2, b2):
            counts[v] += 1
    return found


def test_peek_baccarat_prices_and_returns_match_a_deal_by_deal_count():
    game = peek_baccarat()
    listed = game.public()["peek_prices"]
    returns = dict.fromkeys(("second-player", "second-banker", "second-tie"), Fraction(0))
    whole = falling(416, 6)
    for (p1, b1), won in seen_count().items():
        line = f"Player {p1}, Banker {b1}"
        seen = sum(won.values())
        chance = {side: Fraction(ways, seen) for side, ways in won.items()}
        prices = {
            "second-player": house_price(chance["player"], chance["tie"]),
            "second-banker": house_price(chance["banker"], chance["tie"]),
            "second-tie": house_price(chance["tie"]),
        }
        for code, price in prices.items():
            assert listed[code][line] == f"x{price.numerator / price.denominator:g}", (code, line)
            side = code.removeprefix("second-")
            back = chance["tie"] if side != "tie" else 0
            returns[code] += Fraction(seen, whole) * (chance[side] * price + back)
    for code, counted in returns.items():
        assert game.rtp(code) == counted
        assert counted < Fraction(96, 100), code


# --- the two windows through the runtime ------------------------------------------------------


def at_the_peek(game_round: Round) -> None:
    """The round's peek shown, its close still ahead."""
    peek = registry.get(game_round.game).cadence.peek_seconds
    closes_at = timezone.now() + timedelta(seconds=peek // 2)
    Round.objects.filter(pk=game_round.pk).update(closes_at=closes_at)
    game_round.refresh_from_db()


# Player 9♣, Dealer K♦: the Dealer wins; after a 9 the second Dealer bet pays x2.45.
DEAL = {"player": ["9C"], "dealer": ["KD"]}


@pytest.mark.django_db
def test_the_players_card_is_hidden_until_the_peek(client, funded):
    player = funded(100_000)
    game_round = draw_rounds.open_round("war-of-bets")
    Round.objects.filter(pk=game_round.pk).update(outcome=DEAL)
    client.force_login(player)
    page = reverse("casino:play", args=["war-of-bets"])

    state = draws.snapshot("war-of-bets", player)
    assert state["round"]["peek"] is None
    assert '"9C"' not in client.get(page).content.decode()
    api = reverse("api:round", args=["war-of-bets", game_round.number])
    assert client.get(api).status_code == 404  # the API shows played rounds only

    at_the_peek(game_round)
    state = draws.snapshot("war-of-bets", player)
    assert state["round"]["peek"]["cards"] == {"player": ["9C"]}
    assert state["round"]["peek"]["prices"]["second-dealer-wins"] == "x2.45"
    assert state["round"]["peeks_at_ms"] < state["now_ms"] < state["round"]["closes_at_ms"]
    assert '"9C"' in client.get(page).content.decode()
    assert "KD" not in str(state["round"])  # the Dealer's card stays hidden


@pytest.mark.django_db
def test_each_windows_bets_are_refused_outside_it(funded):
    player = funded(100_000)
    game_round = draw_rounds.open_round("war-of-bets")

    def bet(code: str) -> None:
        request = [draws.BetRequest(code, {}, 1_000)]
        draws.place_bets(player, game="war-of-bets", slip=str(uuid.uuid4()), bets=request)

    with pytest.raises(RoundError, match="opens once the Player's card is shown"):
        bet("second-war")
    at_the_peek(game_round)
    with pytest.raises(RoundError, match="closed when the Player's card was shown"):
        bet("war")
    # After an Ace the Dealer cannot win: that second bet is refused, not taken and returned.
    Round.objects.filter(pk=game_round.pk).update(outcome={**DEAL, "player": ["AS"]})
    with pytest.raises(RoundError, match="Dealer wins, second bet is not offered on the Player"):
        bet("second-dealer-wins")
    assert cash_balance(player) == 100_000
    assert not Bet.objects.exists()


@pytest.mark.django_db
def test_a_round_with_bets_in_both_windows_is_drawn_by_the_cycle_and_settled_once(
    funded, django_capture_on_commit_callbacks
):
    player = funded(100_000)
    game_round = draw_rounds.open_round("war-of-bets")
    Round.objects.filter(pk=game_round.pk).update(outcome=DEAL)
    first = [draws.BetRequest("dealer-wins", {}, 1_000), draws.BetRequest("war", {}, 500)]
    draws.place_bets(player, game="war-of-bets", slip=str(uuid.uuid4()), bets=first)
    at_the_peek(game_round)
    second = [
        draws.BetRequest("second-dealer-wins", {}, 2_000),
        draws.BetRequest("second-player-wins", {}, 1_000),
    ]
    placed = draws.place_bets(player, game="war-of-bets", slip=str(uuid.uuid4()), bets=second)
    assert [b.label for b in placed] == ["Dealer wins, second bet", "Player wins, second bet"]
    assert cash_balance(player) == 100_000 - 4_500

    draw_rounds.draw_now(game_round)
    with django_capture_on_commit_callbacks(execute=False):
        assert game_round.number in draws.advance("war-of-bets")
    # Dealer wins x2.05 in the first window, x2.45 after the Player's 9 in the second.
    assert sorted(Bet.objects.values_list("bet_type", "payout", "result")) == [
        ("dealer-wins", 2_050, {}),
        ("second-dealer-wins", 4_900, {"price": "x2.45"}),
        ("second-player-wins", 0, {"price": "x1.75"}),
        ("war", 0, {}),
    ]
    assert cash_balance(player) == 100_000 - 4_500 + 2_050 + 4_900
    assert game_round.number not in draws.advance("war-of-bets")
    assert draws.settle(game_round.pk) is False
    assert Transaction.objects.filter(reference=game_round.reference, kind="win").count() == 1
    assert ledger_problems() == []


@pytest.mark.django_db
def test_the_rules_page_lists_the_second_prices_and_the_two_windows(client):
    page = client.get(reverse("casino:rules", args=["war-of-bets"])).content.decode()
    assert "Second bets by the Player&#x27;s card" in page
    assert '<td>King</td><td class="num">x12.4</td><td class="num">x1.1</td>' in page
    assert "The first bets close 10 seconds before the second bets" in page
    baccarat = client.get(reverse("casino:rules", args=["peek-baccarat"])).content.decode()
    assert "<td>Player 9, Banker 0</td>" in baccarat
