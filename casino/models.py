"""House rounds: seed chains, rounds, the bets of every round game, Crash's auto runs and
the stored versions of the Keno paytables.

Money never lives here: bets and wins move through wallet.services; these rows record
what was bet on which round and how it ended, written in the same transaction.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.db import models
from django.db.models.fields.json import KeyTransform
from django.urls import get_urlconf, reverse

from casino import registry
from wallet.references import STAND_IN

GAME_SLUG_LENGTH = 40


def round_address(game: str, number: int) -> str:
    """A round's page. Its route is reversed once per process and game, with a stand-in for
    the number (a reverse costs ~0.1 ms, and a page links up to 25 rounds)."""
    pattern = _round_address_pattern(get_urlconf(settings.ROOT_URLCONF), game)
    return pattern.replace(str(STAND_IN), str(number))


@cache
def _round_address_pattern(urlconf: str, game: str) -> str:
    return reverse("casino:round", args=[game, STAND_IN], urlconf=urlconf)


def game_name(slug: str) -> str:
    """What players call the game of ``slug`` (the slug itself if no game has it now)."""
    try:
        return registry.get(slug).name
    except LookupError:
        return slug


class SeedChain(models.Model):
    """A hash chain generated backwards from ``secret``; ``terminal`` (L[0]) is public."""

    game = models.CharField(max_length=GAME_SLUG_LENGTH)  # a slug of casino.registry
    secret = models.BinaryField(max_length=32)  # L[length]: never leaves the server
    length = models.PositiveIntegerField()
    terminal = models.BinaryField(max_length=32)
    salt = models.CharField(max_length=64)
    # Links L[1..used] are taken by rounds; the next round takes L[used + 1].
    used = models.PositiveIntegerField(default=0)
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-published_at"]

    def __str__(self) -> str:
        return f"{game_name(self.game)} chain {self.pk}"

    @property
    def terminal_hex(self) -> str:
        return bytes(self.terminal).hex()


class Round(models.Model):
    class State(models.TextChoices):
        SCHEDULED = "scheduled"
        BETTING = "betting"
        RUNNING = "running"
        SETTLED = "settled"
        VOID = "void"  # voided by staff: every bet refunded (casino/voiding.py)

    game = models.CharField(max_length=GAME_SLUG_LENGTH)  # a slug of casino.registry
    number = models.PositiveIntegerField()
    chain = models.ForeignKey(SeedChain, on_delete=models.PROTECT, related_name="rounds")
    link_index = models.PositiveIntegerField()
    link = models.BinaryField(max_length=32)  # L[link_index]: shown once settled
    # Fixed when the round is scheduled: {"crash_point": 2123} or {"balls": [...]}.
    outcome = models.JSONField()
    # The rules and engine it is played under (casino.registry.rules_version), fixed when
    # it is scheduled; blank for the rounds scheduled before versions were recorded.
    rules_version = models.CharField(max_length=40, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.SCHEDULED)
    # Keno: the draw time; Crash: set when betting opens (the end of the betting window).
    starts_at = models.DateTimeField(null=True, blank=True)
    closes_at = models.DateTimeField(null=True, blank=True)
    started_at_ms = models.BigIntegerField(null=True, blank=True)  # Crash: the run's t = 0
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_number_per_game"),
            models.UniqueConstraint(fields=["chain", "link_index"], name="round_link_once"),
        ]
        indexes = [
            models.Index(fields=["game", "state", "number"]),
            # The rounds not yet played, a dozen a game whatever the history: what the
            # draw cycle reads every second (casino.draws.wanting_advance).
            models.Index(
                fields=["game", "number"],
                name="round_unplayed",
                condition=models.Q(state__in=["scheduled", "betting", "running"]),
            ),
        ]
        ordering = ["game", "-number"]

    def __str__(self) -> str:
        return f"{game_name(self.game)} #{self.number}"

    @property
    def reference(self) -> str:
        """The wallet reference of this round's bets and wins."""
        return f"round:{self.game}:{self.number}"

    @property
    def is_settled(self) -> bool:
        return self.state == self.State.SETTLED

    @property
    def crash_point(self) -> int:
        return self.outcome["crash_point"]

    @property
    def balls(self) -> list[int]:
        return self.outcome["balls"]


class BetStatus(models.TextChoices):
    OPEN = "open"
    WON = "won"
    LOST = "lost"
    VOID = "void"  # refunded: the round was voided


class CrashAutoRun(models.Model):
    """The "Auto" mode of one player: the plan entered and where the run stands."""

    class NextBet(models.TextChoices):
        RETURN_TO_BASE = "return_to_base", "Return to base bet"
        DOUBLE = "double", "Double current bet"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    base_bet = models.BigIntegerField()
    total_bets_limit = models.BigIntegerField()
    auto_cash_out = models.PositiveIntegerField()  # hundredths
    on_win = models.CharField(max_length=20, choices=NextBet.choices)
    on_loss = models.CharField(max_length=20, choices=NextBet.choices)
    current_bet = models.BigIntegerField()  # the bet of the next round it plays
    total_bet = models.BigIntegerField()  # every bet of the run, current_bet included
    awaiting_round = models.BooleanField(default=True)  # current_bet not placed yet
    active = models.BooleanField(default=True)
    stopped_reason = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(active=True), name="one_active_autorun"
            )
        ]

    def __str__(self) -> str:
        return f"Auto run {self.pk} of {self.user}"


class KenoPaytable(models.Model):
    """One version of one Keno game's paytable; a change is a new version, never an edit.

    ``table`` maps pick count to {hits: multiplier in hundredths}, both as strings (JSON).
    """

    game = models.CharField(max_length=20)  # keno-8, keno-10, keno-gold
    name = models.CharField(max_length=40)
    version = models.PositiveIntegerField()
    table = models.JSONField()
    note = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="paytable_version_once")
        ]
        ordering = ["game", "-version"]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"

    @property
    def paytable(self) -> dict[int, dict[int, int]]:
        return {
            int(picks): {int(hits): int(m) for hits, m in row.items()}
            for picks, row in self.table.items()
        }

    @property
    def max_picks(self) -> int:
        return max(self.paytable)

    @property
    def rows(self) -> list[tuple[int, list[tuple[int, int]]]]:
        """(picks, [(hits, multiplier), ...]) in reading order, for the paytable display."""
        return [(picks, sorted(row.items())) for picks, row in sorted(self.paytable.items())]


class KenoMaskField(models.Field):
    """A Keno ticket's numbers as PostgreSQL ``bit(80)``: bit n (from the left, from 1)
    set for number n; read as its text of 80 noughts and ones."""

    def db_type(self, connection) -> str:
        return "bit(80)"


# Keno's bet types are its tables' slugs with a pick count ("keno-8:5"), and no other
# game's begins so (tests/casino/test_keno_mask.py).
KENO_BET_TYPE_PREFIX = "keno-"


class Bet(models.Model):
    """One bet of a round game (casino.registry): what was chosen (``bet_type`` and
    ``selection``, as the game normalised them), the stake, what it paid and what else
    the round made of it (``result``: Keno's hits, Crash's cash-out multiplier). ``key``
    is the wallet key of its stake, so one bet per key (a Crash bet's key names the round
    and the player: one bet each a round); ``slip`` groups the bets a player placed
    together (a replayed slip or Keno purchase returns them instead of betting twice).
    """

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="bets")
    # Indexed by the pairs below that lead with it, not on its own.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, db_index=False)
    bet_type = models.CharField(max_length=40)
    selection = models.JSONField(default=dict)
    label = models.CharField(max_length=80, blank=True)  # the selection as the slip showed it
    stake = models.BigIntegerField()
    payout = models.BigIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=5, choices=BetStatus.choices, default=BetStatus.OPEN)
    # A Crash bet placed by the player's AUTOBET run.
    auto_run = models.ForeignKey(
        CrashAutoRun, null=True, blank=True, on_delete=models.PROTECT, related_name="bets"
    )
    slip = models.UUIDField()
    key = models.CharField(max_length=120)
    created = models.DateTimeField(auto_now_add=True)
    # A Keno ticket's numbers as a bit mask, kept by PostgreSQL from its selection as it
    # is bought (migration 0010): settlement counts its hits as one bit_count of the mask
    # AND the draw's, where expanding 100,000 tickets' JSON numbers took half a second.
    keno_mask = models.GeneratedField(
        expression=models.Case(
            models.When(
                bet_type__startswith=KENO_BET_TYPE_PREFIX,
                then=models.Func(KeyTransform("numbers", "selection"), function="casino_keno_mask"),
            ),
            output_field=KenoMaskField(),
        ),
        output_field=KenoMaskField(null=True),
        db_persist=True,
    )

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(stake__gt=0), name="round_bet_positive"),
            models.CheckConstraint(condition=models.Q(payout__gte=0), name="round_bet_payout"),
            models.UniqueConstraint(fields=["key"], name="round_bet_placed_once"),
        ]
        # No index holds `status`, `payout` or `result`, and the table's pages are filled
        # to half (migration 0009): settling a round then rewrites each bet beside itself
        # on its page (a HOT update) without touching its seven indexes: the update of a
        # Keno draw's 100,000 tickets took 11.6 s before, 2.6 s after (the same loaded
        # machine; casino/settlement.py).
        indexes = [
            models.Index(fields=["user", "-id"]),
            models.Index(fields=["user", "slip"]),
            # The player's bets of a period, newest first: their history's page reads
            # only as many as it shows (reports/history.py).
            models.Index(fields=["user", "created", "id"]),
        ]

    def __str__(self) -> str:
        return f"{game_name(self.round.game)} bet {self.pk}"
