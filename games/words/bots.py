"""The computer player of Wordfall: the best-scoring placement the move generator finds
(games/words/movegen.py); with none, it exchanges its whole rack while the bag allows,
else passes. Plain Python. It reads only its own rack and the board."""

from __future__ import annotations

from games.words.board import SIZE
from games.words.lexicon import Lexicon, dawg
from games.words.movegen import best


def choose(
    board: str, layout: str, rack: list[str], can_exchange: bool, lexicon: Lexicon
) -> dict[str, object]:
    move = best(board, layout, rack, dawg(lexicon.name), lexicon.tiles)
    if move is not None:
        tiles = [[at // SIZE, at % SIZE, tile] for at, tile in move.placed]
        return {"type": "place", "tiles": tiles}
    if can_exchange and rack:
        return {"type": "exchange", "tiles": list(rack)}
    return {"type": "pass"}
