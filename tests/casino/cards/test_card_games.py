"""The card-draw games of the rules: known deals from fixed links, every bet's win and loss on
constructed deals (the text's own examples among them), each bet type's exact return
against a count this test makes itself, and selections refused with a clear message."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from casino import registry
from casino.rounds import RTP_STAKE, rtp_percent

CARD_SLUGS = (
    "baccarat",
    "super-six",
    "dice-baccarat",
    "dragon-tiger",
    "andar-bahar",
    "war-of-bets",
    "hi-lo",
    "football-cards",
    "cricket-war",
    "32-cards",
    "joker-draw",
    "red-dog",
    "lightning-baccarat",
    "draw-hi-lo",
    "top-card",
    "side-bet-poker",
)
RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = [r + s for r in RANKS for s in SUITS]


def pays(slug: str, bet_type: str, outcome: dict, selection: dict | None = None) -> int:
    """What a stake of 100 returns on ``outcome``."""
    return registry.get(slug).payout(100, bet_type, selection or {}, outcome)


def deals(slug: str, count: int) -> list[dict]:
    game = registry.get(slug)
    return [game.committed_outcome(n.to_bytes(32, "big"), "seed", n) for n in range(count)]


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        (
            "baccarat",
            [
                {"player": ["TH", "TD"], "banker": ["JH", "9H"]},
                {"player": ["6S", "JC"], "banker": ["KD", "AC", "QS"]},
                {"player": ["JH", "JH", "4H"], "banker": ["4C", "TC", "JS"]},
            ],
        ),
        (
            "dragon-tiger",
            [
                {"dragon": ["2D"], "tiger": ["6C"]},
                {"dragon": ["3D"], "tiger": ["QD"]},
                {"dragon": ["2C"], "tiger": ["KD"]},
            ],
        ),
        (
            "war-of-bets",
            [
                {"player": ["3D"], "dealer": ["3H"]},
                {"player": ["4S"], "dealer": ["AS"]},
                {"player": ["3H"], "dealer": ["JD"]},
            ],
        ),
        ("hi-lo", [{"card": ["JOKER"]}, {"card": ["JH"]}, {"card": ["3H"]}]),
        (
            "football-cards",
            [
                {"home": ["5H"], "away": ["JD"]},
                {"home": ["4C"], "away": ["9C"]},
                {"home": ["8S"], "away": ["6H"]},
            ],
        ),
    ],
)
def test_deals_follow_from_their_links(slug, expected):
    game = registry.get(slug)
    dealt = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert dealt == expected


PINNED = {
    "super-six": {"player": ["3S", "5D"], "banker": ["6H", "8S"]},
    "cricket-war": {"bat": ["QC"], "ball": ["7D"]},
    "joker-draw": {"card": ["TH"]},
    "red-dog": {"cards": ["KD", "9D", "7S"]},
    "draw-hi-lo": {"first": ["9H"], "next": ["AD"]},
    "top-card": {"player": ["JD"], "dealer": ["7S"]},
    "dice-baccarat": {"player": [5, 4], "banker": [3, 4]},
    "32-cards": {"seat-8": ["9C"], "seat-9": ["6H"], "seat-10": ["JD"], "seat-11": ["7S"]},
}


@pytest.mark.parametrize(("slug", "expected"), PINNED.items())
def test_the_other_games_first_deals_follow_from_their_links(slug, expected):
    assert registry.get(slug).committed_outcome(bytes([1]) * 32, "longtable-test", 1) == expected


def test_an_andar_bahar_deal_follows_from_its_link():
    game = registry.get("andar-bahar")
    outcome = game.committed_outcome(bytes([1]) * 32, "longtable-test", 1)
    assert outcome == {
        "joker": ["QC"],
        "first": "bahar",
        "andar": ["5C", "TC", "KS", "KC", "KD"],
        "bahar": ["4H", "AC", "5S", "TH", "9D", "QH"],
    }
    assert game.describe(outcome) == "Joker card Q♣, Q♥ to Bahar after 11"


@pytest.mark.parametrize("slug", CARD_SLUGS)
def test_every_deal_holds_real_cards_and_the_listed_selections_validate(slug):
    game = registry.get(slug)
    allowed = {*DECK, "JOKER", "JOKER-R", "JOKER-B", *range(1, 7)}
    seen: Counter = Counter()
    for outcome in deals(slug, 400):
        for key, cards in outcome.items():
            if key not in ("first", "multipliers"):
                assert set(cards) <= allowed
                seen.update(cards)
        assert game.describe(outcome)
    assert len(seen) >= (6 if slug == "dice-baccarat" else 20)
    for bet_type in game.bet_types:
        for _, selection in game.selections(bet_type.code):
            assert game.validate_bet(bet_type.code, dict(selection)) == selection


@pytest.mark.parametrize("slug", CARD_SLUGS)
def test_every_bet_returns_less_than_its_stake(slug):
    game = registry.get(slug)
    for bet_type in game.bet_types:
        # Draw Hi-Lo's Tie at the text's 10:1 returns the least: 64.71%.
        assert Fraction(64, 100) < game.rtp(bet_type.code) < 1, bet_type.code


@pytest.mark.parametrize(
    ("slug", "bet_type", "selection", "message"),
    [
        ("baccarat", "player", {"side": "banker"}, "A Player bet takes nothing"),
        ("hi-lo", "card", {"rank": "T"}, "A Card bet takes one of 2 to 9, J, Q, K, A"),
        ("hi-lo", "colour", {"colour": "green"}, "A Colour bet takes red or black"),
        ("war-of-bets", "dealer-suit", {"suit": "X"}, "A Dealer's card suit bet takes a suit"),
        ("andar-bahar", "joker-colour", [], "A Joker card colour bet takes red or black"),
        ("dragon-tiger", "banker", {}, "Dragon Tiger has no such bet."),
    ],
)
def test_bad_selections_are_refused_with_a_clear_message(slug, bet_type, selection, message):
    with pytest.raises(ValueError, match=message):
        registry.get(slug).validate_bet(bet_type, selection)


# --- Baccarat --------------------------------------------------------------------------------


def value(card: str) -> int:
    return "A23456789".find(card[0]) + 1  # 10 and the pictures are not there: 0


def total(cards) -> int:
    return sum(value(c) for c in cards) % 10


# The Banker's third card by the Banker's total (rows 0..7) and the Player's third card
# (columns 0..9): the usual printed tableau, "D" draw, "S" stand.
TABLEAU = [
    "DDDDDDDDDD",
    "DDDDDDDDDD",
    "DDDDDDDDDD",
    "DDDDDDDDSD",
    "SSDDDDDDSS",
    "SSSSDDDDSS",
    "SSSSSSDDSS",
    "SSSSSSSSSS",
]


def test_baccarat_deals_follow_the_drawing_rules():
    for outcome in deals("baccarat", 2_000):
        player, banker = outcome["player"], outcome["banker"]
        p, b = total(player[:2]), total(banker[:2])
        if p >= 8 or b >= 8:
            assert len(player) == len(banker) == 2
            continue
        assert len(player) == (3 if p <= 5 else 2)
        if len(player) == 2:
            assert len(banker) == (3 if b <= 5 else 2)
        else:
            assert len(banker) == (3 if b < 8 and TABLEAU[b][value(player[2])] == "D" else 2)


def test_baccarat_main_bets_as_the_text_says():
    # The text's example: a 7 and a 9 make 6.
    banker_wins = {"player": ["7H", "9C"], "banker": ["4S", "3D"]}
    assert pays("baccarat", "banker", banker_wins) == 195
    assert pays("baccarat", "player", banker_wins) == 0
    player_wins = {"player": ["KH", "9C"], "banker": ["4S", "3D"]}
    assert pays("baccarat", "player", player_wins) == 200
    tie = {"player": ["5H", "AC", "QC"], "banker": ["4S", "2D", "KD"]}
    assert pays("baccarat", "tie", tie) == 900
    # On a tie the Player and Banker bets are returned.
    assert pays("baccarat", "player", tie) == pays("baccarat", "banker", tie) == 100


def test_baccarat_pair_bets():
    both_perfect = {"player": ["8H", "8H"], "banker": ["KS", "KS", "2C"]}
    assert pays("baccarat", "player-pair", both_perfect) == 1_200
    assert pays("baccarat", "banker-pair", both_perfect) == 1_200
    assert pays("baccarat", "perfect-pair", both_perfect) == 20_100
    assert pays("baccarat", "either-pair", both_perfect) == 600
    one_perfect = {"player": ["8H", "8H"], "banker": ["KS", "KD", "2C"]}
    assert pays("baccarat", "perfect-pair", one_perfect) == 2_600
    # A pair is of one rank: a King and a Queen both count 0 and are no pair.
    no_pair = {"player": ["KH", "QH", "2C"], "banker": ["4S", "5S"]}
    for bet_type in ("player-pair", "perfect-pair", "either-pair"):
        assert pays("baccarat", bet_type, no_pair) == 0


@pytest.mark.parametrize(
    ("player", "banker", "returned"),
    [
        (["4H", "5C"], ["3S", "4D"], 200),  # a natural 9 wins: 1:1
        (["4H", "5C"], ["5S", "4D"], 200),  # a natural tie: 1:1, as the text says
        (["2H", "2C", "5C"], ["TS", "QD", "KH"], 3_100),  # a three-card 9 over 0, by 9: 30:1
        (["2H", "2C", "4C"], ["TS", "QD", "KH"], 1_100),  # by 8: 10:1
        (["2H", "5C", "KC"], ["TS", "QD", "KH"], 700),  # by 7: 6:1
        (["2H", "4C", "KC"], ["TS", "QD", "KH"], 500),  # by 6: 4:1
        (["2H", "3C", "KC"], ["TS", "QD", "KH"], 300),  # by 5: 2:1
        (["2H", "3C", "2C"], ["TS", "2D", "AH"], 200),  # 7 over 3, by 4: 1:1
        (["2H", "2C", "AC"], ["TS", "2D", "AH"], 0),  # 5 over 3, by 2: nothing
        (["2H", "2C", "AC"], ["TS", "2D", "5H"], 0),  # lost
        (["3H", "3C"], ["3S", "3D"], 0),  # a tie that is no natural
    ],
)
def test_baccarat_player_bonus_by_the_margin(player, banker, returned):
    assert pays("baccarat", "player-bonus", {"player": player, "banker": banker}) == returned


def test_the_banker_bonus_reads_the_banker_side():
    outcome = {"player": ["TS", "QD", "KH"], "banker": ["2H", "2C", "5C"]}
    assert pays("baccarat", "banker-bonus", outcome) == 3_100
    assert pays("baccarat", "player-bonus", outcome) == 0


# The counts of all 416 x 415 x ... x 411 ordered deals of an eight-deck shoe, as published
# for the game (Banker win, Player win, tie).
BANKER_WINS, PLAYER_WINS, TIES = 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216
ALL_DEALS = 416 * 415 * 414 * 413 * 412 * 411


def test_baccarat_main_bets_return_the_published_counts():
    game = registry.get("baccarat")
    assert BANKER_WINS + PLAYER_WINS + TIES == ALL_DEALS
    assert game.rtp("player") == Fraction(2 * PLAYER_WINS + TIES, ALL_DEALS)
    assert game.rtp("banker") == Fraction(Fraction(39, 20) * BANKER_WINS + TIES, ALL_DEALS)
    assert game.rtp("tie") == Fraction(9 * TIES, ALL_DEALS)
    shown = {code: rtp_percent(game.rtp(code)) for code in ("player", "banker", "tie")}
    assert shown == {"player": "98.76", "banker": "98.94", "tie": "85.64"}


def test_baccarat_pair_bets_return_a_card_by_card_count():
    game = registry.get("baccarat")
    pair = Fraction(31, 415)  # the second card of a side of the first's rank
    perfect = Fraction(7, 415)  # ... and the first's suit
    # Given the Player's pair, the Banker's: of the same rank (30 left) or another.
    banker_pair_too = Fraction(30 * 29 + 384 * 31, 414 * 413)
    # Given the Player's perfect pair, the Banker's: the same card (6 left) or another.
    banker_perfect_too = Fraction(6 * 5 + 408 * 7, 414 * 413)
    both_perfect = perfect * banker_perfect_too
    one_perfect = 2 * perfect - 2 * both_perfect
    assert game.rtp("player-pair") == game.rtp("banker-pair") == 12 * pair
    assert game.rtp("either-pair") == 6 * (2 * pair - pair * banker_pair_too)
    assert game.rtp("perfect-pair") == 26 * one_perfect + 201 * both_perfect


def falling(n: int, k: int) -> int:
    return 1 if k == 0 else n * falling(n - 1, k - 1)


def bonus_count() -> dict[str, Fraction]:
    """The bonus bets' returns dealt card by card (by value), with the test's own tableau:
    each deal weighted by its ordered ways, then by the ways to draw the six cards' rest."""
    counts = [128] + [32] * 9
    returns = {"player-bonus": 0, "banker-bonus": 0, "banker-wins-on-six": 0}
    margins = {9: 31, 8: 11, 7: 7, 6: 5, 5: 3, 4: 2}

    def settle(ways: int, player: list[int], banker: list[int]) -> None:
        p, b = sum(player) % 10, sum(banker) % 10
        ways *= falling(416 - len(player) - len(banker), 6 - len(player) - len(banker))
        natural_p = len(player) == 2 and p >= 8
        natural_b = len(banker) == 2 and b >= 8
        if b == 6 and p < 6:
            returns["banker-wins-on-six"] += ways
        for code, mine, theirs, natural, other in (
            ("player-bonus", p, b, natural_p, natural_b),
            ("banker-bonus", b, p, natural_b, natural_p),
        ):
            if natural and (mine > theirs or (mine == theirs and other)):
                returns[code] += 2 * ways
            elif mine > theirs and not natural:
                returns[code] += margins.get(mine - theirs, 0) * ways

    def deal(ways: int, player: list[int], banker: list[int]) -> None:
        if len(player) + len(banker) < 4:
            to_player = len(player) <= len(banker)
            for v in range(10):
                if counts[v]:
                    taken = counts[v]
                    counts[v] -= 1
                    if to_player:
                        deal(ways * taken, [*player, v], banker)
                    else:
                        deal(ways * taken, player, [*banker, v])
                    counts[v] += 1
            return
        p, b = sum(player) % 10, sum(banker) % 10
        if p >= 8 or b >= 8:
            settle(ways, player, banker)
        elif p <= 5:
            for v in range(10):
                if counts[v]:
                    taken = counts[v]
                    counts[v] -= 1
                    third = [*player, v]
                    if TABLEAU[b][v] == "D":
                        for w in range(10):
                            settle(ways * taken * counts[w], third, [*banker, w])
                    else:
                        settle(ways * taken, third, banker)
                    counts[v] += 1
        elif b <= 5:
            for w in range(10):
                settle(ways * counts[w], player, [*banker, w])
        else:
            settle(ways, player, banker)

    deal(1, [], [])
    return {code: Fraction(value, ALL_DEALS) for code, value in returns.items()}


def test_baccarat_bonus_bets_return_a_deal_by_deal_count():
    game = registry.get("baccarat")
    counted = bonus_count()
    assert game.rtp("player-bonus") == counted["player-bonus"]
    assert game.rtp("banker-bonus") == counted["banker-bonus"]
    assert rtp_percent(counted["player-bonus"]) == "99.14"
    # Super Six: the Banker's win on 6 pays 1:2, the side bet 15:1.
    six = counted["banker-wins-on-six"]
    super_six = registry.get("super-six")
    assert super_six.rtp("banker") == Fraction(2 * BANKER_WINS + TIES, ALL_DEALS) - six / 2
    assert super_six.rtp("super-six") == 16 * six
    assert super_six.rtp("player") == game.rtp("player")
    assert [rtp_percent(super_six.rtp(c)) for c in ("banker", "super-six")] == ["98.54", "86.18"]


def test_super_six_pays_half_on_a_banker_six():
    six = {"player": ["2H", "3C"], "banker": ["3S", "3D"]}
    assert pays("super-six", "banker", six) == 150
    assert pays("super-six", "super-six", six) == 1_600
    seven = {"player": ["2H", "3C"], "banker": ["3S", "4D"]}
    assert pays("super-six", "banker", seven) == 200
    assert pays("super-six", "super-six", seven) == 0


# --- Dragon Tiger, Cricket War, Football Cards ---------------------------------------------------


def test_dragon_tiger_as_the_text_says():
    assert pays("dragon-tiger", "dragon", {"dragon": ["KH"], "tiger": ["QH"]}) == 200
    assert pays("dragon-tiger", "tiger", {"dragon": ["KH"], "tiger": ["QH"]}) == 0
    # The Ace is the lowest card.
    assert pays("dragon-tiger", "tiger", {"dragon": ["AH"], "tiger": ["2C"]}) == 200
    # A draw returns half of a Dragon or Tiger bet and pays 11:1 on Draw.
    draw = {"dragon": ["8H"], "tiger": ["8S"]}
    assert pays("dragon-tiger", "dragon", draw) == pays("dragon-tiger", "tiger", draw) == 50
    assert pays("dragon-tiger", "draw", draw) == 1_200
    assert pays("dragon-tiger", "suited-draw", draw) == 0
    # The text's example: the 8 of hearts in both places is a suited draw, 50:1.
    suited = {"dragon": ["8H"], "tiger": ["8H"]}
    assert pays("dragon-tiger", "suited-draw", suited) == 5_100
    assert pays("dragon-tiger", "draw", suited) == 1_200
    assert pays("dragon-tiger", "dragon", suited) == 50
    assert pays("cricket-war", "bat", {"bat": ["KH"], "ball": ["QH"]}) == 200


def two_card_count(decks: int, pays_on) -> Fraction:
    """A bet's return over the top two cards of a shoe, counted rank by rank and suit by suit."""
    cards = 52 * decks
    whole = Fraction(0)
    for (r1, s1), (r2, s2) in itertools.product(itertools.product(RANKS, SUITS), repeat=2):
        same = (r1, s1) == (r2, s2)
        ways = decks * (decks - 1 if same else decks)
        whole += Fraction(ways, cards * (cards - 1)) * pays_on(r1 + s1, r2 + s2)
    return whole


def test_dragon_tiger_returns_match_a_count():
    game = registry.get("dragon-tiger")
    low = "A23456789TJQK"
    assert game.rtp("dragon") == game.rtp("tiger") == Fraction(2 * 192 + Fraction(31, 2), 415)
    assert game.rtp("draw") == Fraction(12 * 31, 415)
    assert game.rtp("suited-draw") == Fraction(51 * 7, 415)
    counted = two_card_count(
        8, lambda a, b: 2 if low.index(a[0]) > low.index(b[0]) else Fraction(1, 2) * (a[0] == b[0])
    )
    assert game.rtp("dragon") == counted
    assert rtp_percent(game.rtp("dragon")) == "96.27"


def test_football_cards_rank_the_ace_high():
    assert pays("football-cards", "home", {"home": ["AH"], "away": ["KC"]}) == 200
    assert pays("football-cards", "away", {"home": ["5H"], "away": ["5C"]}) == 50
    assert pays("football-cards", "draw", {"home": ["5H"], "away": ["5C"]}) == 1_200
    game = registry.get("football-cards")
    assert game.rtp("home") == registry.get("dragon-tiger").rtp("dragon")
    assert game.rtp("draw") == Fraction(12 * 31, 415)


# --- War of Bets ---------------------------------------------------------------------------------

HIGH = "23456789TJQKA"


def war_wins(code: str, player: str, dealer: str, selection: dict) -> bool:
    """The text's 25 outcomes, written again from the text."""
    side, _, what = code.partition("-")
    if code == "dealer-wins":
        return HIGH.index(dealer[0]) > HIGH.index(player[0])
    if code == "player-wins":
        return HIGH.index(player[0]) > HIGH.index(dealer[0])
    if code == "war":
        return player[0] == dealer[0]
    card = dealer if side == "dealer" else player
    score = HIGH.index(card[0]) + 2
    return {
        "colour": lambda: ("red" if card[1] in "DH" else "black") == selection.get("colour"),
        "suit": lambda: card[1] == selection.get("suit"),
        "8": lambda: score == 8,
        "under-8": lambda: score < 8,
        "over-8": lambda: score > 8,
        "picture": lambda: card[0] in "JQK",
        "number": lambda: card[0] not in "JQK",
    }[what]()


def test_war_of_bets_every_bet_wins_and_loses_as_the_text_lists_it():
    game = registry.get("war-of-bets")
    first = [t for t in game.bet_types if not t.after_peek]  # the second's: test_peek.py
    assert len(first) == 17  # the 25 outcomes, colours and suits as selections
    assert sum(len(game.selections(t.code)) for t in first) == 25
    for bet_type in first:
        price = None
        for player, dealer in itertools.product(["2C", "8D", "TH", "QS", "AH", "9C"], repeat=2):
            for _, selection in game.selections(bet_type.code):
                paid = game.payout(
                    100, bet_type.code, selection, {"player": [player], "dealer": [dealer]}
                )
                wins = war_wins(bet_type.code, player, dealer, selection)
                assert (paid > 100) == wins and (wins or paid == 0)
                if wins:
                    assert price in (None, paid)
                    price = paid


def test_war_of_bets_returns_match_a_count_and_stay_near_96_percent():
    game = registry.get("war-of-bets")
    # The second bets' returns are over the cards they are offered on (tests/casino/cards/
    # test_peek.py); the first window's over every deal.
    for bet_type in (t for t in game.bet_types if not t.after_peek):
        choices = game.selections(bet_type.code)
        counted = sum(
            (
                two_card_count(
                    6,
                    lambda p, d, s=selection, code=bet_type.code: Fraction(
                        game.payout(RTP_STAKE, code, s, {"player": [p], "dealer": [d]}), RTP_STAKE
                    ),
                )
                for _, selection in choices
            ),
            Fraction(0),
        ) / len(choices)
        assert game.rtp(bet_type.code) == counted
        assert Fraction(92, 100) <= counted <= Fraction(96, 100), bet_type.code
    # A war: 23 of the 311 cards left match the first card's rank.
    war = next(t for t in game.bet_types if t.code == "war")
    assert war.odds == "x12.95" and game.rtp("war") == Fraction(1295, 100) * Fraction(23, 311)


# --- Hi Lo -------------------------------------------------------------------------------------

HI_LO_DECK = [r + s for r in "23456789JQKA" for s in "HS"] + ["JOKER"]


def test_hi_lo_bets_as_the_text_says():
    assert pays("hi-lo", "higher-7", {"card": ["8S"]}) == 200
    assert pays("hi-lo", "higher-7", {"card": ["7S"]}) == 0  # the same card is not higher
    assert pays("hi-lo", "lower-7", {"card": ["6H"]}) == 240
    assert pays("hi-lo", "higher-7", {"card": ["JOKER"]}) == 0  # neither high nor low
    assert pays("hi-lo", "lower-A", {"card": ["KH"]}) == 109
    assert pays("hi-lo", "two-to-nine", {"card": ["9H"]}) == 150
    assert pays("hi-lo", "jack-to-ace", {"card": ["JS"]}) == 300
    assert pays("hi-lo", "king-or-ace", {"card": ["AS"]}) == 600
    assert pays("hi-lo", "card", {"card": ["QS"]}, {"rank": "Q"}) == 1_200
    assert pays("hi-lo", "joker", {"card": ["JOKER"]}) == 2_400
    assert pays("hi-lo", "colour", {"card": ["JOKER"]}, {"colour": "red"}) == 0
    assert pays("hi-lo", "colour", {"card": ["2H"]}, {"colour": "red"}) == 200
    codes = {t.code for t in registry.get("hi-lo").bet_types}
    assert "higher-A" not in codes and "lower-2" not in codes


# The reconstructed table: the card on the table, Higher's price, Lower's price.
HI_LO_TABLE = {
    "2": ("1.09", None),
    "3": ("1.2", "12"),
    "4": ("1.33", "6"),
    "5": ("1.5", "4"),
    "6": ("1.71", "3"),
    "7": ("2", "2.4"),
    "8": ("2.4", "2"),
    "9": ("3", "1.71"),
    "J": ("4", "1.5"),
    "Q": ("6", "1.33"),
    "K": ("12", "1.2"),
    "A": (None, "1.09"),
}


def test_hi_lo_returns_match_a_count_of_the_25_cards():
    game = registry.get("hi-lo")
    order = "23456789JQKA"
    for face, (high, low) in HI_LO_TABLE.items():
        for code, price, beats in (
            (f"higher-{face}", high, lambda c, f=face: order.index(c[0]) > order.index(f)),
            (f"lower-{face}", low, lambda c, f=face: order.index(c[0]) < order.index(f)),
        ):
            if price is None:
                continue
            hits = sum(1 for card in HI_LO_DECK if card != "JOKER" and beats(card))
            assert game.rtp(code) == Fraction(price) * hits / 25, code
            assert game.rtp(code) <= Fraction(96, 100)
    for code in ("two-to-nine", "jack-to-ace", "king-or-ace", "card", "joker", "colour"):
        assert game.rtp(code) == Fraction(96, 100), code


# --- Andar Bahar -------------------------------------------------------------------------------


def test_andar_bahar_bets_read_the_deal():
    # Bahar first: the fourth card after the Joker card, on Andar, is the second 7.
    outcome = {"joker": ["7H"], "first": "bahar", "andar": ["2C", "7S"], "bahar": ["3D", "9C"]}
    game = registry.get("andar-bahar")
    assert game.describe(outcome) == "Joker card 7♥, 7♠ to Andar after 4"
    assert pays("andar-bahar", "andar", outcome) == 190
    assert pays("andar-bahar", "bahar", outcome) == 0
    assert pays("andar-bahar", "dealt-1-5", outcome) == 350
    assert pays("andar-bahar", "dealt-6-10", outcome) == 0
    assert pays("andar-bahar", "winning-colour", outcome, {"colour": "black"}) == 190
    assert pays("andar-bahar", "joker-colour", outcome, {"colour": "red"}) == 190
    assert pays("andar-bahar", "joker-suit", outcome, {"suit": "H"}) == 380
    assert pays("andar-bahar", "joker-7", outcome) > 0
    assert pays("andar-bahar", "joker-under-8", outcome) > 0
    assert pays("andar-bahar", "joker-over-7", outcome) == 0


def test_andar_bahar_deals_stop_at_the_first_card_of_the_joker_cards_rank():
    game = registry.get("andar-bahar")
    for outcome in deals("andar-bahar", 300):
        joker = outcome["joker"][0]
        andar, bahar, first = outcome["andar"], outcome["bahar"], outcome["first"]
        sequence = [
            card
            for pair in itertools.zip_longest(
                *((andar, bahar) if first == "andar" else (bahar, andar))
            )
            for card in pair
            if card
        ]
        assert [c[0] for c in sequence].index(joker[0]) == len(sequence) - 1
        assert len(set([*sequence, joker])) == len(sequence) + 1  # one deck
        assert game.coup(outcome).dealt == len(sequence)


def test_andar_bahar_returns_match_a_count_of_where_the_three_cards_fall():
    game = registry.get("andar-bahar")
    # Where the three cards of the Joker card's rank lie among the 51 left: the first of
    # them is the card that wins, and each side deals first half the time.
    first: Counter = Counter(min(spots) + 1 for spots in itertools.combinations(range(51), 3))
    whole = sum(first.values())
    for low, high in ((1, 5), (6, 10), (11, 15), (16, 25), (26, 30), (31, 35), (36, 40), (41, 49)):
        chance = Fraction(sum(first[k] for k in range(low, high + 1)), whole)
        code = f"dealt-{low}-{high}"
        price = Fraction(game.payout(RTP_STAKE, code, {}, outcome_after(low)), RTP_STAKE)
        assert game.rtp(code) == price * chance
    assert game.rtp("andar") == game.rtp("bahar") == Fraction(95, 100)
    assert game.rtp("joker-under-7") == Fraction(245, 100) * Fraction(5, 13)
    assert game.rtp("joker-over-7") == Fraction(175, 100) * Fraction(7, 13)
    assert game.rtp("joker-8") == Fraction(1245, 100) * Fraction(1, 13)


def outcome_after(dealt: int) -> dict:
    """A deal whose Joker card's rank falls with the ``dealt``-th card."""
    fillers = [r + s for r in "23456789TJQK" for s in "CDHS"]
    cards = [*fillers[: dealt - 1], "AS"]
    andar, bahar = cards[0::2], cards[1::2]
    return {"joker": ["AH"], "first": "andar", "andar": andar, "bahar": bahar}


# --- 32 Cards ------------------------------------------------------------------------------

THIRTY_TWO_POINTS = {"6": 6, "7": 7, "8": 8, "9": 9, "A": 10, "J": 11, "Q": 12, "K": 13}


def test_32_cards_deals_follow_from_their_links_and_the_tie_rule():
    game = registry.get("32-cards")
    outcome = game.committed_outcome(bytes([3]) * 32, "longtable-test", 3)
    assert outcome == {"seat-8": ["AD"], "seat-9": ["9C"], "seat-10": ["7S"], "seat-11": ["KS"]}
    # The text's example: seat 8 with a 6 has 14.
    tie = {"seat-8": ["KH", "6C"], "seat-9": ["QH", "9C"], "seat-10": ["6S"], "seat-11": ["6D"]}
    assert game.describe(tie).endswith("seat 9 wins")  # 21 each, then 27 against 30
    assert pays("32-cards", "seat-9", tie) == 550 and pays("32-cards", "seat-8", tie) == 0
    for outcome in deals("32-cards", 500):
        totals = {
            seat: seat + sum(THIRTY_TWO_POINTS[c[0]] for c in outcome[f"seat-{seat}"])
            for seat in (8, 9, 10, 11)
        }
        assert sorted(totals.values())[-1] > sorted(totals.values())[-2]  # never a draw
        extra = [seat for seat in totals if len(outcome[f"seat-{seat}"]) > 1]
        first = {seat: seat + THIRTY_TWO_POINTS[outcome[f"seat-{seat}"][0][0]] for seat in totals}
        assert all(first[seat] == max(first.values()) for seat in extra)


def test_32_cards_prices_and_returns_match_a_card_by_card_count():
    game = registry.get("32-cards")
    assert [t.odds for t in game.bet_types] == ["11:1", "4.5:1", "2.2:1", "1:1"]
    prices = {8: Fraction(12), 9: Fraction(55, 10), 10: Fraction(32, 10), 11: Fraction(2)}
    deck = [r + s for r in THIRTY_TWO_POINTS for s in SUITS]
    points = [THIRTY_TWO_POINTS[card[0]] for card in deck]
    wins = Counter()  # in twelfths: the seats sharing the lead share the win
    for cards in itertools.permutations(points, 4):
        scores = (8 + cards[0], 9 + cards[1], 10 + cards[2], 11 + cards[3])
        best = max(scores)
        leaders = [8 + i for i, s in enumerate(scores) if s == best]
        for seat in leaders:
            wins[seat] += 12 // len(leaders)
    whole = 32 * 31 * 30 * 29 * 12
    for seat, price in prices.items():
        assert game.rtp(f"seat-{seat}") == price * wins[seat] / whole


# --- Joker Draw ----------------------------------------------------------------------------


def test_joker_draw_bets_and_returns():
    game = registry.get("joker-draw")
    deck = [*DECK, "JOKER-R", "JOKER-B"]
    assert pays("joker-draw", "colour", {"card": ["JOKER-R"]}, {"colour": "red"}) == 190
    assert pays("joker-draw", "suit", {"card": ["JOKER-R"]}, {"suit": "H"}) == 0
    assert pays("joker-draw", "picture", {"card": ["JOKER-B"]}) == 285
    assert pays("joker-draw", "number", {"card": ["TC"]}) == 140
    assert pays("joker-draw", "card", {"card": ["QS"]}, {"card": "QS"}) == 5_180
    assert pays("joker-draw", "rank", {"card": ["QS"]}, {"rank": "Q"}) == 1_295
    for bet_type in game.bet_types:
        choices = game.selections(bet_type.code)
        counted = sum(
            Fraction(game.payout(RTP_STAKE, bet_type.code, s, {"card": [c]}), RTP_STAKE)
            for _, s in choices
            for c in deck
        ) / (len(deck) * len(choices))
        assert game.rtp(bet_type.code) == counted
        assert Fraction(93, 100) <= counted <= Fraction(96, 100)


# --- Red Dog, Draw Hi-Lo, Top Card -----------------------------------------------------------


def red_dog(cards: list[str]) -> int:
    return pays("red-dog", "ante", {"cards": cards})


def test_red_dog_pays_by_the_spread_and_returns_pairs_and_consecutive_cards():
    assert red_dog(["7H", "9C", "8S"]) == 600  # spread 1: 5:1
    assert red_dog(["7H", "TC", "8S"]) == 500  # spread 2: 4:1
    assert red_dog(["7H", "JC", "TS"]) == 300  # spread 3: 2:1
    assert red_dog(["2H", "AC", "KS"]) == 200  # wider: 1:1; the Ace is the highest card
    assert red_dog(["2H", "AC", "AS"]) == 0  # on the edge is not between
    assert red_dog(["7H", "8C"]) == 100  # consecutive: returned
    assert red_dog(["7H", "7C", "7S"]) == 1_200  # the text's three of a kind: 11:1
    assert red_dog(["7H", "7C", "8S"]) == 100  # a pair: returned


def test_red_dog_deals_no_third_card_on_consecutive_cards():
    for outcome in deals("red-dog", 300):
        first, second = ("23456789TJQKA".index(c[0]) for c in outcome["cards"][:2])
        assert len(outcome["cards"]) == (2 if abs(first - second) == 1 else 3)


def test_red_dog_return_matches_a_count():
    game = registry.get("red-dog")
    low = "23456789TJQKA"
    counted = Fraction(0)
    # Rank by rank, 32 of each in eight decks: the first two, then the third.
    for a, b, c in itertools.product(range(13), repeat=3):
        ways = 32 * (31 if b == a else 32) * (32 - (c == a) - (c == b))
        cards = [low[a] + "S", low[b] + "S", low[c] + "S"]
        counted += Fraction(ways, 416 * 415 * 414) * Fraction(red_dog(cards), 100)
    assert game.rtp("ante") == counted
    assert rtp_percent(counted) == "92.12"


def test_red_dog_rides_on_a_spread_of_seven_or_more_and_stands_below():
    def ride(cards: list[str]) -> int:
        return registry.get("red-dog").payout(200, "ride", {}, {"cards": cards})

    assert ride(["2H", "TS", "5D"]) == 400  # spread 7: ridden, inside: ante and raise 1:1
    assert ride(["2H", "TS", "JD"]) == 0  # ridden, outside: both lost
    assert ride(["2H", "8S", "5D"]) == 300  # spread 5: stand, the raise back, ante 1:1
    assert ride(["2H", "8S", "9D"]) == 100  # stand, outside: only the raise back
    assert ride(["7H", "9C", "8S"]) == 700  # spread 1 at 5:1 on the ante, the raise back
    assert ride(["7H", "8C"]) == 200  # consecutive: everything returned
    assert ride(["7H", "7C", "7S"]) == 1_300  # three of a kind 11:1, nothing to ride
    with pytest.raises(ValueError, match="divide by 2"):
        registry.get("red-dog").validate_stake("ride", 101)


def test_red_dog_ride_return_matches_a_count():
    """The raise's own count: it rides where the spread is 7 or more, else comes back."""
    low = "23456789TJQKA"
    counted = Fraction(0)
    for a, b, c in itertools.product(range(13), repeat=3):
        ways = Fraction(32 * (31 if b == a else 32) * (32 - (c == a) - (c == b)), 416 * 415 * 414)
        ante = Fraction(red_dog([low[a] + "S", low[b] + "S", low[c] + "S"]), 100)
        spread = abs(a - b) - 1
        raised = (2 if min(a, b) < c < max(a, b) else 0) if a != b and spread >= 7 else 1
        counted += ways * (ante + raised) / 2
    assert registry.get("red-dog").rtp("ride") == counted
    assert rtp_percent(counted) == "98.62"


def test_draw_hi_lo_prices_by_the_first_card():
    # After a 7 (Ace low), 24 of the 51 cards left are higher: 51/24 x 0.96 = 2.04.
    assert pays("draw-hi-lo", "higher", {"first": ["7H"], "next": ["8S"]}) == 204
    assert pays("draw-hi-lo", "higher", {"first": ["7H"], "next": ["7S"]}) == 0
    assert pays("draw-hi-lo", "lower", {"first": ["7H"], "next": ["AS"]}) == 204
    # The King is the highest card: nothing can be higher, the bet comes back.
    assert pays("draw-hi-lo", "higher", {"first": ["KH"], "next": ["AS"]}) == 100
    assert pays("draw-hi-lo", "lower", {"first": ["AH"], "next": ["KS"]}) == 100
    assert pays("draw-hi-lo", "tie", {"first": ["QH"], "next": ["QS"]}) == 1_100


def test_draw_hi_lo_returns_match_a_count_of_the_deck():
    game = registry.get("draw-hi-lo")
    low = "A23456789TJQK"
    for code in ("higher", "lower", "tie"):
        counted = Fraction(0)
        for a in range(13):
            for b in range(13):
                ways = 4 * (3 if a == b else 4)
                outcome = {"first": [low[a] + "H"], "next": [low[b] + "S"]}
                counted += Fraction(
                    ways * game.payout(RTP_STAKE, code, {}, outcome), 52 * 51 * RTP_STAKE
                )
        assert game.rtp(code) == counted
    assert game.rtp("tie") == Fraction(11 * 3, 51)


def test_top_card_fold_and_war():
    win = {"player": ["KH"], "dealer": ["QS"]}
    lose = {"player": ["2H"], "dealer": ["AS"]}
    war_won = {"player": ["8H", "5C"], "dealer": ["8S", "5D"], "burned": ["2C", "3C", "4C"]}
    war_lost = {"player": ["8H", "4C"], "dealer": ["8S", "5D"], "burned": ["2C", "3C", "4C"]}
    assert [pays("top-card", "fold", o) for o in (win, lose, war_won, war_lost)] == [200, 0, 50, 50]
    # War: 100 is an ante of 50 and a raise of 50.
    assert [pays("top-card", "war", o) for o in (win, lose, war_won, war_lost)] == [150, 50, 150, 0]
    with pytest.raises(ValueError, match="equal halves"):
        registry.get("top-card").validate_stake("war", 101)


def test_top_card_returns_match_a_count():
    game = registry.get("top-card")
    fold = war = Fraction(0)
    for a, b in itertools.product(range(13), repeat=2):
        first = Fraction(24 * (23 if a == b else 24), 312 * 311)
        if a != b:
            fold += first * (2 if a > b else 0)
            war += first * (Fraction(3, 2) if a > b else Fraction(1, 2))
            continue
        fold += first / 2
        # The war cards come from the 310 left, 22 of the tied rank among them.
        for c, d in itertools.product(range(13), repeat=2):
            left_c = 22 if c == a else 24
            left_d = (22 if d == a else 24) - (c == d)
            war += first * Fraction(left_c * left_d, 310 * 309) * (Fraction(3, 2) if c >= d else 0)
    assert game.rtp("fold") == fold and game.rtp("war") == war
    assert [rtp_percent(game.rtp(c)) for c in ("fold", "war")] == ["96.30", "98.56"]
    for outcome in deals("top-card", 300):
        tied = outcome["player"][0][0] == outcome["dealer"][0][0]
        assert len(outcome["player"]) == (2 if tied else 1) == len(outcome["dealer"])
        assert len(outcome.get("burned", [])) == (3 if tied else 0)


# --- Dice Baccarat ---------------------------------------------------------------------------


def test_dice_baccarat_follows_its_links_and_settles_on_the_totals():
    game = registry.get("dice-baccarat")
    outcome = game.committed_outcome(bytes([2]) * 32, "longtable-test", 2)
    assert outcome == {"player": [3, 3], "banker": [5, 1]}
    assert game.describe(outcome) == "Player 3 3 (6), Banker 5 1 (6): tie"
    assert (
        pays("dice-baccarat", "player", outcome) == pays("dice-baccarat", "banker", outcome) == 50
    )
    assert pays("dice-baccarat", "tie", outcome) == 800
    won = {"player": [6, 6], "banker": [6, 5]}
    assert pays("dice-baccarat", "player", won) == 200 and pays("dice-baccarat", "banker", won) == 0


def test_dice_baccarat_returns_match_a_count_of_the_1296_throws():
    game = registry.get("dice-baccarat")
    counts = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    tie = Fraction(sum(n * n for n in counts.values()), 36 * 36)
    win = (1 - tie) / 2
    assert game.rtp("player") == game.rtp("banker") == 2 * win + tie / 2
    assert game.rtp("tie") == 8 * tie
    assert [rtp_percent(game.rtp(c)) for c in ("player", "tie")] == ["94.37", "90.12"]


# --- Side Bet Poker ----------------------------------------------------------------------------


def side_bets(cards: str) -> dict[str, int]:
    """What a stake of 100 on each bet returns on the seven cards ``cards``."""
    dealt = cards.split()
    outcome = {"three": dealt[:3], "five": dealt[3:5], "seven": dealt[5:]}
    game = registry.get("side-bet-poker")
    return {t.code: game.payout(100, t.code, {}, outcome) for t in game.bet_types}


@pytest.mark.parametrize(
    ("cards", "three", "five", "seven"),
    [
        # The text's examples first: Ace, King and Queen of hearts, a royal flush of three.
        ("AH KH QH JH TH 2C 3D", 10_100, 100_100, 50_100),
        ("KD QD JD TD 9D 2C 3S", 4_100, 25_100, 10_100),  # straight flushes
        ("KD KH KC KS 4C 2D 7H", 3_600, 10_100, 5_100),  # three, then four of a kind
        ("9H 8C 7H 6D 5S 2C 2D", 600, 2_600, 500),  # straights of three and of five
        ("KC 9C JC 5C 2C 7D 8H", 500, 4_100, 600),  # flushes
        ("KC KD 6H 6S 6D 2C 3H", 200, 5_100, 800),  # a pair; full houses
        ("AC AD KH KS JD 3C 4H", 200, 500, 0),  # two pairs on five cards pays; on seven nothing
        ("2C 5D 9H JS JD 3C 8H", 0, 200, 0),  # a pair of Jacks pays on the 5-card hand alone
        ("2C 5D 9H TS TD 3C 8H", 0, 0, 0),  # a pair of 10s does not
        ("2C 5D 9H TS 3D 3C 3H", 0, 0, 400),  # three 3s among the seven
    ],
)
def test_side_bet_poker_hands_as_the_text_pays_them(cards, three, five, seven):
    paid = side_bets(cards)
    assert (paid["three"], paid["five"], paid["seven"]) == (three, five, seven)
    assert paid["all-lose"] == (170 if three == five == seven == 0 else 0)


def test_side_bet_poker_all_lose_pays_0_7_to_1_when_no_hand_wins():
    # The text's example: 1,000 on All lose returns 1,700.
    assert side_bets("2C 5D 9H TS 3D 4C KH")["all-lose"] == 170
    game = registry.get("side-bet-poker")
    outcome = game.committed_outcome(bytes([1]) * 32, "longtable-test", 1)
    assert outcome == {"three": ["8S", "6C", "QC"], "five": ["KD", "KC"], "seven": ["QS", "4C"]}
    assert game.describe(outcome) == (
        "8♠ 6♣ Q♣ K♦ K♣ Q♠ 4♣: 3 cards nothing, 5 cards pair of jacks or better, 7 cards two pairs"
    )
    assert side_bets("8S 6C QC KD KC QS 4C") == {"three": 0, "five": 200, "seven": 0, "all-lose": 0}


def three_card_count() -> Fraction:
    """The 3-card hand's return over the 22,100 sets of three cards."""
    order = "23456789TJQKA"
    runs = [{12, 0, 1}] + [set(range(i, i + 3)) for i in range(11)]
    paid = 0
    for cards in itertools.combinations(DECK, 3):
        ranks = {order.index(c[0]) for c in cards}
        flush = len({c[1] for c in cards}) == 1
        straight = ranks in runs
        if straight and flush:
            paid += 101 if ranks == {10, 11, 12} else 41
        elif len(ranks) == 1:
            paid += 36
        elif straight:
            paid += 6
        elif flush:
            paid += 5
        elif len(ranks) == 2:
            paid += 2
    return Fraction(paid, 22_100)


# The published counts of five-card and seven-card poker hands (the best five of seven).
FIVE_CARD_HANDS = {
    "royal": (4, 1001),
    "straight flush": (36, 251),
    "four": (624, 101),
    "full house": (3_744, 51),
    "flush": (5_108, 41),
    "straight": (10_200, 26),
    "three": (54_912, 8),
    "two pairs": (123_552, 5),
    "jacks or better": (337_920, 2),
}
SEVEN_CARD_HANDS = {
    "royal": (4_324, 501),
    "straight flush": (37_260, 101),
    "four": (224_848, 51),
    "full house": (3_473_184, 8),
    "flush": (4_047_644, 6),
    "straight": (6_180_020, 5),
    "three": (6_461_620, 4),
}


def test_side_bet_poker_hand_returns_match_independent_counts():
    game = registry.get("side-bet-poker")
    assert game.rtp("three") == three_card_count()
    five = sum(n * pays for n, pays in FIVE_CARD_HANDS.values())
    assert game.rtp("five") == Fraction(five, 2_598_960)
    seven = sum(n * pays for n, pays in SEVEN_CARD_HANDS.values())
    assert game.rtp("seven") == Fraction(seven, 133_784_560)
    shown = [rtp_percent(game.rtp(t.code)) for t in game.bet_types]
    assert shown == ["96.69", "95.21", "94.34", "96.29"]


def small_deck_all_lose(ranks: int, high: set[int]) -> int:
    """Every deal of seven cards from a deck of ``ranks`` ranks in two suits on which no hand
    wins, dealt out: the first three, the next two and the last two as sets, times their
    orders (3! 2! 2!), as the bets read each group alike whatever its order."""
    deck = [(r, s) for r in range(ranks) for s in range(2)]
    top = ranks - 1
    runs3 = [{top, 0, 1}] + [set(range(i, i + 3)) for i in range(ranks - 2)]
    runs5 = [{top, 0, 1, 2, 3}] + [set(range(i, i + 5)) for i in range(ranks - 4)]

    def no_straight(cards, runs):
        return not any(run <= {r for r, _ in cards} for run in runs)

    count = 0
    for first in itertools.combinations(deck, 3):
        if len({r for r, _ in first}) < 3 or len({s for _, s in first}) == 1:
            continue
        if not no_straight(first, runs3):
            continue
        rest = [c for c in deck if c not in first]
        for second in itertools.combinations(rest, 2):
            five = first + second
            counts = Counter(r for r, _ in five)
            pairs = [r for r, n in counts.items() if n == 2]
            if max(counts.values()) > 2 or len(pairs) > 1 or set(pairs) & high:
                continue
            last = [c for c in rest if c not in second]
            for third in itertools.combinations(last, 2):
                seven = five + third
                if max(Counter(r for r, _ in seven).values()) > 2:
                    continue
                if max(Counter(s for _, s in seven).values()) >= 5:
                    continue
                if no_straight(seven, runs5):
                    count += 24
    return count


def test_the_all_lose_count_matches_a_small_deck_dealt_out():
    from casino.cards.side_bet_city import all_lose_deals

    assert all_lose_deals(7, 2, frozenset({5, 6})) == small_deck_all_lose(7, {5, 6})
    # The full deck, counted once and pinned: 381,912,841,728 of the 52·51·…·46 deals.
    assert all_lose_deals() == 381_912_841_728
    assert registry.get("side-bet-poker").rtp("all-lose") == Fraction(17, 10) * Fraction(
        381_912_841_728, 52 * 51 * 50 * 49 * 48 * 47 * 46
    )
