"""Classic Belote (24 cards, 6 + 3) and Open Belote (32 cards in stacked pairs), two players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.belote.base import Action, State, TrickEngine, taker_of, trump_of, turned_card
from games.belote.cards import NO_TRUMP, RANKS_24, RANKS_32, SUITS, make_deck, rank, suit
from games.belote.combos import (
    COMBINATION_CHOICES,
    ComboRules,
    announcement,
    belote_combo_rules,
    belote_key,
    best_combinations,
    open_candidates,
)
from games.belote.scoring import round_belote
from games.engine import BaseOptions, IllegalAction, OnDisconnect, option
from games.rng import Rng

TARGETS = (1, 3, 5, 7, 9, 11, 51, 101, 201)
MOST_WINS = 11
CAPOT_BONUS = 50
MULTIPLIERS = (1, 2, 4, 8, 16)
CHANGE_CARD_RATE_BP = 1000  # 10% of the current stake, charged by the runtime


@dataclass(frozen=True)
class OpenBeloteOptions(BaseOptions):
    target: int = option(101, "Game score", TARGETS, "1 to 11 are wins; 51, 101 and 201 points")
    no_trump: bool = option(False, "With No Trump", (False, True))
    combinations: str = option(
        "all",
        "Combinations",
        COMBINATION_CHOICES,
        "all; without 4 cards and 100; tierce only; without combinations",
    )
    double_capot: bool = option(
        False, "Double score for capot", (False, True), "Games to 3, 5, 7, 9 or 11 wins only"
    )

    def validate(self) -> None:
        super().validate()
        if self.double_capot and self.target not in (3, 5, 7, 9, 11):
            raise ValueError("Double score for capot needs a game to 3, 5, 7, 9 or 11 wins")

    def seats_allowed(self) -> tuple[int, ...]:
        return (2,)


@dataclass(frozen=True)
class ClassicBeloteOptions(OpenBeloteOptions):
    double_stake: int = option(
        1, "Double stake", MULTIPLIERS, "Highest multiplier of the stake; 1 turns it off"
    )
    change_card: bool = option(
        False, "Change card", (False, True), "Once a hand, for 10% of the current stake"
    )


class BeloteFamily(TrickEngine):
    min_seats = 2
    max_seats = 2
    on_disconnect: ClassVar[OnDisconnect] = OnDisconnect.FORFEIT

    def wins_game(self, state: State) -> bool:
        return bool(self.options(state).target <= MOST_WINS)

    def combo_rules(self, state: State) -> ComboRules:
        return belote_combo_rules(self.options(state).combinations, trump_of(state))

    def trump_choices(self, state: State, excluded: str | None) -> list[str]:
        choices = [s for s in SUITS if s != excluded]
        if self.options(state).no_trump:
            choices.append(NO_TRUMP)
        return choices

    def score_hand(self, state: State) -> dict[str, Any]:
        card_points, capot = self.hand_points(state)
        bonus = self.bonus_points(state)
        capot_bonus = [CAPOT_BONUS if side == capot else 0 for side in (0, 1)]
        totals = [card_points[s] + bonus[s] + capot_bonus[s] for s in (0, 1)]
        taker = taker_of(state)
        # The taker wins the hand on equal points, e.g. (72+0) against (52+20).
        made = totals[taker] >= totals[1 - taker]
        winner = taker if made else 1 - taker
        if self.wins_game(state):
            capot_win = self.options(state).double_capot and capot == winner
            wins = state["contra"] + (1 if capot_win else 0)
            points = [wins if side == winner else 0 for side in (0, 1)]
        else:
            # Card points in tens are multiplied by contra; combinations and capot are not.
            scored = [
                round_belote(card_points[s]) * state["contra"] + (bonus[s] + capot_bonus[s]) // 10
                for s in (0, 1)
            ]
            points = scored if made else [sum(scored) if s == winner else 0 for s in (0, 1)]
        return {
            "taker": taker,
            "trump": state["trump"],
            "contra": state["contra"],
            "card_points": card_points,
            "bonus": bonus,
            "capot": capot,
            "made": made,
            "totals": totals,
            "points": points,
        }


class ClassicBeloteEngine(BeloteFamily):
    slug = "belote"
    name = "Classic Belote"
    Options = ClassicBeloteOptions

    def deal(self, state: State, rng: Rng) -> None:
        deck = rng.shuffle(make_deck(RANKS_24))
        state["hands"] = [deck[:6], deck[6:12]]
        state["turned"] = deck[12]
        state["stock"] = deck[13:]
        state["phase"] = "trump"
        state["turn"] = state["first"]

    def contra_allowed(self, state: State) -> bool:
        return self.options(state).target not in (1, 3)

    def may_pass(self, state: State, seat: int) -> bool:
        if state["round"] == 2:
            return bool(seat == state["first"])
        # "If the trump offered is a J, and the first player does not take it, the second
        # player is obliged to take it."
        return not (seat != state["first"] and rank(turned_card(state)) == "J")

    def auction_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == "contra":
            call: Action = {"type": "contra"} if state["contra"] == 1 else {"type": "recontra"}
            return [{"type": "pass"}, call]
        actions: list[Action] = [{"type": "pass"}] if self.may_pass(state, seat) else []
        if state["round"] == 1:
            return [*actions, {"type": "take"}]
        for choice in self.trump_choices(state, suit(turned_card(state))):
            actions += [{"type": "name", "suit": choice, "take_open": t} for t in (False, True)]
        return actions

    def bid_reason(self, state: State, action: Action, kinds: set[str]) -> str | None:
        if action["type"] == "pass" and "pass" not in kinds and kinds & {"take", "name"}:
            if state["round"] == 1:
                return "The turned card is a jack: you must take it"
            return "You must choose the trump"
        if action["type"] == "name" and "name" in kinds:
            return 'Name a suit or no trump, e.g. {"type": "name", "suit": "H", "take_open": false}'
        return None

    def apply_auction(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        if state["phase"] == "contra":
            self.apply_contra(state, seat, action)
            return
        if action["type"] == "pass":
            state["passes"] += 1
            state["turn"] = 1 - seat
            if state["passes"] == 2:
                state["round"], state["passes"], state["turn"] = 2, 0, state["first"]
            return
        state["taker"] = seat
        if action["type"] == "take":
            state["trump"], state["took_open"] = suit(turned_card(state)), True
        else:
            state["trump"], state["took_open"] = action["suit"], action["take_open"]
        if self.contra_allowed(state):
            state["phase"] = "contra"
            state["turn"] = 1 - seat
        else:
            self.complete_deal(state)

    def apply_contra(self, state: State, seat: int, action: Action) -> None:
        if action["type"] == "contra":
            state["contra"] = 2
            state["turn"] = state["taker"]
            return
        if action["type"] == "recontra":
            state["contra"] = 4
        self.complete_deal(state)

    def complete_deal(self, state: State) -> None:
        """Three more cards each; the taker's may include the turned card."""
        taker = taker_of(state)
        if state.pop("took_open"):
            state["hands"][taker].append(turned_card(state))
            state["exposed"][taker].append(turned_card(state))
        else:
            state["discards"].append(turned_card(state))
        for seat in (state["first"], 1 - state["first"]):
            need = 9 - len(state["hands"][seat])
            state["hands"][seat] += state["stock"][:need]
            state["stock"] = state["stock"][need:]
        self.start_play(state)

    def may_double(self, state: State, seat: int) -> bool:
        options = self.options(state)
        if state["multiplier"] >= options.double_stake or state["pending_double"]:
            return False
        if state["phase"] == "trump":
            return True
        # Once the trump is chosen only the player who was offered it first may double.
        return bool(state["phase"] == "play" and seat == state["first"])

    def record(self, state: State, seat: int) -> dict[str, Any] | None:
        return next((r for r in state["declarations"] if r["seat"] == seat), None)

    def declaration_actions(self, state: State, seat: int) -> list[Action]:
        record = self.record(state, seat)
        hand = state["hands"][seat]
        actions: list[Action] = []
        if not state["tricks"]:
            changed = any(c["seat"] == seat for c in state["changes"])
            if self.options(state).change_card and not changed and not record and state["stock"]:
                actions += [{"type": "change_card", "card": c} for c in hand]
            if not record and best_combinations(hand, self.combo_rules(state)):
                actions.append({"type": "declare"})
        elif len(state["tricks"]) == 1 and record and not record["shown"]:
            actions.append({"type": "show"})
        return actions

    def apply_declaration(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        if action["type"] == "change_card":
            self.change_card(state, seat, action["card"], rng)
        elif action["type"] == "declare":
            combos = best_combinations(state["hands"][seat], self.combo_rules(state))
            state["declarations"].append(
                {
                    "seat": seat,
                    "announce": announcement(combos, belote_key, trump_of(state)),
                    "combos": combos,
                    "shown": False,
                    "counted": False,
                    "lapsed": False,
                }
            )
        else:
            record = self.record(state, seat)
            if record is None:
                raise IllegalAction("You have declared nothing to show")
            self.show(state, record)

    def change_card(self, state: State, seat: int, card: str, rng: Rng) -> None:
        new = rng.choice(state["stock"])
        state["stock"].remove(new)
        hand = state["hands"][seat]
        hand[hand.index(card)] = new
        state["set_aside"].append(card)
        state["changes"].append({"seat": seat, "out": card, "in": new})
        state["fees"].append(
            {
                "seat": seat,
                "kind": "change_card",
                "rate_bp": CHANGE_CARD_RATE_BP,
                "multiplier": state["multiplier"],
                "hand_no": state["hand_no"],
            }
        )

    def before_card(self, state: State, seat: int) -> None:
        # A combination not shown before the player's second card does not count.
        record = self.record(state, seat)
        if len(state["tricks"]) == 1 and record and not record["shown"]:
            record["lapsed"] = True

    def after_trick(self, state: State) -> None:
        """After the second trick the higher shown combination scores, the other does not."""
        if len(state["tricks"]) != 2:
            return
        shown = [r for r in state["declarations"] if r["shown"]]
        if not shown:
            return
        trump = trump_of(state)

        def key(record: dict[str, Any]) -> tuple[tuple[int, ...], int]:
            best = max(belote_key(c, trump) for c in record["combos"])
            # Equal in every way: the player who started playing wins.
            return best, int(record["seat"] == state["first"])

        max(shown, key=key)["counted"] = True


class OpenBeloteEngine(BeloteFamily):
    slug = "open-belote"
    name = "Open Belote"
    Options = OpenBeloteOptions

    def deal(self, state: State, rng: Rng) -> None:
        """Eight stacked pairs each; the first four upper cards are opened at once."""
        deck = rng.shuffle(make_deck(RANKS_32))
        state["piles"] = [
            [
                {"cards": [deck[16 * seat + i], deck[16 * seat + 8 + i]], "open": i < 4}
                for i in range(8)
            ]
            for seat in (0, 1)
        ]
        state["phase"] = "trump"
        state["turn"] = state["first"]

    def playable(self, state: State, seat: int) -> list[str]:
        return [p["cards"][-1] for p in state["piles"][seat] if p["cards"] and p["open"]]

    def take_card(self, state: State, seat: int, card: str) -> None:
        pile = next(p for p in state["piles"][seat] if p["cards"] and p["cards"][-1] == card)
        pile["cards"].pop()
        pile["open"] = bool(pile["cards"])  # the card underneath is turned up

    def cards_left(self, state: State) -> int:
        return sum(len(p["cards"]) for piles in state["piles"] for p in piles)

    def knows_holding(self, state: State, seat: int, card: str) -> bool:
        return card in self.playable(state, seat)

    def auction_actions(self, state: State, seat: int) -> list[Action]:
        forced = state["round"] == 2 and seat != state["first"]
        actions: list[Action] = [] if forced else [{"type": "pass"}]
        return actions + [{"type": "name", "suit": s} for s in self.trump_choices(state, None)]

    def bid_reason(self, state: State, action: Action, kinds: set[str]) -> str | None:
        if action["type"] == "pass" and "name" in kinds and "pass" not in kinds:
            return "You must choose the trump"
        if action["type"] == "name" and "name" in kinds:
            return 'Name a suit or no trump, e.g. {"type": "name", "suit": "H"}'
        return None

    def apply_auction(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        if action["type"] == "pass":
            state["passes"] += 1
            state["turn"] = 1 - seat
            if state["passes"] == 2:
                state["round"], state["passes"], state["turn"] = 2, 0, state["first"]
                self.open_tops(state)
            return
        state["taker"] = seat
        state["trump"] = action["suit"]
        self.open_tops(state)
        self.start_play(state)

    def open_tops(self, state: State) -> None:
        for piles in state["piles"]:
            for pile in piles:
                pile["open"] = True

    def declared(self, state: State, seat: int) -> list[dict[str, Any]]:
        return [c for r in state["declarations"] if r["seat"] == seat for c in r["combos"]]

    def declaration_actions(self, state: State, seat: int) -> list[Action]:
        candidates = open_candidates(
            self.playable(state, seat), self.combo_rules(state), self.declared(state, seat)
        )
        return [{"type": "declare", "cards": c["cards"]} for c in candidates]

    def apply_declaration(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        candidates = open_candidates(
            self.playable(state, seat), self.combo_rules(state), self.declared(state, seat)
        )
        combo = next(c for c in candidates if c["cards"] == action["cards"])
        # Every announced combination of both players counts, whatever the other holds.
        state["declarations"].append(
            {
                "seat": seat,
                "announce": {k: combo[k] for k in ("kind", "points", "length")},
                "combos": [combo],
                "shown": True,
                "counted": True,
            }
        )

    def extra_view(self, state: State, seat: int | None) -> dict[str, Any]:
        piles = [
            [
                {
                    "top": p["cards"][-1] if p["cards"] and p["open"] else None,
                    "count": len(p["cards"]),
                }
                for p in seat_piles
            ]
            for seat_piles in state["piles"]
        ]
        hand = self.playable(state, seat) if seat is not None else None
        return {
            "piles": piles,
            "hand": hand,
            "hand_sizes": [sum(p["count"] for p in s) for s in piles],
        }
