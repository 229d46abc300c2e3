"""The API's views: each checks its input, calls the owning app and shapes the answer.

Three parts, each with its own permission and rate (docs/api.md): fairness (public),
regulator (regulator tokens, every call audited), player (the player's own session or
player token)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers as drf
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from accounts import protection
from api import filters, serializers
from api.authentication import ApiTokenAuthentication
from api.permissions import Player, RegulatorToken
from api.throttling import PlayerRate, PublicRate, RegulatorRate
from casino import services as rounds
from casino.models import Bet, Round, SeedChain
from games import registry as engines
from games import replay, selectors
from games.models import Game
from lobby import selectors as lobby
from reports import exports, history, records, round_audit
from wallet import selectors as wallet
from wallet.models import Transaction
from wallet.money import format_minor


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


PAGING = [filters.PageQuery]


def _paged(view: APIView, request, items, serializer_class=None, build=None) -> Response:
    filters.checked(filters.PageQuery, request)  # a bad page is a 400, not page 1
    paginator = Pages()
    page = paginator.paginate_queryset(items, request, view=view)
    if build is not None:
        data = [build(item) for item in page]
    else:
        data = serializer_class(page, many=True).data
    return paginator.get_paginated_response(data)


def _paged_of(serializer):
    return inline_serializer(
        name=f"Paged{serializer.__name__}",
        fields={
            "count": drf.IntegerField(),
            "next": drf.URLField(allow_null=True),
            "previous": drf.URLField(allow_null=True),
            "results": serializer(many=True),
        },
    )


# --- fairness: public ----------------------------------------------------------------------


class Public(APIView):
    permission_classes = [AllowAny]
    # A session or token only opens a private game's moves to those who may see them.
    authentication_classes = [ApiTokenAuthentication, SessionAuthentication]
    throttle_classes = [PublicRate]


class ChainHeads(Public):
    @extend_schema(
        tags=["fairness"],
        parameters=[filters.RoundGameQuery],
        responses=serializers.ChainHead(many=True),
        summary="Published seed chains: their terminal links and salts",
    )
    def get(self, request):
        query = filters.checked(filters.RoundGameQuery, request)
        chains = SeedChain.objects.order_by("game", "pk")
        if game := query.validated_data.get("game"):
            chains = chains.filter(game=game)
        return Response([rounds.chain_head(chain) for chain in chains])


class PlayedRounds(Public):
    @extend_schema(
        tags=["fairness"],
        parameters=[filters.RoundGameQuery, *PAGING],
        responses=_paged_of(serializers.RoundRecord),
        operation_id="fairness_rounds_list",
        summary="Played rounds, newest first, each with what verifies it",
    )
    def get(self, request):
        query = filters.checked(filters.RoundGameQuery, request)
        played = Round.objects.filter(state=Round.State.SETTLED).select_related("chain")
        if game := query.validated_data.get("game"):
            played = played.filter(game=game)
        return _paged(self, request, played.order_by("-settled_at", "-pk"), build=_round)


def _round(game_round: Round) -> dict:
    return serializers.RoundRecord(rounds.fairness_record(game_round)).data


class PlayedRound(Public):
    @extend_schema(
        tags=["fairness"],
        responses=serializers.RoundRecord,
        summary="One played round: its chain, commitment, link and outcome",
    )
    def get(self, request, game: str, number: int):
        game_round = get_object_or_404(
            Round.objects.select_related("chain"), game=game, number=number
        )
        if not game_round.is_settled:
            raise NotFound("This round has not been played: its link is still secret.")
        return Response(_round(game_round))


class FinishedGames(Public):
    @extend_schema(
        tags=["fairness"],
        parameters=PAGING,
        responses=_paged_of(serializers.GameRecord),
        operation_id="fairness_games_list",
        summary="Finished live games, newest first, each with its seed and moves",
    )
    def get(self, request):
        finished = Game.objects.exclude(status=Game.Status.PLAYING).filter(seed_revealed=True)
        return _paged(
            self,
            request,
            finished.order_by("-pk"),
            build=lambda game: _game(game, request.user),
        )


def _game(game: Game, user) -> dict:
    record = replay.fairness_record(game, with_actions=selectors.may_see_replay(game, user))
    return serializers.GameRecord(record).data


class FinishedGame(Public):
    @extend_schema(
        tags=["fairness"],
        responses=serializers.GameRecord,
        summary="One finished live game: seed, commitment, options, moves and outcome",
    )
    def get(self, request, game_id: int):
        game = get_object_or_404(Game, pk=game_id)
        if not game.is_over or not game.seed_revealed:
            raise NotFound("This game is not over: its seed is still secret.")
        return Response(_game(game, request.user))


# --- regulator: tokens only, every call audited ------------------------------------------


class Regulator(APIView):
    authentication_classes = [ApiTokenAuthentication]
    permission_classes = [RegulatorToken]
    throttle_classes = [RegulatorRate]


class ReportQuery(filters.ReportQuery):
    page = drf.IntegerField(required=False, min_value=1, max_value=10**9, default=1)
    page_size = drf.IntegerField(required=False, min_value=1, max_value=5_000, default=1_000)


def not_found(request, path: str = ""):
    """Any other address under /api/: a JSON 404, as the API's own refusals are."""
    return JsonResponse({"detail": "No such endpoint; see /api/schema/."}, status=404)


class Reports(Regulator):
    @extend_schema(
        tags=["regulator"],
        responses=serializers.ReportName(many=True),
        summary="The reports: the same as the exports page's files",
    )
    def get(self, request):
        return Response(
            [
                {
                    "name": name,
                    "title": title,
                    "url": request.build_absolute_uri(reverse("api:report", args=[name])),
                    "schema": request.build_absolute_uri(reverse("api:report_schema", args=[name])),
                }
                for name, (title, _) in exports.REPORTS.items()
            ]
        )


class OneReport(Regulator):
    @extend_schema(
        tags=["regulator"],
        parameters=[ReportQuery],
        responses=serializers.Report,
        summary="One report, its header and a page of its rows, as in the JSON export",
    )
    def get(self, request, name: str):
        if name not in exports.REPORTS:
            raise NotFound(f"No report is called {name!r}; see /api/regulator/reports/.")
        query = filters.checked(ReportQuery, request)
        wanted = query.filters()
        if name == "statement" and not wanted.player_id:
            raise ValidationError({"player": ["A statement is for one player."]})
        page, size = query.validated_data["page"], query.validated_data["page_size"]
        page_of = exports.page(name, wanted, page=page, size=size)

        def link(number: int) -> str:
            return replace_query_param(request.build_absolute_uri(), "page", number)

        return Response(
            {
                "report": name,
                **page_of,
                "page": page,
                "page_size": size,
                "next": link(page + 1) if page * size < page_of["count"] else None,
                "previous": link(page - 1) if page > 1 else None,
            }
        )


class RoundRecord(Regulator):
    @extend_schema(
        tags=["regulator"],
        responses=serializers.FullRecord,
        summary="A round's full record: bets, ledger, fairness, audit, complaints",
    )
    def get(self, request, game: str, number: int):
        game_round = get_object_or_404(
            Round.objects.select_related("chain"), game=game, number=number
        )
        return Response(records.round_record(game_round))


class RoundAuditCsv(Regulator):
    @extend_schema(
        tags=["regulator"],
        responses={(200, "text/csv"): OpenApiTypes.STR},
        summary="A round's audit record as CSV: the JSON record laid out in sections",
    )
    def get(self, request, game: str, number: int):
        game_round = get_object_or_404(
            Round.objects.select_related("chain"), game=game, number=number
        )
        return _csv(round_audit.round_document(game_round))


class GameAuditCsv(Regulator):
    @extend_schema(
        tags=["regulator"],
        responses={(200, "text/csv"): OpenApiTypes.STR},
        summary="A live game's audit record as CSV: the JSON record laid out in sections",
    )
    def get(self, request, game_id: int):
        return _csv(round_audit.game_document(get_object_or_404(Game, pk=game_id)))


def _csv(document: dict) -> HttpResponse:
    response = HttpResponse(round_audit.render(document, "csv"), content_type="text/csv")
    response["Content-Disposition"] = (
        f'attachment; filename="{round_audit.file_name(document, "csv")}"'
    )
    return response


class AuditSchema(Regulator):
    @extend_schema(
        tags=["regulator"],
        responses=OpenApiTypes.OBJECT,
        summary="The JSON Schema of a game's or round's audit record",
    )
    def get(self, request):
        return Response(round_audit.SCHEMA)


class ReportSchema(Regulator):
    @extend_schema(
        tags=["regulator"],
        responses=OpenApiTypes.OBJECT,
        summary="The JSON Schema of a report's JSON file (the CSV has the same columns)",
    )
    def get(self, request, name: str):
        if name not in exports.REPORTS:
            raise NotFound(f"No report is called {name!r}; see /api/regulator/reports/.")
        return Response(exports.json_schema(name))


class GameRecord(Regulator):
    @extend_schema(
        tags=["regulator"],
        responses=serializers.FullRecord,
        summary="A live game's full record: seats, moves, ledger, fairness, audit, complaints",
    )
    def get(self, request, game_id: int):
        return Response(records.game_record(get_object_or_404(Game, pk=game_id)))


# --- player: the player's own account ------------------------------------------------------


class PlayerView(APIView):
    permission_classes = [Player]
    throttle_classes = [PlayerRate]


class PlayerBalance(PlayerView):
    @extend_schema(tags=["player"], responses=serializers.Balance, summary="Cash balance")
    def get(self, request):
        balance = wallet.cash_balance(request.user)
        return Response(
            {
                "balance": balance,
                "pending_withdrawals": wallet.pending_withdrawal_balance(request.user),
                "currency": settings.CURRENCY,
                "text": format_minor(balance),
            }
        )


class StatementQuery(filters.PeriodQuery):
    kind = drf.ChoiceField(choices=[], required=False, help_text="a transaction kind")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [kind for kind, _ in Transaction.Kind.choices]


class PlayerStatement(PlayerView):
    @extend_schema(
        tags=["player"],
        parameters=[StatementQuery, *PAGING],
        responses=_paged_of(serializers.StatementLine),
        summary="The cash account's lines, newest first",
    )
    def get(self, request):
        query = filters.checked(StatementQuery, request)
        period = query.period()
        lines = wallet.statement(
            request.user,
            date_from=period.start,
            date_to=period.end,
            kind=query.validated_data.get("kind", ""),
        )
        return _paged(self, request, lines, serializers.StatementLine)


class PlayerHistory(PlayerView):
    @extend_schema(
        tags=["player"],
        parameters=[filters.PeriodQuery, *PAGING],
        responses=_paged_of(serializers.HistoryLine),
        summary="Games, round bets and corrections, newest first, as on the history page",
    )
    def get(self, request):
        query = filters.checked(filters.PeriodQuery, request)
        lines = history.History(request.user, query.period(), query.validated_data.get("game", ""))
        return _paged(self, request, lines, serializers.HistoryLine)


class TablesQuery(drf.Serializer):
    game = drf.ChoiceField(choices=[], required=False, help_text="a live game's slug")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [engine.slug for engine in engines.all()]


class PlayerTables(PlayerView):
    @extend_schema(
        tags=["player"],
        parameters=[TablesQuery],
        responses=serializers.OpenTable(many=True),
        summary="Open tables of the lobby (not to a player in time-out or self-exclusion)",
    )
    def get(self, request):
        if protection.is_excluded(request.user):
            # As the lobby's pages: history, account and wallet stay open, play does not.
            raise PermissionDenied(protection.exclusion_message(request.user.protection))
        query = filters.checked(TablesQuery, request)
        tables = lobby.open_tables(game=query.validated_data.get("game"))
        return Response(serializers.OpenTable(tables, many=True).data)


class PlayerBets(PlayerView):
    @extend_schema(
        tags=["player"],
        parameters=[filters.RoundGameQuery, *PAGING],
        responses=_paged_of(serializers.PlayerBet),
        summary="The player's own bets on house rounds, newest first",
    )
    def get(self, request):
        query = filters.checked(filters.RoundGameQuery, request)
        bets = Bet.objects.filter(user=request.user).select_related("round").order_by("-id")
        if game := query.validated_data.get("game"):
            bets = bets.filter(round__game=game)
        return _paged(self, request, bets, serializers.PlayerBet)
