"""Pilotta (with bidding) and Classic Pilotta (turned card; four or two players)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.belote.base import (
    Action,
    State,
    TrickEngine,
    known,
    taker_of,
    team,
    trump_of,
    turned_card,
)
from games.belote.cards import RANKS_32, SUITS, make_deck, suit
from games.belote.combos import PILOTTA_COMBOS, announcement, best_combinations, pilotta_key
from games.belote.scoring import round_pilotta
from games.engine import BaseOptions, OnDisconnect, option
from games.rng import Rng

TARGETS = (51, 101, 151, 201, 301)
MIN_BID = 80
BID_STEP = 10
CAPOT = "capot"
CAPOT_VALUE = 250
CAPOT_TRICK_POINTS = 250


@dataclass(frozen=True)
class PilottaOptions(BaseOptions):
    target: int = option(151, "Play to", TARGETS, "Points (in tens) the winning side must reach")

    def seats_allowed(self) -> tuple[int, ...]:
        return (4,)


@dataclass(frozen=True)
class ClassicPilottaOptions(BaseOptions):
    target: int = option(151, "Play to", TARGETS, "Points (in tens) the winning side must reach")

    def seats_allowed(self) -> tuple[int, ...]:
        return (2, 4)


class PilottaFamily(TrickEngine):
    """What both Pilotta games share: declarations in the first trick and the scoring."""

    on_disconnect: ClassVar[OnDisconnect] = OnDisconnect.BOT

    def declaration_actions(self, state: State, seat: int) -> list[Action]:
        first_trick = not state["tricks"]
        declared = any(r["seat"] == seat for r in state["declarations"])
        if first_trick and not declared and best_combinations(state["hands"][seat], PILOTTA_COMBOS):
            return [{"type": "declare"}]
        return []

    def apply_declaration(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        combos = best_combinations(state["hands"][seat], PILOTTA_COMBOS)
        state["declarations"].append(
            {
                "seat": seat,
                "announce": announcement(combos, pilotta_key, trump_of(state)),
                "combos": combos,
                "shown": False,
                "counted": False,
            }
        )

    def after_trick(self, state: State) -> None:
        """After the first trick only the side with the highest declaration scores (and shows)."""
        if len(state["tricks"]) != 1 or not state["declarations"]:
            return
        trump = trump_of(state)
        best: list[tuple[int, ...] | None] = [None, None]
        for record in state["declarations"]:
            side = team(record["seat"])
            key = max(pilotta_key(c, trump) for c in record["combos"])
            held = best[side]
            best[side] = key if held is None else max(held, key)
        a, b = best
        if a == b:  # equal sequences, neither in trump: nobody scores
            return
        winner = 0 if b is None or (a is not None and a > b) else 1
        for record in state["declarations"]:
            if team(record["seat"]) == winner:
                record["counted"] = True
                self.show(state, record)

    def score_hand(self, state: State) -> dict[str, Any]:
        card_points, capot = self.hand_points(state)
        trick_points = list(card_points)
        if capot is not None:
            # "If a team collects all tricks then it receives a total of 250 points instead."
            trick_points = [CAPOT_TRICK_POINTS if side == capot else 0 for side in (0, 1)]
        bonus = self.bonus_points(state)
        own = [trick_points[side] + bonus[side] for side in (0, 1)]
        taker = team(taker_of(state))
        made = self.contract_made(state, own, capot)
        game_value = self.game_value(state)
        if made:
            totals = list(own)
            totals[taker] += game_value
        else:
            # "all of the points go to the other team and they receive 0"
            totals = [0, 0]
            totals[1 - taker] = sum(own) + game_value
        return {
            "taker": state["taker"],
            "trump": state["trump"],
            "contract": state["contract"],
            "contra": state["contra"],
            "card_points": card_points,
            "trick_points": trick_points,
            "bonus": bonus,
            "capot": capot,
            "made": made,
            "totals": totals,
            "points": round_pilotta(totals, trick_points),
        }

    def contract_made(self, state: State, own: list[int], capot: int | None) -> bool:
        raise NotImplementedError

    def game_value(self, state: State) -> int:
        return 0


class PilottaEngine(PilottaFamily):
    slug = "pilotta"
    name = "Pilotta"
    min_seats = 4
    max_seats = 4
    Options = PilottaOptions

    def deal(self, state: State, rng: Rng) -> None:
        deck = rng.shuffle(make_deck(RANKS_32))
        state["hands"] = [deck[i * 8 : (i + 1) * 8] for i in range(4)]
        state["phase"] = "bidding"
        state["turn"] = state["first"]

    def auction_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == "contra":
            call: Action = {"type": "contra"} if state["contra"] == 1 else {"type": "recontra"}
            return [{"type": "pass"}, call]
        actions: list[Action] = [{"type": "pass"}]
        bid = state["bid"]
        if bid is not None and bid["value"] == CAPOT:
            return actions
        lowest = MIN_BID if bid is None else bid["value"] + BID_STEP
        for value in [*range(lowest, CAPOT_VALUE, BID_STEP), CAPOT]:
            actions += [{"type": "bid", "value": value, "suit": s} for s in SUITS]
        return actions

    def bid_reason(self, state: State, action: Action, kinds: set[str]) -> str | None:
        if action["type"] != "bid" or "bid" not in kinds:
            return None
        value, bid_suit = action.get("value"), action.get("suit")
        if bid_suit not in SUITS:
            return "Name a suit: C, D, H or S"
        if value != CAPOT and (not isinstance(value, int) or value % BID_STEP or value < MIN_BID):
            return "Bids start at 80 and go up in tens (or capot)"
        bid = state["bid"]
        if bid is not None:
            return f"Your bid must be higher than {bid['value']}"
        return "That bid is not allowed"

    def apply_auction(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        if state["phase"] == "contra":
            self.apply_contra(state, action)
        elif action["type"] == "bid":
            state["bid"] = {"seat": seat, "value": action["value"], "suit": action["suit"]}
            state["passes"] = 0
            state["turn"] = (seat + 1) % 4
        else:
            state["passes"] += 1
            if state["bid"] is None and state["passes"] == 4:
                self.next_deal(state, rng)
            elif state["bid"] is not None and state["passes"] == 3:
                self.fix_contract(state)
            else:
                state["turn"] = (seat + 1) % 4

    def fix_contract(self, state: State) -> None:
        bid = known(state["bid"])
        taker = bid["seat"]
        capot = bid["value"] == CAPOT
        state["taker"] = taker
        state["trump"] = bid["suit"]
        state["contract"] = {"value": CAPOT_VALUE if capot else bid["value"], "capot": capot}
        # The opponents may double, in playing order from the taker.
        state["phase"] = "contra"
        state["speakers"] = [(taker + 1) % 4, (taker + 3) % 4]
        state["turn"] = state["speakers"][0]

    def apply_contra(self, state: State, action: Action) -> None:
        taker = taker_of(state)
        if action["type"] == "pass":
            state["speakers"].pop(0)
        elif action["type"] == "contra":
            state["contra"] = 2
            state["speakers"] = [taker, (taker + 2) % 4]
        else:
            state["contra"] = 4
            state["speakers"] = []
        if state["speakers"]:
            state["turn"] = state["speakers"][0]
        else:
            self.start_play(state)

    def contract_made(self, state: State, own: list[int], capot: int | None) -> bool:
        taker = team(taker_of(state))
        if known(state["contract"])["capot"]:
            return capot == taker
        return bool(own[taker] >= known(state["contract"])["value"])

    def game_value(self, state: State) -> int:
        return int(known(state["contract"])["value"] * state["contra"])


class ClassicPilottaEngine(PilottaFamily):
    """Four players get 5 cards, two players 6, and a card is turned up for the trump."""

    slug = "classic-pilotta"
    name = "Classic Pilotta"
    min_seats = 2
    max_seats = 4
    Options = ClassicPilottaOptions

    def deal(self, state: State, rng: Rng) -> None:
        deck = rng.shuffle(make_deck(RANKS_32))
        size = 5 if state["seats"] == 4 else 6
        seats = state["seats"]
        state["hands"] = [deck[i * size : (i + 1) * size] for i in range(seats)]
        state["turned"] = deck[seats * size]
        state["stock"] = deck[seats * size + 1 :]
        state["phase"] = "trump"
        state["turn"] = state["first"]

    def auction_actions(self, state: State, seat: int) -> list[Action]:
        turned_suit = suit(turned_card(state))
        if state["round"] == 2:
            others = [s for s in SUITS if s != turned_suit]
            names: list[Action] = [{"type": "name", "suit": s} for s in others]
            return [{"type": "pass"}, *names]
        actions: list[Action] = [{"type": "pass"}, {"type": "take", "swap_seven": False}]
        if state["seats"] == 2 and "7" + turned_suit in state["hands"][seat]:
            actions.append({"type": "take", "swap_seven": True})
        return actions

    def apply_auction(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        seats = state["seats"]
        if action["type"] == "pass":
            state["passes"] += 1
            state["turn"] = (seat + 1) % seats
            if state["passes"] == seats and state["round"] == 1:
                state["round"], state["passes"] = 2, 0
            elif state["passes"] == seats:
                # "If all pass again then the round is cancelled and the cards dealt again."
                self.next_deal(state, rng)
            return
        state["taker"] = seat
        if action["type"] == "take":
            state["trump"] = suit(turned_card(state))
        else:
            state["trump"] = action["suit"]
        if seats == 4:
            self.complete_deal_four(state)
        else:
            self.complete_deal_two(state, swap_seven=action.get("swap_seven", False))
        self.start_play(state)

    def complete_deal_four(self, state: State) -> None:
        """The taker gets the turned card and two more; the others three more."""
        taker = taker_of(state)
        for offset in range(4):
            seat = (state["first"] + offset) % 4
            count = 2 if seat == taker else 3
            state["hands"][seat] += state["stock"][:count]
            state["stock"] = state["stock"][count:]
        state["hands"][taker].append(turned_card(state))
        state["exposed"][taker].append(turned_card(state))

    def complete_deal_two(self, state: State, swap_seven: bool) -> None:
        """The card on the table is discarded, unless the taker swaps the trump 7 for it."""
        taker = taker_of(state)
        if swap_seven:
            seven = "7" + trump_of(state)
            state["hands"][taker].remove(seven)
            state["hands"][taker].append(turned_card(state))
            state["exposed"][taker].append(turned_card(state))
            state["discards"].append(seven)
        else:
            state["discards"].append(turned_card(state))
        for offset in range(2):
            seat = (state["first"] + offset) % 2
            state["hands"][seat] += state["stock"][:3]
            state["stock"] = state["stock"][3:]

    def contract_made(self, state: State, own: list[int], capot: int | None) -> bool:
        # No bid, so the "game value" the takers must reach is half the points in play.
        taker = team(taker_of(state))
        return own[taker] >= own[1 - taker]
