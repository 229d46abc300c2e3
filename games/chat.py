"""Table chat: the seated players' conversation, kept with the game (`ChatLine`), a
player's report of a line, and what staff do with a report.

Who reads and writes: the players seated at the game, and nobody else at the table.
Spectators neither read nor write it (the socket sends them no line and no history);
staff read it in the admin. A player keeps chatting after the game ends (a "good game")
while the page is open.

What a line may be: at most `CHAT_LIMIT` characters, control and bidirectional
override characters removed (a line cannot break the log's layout or reverse the text
after it), stored as typed and escaped where it is shown (the page sets text, never HTML;
the admin escapes). A player sends at most `LINES_PER_WINDOW` lines a minute over all
their sockets and tables, counted in the database under the player's row lock (the
socket's own token bucket stops a flood before it gets here).
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import services as accounts
from accounts.models import User
from games import clock
from games.messages import player_name
from games.models import ChatLine, ChatReport, GameSeat
from games.protocol import CHAT_LIMIT, ChatLogMessage, ChatMessage
from games.services import ActionRejected
from staff import audit

LINES_PER_WINDOW = 10
WINDOW = timedelta(minutes=1)
HISTORY = 100  # lines sent to a seat when its socket opens

# Explicit bidirectional formatting characters (Unicode's Bidi_Control, less the marks
# LRM, RLM and ALM, which only set a direction and cannot reorder what follows).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean(text: str) -> str:
    """The line as kept: controls become spaces, bidi overrides go, spaces are trimmed."""
    kept = (
        " " if unicodedata.category(ch) == "Cc" else ch for ch in text if ch not in _BIDI_CONTROLS
    )
    return "".join(kept).strip()


def chat_say(*, game_id: int, user, text: str) -> ChatMessage:
    """Keeps a seated player's line and returns it as every seat is sent it."""
    text = clean(text)[:CHAT_LIMIT]
    if not text:
        raise ActionRejected("bad_request", "A chat message needs some text.")
    now = clock.now()
    with transaction.atomic():
        # The player's row first: a mute or a block committed before this line refuses it,
        # and two sockets of one player count their lines one after the other.
        author = User.objects.select_for_update().filter(pk=user.pk).first()
        if author is None or not author.is_active:
            raise ActionRejected("blocked", "Your account is blocked.")
        seat = _seat(game_id, author.pk)
        mute = accounts.chat_mute_of(author.pk, now)
        if mute is not None:
            until = timezone.localtime(mute.until).strftime("%d %b %Y %H:%M")
            raise ActionRejected(
                "muted", f"You are muted in table chat until {until} (UTC). You can still play."
            )
        recent = ChatLine.objects.filter(author=author, created__gt=now - WINDOW).count()
        if recent >= LINES_PER_WINDOW:
            raise ActionRejected(
                "rate_limited",
                f"At most {LINES_PER_WINDOW} chat messages a minute: wait a moment.",
            )
        line = ChatLine.objects.create(
            game_id=game_id, seat=seat.position, author=author, text=text, created=now
        )
    return _message(line, player_name(seat.game, seat))


def chat_log(game_id: int, position: int) -> ChatLogMessage:
    """The game's last lines, for the seat at `position` (spectators are sent none)."""
    seats = {
        s.position: s
        for s in GameSeat.objects.select_related("game", "player").filter(game_id=game_id)
    }
    if position not in seats:
        raise ActionRejected("not_seated", "You are not playing at this table.")
    lines = reversed(ChatLine.objects.filter(game_id=game_id).order_by("-id")[:HISTORY])
    return {
        "type": "chat_log",
        "lines": [
            _message(line, player_name(seats[line.seat].game, seats[line.seat])) for line in lines
        ],
    }


def chat_report(*, game_id: int, line_id: int, user) -> ChatReport:
    """A seated player reports another player's line of this game. Reporting the same line
    again is answered with the first report."""
    line = ChatLine.objects.filter(pk=line_id, game_id=game_id).first()
    if line is None:
        raise ActionRejected("not_found", "There is no such chat message at this table.")
    _seat(game_id, user.pk)
    if line.author_id == user.pk:
        raise ActionRejected("bad_request", "You cannot report your own message.")
    try:
        with transaction.atomic():
            return ChatReport.objects.create(line=line, reporter_id=user.pk)
    except IntegrityError:  # reported before (the constraint chat_report_once)
        return ChatReport.objects.get(line=line, reporter_id=user.pk)


# --- staff ------------------------------------------------------------------------------


class ReportClosed(Exception):
    """The report was handled already (another member of staff, or another tab)."""


@transaction.atomic
def report_dismiss(report: ChatReport, *, by, reason: str) -> None:
    report = _open_report(report.pk)
    _close(report, ChatReport.Status.DISMISSED, by)
    audit.record(by, "games.chat_report_dismiss", report, reason, line=report.line_id)


@transaction.atomic
def report_mute(report: ChatReport, *, by, reason: str, hours: int) -> None:
    """Mutes the line's author; the one audit row is the mute's, naming the report."""
    report = _open_report(report.pk)
    accounts.chat_mute(report.line.author, hours=hours, reason=reason, by=by, report=report.pk)
    _close(report, ChatReport.Status.ACTED, by)


@transaction.atomic
def report_block(report: ChatReport, *, by, reason: str) -> None:
    """Blocks the line's author; the one audit row is the block's, naming the report."""
    report = _open_report(report.pk)
    accounts.block_user(report.line.author, reason=reason, by=by, report=report.pk)
    _close(report, ChatReport.Status.ACTED, by)


def _open_report(pk: int) -> ChatReport:
    """The report, with every report of its line locked (in id order): one decision is
    taken about a line, whichever of its reports staff open."""
    line_id = ChatReport.objects.values_list("line_id", flat=True).get(pk=pk)
    reports = ChatReport.objects.select_for_update(of=("self",)).filter(line_id=line_id)
    locked = reports.select_related("line__author").order_by("pk")
    report = next(r for r in locked if r.pk == pk)
    if report.status != ChatReport.Status.OPEN:
        raise ReportClosed(f"This report was already handled ({report.get_status_display()}).")
    return report


def _close(report: ChatReport, status: str, by) -> None:
    """Closes the report and the other open reports of the same line with it."""
    ChatReport.objects.filter(line_id=report.line_id, status=ChatReport.Status.OPEN).update(
        status=status, handled_by=by, handled_at=timezone.now()
    )
    report.refresh_from_db()


def _seat(game_id: int, user_id: int) -> GameSeat:
    seat = (
        GameSeat.objects.select_related("game", "player")
        .filter(game_id=game_id, player_id=user_id)
        .first()
    )
    if seat is None:
        raise ActionRejected("not_seated", "Only the players at this table can use its chat.")
    return seat


def _message(line: ChatLine, name: str) -> ChatMessage:
    return {
        "type": "chat",
        "id": line.pk,
        "seat": line.seat,
        "name": name,
        "text": line.text,
        "at": int(line.created.timestamp() * 1000),
    }
