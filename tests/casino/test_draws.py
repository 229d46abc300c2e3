"""The games of the round contract on the database (casino/draws.py): a slip of bets placed
whole or not at all, once however often it is sent; the draw cycle; one settlement per
round paying what the game's rules say, capped at the game's maximum win; voiding."""

from __future__ import annotations

import itertools
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from casino import conf, draws, registry, services, voiding
from casino.models import Bet, Round
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

GAME = "roulette-european"


def slip() -> str:
    return str(uuid.uuid4())


def bets(*items) -> list[draws.BetRequest]:
    return [draws.BetRequest(bet_type, selection, stake) for bet_type, selection, stake in items]


def open_round() -> Round:
    return draw_rounds.open_round(GAME)


def draw_now(game_round: Round, pocket: str | None = None) -> None:
    draw_rounds.draw_now(game_round, None if pocket is None else {"pockets": [pocket]})


def test_rounds_are_scheduled_on_the_cadence_with_outcomes_from_their_links(casino_settings):
    draws.advance(GAME)
    game = registry.get(GAME)
    rounds = list(Round.objects.filter(game=GAME).order_by("number"))
    assert len(rounds) == conf.CASINO_ROUNDS_AHEAD
    every = timedelta(seconds=game.cadence.every_seconds)
    for earlier, later in itertools.pairwise(rounds):
        assert later.starts_at - earlier.starts_at == every
    for game_round in rounds:
        assert game_round.starts_at - game_round.closes_at == timedelta(
            seconds=game.cadence.closes_before_seconds
        )
        assert game_round.outcome == game.committed_outcome(
            bytes(game_round.link), game_round.chain.salt, game_round.number
        )
    assert rounds[0].state == Round.State.BETTING


def test_a_slip_is_placed_whole_and_a_resent_slip_bets_nothing_more(funded):
    player = funded(100_000)
    game_round = open_round()
    ticket = slip()
    placed = draws.place_bets(
        player,
        game=GAME,
        slip=ticket,
        bets=bets(("straight", {"pockets": ["17"]}, 1_000), ("red", {}, 2_000)),
    )
    assert [(b.bet_type, b.label, b.stake) for b in placed] == [
        ("straight", "Straight up 17", 1_000),
        ("red", "Red", 2_000),
    ]
    assert cash_balance(player) == 97_000
    again = draws.place_bets(player, game=GAME, slip=ticket, bets=bets(("red", {}, 5_000)))
    assert [b.pk for b in again] == [b.pk for b in placed]
    assert cash_balance(player) == 97_000
    assert Transaction.objects.filter(reference=game_round.reference, kind="bet").count() == 2
    assert ledger_problems() == []


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (("straight", {"pockets": ["37"]}, 1_000), "no such number"),
        (("split", {"pockets": ["1", "5"]}, 1_000), "A Split bet takes"),
        (("no-such-bet", {}, 1_000), "has no such bet"),
        (("red", {}, 5), "The minimum bet is 0.10"),
        (("red", {}, 100_001), "The maximum bet is 1,000.00"),
        (("red", {}, -100), "The minimum bet"),
        (("voisins", {}, 1_000), "must divide by 9"),
    ],
)
def test_a_slip_with_one_bad_bet_is_refused_whole_and_holds_nothing(funded, item, message):
    player = funded(100_000)
    open_round()
    with pytest.raises(services.RoundError, match=message):
        draws.place_bets(player, game=GAME, slip=slip(), bets=bets(("red", {}, 1_000), item))
    assert cash_balance(player) == 100_000
    assert not Bet.objects.exists()


def test_bets_after_the_close_and_slips_without_an_id_are_refused(funded):
    player = funded(100_000)
    game_round = open_round()
    with pytest.raises(services.RoundError, match="expired"):
        draws.place_bets(player, game=GAME, slip="not-a-uuid", bets=bets(("red", {}, 1_000)))
    Round.objects.filter(game=GAME).update(closes_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(services.RoundError, match="closed"):
        draws.place_bets(player, game=GAME, slip=slip(), bets=bets(("red", {}, 1_000)))
    assert cash_balance(player) == 100_000 and not game_round.bets.exists()


def test_the_draw_settles_every_bet_once_by_the_games_rules(
    funded, django_capture_on_commit_callbacks
):
    alice, bob = funded(100_000), funded(100_000)
    game_round = open_round()
    draws.place_bets(
        alice,
        game=GAME,
        slip=slip(),
        bets=bets(("straight", {"pockets": ["17"]}, 1_000), ("black", {}, 1_000)),
    )
    draws.place_bets(bob, game=GAME, slip=slip(), bets=bets(("dozen", {"which": 1}, 3_000)))
    draw_now(game_round, "17")  # 17 is black, in the second dozen
    with django_capture_on_commit_callbacks(execute=False):
        assert game_round.number in draws.advance(GAME)
    assert cash_balance(alice) == 100_000 - 2_000 + 36_000 + 2_000
    assert cash_balance(bob) == 100_000 - 3_000
    assert sorted(Bet.objects.values_list("status", "payout")) == [
        ("lost", 0),
        ("won", 2_000),
        ("won", 36_000),
    ]
    assert not draws.settle(game_round.pk)  # a retry pays nothing more
    assert Transaction.objects.filter(reference=game_round.reference, kind="win").count() == 1
    assert ledger_problems() == []


def test_a_win_is_capped_at_the_games_maximum(funded, settings):
    settings.CASINO_LIMITS = {GAME: {"max_win": 20_000}}
    player = funded(100_000)
    game_round = open_round()
    draws.place_bets(
        player, game=GAME, slip=slip(), bets=bets(("straight", {"pockets": ["0"]}, 1_000))
    )
    draw_now(game_round, "0")
    draws.advance(GAME)
    assert Bet.objects.get().payout == 20_000
    assert cash_balance(player) == 100_000 - 1_000 + 20_000


def test_voiding_a_round_refunds_its_contract_bets(funded, make_user):
    player = funded(100_000)
    game_round = open_round()
    draws.place_bets(
        player, game=GAME, slip=slip(), bets=bets(("red", {}, 1_000), ("odd", {}, 500))
    )
    voiding.void_round(game_round.pk, staff=make_user(is_staff=True), reason="wheel fault")
    assert cash_balance(player) == 100_000
    assert set(Bet.objects.values_list("status", flat=True)) == {"void"}
    draw_now(game_round)
    draws.advance(GAME)  # a void round is never drawn or paid
    assert Round.objects.get(pk=game_round.pk).state == Round.State.VOID
    assert ledger_problems() == []


def test_the_snapshot_shows_the_round_the_limits_and_the_players_bets(funded):
    player = funded(100_000)
    game_round = open_round()
    draws.place_bets(player, game=GAME, slip=slip(), bets=bets(("red", {}, 1_000)))
    state = draws.snapshot(GAME, player)
    assert state["round"]["number"] == game_round.number
    assert state["game"]["slug"] == GAME and state["game"]["wheel"][0] == "0"
    assert state["limits"]["min"] == 10 and state["limits"]["max"] == 100_000
    assert [b["label"] for b in state["mine"]] == ["Red"]
    assert state["balance"] == 99_000


def test_each_game_draws_at_its_own_phase_of_its_interval(casino_settings):
    """Every server computes the same phase from the name; the games spread their draws
    over the interval rather than all falling due in one beat."""
    draws.advance(GAME)
    game = registry.get(GAME)
    interval = game.cadence.every_seconds
    phase = services.draw_phase(GAME, interval)
    for starts_at in Round.objects.filter(game=GAME).values_list("starts_at", flat=True):
        assert (int(starts_at.timestamp()) - phase) % interval == 0
    phases = {services.draw_phase(g.slug, 60) for g in registry.all() if g.cadence is not None}
    assert len(phases) > 30  # ~58 games on a minute's 60 seconds: spread, not stacked


def test_the_cycle_advances_only_the_games_with_something_to_do(casino_settings, monkeypatch):
    # The clock stands still: on the real one, a round scheduled to start at the next beat
    # of its game's interval fell due while the test ran, now and then (seen in CI).
    frozen = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: frozen)
    slugs = ["roulette-european", "wheel"]
    assert draws.wanting_advance(slugs) == slugs  # nothing scheduled yet
    for slug in slugs:
        draws.advance(slug)
    assert draws.wanting_advance(slugs) == []  # rounds ahead, the next one open
    game_round = draws.taking_bets(registry.get("wheel"))
    draw_rounds.draw_now(game_round)
    assert draws.wanting_advance(slugs) == ["wheel"]  # a draw due
    draws.advance("wheel")
    assert draws.wanting_advance(slugs) == ["wheel"]  # one round short of the dozen ahead
    draws.advance("wheel")
    assert draws.wanting_advance(slugs) == []
