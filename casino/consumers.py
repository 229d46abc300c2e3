"""The Crash and Keno sockets: watch a game, and for Crash bet and cash out.

Thin: each message becomes one casino.services call; refusals come back as
{"type": "error", "message": ...} and the socket stays open.
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from casino import broadcast, clock, services
from casino.models import Game
from wallet.money import parse_major
from wallet.services import WalletError

MAX_MESSAGE = 2_000  # bytes: every valid message is far smaller


class RoundConsumer(AsyncWebsocketConsumer):
    game: str

    async def connect(self) -> None:
        await self.channel_layer.group_add(broadcast.group(self.game), self.channel_name)
        await self.accept()
        await self.send_json(await self.snapshot())

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.group(self.game), self.channel_name)

    async def send_json(self, content: dict) -> None:
        await self.send(text_data=json.dumps(content))

    async def round_event(self, message: dict) -> None:
        await self.send_json(message["event"])

    async def snapshot(self) -> dict:
        raise NotImplementedError

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        received_ms = clock.now_ms()
        try:
            if text_data is None or len(text_data) > MAX_MESSAGE:
                raise ValueError
            content = json.loads(text_data)
            if not isinstance(content, dict) or not isinstance(content.get("type"), str):
                raise ValueError
        except ValueError:
            await self.send_json({"type": "error", "message": "Malformed message."})
            return
        try:
            reply = await self.handle(content, received_ms)
        except (services.RoundError, WalletError) as error:
            reply = {"type": "error", "message": str(error), "action": content["type"]}
        except (ValueError, TypeError, KeyError) as error:
            reply = {"type": "error", "message": str(error) or "Malformed message."}
        await self.send_json(reply)

    async def handle(self, content: dict, received_ms: int) -> dict:
        if content["type"] == "sync":
            return await self.snapshot()
        raise ValueError(f"Unknown message type {content['type']!r}.")


def _amount(value: object) -> int:
    return parse_major(str(value))


class CrashConsumer(RoundConsumer):
    game = Game.CRASH

    async def snapshot(self) -> dict:
        return await database_sync_to_async(services.crash_snapshot)(self.scope.get("user"))

    async def handle(self, content: dict, received_ms: int) -> dict:
        user = self.scope.get("user")
        kind = content["type"]
        if kind == "sync":
            return await self.snapshot()
        if not getattr(user, "is_authenticated", False):
            raise services.RoundError("Log in to play.")
        call = database_sync_to_async
        if kind == "bet":
            auto = content.get("auto_cash_out")
            bet = await call(services.place_crash_bet)(
                user,
                _amount(content.get("amount")),
                auto_cash_out=None if auto in (None, "") else services.parse_multiplier(auto),
                next_round=bool(content.get("next_round")),
            )
            round_number = await call(lambda: bet.round.number)()
            return {
                "type": "accepted",
                "action": "bet",
                "round": round_number,
                **services.bet_view(bet),
            }
        if kind == "cash_out":
            result = await call(services.cash_out)(user, received_ms=received_ms)
            return {
                "type": "accepted",
                "action": "cash_out",
                "multiplier": result.multiplier,
                "payout": result.payout,
            }
        if kind == "autobet":
            auto = content.get("auto_cash_out")
            run = await call(services.start_autobet)(
                user,
                base_bet=_amount(content.get("base_bet")),
                total_bets_limit=_amount(content.get("total_bets_limit")),
                on_win=str(content.get("on_win")),
                on_loss=str(content.get("on_loss")),
                auto_cash_out=None if auto in (None, "") else services.parse_multiplier(auto),
            )
            return {"type": "accepted", "action": "autobet", "current_bet": run.current_bet}
        if kind == "stop_autobet":
            await call(services.stop_autobet)(user)
            return {"type": "accepted", "action": "stop_autobet"}
        raise ValueError(f"Unknown message type {kind!r}.")


class KenoConsumer(RoundConsumer):
    """Watching only: tickets are bought through the page's form."""

    game = Game.KENO

    async def snapshot(self) -> dict:
        return {
            "type": "state",
            "now_ms": clock.now_ms(),
            "next": await database_sync_to_async(services.next_keno_draw_view)(),
        }
