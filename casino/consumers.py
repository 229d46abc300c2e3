"""The Crash and Keno sockets: watch a game, and for Crash bet and cash out.

Thin: each message is parsed (casino/protocol.py) and becomes one casino.services call;
refusals come back as {"type": "error", "code", "message"} and the socket stays open.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from accounts.protection import ProtectionRefused
from casino import broadcast, clock, draws, protocol, services
from casino.crash.game import CRASH
from casino.keno.game import KENO
from realtime.consumers import GuardedConsumer
from realtime.protocol import CLOSE_NOT_FOUND
from wallet.money import format_minor
from wallet.selectors import cash_balance
from wallet.services import ProtectionRefusal, WalletError


class RoundConsumer(GuardedConsumer):
    game: str
    rates = protocol.RATES

    async def connect(self) -> None:
        await self.channel_layer.group_add(broadcast.group(self.game), self.channel_name)
        await self.accept_socket()
        await self.send_json(await self.snapshot())

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.group(self.game), self.channel_name)
        await super().disconnect(code)

    async def round_event(self, message: dict) -> None:
        await self.send_json(message["event"])

    async def snapshot(self) -> dict:
        raise NotImplementedError


class CrashConsumer(RoundConsumer):
    game = CRASH.slug

    async def snapshot(self) -> dict:
        return await database_sync_to_async(services.crash_snapshot)(self.scope.get("user"))

    async def handle(self, content: dict[str, Any]) -> None:
        received_ms = clock.now_ms()
        message = protocol.parse_crash(content)
        if isinstance(message, protocol.Sync):
            await self.send_json(await self.snapshot())
            return
        if self.user_id is None:
            raise protocol.LoginRequired()
        try:
            reply = await self._play(message, received_ms)
        except ProtectionRefusal as error:  # a WalletError: caught before the others
            raise protocol.ProtectionRefused(str(error)) from None
        except (services.RoundError, WalletError) as error:
            raise protocol.Refused(str(error)) from None
        except ProtectionRefused as error:
            raise protocol.ProtectionRefused(error.message) from None
        await self.send_json(reply)

    async def _play(self, message: protocol.CrashMessage, received_ms: int) -> dict:
        user = self.scope["user"]
        call = database_sync_to_async
        if isinstance(message, protocol.Bet):
            await self.ensure_standing()
            bet = await call(services.place_crash_bet)(
                user,
                message.amount,
                auto_cash_out=_odds(message.auto_cash_out),
                next_round=message.next_round,
            )
            round_number = await call(lambda: bet.round.number)()
            return {
                "type": "accepted",
                "action": "bet",
                "round": round_number,
                **services.bet_view(bet),
            }
        if isinstance(message, protocol.CashOut):
            # An excluded player may still take back a bet made before the exclusion.
            await self.ensure_standing(excluded_may=True)
            result = await call(services.cash_out)(user, received_ms=received_ms)
            return {
                "type": "accepted",
                "action": "cash_out",
                "multiplier": result.multiplier,
                "payout": result.payout,
            }
        if isinstance(message, protocol.Autobet):
            await self.ensure_standing()
            run = await call(services.start_autobet)(
                user,
                base_bet=message.base_bet,
                total_bets_limit=message.total_bets_limit,
                on_win=message.on_win,
                on_loss=message.on_loss,
                auto_cash_out=_odds(message.auto_cash_out),
            )
            return {"type": "accepted", "action": "autobet", "current_bet": run.current_bet}
        await call(services.stop_autobet)(user)  # stopping is always allowed
        return {"type": "accepted", "action": "stop_autobet"}


def _odds(text: str | None) -> int | None:
    return None if text is None else services.parse_multiplier(text)


class KenoConsumer(RoundConsumer):
    """Watching only: tickets are bought through the page's form."""

    game = KENO.slug

    async def snapshot(self) -> dict:
        user = self.scope.get("user")
        return {
            "type": "state",
            "now_ms": clock.now_ms(),
            "next": await database_sync_to_async(services.next_keno_draw_view)(),
            "mine": await database_sync_to_async(services.keno_results_of)(user),
        }

    async def handle(self, content: dict[str, Any]) -> None:
        protocol.parse_keno(content)
        await self.send_json(await self.snapshot())


class RoundGameConsumer(RoundConsumer):
    """Any game of the round contract, named by the URL: watch it and place bet slips."""

    async def connect(self) -> None:
        self.game = self.scope["url_route"]["kwargs"]["game"]
        if self.game not in draws.drawn_slugs():
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await super().connect()

    async def snapshot(self) -> dict:
        return await database_sync_to_async(draws.snapshot)(self.game, self.scope.get("user"))

    async def handle(self, content: dict[str, Any]) -> None:
        message = protocol.parse_round_game(content)
        if isinstance(message, protocol.Sync):
            await self.send_json(await self.snapshot())
            return
        if self.user_id is None:
            raise protocol.LoginRequired()
        await self.ensure_standing()
        try:
            reply = await database_sync_to_async(self._place)(message)
        except ProtectionRefusal as error:
            raise protocol.ProtectionRefused(str(error)) from None
        except (services.RoundError, WalletError) as error:
            raise protocol.Refused(str(error)) from None
        await self.send_json(reply)

    def _place(self, message: protocol.Slip) -> dict:
        user = self.scope["user"]
        placed = draws.place_bets(
            user,
            game=self.game,
            slip=message.slip,
            bets=[draws.BetRequest(b.bet_type, b.selection, b.stake) for b in message.bets],
        )
        balance = cash_balance(user)
        return {
            "type": "placed",
            "slip": message.slip,
            "bets": [draws.bet_view(bet) for bet in placed],
            "balance": balance,
            "balance_text": format_minor(balance),
        }
