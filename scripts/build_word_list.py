"""Builds games/words/lexicons/en.txt from Debian's wamerican-large (SCOWL size 70):

    apt-get install wamerican-large
    python scripts/build_word_list.py /usr/share/dict/american-english-large

Kept: words of 2 to 15 lower-case letters a-z (no names, no apostrophes, no accents), in
capitals. Dropped, because SCOWL lists abbreviations among its words (bldg, kw, ft):
every word of three letters or more without a vowel (a, e, i, o, u, y), and every
two-letter word but those of TWO_LETTERS, a list of two-letter English words of our own
(a two-letter word is the commonest play, so a stray abbreviation there matters most),
and the Roman numerals of three letters or more (xii, mcm) but MIX, a word too.
The licence of the source goes with it as en.LICENSE (Debian's copyright file)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

TWO_LETTERS = frozenset(
    (
        "AA",
        "AB",
        "AD",
        "AE",
        "AH",
        "AI",
        "AL",
        "AM",
        "AN",
        "AR",
        "AS",
        "AT",
        "AW",
        "AX",
        "AY",
        "BE",
        "BI",
        "BY",
        "DO",
        "ED",
        "EH",
        "EL",
        "EM",
        "EN",
        "ER",
        "ES",
        "EX",
        "FA",
        "GO",
        "HA",
        "HE",
        "HI",
        "HM",
        "HO",
        "ID",
        "IF",
        "IN",
        "IS",
        "IT",
        "JO",
        "KA",
        "KI",
        "LA",
        "LI",
        "LO",
        "MA",
        "ME",
        "MI",
        "MO",
        "MU",
        "MY",
        "NE",
        "NO",
        "NU",
        "OD",
        "OE",
        "OF",
        "OH",
        "OI",
        "OM",
        "ON",
        "OP",
        "OR",
        "OS",
        "OW",
        "OX",
        "OY",
        "PA",
        "PE",
        "PI",
        "QI",
        "RE",
        "SH",
        "SI",
        "SO",
        "TA",
        "TI",
        "TO",
        "UH",
        "UM",
        "UN",
        "UP",
        "US",
        "UT",
        "WE",
        "WO",
        "XI",
        "XU",
        "YA",
        "YE",
        "YO",
        "ZA",
    )
)
TARGET = Path(__file__).resolve().parent.parent / "games" / "words" / "lexicons" / "en.txt"


ROMAN = re.compile("M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
WORDS_LIKE_NUMERALS = frozenset({"MIX"})


def keep(word: str) -> bool:
    if len(word) == 2:
        return word in TWO_LETTERS
    if ROMAN.fullmatch(word) and word not in WORDS_LIKE_NUMERALS:
        return False
    return re.search("[AEIOUY]", word) is not None


def main(source: str) -> None:
    lines = Path(source).read_text(encoding="utf-8").split("\n")
    words = {line.upper() for line in lines if re.fullmatch("[a-z]{2,15}", line)}
    TARGET.write_text("".join(f"{w}\n" for w in sorted(filter(keep, words))), encoding="ascii")


if __name__ == "__main__":
    main(sys.argv[1])
