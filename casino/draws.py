"""The round games on a cadence: bet slips, the draw cycle, settlement, the pages' reads.

Every game in casino.registry with a cadence runs here with no code of its own (Keno, the
roulettes, the dice games; Crash has its own cycle in casino.services): its rounds fall on the
game's cadence (a draw every ``every_seconds`` on whole multiples of it), take bets until
``closes_before_seconds`` before the draw, and are drawn and settled at the draw. Outcomes
are fixed when a round is scheduled (casino.services.schedule_rounds), long before play.
A game with a peek takes its first bets until ``peek_seconds`` before the close, then
shows the peek (the snapshot carries it from that time, never before: the page asks for
a snapshot at the peek) and takes the second bets until the close.

Money moves only through wallet.services, as for Crash and Keno: one `place_bet` per bet in
the transaction that writes the bet, and one `pay_wins` batch per round in the transaction
that writes every bet's result and the round's move to settled; a retried settlement finds
the round settled (under its row lock) and the wallet key `round:<game>:<n>:wins` spent.
"""

from __future__ import annotations

import json
import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Count, Min, Q
from django.utils import timezone

from accounts import protection
from casino import broadcast, clock, conf, registry
from casino.models import Bet, Round
from casino.rounds import Outcome, RoundGame
from casino.services import (
    NOT_STARTED,
    RoundError,
    _share_lock,
    pay_and_close,
    schedule_rounds,
)
from casino.settlement import settle_bets
from telemetry import context, metrics
from wallet import notices
from wallet.money import format_minor
from wallet.selectors import cash_balance
from wallet.services import place_bet

State = Round.State
MAX_BETS_PER_SLIP = 50
HISTORY = 12


@dataclass(frozen=True)
class BetRequest:
    """One bet of a slip as the player sent it; checked by the game before anything moves."""

    bet_type: str
    selection: object
    stake: int


def contract_game(slug: str) -> RoundGame:
    try:
        return registry.get(slug)
    except LookupError:
        raise RoundError("There is no such game.") from None


def drawn_slugs() -> list[str]:
    """The games the draw cycle runs: every game with a cadence."""
    return [game.slug for game in registry.all() if game.cadence is not None]


# --- bets -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckedBet:
    bet_type: str
    selection: dict
    label: str
    stake: int


def check_slip(game: RoundGame, bets: Sequence[BetRequest]) -> list[CheckedBet]:
    """Every bet of the slip as the game normalises it, or RoundError naming the first
    that is wrong; nothing has moved yet."""
    if not 1 <= len(bets) <= MAX_BETS_PER_SLIP:
        raise RoundError(f"A slip holds 1 to {MAX_BETS_PER_SLIP} bets.")
    limits = conf.limits(game.slug)
    checked = []
    for bet in bets:
        stake = bet.stake
        if isinstance(stake, bool) or not isinstance(stake, int):
            raise RoundError("A stake must be a whole number of minor units.")
        if stake < limits.min_bet:
            raise RoundError(f"The minimum bet is {format_minor(limits.min_bet)}.")
        if stake > limits.max_bet:
            raise RoundError(f"The maximum bet is {format_minor(limits.max_bet)}.")
        try:
            selection = game.validate_bet(bet.bet_type, bet.selection)
            validate_stake = getattr(game, "validate_stake", None)
            if validate_stake is not None:
                validate_stake(bet.bet_type, stake)
        except ValueError as refusal:
            raise RoundError(str(refusal)) from None
        checked.append(
            CheckedBet(bet.bet_type, selection, game.label(bet.bet_type, selection), stake)
        )
    return checked


def taking_bets(game: RoundGame) -> Round | None:
    return (
        Round.objects.filter(game=game.slug, state__in=NOT_STARTED, closes_at__gt=timezone.now())
        .order_by("number")
        .first()
    )


def place_bets(user, *, game: str, slip: str, bets: Sequence[BetRequest]) -> list[Bet]:
    """The whole slip on the round taking bets, or nothing.

    ``slip`` (a UUID the page makes once per slip) makes the call idempotent: sent twice,
    the second finds the first's bets under the player's lock and returns them.
    """
    if not getattr(user, "is_authenticated", False):
        raise RoundError("Log in to play.")
    round_game = contract_game(game)
    try:
        slip_id = uuid.UUID(str(slip))
    except ValueError:
        raise RoundError("This bet slip has expired: reload the page.") from None
    checked = check_slip(round_game, bets)
    with transaction.atomic():
        protection.lock_player(user)
        placed = list(Bet.objects.filter(user=user, slip=slip_id).order_by("pk"))
        if placed:
            return placed
        target = taking_bets(round_game)
        if target is None:
            raise RoundError("Bets are closed: the next round opens in a moment.")
        _share_lock([target.pk])
        target.refresh_from_db(fields=["state", "closes_at"])
        if target.state not in NOT_STARTED or target.closes_at <= timezone.now():
            raise RoundError("Bets are closed for this round: place them on the next one.")
        _within_window(round_game, target, checked)
        _within_bets_per_round(round_game, user, target, checked)
        rows = []
        for index, bet in enumerate(checked):
            key = f"{target.reference}:bet:{slip_id.hex}:{index}"
            place_bet(
                user,
                bet.stake,
                key=key,
                reference=target.reference,
                memo=f"{round_game.name} #{target.number}: {bet.label}",
            )
            rows.append(
                Bet(
                    round=target,
                    user=user,
                    bet_type=bet.bet_type,
                    selection=bet.selection,
                    label=bet.label[:80],
                    stake=bet.stake,
                    slip=slip_id,
                    key=key,
                )
            )
        placed = Bet.objects.bulk_create(rows)
        metrics.count(metrics.BETS, len(placed), game=round_game.slug)
        notices.cash_moved(user.pk)
    return placed


def peek_time(game: RoundGame, game_round: Round) -> datetime | None:
    """When the round's peek shows (the first window closes and the second opens); None
    for a game with one betting window."""
    if game.cadence is None or not game.cadence.peek_seconds or game_round.closes_at is None:
        return None
    return game_round.closes_at - timedelta(seconds=game.cadence.peek_seconds)


def peek_shown(game: RoundGame, game_round: Round) -> Outcome | None:
    """What the peek shows of the round, once its time has come; None before (the hidden
    part of a committed outcome) and for a game without a peek."""
    peeks_at = peek_time(game, game_round)
    if peeks_at is None or timezone.now() < peeks_at:
        return None
    return game.peek(game_round.outcome)


def _within_window(game: RoundGame, target: Round, checked: Sequence[CheckedBet]) -> None:
    """Each bet in its window, under the round's lock: the first window's bets until the
    peek, the second's from the peek to the close."""
    peeks_at = peek_time(game, target)
    if peeks_at is None:
        return
    peeked = timezone.now() >= peeks_at
    for bet in checked:
        kind = game.bet_type(bet.bet_type)
        if kind.after_peek and not peeked:
            raise RoundError(f"{kind.name} opens once {game.peek_name} is shown.")
        if peeked and not kind.after_peek:
            raise RoundError(
                f"{kind.name} closed when {game.peek_name} was shown: "
                "the second bets are open until the round closes."
            )
        if peeked and game.not_offered(kind.code, target.outcome):
            raise RoundError(f"{kind.name} is not offered on {game.peek_name} shown.")


def _within_bets_per_round(
    game: RoundGame, user, target: Round, checked: Sequence[CheckedBet]
) -> None:
    """The game's limit of different bets a player has on one round, under the player's
    lock (so two slips sent at once cannot both pass it)."""
    if game.bets_per_round is None:
        return
    held = Bet.objects.filter(round=target, user=user).values_list("bet_type", "selection")
    different = {(bet_type, json.dumps(selection, sort_keys=True)) for bet_type, selection in held}
    different |= {(bet.bet_type, json.dumps(bet.selection, sort_keys=True)) for bet in checked}
    if len(different) > game.bets_per_round:
        raise RoundError(
            f"{game.name} takes at most {game.bets_per_round} different bets a round; "
            "the same bet again adds to it."
        )


# --- the cycle --------------------------------------------------------------------------


def wanting_advance(slugs: Sequence[str]) -> list[str]:
    """The games of ``slugs`` that `advance` has something to do for, from one query over
    the rounds not yet played: short of rounds ahead, a draw due, or the next round not yet
    opened for bets. A quiet beat then costs one query, not a handful per game."""
    now = timezone.now()
    unplayed = {
        row["game"]: row
        for row in Round.objects.filter(game__in=slugs, state__in=[*NOT_STARTED, State.RUNNING])
        .values("game")
        .annotate(
            waiting=Count("pk", filter=Q(state__in=NOT_STARTED)),
            due=Count("pk", filter=Q(starts_at__lte=now)),
            next_waiting=Min("number", filter=Q(state__in=NOT_STARTED)),
            next_scheduled=Min("number", filter=Q(state=State.SCHEDULED)),
        )
    }
    wanting = []
    for slug in slugs:
        row = unplayed.get(slug)
        if (
            row is None
            or row["waiting"] < conf.CASINO_ROUNDS_AHEAD
            or row["due"]
            or row["next_waiting"] == row["next_scheduled"]
        ):
            wanting.append(slug)
    return wanting


def advance(game: str) -> list[int]:
    """What beat does every period for one game: schedule ahead, draw and settle every
    round whose draw time has come (several after downtime), open the next for bets."""
    if contract_game(game).cadence is None:
        raise RoundError(f"{game} runs its own cycle.")
    schedule_rounds(game)
    played = []
    due = Round.objects.filter(
        game=game, state__in=[*NOT_STARTED, State.RUNNING], starts_at__lte=timezone.now()
    ).order_by("number")
    for round_id, number in due.values_list("pk", "number"):
        Round.objects.filter(pk=round_id, state__in=NOT_STARTED).update(state=State.RUNNING)
        if settle(round_id):
            played.append(number)
    following = Round.objects.filter(game=game, state__in=NOT_STARTED).order_by("number").first()
    opened = (
        following is not None
        and following.state == State.SCHEDULED
        and Round.objects.filter(pk=following.pk, state=State.SCHEDULED).update(state=State.BETTING)
    )
    if opened:
        broadcast.send(game, {"type": "open", **round_times(contract_game(game), following)})
    return played


def round_times(game: RoundGame, game_round: Round) -> dict:
    times = {
        "round": game_round.number,
        "closes_at_ms": int(game_round.closes_at.timestamp() * 1000),
        "draws_at_ms": int(game_round.starts_at.timestamp() * 1000),
    }
    peeks_at = peek_time(game, game_round)
    if peeks_at is not None:
        times["peeks_at_ms"] = int(peeks_at.timestamp() * 1000)
    return times


@context.about("round_id")
def settle(round_id: int) -> bool:
    """Pay every bet of a drawn round in one batch. True if this call settled it."""
    with transaction.atomic():
        game_round = Round.objects.select_for_update().get(pk=round_id)
        if game_round.state == State.SETTLED:
            return False
        if game_round.state != State.RUNNING:
            raise RoundError(f"Round {game_round.number} has not been drawn.")
        game = contract_game(game_round.game)
        wins = settle_bets(game_round, game).wins
        pay_and_close(game_round, wins, memo=f"{game.name} #{game_round.number} wins")
        # One message to every watcher, whatever the number of bets: each page then asks
        # for its player's own bets and balance (a sync), so that settling a round of
        # 10,000 bets does not wait on 10,000 sends.
        transaction.on_commit(lambda: _announce(game, game_round))
    return True


def _announce(game: RoundGame, game_round: Round) -> None:
    broadcast.send(
        game.slug,
        {
            "type": "result",
            "round": game_round.number,
            "outcome": game_round.outcome,
            "text": game.describe(game_round.outcome),
            "link": bytes(game_round.link).hex(),
        },
    )


# --- reads ------------------------------------------------------------------------------


def bet_view(bet: Bet) -> dict:
    return {
        "id": bet.pk,
        "round": bet.round.number,
        "bet_type": bet.bet_type,
        "label": bet.label,
        "selection": bet.selection,
        "stake": bet.stake,
        "stake_text": format_minor(bet.stake),
        "payout": bet.payout,
        "payout_text": format_minor(bet.payout),
        "status": bet.status,
    }


def history(game: str, limit: int = HISTORY) -> list[Round]:
    return list(Round.objects.filter(game=game, state=State.SETTLED).order_by("-number")[:limit])


def lobby(last: int = 3) -> list[dict]:
    """Every round game for the Casino and home pages: its next round and its ``last``
    results, in one statement whatever the number of games."""
    games = registry.all()
    following: dict[str, Round] = {}
    recent: dict[str, list[Round]] = defaultdict(list)
    # Each game's rounds through its own (game, state, number) index: its next round and
    # its last settled ones, `last` rows apiece (a window over every settled round would
    # read them all, and they grow without end). Written as SQL: 65 ORM querysets in a
    # UNION cost more to compile, and the ORM's DISTINCT ON over 65 games ~1 ms a page.
    rounds = Round.objects.raw(
        f"""SELECT r.* FROM unnest(%s::text[]) AS g(slug)
            CROSS JOIN LATERAL (
                (SELECT * FROM {Round._meta.db_table}
                 WHERE game = g.slug AND state = ANY(%s) ORDER BY number LIMIT 1)
                UNION ALL
                (SELECT * FROM {Round._meta.db_table}
                 WHERE game = g.slug AND state = %s ORDER BY number DESC LIMIT %s)
            ) AS r
            ORDER BY r.game, r.number DESC""",
        [[game.slug for game in games], list(NOT_STARTED), State.SETTLED, last],
    )
    for game_round in rounds:
        if game_round.state == State.SETTLED:
            recent[game_round.game].append(game_round)
        else:
            following[game_round.game] = game_round
    return [
        {
            "game": game,
            "next": following.get(game.slug),
            "last": [game.describe(r.outcome) for r in recent[game.slug]],
        }
        for game in games
    ]


def snapshot(game: str, user=None) -> dict:
    """Everything a game's page needs on (re)connecting, JSON-ready."""
    round_game = contract_game(game)
    limits = conf.limits(game)
    current = (
        Round.objects.filter(game=game, state__in=[*NOT_STARTED, State.RUNNING])
        .order_by("number")
        .first()
    )
    state: dict = {
        "type": "state",
        "game": round_game.public(),
        "now_ms": clock.now_ms(),
        "round": None
        if current is None
        else {
            "number": current.number,
            "state": current.state,
            **round_times(round_game, current),
            "peek": peek_shown(round_game, current),
        },
        "history": [
            {"round": r.number, "outcome": r.outcome, "text": round_game.describe(r.outcome)}
            for r in history(game)
        ],
        "limits": {
            "min": limits.min_bet,
            "max": limits.max_bet,
            "max_win": limits.max_win,
            "min_text": format_minor(limits.min_bet),
            "max_text": format_minor(limits.max_bet),
        },
        "mine": [],
        "balance": None,
    }
    if getattr(user, "is_authenticated", False):
        recent = (
            Bet.objects.filter(user=user, round__game=game)
            .select_related("round")
            .order_by("-pk")[:30]
        )
        state["mine"] = [bet_view(bet) for bet in recent]
        state["balance"] = cash_balance(user)
        state["balance_text"] = format_minor(state["balance"])
    return state
