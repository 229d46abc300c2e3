"""The API's views: each checks its input, calls the owning app and shapes the answer.

Three parts, each with its own permission and rate (docs/api.md): fairness (public),
regulator (regulator tokens, every call audited), player (the player's own session or
player token)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers as drf
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api import filters, serializers
from api.authentication import ApiTokenAuthentication
from api.throttling import PublicRate
from casino import services as rounds
from casino.models import Round, SeedChain
from games import replay, selectors
from games.models import Game


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


PAGING = [
    OpenApiParameter("page", int, description="1 for the first page"),
    OpenApiParameter("page_size", int, description="lines a page, at most 500 (default 50)"),
]


def _paged(view: APIView, request, items, serializer_class=None, build=None) -> Response:
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
    authentication_classes = [SessionAuthentication, ApiTokenAuthentication]
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
