"""A player's Games History: a read model over the rows written with each stake.

Nothing here is a second copy: a game is in the history because its GameSeat row was
written with the game's start, a round game's bet (a Crash bet, a Keno ticket, a roulette
bet) because its row was written in
the same transaction as its `place_bet`, and a correction because its row was written with
its ledger transaction. Amounts come from those rows and from the player's own ledger
entries, so the history cannot disagree with the money.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from django.db.models import (
    CharField,
    F,
    IntegerField,
    Q,
    QuerySet,
    Sum,
    Value,
)
from django.db.models.expressions import RawSQL
from django.urls import reverse
from django.utils import timezone

from accounts.protection import PLAY_KINDS, STAKE_KINDS
from casino import registry as round_games
from casino.models import Bet, round_address
from casino.rounds import RoundGame
from games import registry
from games.models import GameSeat
from reports.models import Correction
from tournaments.models import Entry as TournamentEntry
from wallet import selectors as wallet_selectors
from wallet.compiled import CompiledQuery
from wallet.models import Entry, Transaction
from wallet.money import format_minor


def game_choices() -> list[tuple[str, str]]:
    return [
        *((engine.slug, engine.name) for engine in registry.all()),
        *((game.slug, game.name) for game in round_games.all()),
    ]


@dataclass(frozen=True)
class Period:
    start: date
    end: date  # inclusive

    @property
    def since(self) -> datetime:
        return timezone.make_aware(datetime.combine(self.start, time.min))

    @property
    def until(self) -> datetime:
        return timezone.make_aware(datetime.combine(self.end + timedelta(days=1), time.min))


def default_period(today: date | None = None) -> Period:
    """The last 30 days. Any period can be chosen: nothing is ever deleted, so the rules'
    "at least 12 months visible" holds for as long as the database does."""
    today = today or timezone.localdate()
    return Period(today - timedelta(days=30), today)


@dataclass
class HistoryLine:
    kind: str  # game, round-bet (a bet of a house round game), tournament, correction
    pk: int
    when: datetime
    game: str = ""
    ended: datetime | None = None
    status: str = ""
    stake: int = 0
    returned: int | None = None  # None while in play
    fees: int = 0
    rake: int = 0
    net: int | None = None
    link: str = ""
    link_text: str = ""
    notes: list[str] = field(default_factory=list)
    rules_version: str = ""  # the rules it was played under (staff/versions.py)


def _keys(
    player: int,
    since: datetime,
    until: datetime,
    game: str | None = None,
    stop: int | None = None,
) -> QuerySet:
    """One (kind, pk, when) query per source, merged by the database, newest first. With
    `stop`, each source gives only its first `stop`, all a page ending there can hold:
    each is then read newest first from its player's index (a round bet's (user,
    created, id)) up to that many, where the merge of the unlimited sources read, sorted
    and merged every one of the period's (10,000 bets: ~4 ms of the database's CPU)."""
    seats = GameSeat.objects.filter(
        player_id=player, game__started__gte=since, game__started__lt=until
    )
    round_bets = Bet.objects.filter(user_id=player, created__gte=since, created__lt=until)
    corrections = Correction.objects.filter(
        amounts__has_key=str(player), created__gte=since, created__lt=until
    )
    tournament_entries = TournamentEntry.objects.filter(
        player_id=player, created__gte=since, created__lt=until
    )
    if game is not None:
        seats = seats.filter(game__slug=game)
        round_bets = round_bets.filter(round__game=game)
        tournament_entries = tournament_entries.filter(tournament__game_slug=game)
        corrections = corrections.filter(
            Q(game__slug=game) | Q(game_round__game=game) | Q(tournament__game_slug=game)
        )

    def tagged(queryset, kind: str, pk: str, when: str):
        keys = queryset.annotate(
            k=Value(kind, output_field=CharField()),
            ref=F(pk),
            at=F(when),
            zero=Value(0, output_field=IntegerField()),
        ).values_list("k", "ref", "at", "zero")
        return keys if stop is None else keys.order_by(*NEWEST_FIRST)[:stop]

    return (
        tagged(seats, "game", "game_id", "game__started")
        .union(
            tagged(round_bets, "round-bet", "pk", "created"),
            tagged(tournament_entries, "tournament", "pk", "created"),
            tagged(corrections, "correction", "pk", "created"),
            all=True,
        )
        .order_by(*NEWEST_FIRST)
    )


NEWEST_FIRST = ("-at", "-ref")


def _count_of(**keys) -> int:
    return _keys(**keys).count()


def _page_of(offset: int, limit: int, stop: int, **keys) -> list[tuple]:
    return list(_keys(**keys, stop=stop)[offset : offset + limit])


# The union of four sources costs the ORM ~5 ms to build and compile, twice a page: it is
# compiled once per process, for every game and for one (wallet/compiled.py).
_PERIOD = {"player": int, "since": datetime, "until": datetime}
_COUNT = CompiledQuery(_count_of, **_PERIOD)
_COUNT_OF_GAME = CompiledQuery(_count_of, **_PERIOD, game=str)
_PAGE = CompiledQuery(_page_of, **_PERIOD, offset=int, limit=int, stop=int)
_PAGE_OF_GAME = CompiledQuery(_page_of, **_PERIOD, game=str, offset=int, limit=int, stop=int)


class History:
    """The lines of one player's history, newest first."""

    def __init__(self, user, period: Period, game: str = "") -> None:
        self.user, self.period, self.game = user, period, game
        self._keys = {"player": user.pk, "since": period.since, "until": period.until}
        if game:
            self._keys["game"] = game

    def count(self) -> int:
        counted = _COUNT_OF_GAME if self.game else _COUNT
        [(count,)] = counted.rows(**self._keys)
        return count

    def __getitem__(self, page: slice) -> list[HistoryLine]:
        offset = page.start or 0
        if page.stop <= offset:
            return []
        return self._built(self._page_keys(offset, page.stop - offset))

    def lines_and_more(self, offset: int, limit: int) -> tuple[list[HistoryLine], bool]:
        """`limit` lines from `offset`, and whether more follow: one key more is read,
        so that knowing it costs no count."""
        keys = self._page_keys(offset, limit + 1)
        return self._built(keys[:limit]), len(keys) > limit

    def _page_keys(self, offset: int, limit: int) -> list[tuple]:
        paged = _PAGE_OF_GAME if self.game else _PAGE
        return paged.rows(**self._keys, offset=offset, limit=limit, stop=offset + limit)

    def _built(self, keys: list[tuple]) -> list[HistoryLine]:
        wanted = defaultdict(list)
        for kind, pk, _, _ in keys:
            wanted[kind].append(pk)
        built = {
            **{("game", line.pk): line for line in self._games(wanted["game"])},
            **{("round-bet", line.pk): line for line in self._round_bets(wanted["round-bet"])},
            **{("tournament", line.pk): line for line in self._tournaments(wanted["tournament"])},
            **{("correction", line.pk): line for line in self._corrections(wanted["correction"])},
        }
        return [built[(kind, pk)] for kind, pk, _, _ in keys]

    def _games(self, ids: list[int]) -> list[HistoryLine]:
        if not ids:
            return []
        seats = GameSeat.objects.filter(player=self.user, game_id__in=ids).select_related("game")
        references = {seat.game.escrow_reference for seat in seats}
        money = _ledger_by_reference(self.user, references)
        lines = []
        for seat in seats:
            game = seat.game
            mine = money.get(game.escrow_reference, {})
            settlement = game.settlement or {}
            returned = settlement["payouts"][seat.position] if game.settled else None
            fees = -mine.get(Transaction.Kind.FEE, 0)
            lines.append(
                HistoryLine(
                    kind="game",
                    pk=game.pk,
                    when=game.started,
                    ended=game.finished,
                    game=_name(game.slug),
                    status=game.get_status_display(),
                    stake=seat.held,
                    returned=returned,
                    fees=fees,
                    rake=settlement.get("rake", 0) if game.settled else 0,
                    net=(returned - seat.held - fees) if returned is not None else None,
                    link=reverse("games:replay", args=[game.pk]) if game.is_over else "",
                    link_text="Replay",
                    rules_version=game.rules_version,
                )
            )
        return lines

    def _round_bets(self, ids: list[int]) -> list[HistoryLine]:
        if not ids:
            return []
        rows = _ROUND_BETS.rows(ids=ids)
        # Named and routed once per game of the page, not once per line.
        games = {game: _RoundGame(game) for game in {row[_GAME_COLUMN] for row in rows}}
        return [_round_bet_line(games, *row) for row in rows]

    def _tournaments(self, ids: list[int]) -> list[HistoryLine]:
        """An entry: what it paid in (entry and fee), and what came back: the prize once the
        tournament is settled, both again when it was refunded."""
        if not ids:
            return []
        lines = []
        for e in TournamentEntry.objects.filter(pk__in=ids).select_related("tournament"):
            t = e.tournament
            refunded = e.status != TournamentEntry.Status.REGISTERED
            if refunded:
                returned: int | None = e.entry + e.fee
                status = e.get_status_display()
            elif t.settlement:
                returned, status = e.prize or 0, f"Place {e.place}"
            else:
                returned, status = None, t.get_status_display()
            lines.append(
                HistoryLine(
                    kind="tournament",
                    pk=e.pk,
                    when=e.created,
                    ended=t.finished,
                    game=f"{t.name} ({_name(t.game_slug)}, {t.get_format_display()})",
                    status=status.capitalize(),
                    stake=e.entry,
                    returned=returned,
                    fees=e.fee,
                    net=None if returned is None else returned - e.entry - e.fee,
                    link=reverse("tournaments:detail", args=[t.pk]),
                    link_text="Tournament",
                    notes=[f"Prize {format_minor(e.prize)}"] if e.prize else [],
                )
            )
        return lines

    def _corrections(self, ids: list[int]) -> list[HistoryLine]:
        if not ids:
            return []
        lines = []
        corrected = Correction.objects.filter(pk__in=ids).select_related("game", "game_round")
        for c in corrected:
            amount = int(c.amounts[str(self.user.pk)])
            line = HistoryLine(
                kind="correction",
                pk=c.pk,
                when=c.created,
                ended=c.created,
                game=f"Correction of {c.subject}",
                status="Correction",
                returned=amount,
                net=amount,
                notes=[c.player_note],
            )
            if c.game_id:
                line.link, line.link_text = reverse("games:replay", args=[c.game_id]), "Replay"
            elif c.tournament_id:
                line.link = reverse("tournaments:detail", args=[c.tournament_id])
                line.link_text = "Tournament"
            else:
                line.link = reverse("casino:round", args=[c.game_round.game, c.game_round.number])
                line.link_text = "Verify"
            lines.append(line)
        return lines


PAGE_SIZE = 50


@dataclass(frozen=True)
class HistoryPage:
    """One page of the history, with the parts of Django's Page its template uses."""

    number: int
    object_list: list[HistoryLine]
    more: bool  # an older page follows

    def __iter__(self) -> Iterator[HistoryLine]:
        return iter(self.object_list)

    def has_previous(self) -> bool:
        return self.number > 1

    def has_next(self) -> bool:
        return self.more

    def previous_page_number(self) -> int:
        return self.number - 1

    def next_page_number(self) -> int:
        return self.number + 1


def history_page(history: History, asked: str | None) -> HistoryPage:
    """The page `asked` for, as Django's Paginator.get_page would show it, without its
    count: the page shows Newer and Older, never how many pages there are, and counting
    the period's lines reads every one (10,000 bets: ~5 ms of the database's CPU). A
    number that is not one shows the first page; one past the last page, or below 1, the
    last page, and only then are the lines counted."""
    try:
        number = int(asked) if asked is not None else 1
    except ValueError:
        number = 1
    if number >= 1:
        lines, more = history.lines_and_more((number - 1) * PAGE_SIZE, PAGE_SIZE)
        if lines or number == 1:
            return HistoryPage(number, lines, more)
    last = max(1, -(-history.count() // PAGE_SIZE))
    lines, _ = history.lines_and_more((last - 1) * PAGE_SIZE, PAGE_SIZE)
    return HistoryPage(last, lines, more=False)


def _name(slug: str) -> str:
    try:
        return registry.get(slug).name
    except registry.UnknownGame:
        pass
    try:
        return round_games.get(slug).name
    except LookupError:
        return slug


# A page's round bets by their ids: one statement whatever their number (the ids sent as
# one array), compiled once per process.
_ROUND_BETS = CompiledQuery(
    lambda ids: list(
        Bet.objects.filter(pk__in=RawSQL("SELECT unnest(%s)", [ids])).values_list(
            "pk",
            "created",
            "stake",
            "payout",
            "status",
            "label",
            "result",
            "round__game",
            "round__number",
            "round__settled_at",
            "round__rules_version",
            "round__outcome",
        )
    ),
    ids=list,
)


_GAME_COLUMN = 7  # of a _ROUND_BETS row


class _RoundGame:
    """A round game's name, rules and its rounds' address, for the lines of one page."""

    def __init__(self, slug: str) -> None:
        self.name = _name(slug)
        self.rules = round_games.get(slug)
        self.slug = slug

    def address(self, number: int) -> str:
        return round_address(self.slug, number)


def _round_bet_line(
    games: dict[str, _RoundGame],
    pk,
    created,
    stake,
    payout,
    status,
    label,
    result,
    game,
    number,
    settled_at,
    rules,
    outcome,
) -> HistoryLine:
    """A round bet's line from its row of _ROUND_BETS (JSON arrives as text: the ORM's
    field would parse it)."""
    settled = status != "open"
    played = games[game]
    note = _bet_note(status, label, played.rules, result, outcome)
    return HistoryLine(
        kind="round-bet",
        pk=pk,
        when=created,
        ended=settled_at,
        game=f"{played.name} #{number}",
        status="Void: refunded" if status == "void" else status.capitalize(),
        stake=stake,
        returned=payout if settled else None,
        net=(payout - stake) if settled else None,
        link=played.address(number),
        link_text="Verify",
        notes=[note] if note else [],
        rules_version=rules,
    )


def _bet_note(status: str, label: str, rules: RoundGame, result: str, outcome: str) -> str:
    """The bet, and once played, how it went: "Keno 8: 3 17 42, 2 hits: 3 8 ..."."""
    if status in ("open", "void"):
        return label
    how = rules.describe_result(_json(result))
    return f"{label}{f', {how}' if how else ''}: {rules.describe(_json(outcome))}"


# json.loads without its checks for bytes and a byte-order mark, on text PostgreSQL wrote:
# two values a round bet's line.
_json = json.JSONDecoder().decode


def _ledger_by_reference(user, references) -> dict[str, dict[str, int]]:
    """{reference: {transaction kind: sum}} of the player's cash entries."""
    totals: dict[str, dict[str, int]] = defaultdict(dict)
    rows = (
        Entry.objects.filter(
            account__key=f"cash:user:{user.pk}", transaction__reference__in=references
        )
        .values_list("transaction__reference", "transaction__kind")
        .annotate(total=Sum("amount"))
    )
    for reference, kind, total in rows:
        totals[reference][kind] = total
    return totals


@dataclass(frozen=True)
class Totals:
    staked: int
    returned: int
    net_result: int
    deposits: int
    withdrawals: int
    net_deposits: int


# Totals are remembered under the player's newest ledger entry (exact until the next
# one); the version changes with the way they are counted.
TOTALS_CACHE_KEY = "history-totals:1:{player}:{start}:{end}:{newest}"
TOTALS_CACHE_SECONDS = 3600


def totals(user, period: Period) -> Totals:
    """From the player's ledger entries in the period: play, and money in and out.

    Summing the period's entries reads every one of them (10,000 lines: ~10 ms of the
    database's CPU); the sums are kept in the cache under the id of the player's newest
    entry, so a history shown again before the next movement costs two indexed lookups.
    Without the cache (Redis away) they are summed each time."""
    newest = wallet_selectors.newest_cash_entry(user)
    if newest is None:
        return Totals(0, 0, 0, 0, 0, 0)
    account_id, newest_id = newest
    key = TOTALS_CACHE_KEY.format(
        player=user.pk, start=period.start, end=period.end, newest=newest_id
    )
    return wallet_selectors.remembered(
        key, TOTALS_CACHE_SECONDS, lambda: _summed(account_id, newest_id, period)
    )


def _summed(account_id: int, newest_id: int, period: Period) -> Totals:
    """The sums in one pass over the period's entries up to `newest_id` (so that a
    movement committed meanwhile is not counted under the older id)."""
    K = Transaction.Kind

    def total(*kinds: str) -> Sum:
        return Sum("amount", filter=Q(transaction__kind__in=kinds), default=0)

    sums = Entry.objects.filter(
        account_id=account_id,
        id__lte=newest_id,
        transaction__created__gte=period.since,
        transaction__created__lt=period.until,
    ).aggregate(
        staked=total(*STAKE_KINDS),
        returned=total(*(k for k in PLAY_KINDS if k not in STAKE_KINDS)),
        deposits=total(K.DEPOSIT),
        # A request takes the money out of cash; a rejected or cancelled one brings it back.
        withdrawals=total(K.WITHDRAWAL_REQUEST, K.WITHDRAWAL_REJECTED, K.WITHDRAWAL_CANCELLED),
    )
    staked, returned = -sums["staked"], sums["returned"]
    deposits, withdrawals = sums["deposits"], -sums["withdrawals"]
    return Totals(
        staked=staked,
        returned=returned,
        net_result=returned - staked,
        deposits=deposits,
        withdrawals=withdrawals,
        net_deposits=deposits - withdrawals,
    )
