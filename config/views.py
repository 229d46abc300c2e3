import logging
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpResponseServerError, JsonResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from redis.exceptions import RedisError

from reports import outage
from reports.models import Heartbeat

log = logging.getLogger(__name__)


# The drawing on each family's tile (static/css/site.css, .art-*): our own, no images.
GAME_ART = {
    "rps": "hand",
    "penalty": "ball",
    "tavli": "board",
    "backgammon": "board",
    "pilotta": "cards",
    "classic-pilotta": "cards",
    "belote": "cards",
    "open-belote": "cards",
    "dominoes": "tiles",
    "fives": "tiles",
    "threes": "tiles",
    "block-dominoes": "tiles",
}


def home(request):
    """The games, the tables open now and the house rounds coming up."""
    from casino import draws
    from games import registry as table_games
    from lobby import selectors as lobby

    return render(
        request,
        "pages/home.html",
        {
            "games": [
                {"engine": engine, "art": GAME_ART.get(engine.slug, "cards")}
                for engine in table_games.all()
            ],
            "open_tables": lobby.open_tables()[:5],
            "round_games": draws.lobby(),
        },
    )


def terms(request):
    """The terms in force for everyone to read, and the earlier versions' dates."""
    from accounts import terms as general_terms
    from accounts.models import Terms

    current = general_terms.in_force()
    return render(
        request,
        "pages/terms.html",
        {
            "terms": current,
            "text": general_terms.terms_html(current) if current else "",
            "earlier": Terms.objects.exclude(pk=getattr(current, "pk", None)),
        },
    )


def rules(request):
    """The site's general rules, the rake of every table game and an index of every
    game's own rules."""
    return render(
        request,
        "pages/rules.html",
        {"table_games": table_game_terms(), "house_games": house_game_links()},
    )


def table_game_terms() -> list[dict]:
    from games import registry as table_games
    from games.conf import limits

    terms = []
    for engine in table_games.all():
        game = limits(engine.slug)
        terms.append(
            {
                "name": engine.name,
                "rules_url": reverse("games:rules", args=[engine.slug]),
                "rake": percent_of_basis_points(game.rake_bp),
                "min_stake": game.min_stake,
                "max_stake": game.max_stake,
            }
        )
    return terms


def percent_of_basis_points(basis_points: int) -> str:
    """400 -> "4%", 250 -> "2.5%": integers only, as everywhere near money."""
    whole, part = divmod(basis_points, 100)
    return f"{whole}.{part:02d}".rstrip("0").rstrip(".") + "%"


def house_game_links() -> list[dict]:
    from casino import registry as house_games

    links = []
    for game in house_games.all():
        try:
            url = reverse("casino:rules", args=[game.slug])
        except NoReverseMatch:  # a game whose rules page is not routed
            url = None
        links.append({"name": game.name, "rules_url": url})
    return links


def not_found(request, exception):
    return render(request, "404.html", status=404)


def server_error(request):
    # Rendered without context processors: the failure may be in one of them.
    return HttpResponseServerError(loader.get_template("500.html").render())


def health(request):
    """Database, Redis and the last heartbeat the worker wrote (driven by beat). Answers
    503 naming what is down, so a load balancer or a monitor can tell. Stopped timers (no
    heartbeat for an outage's length: worker or beat down) are reported, not 503: this
    server still serves pages and moves."""
    report: dict[str, str | None] = {
        "database": "ok",
        "redis": "ok",
        "last_heartbeat": None,
        "timers": None,
    }
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        last = Heartbeat.objects.order_by("-created").first()
        report["last_heartbeat"] = last.created.isoformat() if last else None
        report["timers"] = "stopped" if outage.detect(timezone.now()) else "running"
    except DatabaseError:
        log.exception("health: the database does not answer")
        report["database"] = "down"
    try:
        cache.set("health", "ok", 10)
        if cache.get("health") != "ok":
            report["redis"] = "down"
    except RedisError:
        log.warning("health: Redis does not answer", exc_info=True)
        report["redis"] = "down"
    healthy = report["database"] == "ok" and report["redis"] == "ok"
    return JsonResponse(report, status=200 if healthy else 503)


def ready(request):
    """Readiness: may this deployment take players now? 200, or 503 naming each check
    that failed. Every check is reported with what it saw:

    - `database`, `redis`: they answer;
    - `heartbeat`: beat's last heartbeat (through Redis and a worker into the database) is
      newer than READY_HEARTBEAT_SECONDS, so beat and a worker are alive;
    - `rounds`: no house round of an enabled game is more than READY_ROUND_LATE_SECONDS
      past its due time unsettled (the oldest is named);
    - `games`: no game over for more than READY_GAME_UNSETTLED_SECONDS waits for its
      settlement (the oldest is named).

    /health/ stays the liveness probe: it fails only when this process cannot reach the
    database or Redis."""
    from casino import selectors as rounds
    from games import selectors as games

    now = timezone.now()
    checks: dict[str, dict] = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        checks["database"] = {"ok": True}
    except DatabaseError as error:
        log.warning("ready: the database does not answer", exc_info=True)
        checks["database"] = {"ok": False, "error": type(error).__name__}
    try:
        cache.set("ready", "ok", 10)
        answered = cache.get("ready") == "ok"
        checks["redis"] = {"ok": answered} if answered else {"ok": False, "error": "no answer"}
    except RedisError as error:
        log.warning("ready: Redis does not answer", exc_info=True)
        checks["redis"] = {"ok": False, "error": type(error).__name__}
    if checks["database"]["ok"]:
        checks.update(_ready_timers(now, rounds, games))
    else:
        for name in ("heartbeat", "rounds", "games"):
            checks[name] = {"ok": False, "error": "the database does not answer"}
    failing = [name for name, check in checks.items() if not check["ok"]]
    body = {"ready": not failing, "failing": failing, "checks": checks}
    response = JsonResponse(body, status=503 if failing else 200)
    # A probe that says "not ready" is an answer, not a server error: the request's own
    # line (config.requests) records it; Django's error log (and Sentry) stay for errors.
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


def _ready_timers(now, rounds, games) -> dict[str, dict]:
    checks: dict[str, dict] = {}
    try:
        last = Heartbeat.objects.order_by("-created").first()
        limit = settings.READY_HEARTBEAT_SECONDS
        if last is None:
            checks["heartbeat"] = {"ok": False, "error": "no heartbeat yet", "limit_s": limit}
        else:
            age = (now - last.created).total_seconds()
            checks["heartbeat"] = {
                "ok": age <= limit,
                "last": last.created.isoformat(),
                "age_s": round(age, 1),
                "limit_s": limit,
            }
        limit = settings.READY_ROUND_LATE_SECONDS
        late = rounds.oldest_late_round(now, timedelta(seconds=limit))
        checks["rounds"] = {"ok": late is None, "limit_s": limit}
        if late is not None:
            game_round, due = late
            checks["rounds"].update(
                oldest={
                    "id": game_round.pk,
                    "game": game_round.game,
                    "number": game_round.number,
                    "state": game_round.state,
                    "due": due.isoformat(),
                    "late_s": round((now - due).total_seconds(), 1),
                }
            )
        limit = settings.READY_GAME_UNSETTLED_SECONDS
        game = games.oldest_unsettled_game(now - timedelta(seconds=limit))
        checks["games"] = {"ok": game is None, "limit_s": limit}
        if game is not None:
            checks["games"].update(
                oldest={
                    "id": game.pk,
                    "game": game.slug,
                    "status": game.status,
                    "finished": game.finished.isoformat(),
                    "waiting_s": round((now - game.finished).total_seconds(), 1),
                }
            )
    except DatabaseError as error:
        log.warning("ready: the database failed a check", exc_info=True)
        for name in ("heartbeat", "rounds", "games"):
            checks.setdefault(name, {"ok": False, "error": type(error).__name__})
    return checks


def favicon(request):
    """The site's icon at the address browsers ask first; resolved at request time, as the
    static files' manifest may not exist yet when the URLs are imported."""
    return redirect(static("favicon.svg"), permanent=True)
