"""The house rounds' rules on the database: chains, the round cycle, bets and settlement.

Every round's outcome is computed from its chain link when the round is scheduled, at
least `CASINO_ROUNDS_AHEAD` rounds before it is played, and stored server-side with the
link; both are shown once the round is settled. State moves scheduled -> betting ->
running -> settled, each step a conditional update under a row lock, so that any step
may be repeated (by beat, a retried task, a second worker) and takes effect once.

Money moves only through wallet.services: one `place_bet` per bet, written in the same
transaction as the bet row, and one `pay_wins` batch per round, written in the same
transaction as every bet's outcome and the round's move to settled. A worker killed in
the middle of a settlement therefore leaves nothing behind, and the next attempt pays
exactly once (the wallet key `round:<game>:<n>:wins` would refuse a second payment too).
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import uuid
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from accounts import protection
from casino import broadcast, clock, conf, registry
from casino.chain import link_at, new_secret, next_link_down, terminal_link, verify_link
from casino.crash import autobet, curve
from casino.crash.game import CRASH, odds_text
from casino.keno import fairness as keno_fairness
from casino.keno import paytables
from casino.keno.game import KENO, KenoGame, bet_type_code
from casino.models import Bet, CrashAutoRun, KenoPaytable, Round, SeedChain
from casino.rounds import RoundGame
from casino.settlement import AutoBetResult, settle_bets
from telemetry import context, metrics
from wallet import notices
from wallet.money import format_minor
from wallet.services import WalletError, pay_wins, place_bet

logger = logging.getLogger(__name__)
State = Round.State
NOT_STARTED = (State.SCHEDULED, State.BETTING)


class RoundError(Exception):
    """A refused bet, ticket or cash-out; the message can be shown to the player."""


def player_name(user_id: int) -> str:
    """The public name of a player on live pages: never their legal name or email."""
    return f"Player {user_id}"


def _check_can_bet(user) -> None:
    # Whether the account may play at all (blocked, excluded, staff) is the wallet's guard's
    # to say, inside the bet's transaction, from the account as it is now.
    if not getattr(user, "is_authenticated", False):
        raise RoundError("Log in to play.")


def check_stake(game: str, amount: object) -> int:
    """A stake within the game's limits (casino.conf.limits), or RoundError saying which."""
    limits = conf.limits(game)
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RoundError("A stake must be a whole number of minor units.")
    if amount < limits.min_bet:
        raise RoundError(f"The minimum bet is {format_minor(limits.min_bet)}.")
    if amount > limits.max_bet:
        raise RoundError(f"The maximum bet is {format_minor(limits.max_bet)}.")
    return amount


_MULTIPLIER = re.compile(r"^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*x?\s*$", re.ASCII)


def parse_multiplier(text: str) -> int:
    """'2' or '2.5' or '21.23' -> hundredths (200, 250, 2123); no floats on the way."""
    match = _MULTIPLIER.match(str(text))
    if not match:
        raise RoundError("Enter odds such as 2 or 1.50.")
    value = int(match.group(1)) * 100 + int((match.group(2) or "0").ljust(2, "0"))
    if value < curve.MIN_AUTO_CASH_OUT:
        raise RoundError("The auto cash-out must be at least 1.01.")
    return value


def _share_lock(round_ids: Iterable[int]) -> None:
    """FOR SHARE on rounds: bets on one round proceed in parallel, but the transition
    that closes it (an UPDATE) waits for them, and they wait for it."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id FROM casino_round WHERE id = ANY(%s) ORDER BY id FOR SHARE",
            [list(round_ids)],
        )


def _lock_game(game: str) -> None:
    """One scheduler at a time per game (a transaction-scoped advisory lock)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"casino:{game}"])


def _after_commit(game: str, event: dict) -> None:
    transaction.on_commit(lambda: broadcast.send(game, event))


# --- chains and schedule ------------------------------------------------------------------


def publish_chain(game: str, length: int | None = None) -> SeedChain:
    """A new chain: a secret from `secrets`, its terminal link and a fresh public salt."""
    secret = new_secret()
    length = length or conf.CASINO_CHAIN_LENGTH
    return SeedChain.objects.create(
        game=game,
        secret=secret,
        length=length,
        terminal=terminal_link(secret, length),
        salt=f"longtable-{game}-{secrets.token_hex(8)}",
    )


def outcome_of(game: str, link: bytes, salt: str, number: int) -> dict:
    """What a round with this link plays: the same function the fairness page shows."""
    return registry.get(game).committed_outcome(link, salt, number)


def draw_times(game: str, after: datetime | None) -> tuple[datetime | None, datetime | None]:
    """When the round after one drawn at ``after`` is drawn and when its bets close; the
    rounds of a game without a cadence have neither (Crash: each betting window opens
    when the previous run ends)."""
    cadence = registry.get(game).cadence
    if cadence is None:
        return None, None
    phase = draw_phase(game, cadence.every_seconds) if cadence.spread else 0
    draw = next_draw(cadence.every_seconds, after, phase)
    return draw, draw - timedelta(seconds=cadence.closes_before_seconds)


def draw_phase(game: str, interval: int) -> int:
    """A game's seconds past each multiple of its interval, fixed by its name: every server
    agrees on it without talking, and the games' draws spread over the interval instead of
    all falling due in the same beat (bench/rounds.py)."""
    return zlib.crc32(game.encode()) % interval


def next_draw(interval: int, after: datetime | None, phase: int = 0) -> datetime:
    """Draws fall on whole multiples of the interval, plus the phase; never in the past."""
    now = timezone.now()
    epoch = (int(now.timestamp()) - phase) // interval * interval + interval + phase
    boundary = datetime.fromtimestamp(epoch, tz=UTC)
    if after is None:
        return boundary
    return max(after + timedelta(seconds=interval), boundary)


def schedule_rounds(game: str) -> int:
    """Top the game up to `CASINO_ROUNDS_AHEAD` unplayed rounds, outcomes fixed now."""
    with transaction.atomic():
        _lock_game(game)
        waiting = Round.objects.filter(game=game, state__in=NOT_STARTED).count()
        missing = conf.CASINO_ROUNDS_AHEAD - waiting
        if missing <= 0:
            return 0
        last = Round.objects.filter(game=game).order_by("-number").first()
        number = last.number if last else 0
        starts_at = last.starts_at if last else None
        created: list[Round] = []
        while missing > 0:
            chain = (
                SeedChain.objects.select_for_update()
                .filter(game=game, used__lt=F("length"))
                .order_by("pk")
                .first()
            ) or publish_chain(game)
            batch = min(missing, chain.length - chain.used)
            top = chain.used + batch
            # One walk down from the highest link needed instead of one per round.
            link = link_at(bytes(chain.secret), chain.length, top)
            links: dict[int, bytes] = {}
            for index in range(top, chain.used, -1):
                links[index] = link
                link = next_link_down(link)
            for index in range(chain.used + 1, top + 1):
                number += 1
                starts_at, closes_at = draw_times(game, starts_at)
                created.append(
                    Round(
                        game=game,
                        number=number,
                        chain=chain,
                        link_index=index,
                        link=links[index],
                        outcome=outcome_of(game, links[index], chain.salt, number),
                        rules_version=registry.rules_version(game),
                        starts_at=starts_at,
                        closes_at=closes_at,
                    )
                )
            chain.used = top
            chain.save(update_fields=["used"])
            missing -= batch
        Round.objects.bulk_create(created)
        return len(created)


# --- settling -----------------------------------------------------------------------------


def pay_and_close(game_round: Round, wins: Mapping[int, int], *, memo: str) -> None:
    """The end of every round's settlement, inside its transaction: the winners paid in
    one batch (the wallet key `round:<game>:<n>:wins` pays once) and the round settled."""
    pay_wins(
        wins,
        key=f"{game_round.reference}:wins",
        reference=game_round.reference,
        memo=memo,
    )
    game_round.state, game_round.settled_at = State.SETTLED, timezone.now()
    game_round.save(update_fields=["state", "settled_at"])
    metrics.count(metrics.SETTLEMENTS, kind="round", game=game_round.game, result="settled")
    logger.info(
        "round %s settled: %s winners paid %s",
        game_round,
        len(wins),
        sum(wins.values()),
        extra={"game": game_round.game, "round_number": game_round.number},
    )


# --- verification -------------------------------------------------------------------------


@dataclass(frozen=True)
class Verification:
    round: Round
    link: bytes
    previous: bytes  # L[n - 1]: the previous round's link, or the published terminal
    link_ok: bool
    recomputed: dict
    outcome_ok: bool

    @property
    def ok(self) -> bool:
        return self.link_ok and self.outcome_ok

    @property
    def text(self) -> str:
        return describe_outcome(self.round.game, self.round.outcome)

    @property
    def recomputed_text(self) -> str:
        return describe_outcome(self.round.game, self.recomputed)


def describe_outcome(game: str, outcome: dict) -> str:
    """A round's outcome in words: "17 red", "2.35x"."""
    return registry.get(game).describe(outcome)


def previous_link(game_round: Round) -> bytes:
    if game_round.link_index == 1:
        return bytes(game_round.chain.terminal)
    return bytes(
        Round.objects.get(chain=game_round.chain, link_index=game_round.link_index - 1).link
    )


def verify(game_round: Round) -> Verification:
    """The check anyone can make on a played round: sha256(L[n]) == L[n-1], outcome."""
    if not game_round.is_settled:
        raise RoundError("A round can be verified once it has been played.")
    link = bytes(game_round.link)
    recomputed = outcome_of(game_round.game, link, game_round.chain.salt, game_round.number)
    return Verification(
        round=game_round,
        link=link,
        previous=previous_link(game_round),
        link_ok=verify_link(link, previous_link(game_round)),
        recomputed=recomputed,
        outcome_ok=recomputed == game_round.outcome,
    )


def fairness_record(game_round: Round) -> dict:
    """What anyone needs to check a played round without trusting the server: the chain
    it belongs to (its published terminal link and salt), the link it played with, the
    link before it (the commitment: sha256(link) must equal it) and the stored outcome,
    which `RoundGame.committed_outcome(link, salt, number)` must give again."""
    if not game_round.is_settled:
        raise RoundError("A round's link is revealed once it has been played.")
    chain = game_round.chain
    link = bytes(game_round.link)
    return {
        "game": game_round.game,
        "number": game_round.number,
        "state": game_round.state,
        "settled_at": game_round.settled_at,
        "chain": chain_head(chain),
        "link_index": game_round.link_index,
        "commitment": previous_link(game_round).hex(),
        "link": link.hex(),
        "outcome": game_round.outcome,
        "outcome_text": describe_outcome(game_round.game, game_round.outcome),
    }


def chain_head(chain: SeedChain) -> dict:
    """A chain as published before its first round: its terminal link L[0] and salt."""
    return {
        "id": chain.pk,
        "game": chain.game,
        "terminal": chain.terminal_hex,
        "salt": chain.salt,
        "length": chain.length,
        "used": chain.used,
        "published_at": chain.published_at,
    }


# --- Crash: bets --------------------------------------------------------------------------


def _crash_round_for_bet(next_round: bool) -> Round:
    now = timezone.now()
    betting = (
        Round.objects.filter(game=CRASH.slug, state=State.BETTING, closes_at__gt=now)
        .order_by("number")
        .first()
    )
    if betting is not None:
        return betting
    if not next_round:
        raise RoundError("Betting is closed for this round: place a bet for the next round.")
    following = (
        Round.objects.filter(game=CRASH.slug, state=State.SCHEDULED).order_by("number").first()
    )
    if following is None:
        raise RoundError("No round is open for bets yet.")
    return following


def place_crash_bet(
    user,
    amount: int,
    *,
    auto_cash_out: int | None = None,
    next_round: bool = False,
    auto_run: CrashAutoRun | None = None,
    game_round: Round | None = None,
) -> Bet:
    """A bet on the round in its betting window, or with ``next_round`` on the one after.

    Accepted once this returns: the bet row and the wallet movement commit together. The
    bet's key names the round and the player, so the database holds one bet each a round.
    """
    _check_can_bet(user)
    check_stake(CRASH.slug, amount)
    try:
        selection = CRASH.validate_bet("bet", {"auto_cash_out": auto_cash_out})
    except ValueError as refusal:
        raise RoundError(str(refusal)) from None
    with transaction.atomic():
        target = game_round or _crash_round_for_bet(next_round)
        _share_lock([target.pk])
        target.refresh_from_db(fields=["state", "closes_at"])
        still_open = target.state == State.SCHEDULED or (
            target.state == State.BETTING and target.closes_at > timezone.now()
        )
        if not still_open:
            raise RoundError("Betting is closed for this round: place a bet for the next round.")
        if Bet.objects.filter(round=target, user=user).exists():
            raise RoundError(f"You already have a bet on round {target.number}.")
        key = f"{target.reference}:bet:{user.pk}"
        place_bet(
            user, amount, key=key, reference=target.reference, memo=f"Crash #{target.number} bet"
        )
        try:
            with transaction.atomic():
                bet = Bet.objects.create(
                    round=target,
                    user=user,
                    bet_type="bet",
                    selection=selection,
                    label=CRASH.label("bet", selection),
                    stake=amount,
                    auto_run=auto_run,
                    slip=uuid.uuid4(),
                    key=key,
                )
        except IntegrityError:
            raise RoundError(f"You already have a bet on round {target.number}.") from None
        metrics.count(metrics.BETS, game=CRASH.slug)
        if auto_run is not None:
            CrashAutoRun.objects.filter(pk=auto_run.pk).update(awaiting_round=False)
    if target.state == State.BETTING:
        _after_commit(CRASH.slug, {"type": "bet", "round": target.number, **bet_view(bet)})
    return bet


def bet_view(bet: Bet) -> dict:
    return _bet_view(bet.user_id, bet.stake, bet.selection, bet.result, bet.status, bet.payout)


def _bet_view(
    user_id: int, stake: int, selection: dict, result: dict, status: str, payout: int
) -> dict:
    return {
        "player": player_name(user_id),
        "amount": stake,
        "amount_text": format_minor(stake),
        "auto_cash_out": selection.get("auto_cash_out"),
        "cashed_out_at": result.get("multiplier"),
        "status": status,
        "payout": payout,
    }


@dataclass(frozen=True)
class CashOut:
    bet: Bet
    multiplier: int
    payout: int


def cash_out(user, *, received_ms: int | None = None) -> CashOut:
    """A manual cash-out of the user's bet in the running round, decided on the server's
    clock: ``received_ms`` (when the request reached us) against the round's t = 0.

    Paid with the round's settlement batch at the crash; a cash-out received at or after
    the crash instant is refused and the bet loses (curve.py says why at the very instant).
    """
    received_ms = clock.now_ms() if received_ms is None else received_ms
    with transaction.atomic():
        try:
            protection.check_standing(user)
        except protection.ProtectionRefused as refusal:
            raise RoundError(refusal.message) from None
        running = Round.objects.filter(game=CRASH.slug, state=State.RUNNING).order_by("number")
        game_round = running.first()
        if game_round is None:
            raise RoundError("No round is running.")
        _share_lock([game_round.pk])
        game_round.refresh_from_db(fields=["state"])
        if game_round.state != State.RUNNING:
            raise RoundError(f"Round {game_round.number} has crashed.")
        bet = Bet.objects.select_for_update().filter(round=game_round, user=user).first()
        if bet is None:
            raise RoundError("You have no bet in this round.")
        if "cashed_out_ms" in bet.selection:
            raise RoundError("You have already cashed out of this round.")
        crash_point = game_round.crash_point
        elapsed = received_ms - game_round.started_at_ms
        if elapsed < 0:
            raise RoundError("The round has not started yet.")
        if elapsed >= curve.crash_instant(crash_point):
            raise RoundError(f"Too late: the round crashed at {odds_text(crash_point)}.")
        target = bet.selection.get("auto_cash_out")
        if target is not None and target <= crash_point and elapsed >= curve.crash_instant(target):
            raise RoundError(f"Your auto cash-out already took you out at {odds_text(target)}.")
        bet.selection = {**bet.selection, "cashed_out_ms": elapsed}
        bet.result = CRASH.result("bet", bet.selection, game_round.outcome)
        bet.save(update_fields=["selection", "result"])
        paid = bet.result["multiplier"]
    result = CashOut(
        bet=bet,
        multiplier=paid,
        payout=min(curve.payout(bet.stake, paid), conf.limits(CRASH.slug).max_win),
    )
    _after_commit(
        CRASH.slug,
        {
            "type": "cashout",
            "round": game_round.number,
            "player": player_name(user.pk),
            "multiplier": paid,
        },
    )
    return result


# --- Crash: Auto mode ---------------------------------------------------------------------


def _plan(run: CrashAutoRun) -> autobet.AutoPlan:
    return autobet.AutoPlan(
        base_bet=run.base_bet,
        total_bets_limit=run.total_bets_limit,
        on_win=autobet.NextBet(run.on_win),
        on_loss=autobet.NextBet(run.on_loss),
        auto_cash_out=run.auto_cash_out,
    )


def start_autobet(
    user,
    *,
    base_bet: int,
    total_bets_limit: int,
    on_win: str,
    on_loss: str,
    auto_cash_out: int | None = None,
) -> CrashAutoRun:
    """AUTOBET: the system bets for the player from the round now taking bets on."""
    _check_can_bet(user)
    check_stake(CRASH.slug, base_bet)
    if not conf.CRASH_AUTOBET_DOUBLING and autobet.NextBet.DOUBLE.value in (on_win, on_loss):
        raise RoundError("Doubling the bet is not offered: choose to return to the base bet.")
    try:
        plan = autobet.AutoPlan(
            base_bet=base_bet,
            total_bets_limit=total_bets_limit,
            on_win=autobet.NextBet(on_win),
            on_loss=autobet.NextBet(on_loss),
            auto_cash_out=curve.MIN_AUTO_CASH_OUT if auto_cash_out is None else auto_cash_out,
        )
    except (ValueError, TypeError) as error:
        raise RoundError(str(error)) from None
    first = autobet.start(plan)
    try:
        with transaction.atomic():
            run = CrashAutoRun.objects.create(
                user=user,
                base_bet=plan.base_bet,
                total_bets_limit=plan.total_bets_limit,
                auto_cash_out=plan.auto_cash_out,
                on_win=plan.on_win.value,
                on_loss=plan.on_loss.value,
                current_bet=first.bet,
                total_bet=first.total_bet,
            )
    except IntegrityError:
        raise RoundError("AUTOBET is already on: stop it first.") from None
    betting = Round.objects.filter(
        game=CRASH.slug, state=State.BETTING, closes_at__gt=timezone.now()
    ).first()
    if betting is not None:
        _place_auto_bet(run, betting)
    return run


def stop_autobet(user, reason: str = "Stopped by the player.") -> int:
    return CrashAutoRun.objects.filter(user=user, active=True).update(
        active=False, stopped_reason=reason
    )


def _place_auto_bet(run: CrashAutoRun, game_round: Round) -> None:
    try:
        place_crash_bet(
            run.user,
            run.current_bet,
            auto_cash_out=run.auto_cash_out,
            auto_run=run,
            game_round=game_round,
        )
    except (RoundError, WalletError) as error:
        if "already have a bet" in str(error):
            return  # the player bet by hand this round; the run bets in the next one
        # Any other refusal (insufficient funds, a limit, a blocked account) ends the run.
        CrashAutoRun.objects.filter(pk=run.pk).update(active=False, stopped_reason=str(error))


def place_auto_bets(game_round: Round) -> int:
    """Each active AUTOBET run's bet on the round that just opened for bets."""
    runs = CrashAutoRun.objects.filter(active=True, awaiting_round=True).select_related("user")
    placed = 0
    for run in runs:
        _place_auto_bet(run, game_round)
        placed += 1
    return placed


def _advance_auto_runs(bets: list[AutoBetResult]) -> None:
    """After a settlement: each run's next bet, or its end."""
    runs = CrashAutoRun.objects.select_for_update().in_bulk([bet.run_id for bet in bets])
    changed = []
    for run_id, amount, won in ((bet.run_id, bet.stake, bet.won) for bet in bets):
        run = runs[run_id]
        if not run.active:
            continue
        following = autobet.after_round(
            _plan(run), autobet.AutoRun(bet=amount, total_bet=run.total_bet), won
        )
        if following is None:
            choice = run.on_win if won else run.on_loss
            next_bet = run.base_bet if choice == CrashAutoRun.NextBet.RETURN_TO_BASE else 2 * amount
            run.active = False
            run.stopped_reason = (
                f"The next bet ({format_minor(next_bet)}) would take the bets of this run to "
                f"{format_minor(run.total_bet + next_bet)}, over the limit of "
                f"{format_minor(run.total_bets_limit)}."
            )
        else:
            run.current_bet, run.total_bet = following.bet, following.total_bet
            run.awaiting_round = True
        changed.append(run)
    CrashAutoRun.objects.bulk_update(
        changed, ["active", "stopped_reason", "current_bet", "total_bet", "awaiting_round"]
    )


# --- Crash: the cycle ---------------------------------------------------------------------


def open_crash_betting() -> Round | None:
    """Open the next round's betting window if no round is betting or running."""
    with transaction.atomic():
        _lock_game(CRASH.slug)
        if Round.objects.filter(game=CRASH.slug, state__in=[State.BETTING, State.RUNNING]).exists():
            return None
        game_round = (
            Round.objects.select_for_update()
            .filter(game=CRASH.slug, state=State.SCHEDULED)
            .order_by("number")
            .first()
        )
        if game_round is None:
            return None
        game_round.state = State.BETTING
        game_round.closes_at = timezone.now() + timedelta(seconds=conf.CRASH_BETTING_SECONDS)
        game_round.save(update_fields=["state", "closes_at"])
    place_auto_bets(game_round)
    broadcast.send(
        CRASH.slug,
        {
            "type": "betting",
            "round": game_round.number,
            "closes_at_ms": int(game_round.closes_at.timestamp() * 1000),
            "bets": crash_bets_view(game_round.pk),
        },
    )
    return game_round


@context.about("round_id")
def start_crash_run(round_id: int) -> Round | None:
    """Betting -> running, t = 0 now. Returns the round only to the caller that moved it,
    so exactly one task streams its ticks."""
    with transaction.atomic():
        moved = Round.objects.filter(
            pk=round_id, game=CRASH.slug, state=State.BETTING, closes_at__lte=timezone.now()
        ).update(state=State.RUNNING, started_at_ms=clock.now_ms())
        if not moved:
            return None
        game_round = Round.objects.get(pk=round_id)
    broadcast.send(
        CRASH.slug,
        {"type": "start", "round": game_round.number, "started_at_ms": game_round.started_at_ms},
    )
    return game_round


def crash_at_ms(game_round: Round) -> int:
    """The server-clock instant (epoch ms) at which the round crashes."""
    return game_round.started_at_ms + curve.crash_instant(game_round.crash_point)


def auto_targets(game_round: Round) -> list[tuple[int, str]]:
    """(auto cash-out, player) of the bets that will cash out automatically, lowest first;
    fixed at the start (the rules forbid changing the auto cash-out after it)."""
    rows = Bet.objects.filter(
        round=game_round, selection__auto_cash_out__lte=game_round.crash_point
    ).values_list("selection__auto_cash_out", "user_id")
    return sorted((target, player_name(user_id)) for target, user_id in rows)


@context.about("round_id")
def settle_crash(round_id: int) -> bool:
    """Pay the round once it has crashed. True if this call settled it."""
    with transaction.atomic():
        game_round = Round.objects.select_for_update().get(pk=round_id)
        if game_round.state == State.SETTLED:
            return False
        if game_round.state != State.RUNNING:
            raise RoundError(f"Round {game_round.number} has not run.")
        if clock.now_ms() < crash_at_ms(game_round):
            raise RoundError(f"Round {game_round.number} has not crashed yet.")
        settled = settle_bets(game_round, CRASH)
        if settled.auto_bets:
            _advance_auto_runs(settled.auto_bets)
        wins = settled.wins
        pay_and_close(game_round, wins, memo=f"Crash #{game_round.number} wins")
    _after_commit(
        CRASH.slug,
        {
            "type": "settled",
            "round": game_round.number,
            "crash_point": game_round.crash_point,
            "link": bytes(game_round.link).hex(),
            "winners": len(wins),
        },
    )
    return True


@dataclass(frozen=True)
class CrashStep:
    opened: Round | None = None
    to_start: Round | None = None
    settled: Round | None = None


def advance_crash() -> CrashStep:
    """What beat does every period: whatever is due, and nothing twice.

    A betting window overdue by a second gets its start (the task scheduled for it may
    have died with its worker); a run past its crash instant plus `CRASH_RECOVERY_MS`
    is settled here (its streaming task died).
    """
    schedule_rounds(CRASH.slug)
    current = (
        Round.objects.filter(game=CRASH.slug, state__in=[State.BETTING, State.RUNNING])
        .order_by("number")
        .first()
    )
    if current is None:
        return CrashStep(opened=open_crash_betting())
    if current.state == State.BETTING:
        if current.closes_at + timedelta(seconds=1) <= timezone.now():
            return CrashStep(to_start=current)
        return CrashStep()
    if clock.now_ms() >= crash_at_ms(current) + conf.CRASH_RECOVERY_MS:
        settle_crash(current.pk)
        return CrashStep(settled=current, opened=open_crash_betting())
    return CrashStep()


# --- Keno ---------------------------------------------------------------------------------


def current_paytables() -> dict[str, KenoPaytable]:
    """The latest version of each Keno game's paytable, by game slug."""
    latest: dict[str, KenoPaytable] = {}
    for table in KenoPaytable.objects.order_by("game", "-version"):
        latest.setdefault(table.game, table)
    return latest


def keno_as_priced() -> KenoGame:
    """Keno at the prices it sells at now: the latest stored version of each paytable."""
    return KENO.priced(
        {slug: (table.name, table.paytable) for slug, table in current_paytables().items()}
    )


def game_as_sold(slug: str) -> RoundGame:
    """A round game as it sells now: Keno at the prices staff set last (its rules page and
    bet slip show them), every other game as registered. LookupError for an unknown slug."""
    game = registry.get(slug)
    return keno_as_priced() if game.slug == KENO.slug else game


def quick_pick(count: int) -> list[int]:
    if not 1 <= count <= len(keno_fairness.BALLS):
        raise RoundError("Choose how many numbers to pick.")
    return sorted(secrets.SystemRandom().sample(keno_fairness.BALLS, count))


def keno_selection(table: KenoPaytable, numbers: list[int]) -> tuple[str, dict]:
    """The bet type and selection of a ticket on ``table``: its numbers and the prices of
    the table's version now, which the ticket keeps whatever staff change later."""
    game = KENO.priced({table.game: (table.name, table.paytable)})
    try:
        picked = paytables.validate_ticket(numbers, game.tables[table.game])
        bet_type = bet_type_code(table.game, len(picked))
        selection = game.validate_bet(bet_type, {"numbers": list(picked)})
    except ValueError as error:
        raise RoundError(str(error)) from None
    return bet_type, {**selection, "paytable": table.pk}


def buy_keno_tickets(
    user, *, game: str, numbers: list[int], amount: int, draws: int = 1, purchase: str
) -> list[Bet]:
    """One ticket on each of the next ``draws`` draws open for sale.

    ``purchase`` (a UUID the form carries) makes the request idempotent: sent twice, it
    buys once and returns the same tickets.
    """
    _check_can_bet(user)
    check_stake(KENO.slug, amount)
    try:
        purchase_id = uuid.UUID(str(purchase))
    except ValueError:
        raise RoundError("The form has expired: reload the page.") from None
    table = current_paytables().get(game)
    if table is None:
        raise RoundError("Choose Keno 8, Keno 10 or Keno Gold.")
    bet_type, selection = keno_selection(table, numbers)
    if (
        isinstance(draws, bool)
        or not isinstance(draws, int)
        or not 1 <= draws <= conf.KENO_MAX_DRAWS
    ):
        raise RoundError(f"A ticket plays 1 to {conf.KENO_MAX_DRAWS} draws.")
    label = KENO.priced({table.game: (table.name, table.paytable)}).label(bet_type, selection)
    with transaction.atomic():
        # The player's lock first: a twin of this request (a double click) waits here and
        # then finds the tickets it bought. The unique key keeps it so regardless.
        protection.lock_player(user)
        bought = list(Bet.objects.filter(user=user, slip=purchase_id).order_by("pk"))
        if bought:
            return bought
        rounds = list(
            Round.objects.filter(
                game=KENO.slug, state__in=NOT_STARTED, closes_at__gt=timezone.now()
            ).order_by("number")[:draws]
        )
        if len(rounds) < draws:
            raise RoundError(f"Only {len(rounds)} draws are open for tickets now.")
        _share_lock(r.pk for r in rounds)
        if Round.objects.filter(pk__in=[r.pk for r in rounds]).exclude(state__in=NOT_STARTED):
            raise RoundError("Ticket sales for this draw have closed: try again.")
        tickets = []
        for game_round in rounds:
            key = f"keno:ticket:{purchase_id.hex}:{game_round.number}"
            place_bet(
                user,
                amount,
                key=key,
                reference=game_round.reference,
                memo=f"{table.name} ticket, draw #{game_round.number}",
            )
            tickets.append(
                Bet(
                    round=game_round,
                    user=user,
                    bet_type=bet_type,
                    selection=selection,
                    label=label[:80],
                    stake=amount,
                    slip=purchase_id,
                    key=key,
                )
            )
        bought = Bet.objects.bulk_create(tickets)
        metrics.count(metrics.BETS, len(bought), game=KENO.slug)
        notices.cash_moved(user.pk)
    return bought


def keno_ticket_view(ticket: Bet) -> dict:
    return {
        "round": ticket.round.number,
        "numbers": ticket.selection["numbers"],
        "amount": ticket.stake,
        "hits": ticket.result.get("hits"),
        "payout": ticket.payout,
    }


def keno_results_of(user) -> list[dict]:
    """The player's tickets on the last draw played, with what each paid: the page says
    how the draw went for them once its balls have fallen."""
    last = Round.objects.filter(game=KENO.slug, state=State.SETTLED).order_by("-number").first()
    if last is None or not getattr(user, "is_authenticated", False):
        return []
    tickets = Bet.objects.filter(round=last, user=user).select_related("round").order_by("pk")
    return [keno_ticket_view(ticket) for ticket in tickets]


def next_keno_draw_view() -> dict | None:
    following = (
        Round.objects.filter(game=KENO.slug, state__in=NOT_STARTED).order_by("number").first()
    )
    if following is None:
        return None
    return {
        "round": following.number,
        "starts_at_ms": int(following.starts_at.timestamp() * 1000),
        "closes_at_ms": int(following.closes_at.timestamp() * 1000),
    }


# --- pages --------------------------------------------------------------------------------


def crash_bets_view(round_id: int) -> list[dict]:
    """The round's bets as every watcher sees them, the largest first."""
    bets = Bet.objects.filter(round_id=round_id).order_by("-stake", "pk")[:200]
    return [bet_view(bet) for bet in bets]


# The Crash page's and socket's reads, written as SQL: the ORM's building and compiling of
# them cost more than running them (~1 ms each), on every Crash page and reconnection. Their
# rows are read as tuples of the columns used: a raw queryset's set-up and its models cost
# ~0.25 ms a read. JSON columns arrive as text (the ORM's fields would parse them).
_CRASH_ROUNDS = f"""
    SELECT id, number, state, closes_at, started_at_ms, outcome ->> 'crash_point' FROM (
        (SELECT * FROM {Round._meta.db_table}
         WHERE game = %s AND state = ANY(%s) ORDER BY number LIMIT 1)
        UNION ALL
        (SELECT * FROM {Round._meta.db_table}
         WHERE game = %s AND state = %s ORDER BY number DESC LIMIT %s)
    ) AS r
    ORDER BY r.number DESC"""
_CRASH_BETS_OF_PLAYER = f"""
    SELECT r.number, b.user_id, b.stake, b.selection, b.result, b.status, b.payout
    FROM {Bet._meta.db_table} b JOIN {Round._meta.db_table} r ON r.id = b.round_id
    WHERE b.user_id = %s AND r.game = %s AND r.state = ANY(%s)
    ORDER BY r.number"""
_CRASH_AUTO_RUN_OF_PLAYER = f"""
    SELECT active, current_bet, total_bet, total_bets_limit, stopped_reason
    FROM {CrashAutoRun._meta.db_table} WHERE user_id = %s ORDER BY id DESC LIMIT 1"""


@dataclass(frozen=True)
class _CrashRound:
    """A Crash round as its page and a reconnecting socket are told it."""

    pk: int
    number: int
    state: str
    closes_at: datetime
    started_at_ms: int | None
    crash_point: int | None  # None until the round is settled


def _rows(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _crash_rounds() -> tuple[_CrashRound | None, list[_CrashRound]]:
    """The round in play (taking bets or running) and the last settled ones, newest first:
    one statement."""
    current, history = None, []
    in_play = [State.BETTING, State.RUNNING]
    params = [CRASH.slug, in_play, CRASH.slug, State.SETTLED, conf.CRASH_HISTORY]
    for pk, number, state, closes_at, started_at_ms, crash_point in _rows(_CRASH_ROUNDS, params):
        if state == State.SETTLED:
            history.append(
                _CrashRound(pk, number, state, closes_at, started_at_ms, int(crash_point))
            )
        else:
            current = _CrashRound(pk, number, state, closes_at, started_at_ms, None)
    return current, history


def crash_snapshot(user=None) -> dict:
    """Everything a Crash page needs on (re)connecting, JSON-ready."""
    current, history = _crash_rounds()
    limits = conf.limits(CRASH.slug)
    snapshot: dict = {
        "type": "state",
        "now_ms": clock.now_ms(),
        "round": None,
        "history": [{"round": r.number, "crash_point": r.crash_point} for r in history],
        "limits": {"min": limits.min_bet, "max": limits.max_bet},
    }
    if current is not None:
        snapshot["round"] = {
            "number": current.number,
            "state": current.state,
            "closes_at_ms": int(current.closes_at.timestamp() * 1000),
            "started_at_ms": current.started_at_ms,
            "bets": crash_bets_view(current.pk),
        }
    if getattr(user, "is_authenticated", False):
        snapshot["me"] = player_name(user.pk)  # the page names this player's bet "You"
        unsettled = [*NOT_STARTED, State.RUNNING]
        mine = _rows(_CRASH_BETS_OF_PLAYER, [user.pk, CRASH.slug, unsettled])
        snapshot["mine"] = [
            {
                "round": number,
                **_bet_view(bettor, stake, json.loads(selection), json.loads(result), *rest),
            }
            for number, bettor, stake, selection, result, *rest in mine
        ]
        runs = _rows(_CRASH_AUTO_RUN_OF_PLAYER, [user.pk])
        snapshot["autobet"] = None
        if runs:
            [(active, current_bet, total_bet, limit, stopped_reason)] = runs
            snapshot["autobet"] = {
                "active": active,
                "current_bet": current_bet,
                "current_bet_text": format_minor(current_bet),
                "total_bet": total_bet,
                "limit": limit,
                "stopped_reason": stopped_reason,
            }
    return snapshot


def keno_results(limit: int | None = None) -> list[Round]:
    return list(
        Round.objects.filter(game=KENO.slug, state=State.SETTLED).order_by("-number")[
            : limit or conf.KENO_HISTORY
        ]
    )


def hot_and_cold(draws: int | None = None, each: int = 10) -> tuple[list[int], list[int]]:
    """The balls drawn most and least often over the last draws (ties: lower number)."""
    counts = Counter({ball: 0 for ball in keno_fairness.BALLS})
    for outcome in (
        Round.objects.filter(game=KENO.slug, state=State.SETTLED)
        .order_by("-number")
        .values_list("outcome", flat=True)[: draws or conf.KENO_HOT_COLD_DRAWS]
    ):
        counts.update(outcome["balls"])
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if not any(counts.values()):
        return [], []
    return [b for b, _ in ranked[:each]], sorted(b for b, _ in ranked[-each:])
