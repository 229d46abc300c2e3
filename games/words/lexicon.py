"""Word lists: which words are allowed, as a set (to check a move) and as a minimal DAWG
(to generate moves for the computer player), each built once per process. Plain Python,
no Django.

A list is a file of capital words, one a line, in `lexicons/` beside this module, shipped
with its licence (`<name>.LICENSE`). A new list, a licensed one too, is one more entry in
LEXICONS and its file; a table chooses its list with the `lexicon` option."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from games.words.tiles import ENGLISH, TileSet

FOLDER = Path(__file__).resolve().parent / "lexicons"


@dataclass(frozen=True)
class Lexicon:
    name: str
    label: str
    file: str
    tiles: TileSet


# English: SCOWL's "large" American list (size 70) as Debian's wamerican-large ships it,
# capital words of 2 to 15 letters only (no names, no apostrophes); its permissive
# licence is lexicons/en.LICENSE. The tournament lists are proprietary and not shipped.
LEXICONS: dict[str, Lexicon] = {
    "en": Lexicon("en", "English (SCOWL)", "en.txt", ENGLISH),
}


class Node:
    """A state of the DAWG: the letters that lead on, and whether a word ends here."""

    __slots__ = ("edges", "final")

    def __init__(self) -> None:
        self.edges: dict[str, Node] = {}
        self.final = False

    def signature(self) -> tuple[object, ...]:
        return (self.final, *sorted((letter, id(child)) for letter, child in self.edges.items()))


@cache
def words(name: str) -> frozenset[str]:
    return frozenset(_read(name))


@cache
def dawg(name: str) -> Node:
    """The minimal DAWG of the list (Daciuk et al.'s incremental construction over the
    sorted words): 113,922 English words make about 50,000 states, built in about a
    second once per process."""
    return build_dawg(sorted(words(name)))


def build_dawg(sorted_words: list[str]) -> Node:
    root = Node()
    register: dict[tuple[object, ...], Node] = {}
    # The path of the word added last: (parent, letter, child), to minimise once done.
    unchecked: list[tuple[Node, str, Node]] = []
    previous = ""
    for word in sorted_words:
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        _minimise(unchecked, register, common)
        node = unchecked[-1][2] if unchecked else root
        for letter in word[common:]:
            child = Node()
            node.edges[letter] = child
            unchecked.append((node, letter, child))
            node = child
        node.final = True
        previous = word
    _minimise(unchecked, register, 0)
    return root


def _minimise(
    unchecked: list[tuple[Node, str, Node]], register: dict[tuple[object, ...], Node], down_to: int
) -> None:
    while len(unchecked) > down_to:
        parent, letter, child = unchecked.pop()
        key = child.signature()
        twin = register.get(key)
        if twin is not None:
            parent.edges[letter] = twin
        else:
            register[key] = child


def _read(name: str) -> list[str]:
    lexicon = LEXICONS[name]
    text = (FOLDER / lexicon.file).read_text(encoding="ascii")
    return [line for line in text.split("\n") if line]
