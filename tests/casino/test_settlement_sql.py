"""Settlement priced by the database (casino/settlement.py) pays every bet exactly what
the game's contract says: `payout` capped at the game's maximum win, `result`, and the
status that follows, over many random bets of Crash (SQL), Keno (SQL) and every game
priced once per different bet (the roulettes and the rest); and each winner's total."""

from __future__ import annotations

import random
import uuid
from collections import defaultdict

import pytest

from casino import conf, registry, services, settlement
from casino.crash import curve
from casino.crash.game import CRASH
from casino.keno.game import KENO
from casino.models import Bet, KenoPaytable, Round

pytestmark = pytest.mark.django_db


def scheduled_round(slug: str, outcome: dict) -> Round:
    services.schedule_rounds(slug)
    game_round = Round.objects.filter(game=slug, state=Round.State.SCHEDULED).order_by("number")[0]
    game_round.outcome, game_round.state = outcome, Round.State.RUNNING
    game_round.save(update_fields=["outcome", "state"])
    return game_round


def place(game_round: Round, players: list, bets: list[tuple[str, dict, int]]) -> None:
    Bet.objects.bulk_create(
        Bet(
            round=game_round,
            user=players[i % len(players)],
            bet_type=bet_type,
            selection=selection,
            stake=stake,
            slip=uuid.uuid4(),
            key=f"test:{game_round.pk}:{i}",
        )
        for i, (bet_type, selection, stake) in enumerate(bets)
    )


def assert_paid_as_the_contract_says(game, game_round: Round) -> int:
    """Settle the round in SQL; every bet and every winner's total as in Python. Returns
    how many bets won."""
    max_win = conf.limits(game.slug).max_win
    settled = settlement.settle_bets(game_round, game)
    owed: dict[int, int] = defaultdict(int)
    bets = list(Bet.objects.filter(round=game_round))
    assert bets
    for bet in bets:
        expected = min(
            game.payout(bet.stake, bet.bet_type, bet.selection, game_round.outcome), max_win
        )
        result = game.result(bet.bet_type, bet.selection, game_round.outcome)
        assert (bet.payout, bet.result, bet.status) == (
            expected,
            result,
            "won" if expected else "lost",
        ), (bet.bet_type, bet.selection, bet.stake, game_round.outcome)
        if expected:
            owed[bet.user_id] += expected
    assert dict(settled.wins) == owed
    assert settled.auto_bets == []
    return sum(1 for bet in bets if bet.payout)


@pytest.fixture
def players(db):
    """Five players; settlement itself moves no money, so they need no account yet."""
    from accounts.models import User

    return User.objects.bulk_create(
        User(email=f"settled{i}@example.com", password="!") for i in range(5)
    )


def crash_selection(rng: random.Random, crash_point: int) -> dict:
    """An auto cash-out, a manual one, both or neither, often right at the crash point
    or at the instant the curve reaches it, where the rules' order decides."""
    targets = [curve.MIN_AUTO_CASH_OUT, crash_point - 1, crash_point, crash_point + 1]
    targets += [rng.randint(curve.MIN_AUTO_CASH_OUT, 2 * crash_point + 10) for _ in range(4)]
    crash_at = curve.crash_instant(crash_point)
    instants = [0, max(0, crash_at - 1), crash_at, crash_at + 1]
    instants += [rng.randint(0, crash_at + 200) for _ in range(4)]
    selection: dict = {}
    if rng.random() < 0.7:
        selection["auto_cash_out"] = max(curve.MIN_AUTO_CASH_OUT, rng.choice(targets))
    if rng.random() < 0.5:
        auto = selection.get("auto_cash_out")
        if auto is not None and rng.random() < 0.3:  # right where the auto cash-out fires
            instants.append(curve.crash_instant(auto) + rng.choice([-1, 0, 1]))
        selection["cashed_out_ms"] = max(0, rng.choice(instants))
    return selection


@pytest.mark.parametrize("crash_point", [100, 101, 150, 200, 1_234, 98_765])
@pytest.mark.parametrize("max_win", [10**12, 5_000])
def test_crash_bets_are_paid_in_sql_as_the_contract_pays_them(
    casino_settings, players, crash_point, max_win
):
    casino_settings.CASINO_LIMITS = {"crash": {"max_win": max_win}}
    rng = random.Random(crash_point * 7 + max_win)
    game_round = scheduled_round("crash", {"crash_point": crash_point, "edge_percent": 1})
    bets = [
        (
            "bet",
            crash_selection(rng, crash_point),
            rng.choice([1, 99, 100, 101, rng.randint(1, 10**6)]),
        )
        for _ in range(400)
    ]
    place(game_round, players, bets)
    won = assert_paid_as_the_contract_says(CRASH, game_round)
    assert won or crash_point == 100  # 1.00x: the round crashes as it starts


@pytest.mark.parametrize("draw", range(4))
def test_keno_tickets_are_priced_in_sql_as_the_contract_prices_them(casino_settings, players, draw):
    casino_settings.CASINO_LIMITS = {"keno": {"max_win": 5_000_000 if draw else 20_000}}
    rng = random.Random(draw)
    balls = rng.sample(range(1, 81), 20)
    game_round = scheduled_round("keno", {"balls": balls})
    tables = list(KenoPaytable.objects.all())
    bets = []
    for i in range(600):
        table = tables[i % len(tables)]
        picks = rng.randint(1, table.max_picks)
        hits = rng.randint(0, picks) if i % 2 else None  # half of them hit a chosen number
        numbers = (
            rng.sample(range(1, 81), picks)
            if hits is None
            else rng.sample(balls, hits)
            + rng.sample(sorted(set(range(1, 81)) - set(balls)), picks - hits)
        )
        bet_type, selection = services.keno_selection(table, numbers)
        bets.append((bet_type, selection, rng.choice([50, 100, 333, rng.randint(50, 300_000)])))
    place(game_round, players, bets)
    assert assert_paid_as_the_contract_says(KENO, game_round)


LISTED = [
    game.slug
    for game in registry.all()
    if game.slug not in (CRASH.slug, KENO.slug)
    and any(game.selections(bet_type.code) for bet_type in game.bet_types)
]


@pytest.mark.parametrize("slug", LISTED)
def test_every_other_game_is_paid_once_per_different_bet_as_its_contract_says(
    casino_settings, players, slug
):
    game = registry.get(slug)
    rng = random.Random(slug)
    outcome = game.committed_outcome(rng.randbytes(32), "test", 1)
    if outcome.get("boosts") and "pockets" in outcome:  # a boosted straight-up is hit
        outcome["pockets"][0] = next(iter(outcome["boosts"]))
    game_round = scheduled_round(slug, outcome)
    choices = [
        (bet_type.code, selection)
        for bet_type in game.bet_types
        for _, selection in game.selections(bet_type.code)
    ]
    bets = [
        (*rng.choice(choices), rng.choice([180, 360, 1_000, rng.randint(1, 10**6)]))
        for _ in range(300)
    ]
    place(game_round, players, bets)
    assert_paid_as_the_contract_says(game, game_round)


def test_a_bet_the_pricing_misses_fails_the_settlement_rather_than_pay_it(
    casino_settings, players, monkeypatch
):
    from django.db import IntegrityError, transaction

    game = registry.get("roulette-european")
    game_round = scheduled_round(game.slug, {"pockets": ["17"]})
    place(game_round, players, [("straight", {"pockets": ["17"]}, 100), ("red", {}, 100)])
    monkeypatch.setattr(settlement, "_DIFFERENT_BETS", settlement._DIFFERENT_BETS + " LIMIT 1")
    with pytest.raises(IntegrityError), transaction.atomic():
        settlement.settle_bets(game_round, game)
    assert set(Bet.objects.filter(round=game_round).values_list("status", flat=True)) == {"open"}
