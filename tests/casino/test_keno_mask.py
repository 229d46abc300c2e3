"""A Keno ticket's numbers kept as a bit mask (Bet.keno_mask, migration 0010), from which
settlement counts its hits: the mask of known numbers, the hits of known tickets on a
known draw, no mask on any other game's bet, and the migration's mask of tickets bought
before it."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from casino import registry, services, settlement
from casino.keno.game import KENO
from casino.models import KENO_BET_TYPE_PREFIX, Bet, KenoPaytable, Round


def mask_of(*numbers: int) -> str:
    return "".join("1" if n in numbers else "0" for n in range(1, 81))


def bet_of(game_round: Round, user, bet_type: str, selection: dict) -> Bet:
    """A bet of 100 written straight to the round, as the purchase writes it."""
    return Bet.objects.create(
        round=game_round,
        user=user,
        bet_type=bet_type,
        selection=selection,
        stake=100,
        slip=uuid.uuid4(),
        key=f"test:{bet_type}:{uuid.uuid4()}",
    )


def test_a_bought_ticket_keeps_its_numbers_as_bits_one_to_eighty(funded, keno_rounds):
    keno_rounds()
    [ticket] = services.buy_keno_tickets(
        funded(),
        game="keno-10",
        numbers=[80, 1, 41, 2, 40, 79],
        amount=100,
        purchase=str(uuid.uuid4()),
    )
    mask = Bet.objects.get(pk=ticket.pk).keno_mask
    assert mask == "11" + "0" * 37 + "11" + "0" * 37 + "11"
    assert mask == mask_of(1, 2, 40, 41, 79, 80)


BALLS = [*range(1, 11), *range(71, 81)]  # the draw: 1 to 10 and 71 to 80


@pytest.mark.parametrize(
    ("table", "numbers", "hits"),
    [
        ("keno-8", [1], 1),
        ("keno-8", [80], 1),
        ("keno-8", [11, 70], 0),
        ("keno-8", [10, 11, 70, 71], 2),
        ("keno-10", [1, 10, 11, 40, 41, 70, 71, 80], 4),
        ("keno-10", [1, 2, 3, 4, 5, 76, 77, 78, 79, 80], 10),
        ("keno-gold", [20, 30, 40, 50, 60], 0),
    ],
)
def test_a_ticket_hits_the_drawn_balls_among_its_numbers(
    casino_settings, make_user, table, numbers, hits
):
    services.schedule_rounds(KENO.slug)
    game_round = Round.objects.filter(game=KENO.slug).order_by("number")[0]
    game_round.outcome, game_round.state = {"balls": BALLS}, Round.State.RUNNING
    game_round.save(update_fields=["outcome", "state"])
    paytable = KenoPaytable.objects.filter(game=table).order_by("-version")[0]
    bet_type, selection = services.keno_selection(paytable, numbers)
    bet_of(game_round, make_user(), bet_type, selection)
    settlement.settle_bets(game_round, services.keno_as_priced())
    bet = Bet.objects.get(round=game_round)
    pays = paytable.paytable[len(numbers)].get(hits, 0)
    assert (bet.result, bet.payout) == ({"hits": hits}, pays)


def test_keno_bet_types_alone_begin_as_the_mask_column_expects():
    assert all(bt.code.startswith(KENO_BET_TYPE_PREFIX) for bt in KENO.bet_types)
    others = [
        bt.code
        for game in registry.all()
        if game.slug != KENO.slug
        for bt in game.bet_types
        if bt.code.startswith(KENO_BET_TYPE_PREFIX)
    ]
    assert others == []


def test_another_games_numbers_get_no_mask(casino_settings, make_user):
    game = registry.get("six-of-48")
    services.schedule_rounds(game.slug)
    game_round = Round.objects.filter(game=game.slug).order_by("number")[0]
    bet_type, selection = (
        "six-by-20",
        game.validate_bet("six-by-20", {"numbers": [1, 2, 3, 4, 5, 6]}),
    )
    assert selection["numbers"] == [1, 2, 3, 4, 5, 6]
    bet = bet_of(game_round, make_user(), bet_type, selection)
    assert Bet.objects.get(pk=bet.pk).keno_mask is None


BEFORE = [("casino", "0009_bet_settled_in_place")]
AFTER = [("casino", "0010_keno_ticket_mask")]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture
def latest_schema_after():
    """The test leaves the schema at the latest migrations, as the next test expects."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_migration_masks_the_tickets_bought_before_it(make_user, latest_schema_after):
    apps = migrate(BEFORE)
    SeedChain, Round_, Bet_ = (
        apps.get_model("casino", name) for name in ("SeedChain", "Round", "Bet")
    )
    user = make_user()
    bets = {}
    for game, bet_type, selection in (
        ("keno", "keno-8:3", {"numbers": [3, 40, 80], "pays": {"2": 200}}),
        ("keno", "keno-10:1", {"numbers": [1], "pays": {"1": 350}}),
        ("roulette-european", "straight", {"pockets": ["17"]}),
    ):
        chain, _ = SeedChain.objects.get_or_create(
            game=game,
            defaults={"secret": b"s" * 32, "length": 10, "terminal": b"t" * 32, "salt": "x"},
        )
        game_round, _ = Round_.objects.get_or_create(
            game=game,
            number=1,
            defaults={"chain": chain, "link_index": 1, "link": b"l" * 32, "outcome": {}},
        )
        bets[bet_type] = Bet_.objects.create(
            round=game_round,
            user_id=user.pk,
            bet_type=bet_type,
            selection=selection,
            stake=100,
            slip=uuid.uuid4(),
            key=f"test:{bet_type}",
        ).pk

    migrate(AFTER)
    masks = dict(Bet.objects.values_list("pk", "keno_mask"))
    assert masks == {
        bets["keno-8:3"]: mask_of(3, 40, 80),
        bets["keno-10:1"]: mask_of(1),
        bets["straight"]: None,
    }
