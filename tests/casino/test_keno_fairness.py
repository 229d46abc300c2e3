"""The Keno draw against a reference written from docs/architecture.md, and its uniformity."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from collections.abc import Iterator

from casino.keno.fairness import draw
from tests.casino.vectors import CHAIN, KENO_ROUND_1, KENO_ROUND_1_FIRST_EIGHT, KENO_SALT

# chi-square with 79 degrees of freedom exceeds 124.84 with probability 0.001
CHI_SQUARE_79_AT_0_001 = 124.84


def reference_words(link: bytes, salt: str, nonce: int) -> Iterator[int]:
    counter = 0
    while True:
        block = hmac.new(link, f"{salt}:{nonce}:{counter}".encode(), hashlib.sha256).digest()
        counter += 1
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")


def reference_draw(link: bytes, salt: str, round_number: int) -> list[int]:
    words = reference_words(link, salt, round_number)
    pool = list(range(1, 81))
    drawn = []
    while len(drawn) < 20:
        n = len(pool)
        x = next(words)
        if x < 2**32 - 2**32 % n:
            drawn.append(pool.pop(x % n))
    return drawn


def test_known_answer_worked_by_hand() -> None:
    result = draw(CHAIN[1], KENO_SALT, 1)
    assert result[:8] == KENO_ROUND_1_FIRST_EIGHT
    assert result == KENO_ROUND_1


def test_agrees_with_the_reference_draw() -> None:
    link = CHAIN[0]
    for round_number in range(1, 1_001):
        link = hashlib.sha256(link).digest()
        assert draw(link, "keno:7", round_number) == reference_draw(link, "keno:7", round_number)


def test_twenty_distinct_balls_from_1_to_80() -> None:
    for round_number in range(200):
        balls = draw(CHAIN[2], KENO_SALT, round_number)
        assert len(balls) == 20
        assert len(set(balls)) == 20
        assert all(1 <= ball <= 80 for ball in balls)


def test_salt_and_round_number_change_the_draw() -> None:
    assert draw(CHAIN[1], KENO_SALT, 1) != draw(CHAIN[1], KENO_SALT, 2)
    assert draw(CHAIN[1], KENO_SALT, 1) != draw(CHAIN[1], "keno:other", 1)
    assert draw(CHAIN[1], KENO_SALT, 1) == draw(CHAIN[1], KENO_SALT, 1)


def chi_square(counts: Counter[int], expected: float) -> float:
    return sum((counts[ball] - expected) ** 2 / expected for ball in range(1, 81))


def test_uniformity_over_twenty_thousand_draws() -> None:
    rounds = 20_000
    every_ball: Counter[int] = Counter()
    first_ball: Counter[int] = Counter()
    last_ball: Counter[int] = Counter()
    link = hashlib.sha256(b"keno uniformity").digest()
    for round_number in range(1, rounds + 1):
        link = hashlib.sha256(link).digest()
        balls = draw(link, "keno:uniformity", round_number)
        every_ball.update(balls)
        first_ball[balls[0]] += 1
        last_ball[balls[-1]] += 1
    assert sum(every_ball.values()) == 20 * rounds
    assert chi_square(every_ball, 20 * rounds / 80) < CHI_SQUARE_79_AT_0_001
    assert chi_square(first_ball, rounds / 80) < CHI_SQUARE_79_AT_0_001
    assert chi_square(last_ball, rounds / 80) < CHI_SQUARE_79_AT_0_001
