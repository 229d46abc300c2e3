"""Every open bet of a round priced, written and summed up per winner in one statement.

The contract's `payout(stake, bet_type, selection, outcome)` is the definition of what a
bet pays. Settling a round of 100,000 Keno tickets one `payout` call at a time cost
seconds of Python (each selection decoded, each paytable rebuilt) before PostgreSQL
wrote a row, so the games whose payout is a lookup are priced by the database itself:

- Keno: a ticket's hits are its numbers among the drawn balls, counted in SQL as the
  bits its numbers' mask shares with the draw's (`Bet.keno_mask`), and it pays its
  stake times the multiplier its own selection keeps for that count (`pays`).
- Crash: a bet is paid at its manual cash-out's multiplier if the player cashed out
  before the crash and before the auto cash-out fired, else at its auto cash-out if that
  does not exceed the crash point, else nothing (casino/crash/curve.py, `cash_out`). The
  curve is evaluated in Python, exactly, once for each different manual cash-out instant
  of the round; the database compares multipliers only.
- Every other game: its `payout` and `result` are asked once for each different (bet
  type, selection, stake) of the round, and the database matches every bet to its
  answer (a roulette round of 10,000 bets has a few hundred different ones).

Then one `UPDATE` writes every bet's payout (capped at the game's maximum win), result
and status, and returns what each winner is owed in all and how each Auto-mode bet
ended, for the caller's one wallet batch. tests/casino/test_settlement_sql.py checks the
database's prices against `payout` and `result` over many random bets of each way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import connection

from casino import conf
from casino.crash import curve
from casino.crash.game import CrashGame
from casino.keno.fairness import DRAWN
from casino.keno.game import KenoGame
from casino.models import Round
from casino.rounds import RoundGame


@dataclass(frozen=True)
class AutoBetResult:
    """How a bet placed by a Crash Auto run ended, for the run's next bet."""

    run_id: int
    stake: int
    won: bool


@dataclass(frozen=True)
class Settlement:
    wins: Mapping[int, int]  # user id -> everything the round pays the player
    auto_bets: list[AutoBetResult]


# Prices and writes every open bet of the round (`priced`: a query of one row, the bet's
# payout and result, from the columns of the bet `b`), then returns each winner's total
# and each Auto-mode bet. The pricing is a per-row expression, not a join, so that no
# plan can make it quadratic: a fresh round's bets have no statistics yet, and a join of
# 10,000 roulette bets with their prices ran as a nested loop (1.4 s, against 0.13 s).
# A bet the pricing cannot price gets a NULL payout, which the column refuses: the
# settlement fails rather than pay it wrong. `OFFSET 0` keeps the pricing a subquery of
# its own, computed once a bet: pulled up, its payout expression was copied into each of
# the four places that name it (the cap twice, the status), and each copy evaluated.
_SETTLE_SQL = """
WITH settled AS (
    UPDATE casino_bet AS b
    SET (payout, result, status) = (
        SELECT c.payout, c.result, CASE WHEN c.payout > 0 THEN 'won' ELSE 'lost' END
        FROM (
            SELECT CASE WHEN p.payout > %(max_win)s THEN %(max_win)s ELSE p.payout END
                AS payout, p.result
            FROM ({priced} OFFSET 0) AS p
        ) AS c
    )
    WHERE b.round_id = %(round_id)s AND b.status = 'open'
    RETURNING b.user_id, b.payout, b.stake, b.auto_run_id
)
SELECT user_id, sum(payout)::bigint, NULL::bigint, NULL::bigint
FROM settled WHERE payout > 0 GROUP BY user_id
UNION ALL
SELECT NULL, payout, stake, auto_run_id FROM settled WHERE auto_run_id IS NOT NULL
"""

_OPEN_BETS = "b.round_id = %(round_id)s AND b.status = 'open'"

# A ticket's hits: its numbers' mask (Bet.keno_mask) AND the drawn balls' mask, made by
# the same function (migration 0010), folded to a constant once per statement. A ticket
# without a mask gets no payout, which the column refuses: settlement fails, pays nothing
# wrong. Expanding each ticket's JSON numbers instead took 0.4-0.6 s for 100,000 tickets.
# Its result is picked from `hit_results` (one per hit count), where building 100,000
# JSON objects took 50-80 ms.
_KENO_PRICED = """
SELECT CASE WHEN h.hits IS NOT NULL
        THEN b.stake * coalesce((b.selection -> 'pays' ->> h.hits::text)::bigint, 0) / 100
    END AS payout, %(hit_results)s::jsonb -> h.hits AS result
FROM (
    SELECT bit_count(b.keno_mask & casino_keno_mask(%(balls)s::jsonb))::int AS hits
) AS h
"""

# `manual`: {instant: the curve's multiplier there} for each manual cash-out instant of the
# round. The curve never decreases, and `crash_instant(x)` is the first instant it reaches
# x, so "cashed out before the curve reaches x" is "at a multiplier below x".
_CRASH_PRICED = """
SELECT coalesce(b.stake * p.paid / 100, 0) AS payout,
    CASE WHEN p.paid IS NULL THEN '{}'::jsonb
        ELSE jsonb_build_object('multiplier', p.paid) END AS result
FROM (
    SELECT CASE
        WHEN s.manual < %(crash_point)s
            AND (s.target IS NULL OR s.target > %(crash_point)s OR s.manual < s.target)
            THEN s.manual
        WHEN s.target <= %(crash_point)s THEN s.target
    END AS paid
    FROM (
        SELECT (b.selection ->> 'auto_cash_out')::bigint AS target,
            (%(manual)s::jsonb ->> (b.selection ->> 'cashed_out_ms'))::bigint AS manual
    ) AS s
) AS p
"""

# Each different bet of the round as text (jsonb's own canonical form), priced in Python;
# `prices`: {"bet type stake selection": [payout, result]}.
_DIFFERENT_BETS = f"""
SELECT DISTINCT b.bet_type, b.stake, b.selection::text FROM casino_bet AS b WHERE {_OPEN_BETS}
"""
_LISTED_KEY = "b.bet_type || ' ' || b.stake || ' ' || b.selection::text"
_LISTED_PRICED = f"""
SELECT (e.price ->> 0)::bigint AS payout, e.price -> 1 AS result
FROM (SELECT %(prices)s::jsonb -> ({_LISTED_KEY}) AS price) AS e
"""


def settle_bets(game_round: Round, game: RoundGame) -> Settlement:
    """Every open bet of the round paid by ``game`` on the round's outcome, capped at the
    game's maximum win and written, inside the caller's transaction, which holds the
    round's row lock (so no bet joins the round meanwhile)."""
    params: dict[str, object] = {
        "round_id": game_round.pk,
        "max_win": conf.limits(game.slug).max_win,
    }
    with connection.cursor() as cursor:
        if isinstance(game, KenoGame):
            priced = _KENO_PRICED
            params["balls"] = json.dumps(game_round.outcome["balls"])
            params["hit_results"] = json.dumps([{"hits": hits} for hits in range(DRAWN + 1)])
        elif isinstance(game, CrashGame):
            priced = _CRASH_PRICED
            params.update(_crash_params(cursor, game_round))
        else:
            priced = _LISTED_PRICED
            params["prices"] = _listed_prices(cursor, game_round, game)
        cursor.execute(_SETTLE_SQL.format(priced=priced), params)
        rows = cursor.fetchall()
    return Settlement(
        wins={user_id: paid for user_id, paid, _, _ in rows if user_id is not None},
        auto_bets=[
            AutoBetResult(run_id, stake, paid > 0)
            for user_id, paid, stake, run_id in rows
            if user_id is None
        ],
    )


def _crash_params(cursor, game_round: Round) -> dict[str, object]:
    cursor.execute(
        "SELECT DISTINCT (b.selection ->> 'cashed_out_ms')::bigint FROM casino_bet AS b "
        f"WHERE {_OPEN_BETS} AND b.selection ? 'cashed_out_ms'",
        {"round_id": game_round.pk},
    )
    manual = {str(ms): curve.multiplier(ms) for (ms,) in cursor.fetchall()}
    return {"crash_point": game_round.outcome["crash_point"], "manual": json.dumps(manual)}


def _listed_prices(cursor, game_round: Round, game: RoundGame) -> str:
    """Each different bet of the round with its payout and result, as one JSON object."""
    outcome = game_round.outcome
    cursor.execute(_DIFFERENT_BETS, {"round_id": game_round.pk})
    prices = {}
    for bet_type, stake, selection_text in cursor.fetchall():
        selection = json.loads(selection_text)
        prices[f"{bet_type} {stake} {selection_text}"] = [
            game.payout(stake, bet_type, selection, outcome),
            game.result(bet_type, selection, outcome),
        ]
    return json.dumps(prices)
