"""The query parameters the API takes, checked before anything is read: a bad one is a
400 that names it."""

from __future__ import annotations

from rest_framework import serializers

from casino import registry as round_games
from reports.exports import Filters
from reports.history import Period, default_period, game_choices
from wallet.forms import EARLIEST_PERIOD_DATE, LATEST_PERIOD_DATE

MAX_ID = 2**63 - 1


class PeriodDate(serializers.DateField):
    def to_internal_value(self, value):
        day = super().to_internal_value(value)
        if not EARLIEST_PERIOD_DATE <= day <= LATEST_PERIOD_DATE:
            raise serializers.ValidationError(
                f"Choose a date from {EARLIEST_PERIOD_DATE} to {LATEST_PERIOD_DATE}."
            )
        return day


class PeriodQuery(serializers.Serializer):
    start = PeriodDate(required=False, help_text="first day, inclusive (default: 30 days ago)")
    end = PeriodDate(required=False, help_text="last day, inclusive (default: today)")
    game = serializers.ChoiceField(choices=[], required=False, help_text="a game's slug")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [slug for slug, _ in game_choices()]

    def period(self) -> Period:
        fallback = default_period()
        start = self.validated_data.get("start", fallback.start)
        end = self.validated_data.get("end", fallback.end)
        return Period(min(start, end), max(start, end))


class ReportQuery(PeriodQuery):
    player = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="a player's id"
    )

    def filters(self) -> Filters:
        data = self.validated_data
        return Filters(self.period(), data.get("game", ""), data.get("player"))


class RoundGameQuery(serializers.Serializer):
    game = serializers.ChoiceField(choices=[], required=False, help_text="a round game's slug")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [game.slug for game in round_games.all()]


def checked(query_class, request):
    """The validated query of ``request`` (a 400 naming what is wrong otherwise)."""
    query = query_class(data=request.query_params.dict())
    query.is_valid(raise_exception=True)
    return query


class PageQuery(serializers.Serializer):
    page = serializers.IntegerField(required=False, min_value=1, max_value=10**9, default=1)
    page_size = serializers.IntegerField(required=False, min_value=1, max_value=500, default=50)
