"""The shapes of the API's answers, for the schema and for the reader: the records
themselves are built by the owning apps (casino.services.fairness_record,
games.replay.fairness_record, reports.records, reports.exports)."""

from __future__ import annotations

from rest_framework import serializers

HEX = r"^[0-9a-f]{64}$"


class ChainHead(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    terminal = serializers.RegexField(HEX, help_text="L[0], published before round 1")
    salt = serializers.CharField()
    length = serializers.IntegerField()
    used = serializers.IntegerField(help_text="links taken by rounds so far")
    published_at = serializers.DateTimeField()


class RoundRecord(serializers.Serializer):
    game = serializers.CharField()
    number = serializers.IntegerField()
    state = serializers.CharField()
    settled_at = serializers.DateTimeField()
    chain = ChainHead()
    link_index = serializers.IntegerField(help_text="n: the round played with L[n]")
    commitment = serializers.RegexField(HEX, help_text="L[n-1]: sha256(link) must equal it")
    link = serializers.RegexField(HEX, help_text="L[n], revealed once the round is played")
    outcome = serializers.JSONField(help_text="committed_outcome(link, salt, number)")
    outcome_text = serializers.CharField()


class Action(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    actor = serializers.CharField()
    kind = serializers.CharField(help_text="act, forfeit or disconnect")
    action = serializers.JSONField(allow_null=True)


class GameRecord(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    finished = serializers.DateTimeField(allow_null=True)
    options = serializers.JSONField()
    seats = serializers.IntegerField()
    seed_hash = serializers.RegexField(HEX, help_text="sha256(seed), shown at the start")
    seed = serializers.RegexField(HEX, help_text="revealed when the game ended")
    salt = serializers.CharField(help_text="step n draws from Rng(seed, salt, n)")
    outcome = serializers.JSONField(allow_null=True)
    actions = Action(many=True, allow_null=True, help_text="null: a private game's log")
    final_state = serializers.JSONField(allow_null=True)


class Report(serializers.Serializer):
    report = serializers.CharField()
    header = serializers.DictField()
    columns = serializers.ListField(child=serializers.CharField())
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    page_size = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    rows = serializers.ListField(child=serializers.ListField())


class ReportName(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    url = serializers.URLField()
    schema = serializers.URLField(help_text="the JSON Schema of its JSON file")


class FullRecord(serializers.Serializer):
    kind = serializers.CharField(help_text="game or round")
    record = serializers.DictField(help_text="what the platform holds about it")
    fairness = serializers.DictField(allow_null=True)
    ledger = serializers.ListField(child=serializers.DictField())
    audit = serializers.ListField(child=serializers.DictField())
    complaints = serializers.ListField(child=serializers.DictField())
    corrections = serializers.ListField(child=serializers.DictField())


class Balance(serializers.Serializer):
    balance = serializers.IntegerField(help_text="cash, in minor units")
    pending_withdrawals = serializers.IntegerField()
    currency = serializers.CharField()
    text = serializers.CharField()


class StatementLine(serializers.Serializer):
    created = serializers.DateTimeField(source="transaction.created")
    transaction = serializers.UUIDField(source="transaction.uuid")
    kind = serializers.CharField(source="transaction.kind")
    reference = serializers.CharField(source="transaction.reference")
    memo = serializers.CharField(source="transaction.memo")
    amount = serializers.IntegerField()
    balance_after = serializers.IntegerField()


class HistoryLine(serializers.Serializer):
    kind = serializers.CharField(help_text="game, round-bet or correction")
    id = serializers.IntegerField(source="pk")
    when = serializers.DateTimeField()
    game = serializers.CharField()
    ended = serializers.DateTimeField(allow_null=True)
    status = serializers.CharField()
    stake = serializers.IntegerField()
    returned = serializers.IntegerField(allow_null=True)
    fees = serializers.IntegerField()
    rake = serializers.IntegerField()
    net = serializers.IntegerField(allow_null=True)
    link = serializers.CharField()
    notes = serializers.ListField(child=serializers.CharField())


class OpenTable(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    game = serializers.CharField(source="game_slug")
    game_name = serializers.CharField()
    options = serializers.JSONField()
    option_summary = serializers.CharField()
    stake = serializers.IntegerField()
    seats = serializers.IntegerField()
    free = serializers.IntegerField()
    practice = serializers.BooleanField()
    created = serializers.DateTimeField()


class PlayerBet(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    game = serializers.CharField(source="round.game")
    round = serializers.IntegerField(source="round.number")
    round_state = serializers.CharField(source="round.state")
    bet_type = serializers.CharField()
    label = serializers.CharField()
    selection = serializers.JSONField()
    stake = serializers.IntegerField()
    payout = serializers.IntegerField()
    status = serializers.CharField()
    result = serializers.JSONField()
    created = serializers.DateTimeField()
