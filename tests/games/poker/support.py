"""Hands with the cards chosen: a deck laid out so that the deal gives these hole cards
and this board (hole cards one at a time round the table, then burn, flop, burn, turn,
burn, river)."""

from __future__ import annotations

from collections.abc import Sequence

from games.poker.hand import HOLDEM, Play, Setup, Variant


def deck_for(
    variant: Variant, holes: Sequence[Sequence[str]], board: Sequence[str]
) -> tuple[str, ...]:
    named = [c for hole in holes for c in hole] + list(board)
    spare = [c for c in variant.deck if c not in named]
    deck = [holes[p][k] for k in range(len(holes[0])) for p in range(len(holes))]
    burns = iter(spare)
    for cards in (board[:3], board[3:4], board[4:5]):
        deck += [next(burns), *cards]
    used = set(deck)
    return tuple(deck + [c for c in variant.deck if c not in used])


def hand_with(
    holes: Sequence[Sequence[str]],
    board: Sequence[str],
    stacks: Sequence[int],
    variant: Variant = HOLDEM,
    big_blind: int = 2,
) -> Play:
    return Play(
        Setup(variant, deck_for(variant, holes, board), tuple(stacks), big_blind // 2, big_blind)
    )


def check_down(play: Play) -> Play:
    """Everyone calls or checks until the betting is over."""
    while not play.betting_over:
        play.play(("call", 0))
    return play
