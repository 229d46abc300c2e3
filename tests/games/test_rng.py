"""Known-answer tests of games/rng.py against the published description (docs/architecture.md).

The reference functions below are written from the description alone, not from the
module, so a change to the module that breaks published replays fails here. The
hard-coded values were computed once with hmac in a REPL.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

import pytest

from games.rng import SEED_BYTES, Rng, new_seed, seed_hash

ZERO = b"\x00" * 32
SEEDS = [ZERO, b"\xff" * 32, *(hashlib.sha256(str(i).encode()).digest() for i in range(20))]


def ref_block(seed: bytes, salt: str, nonce: int, counter: int) -> bytes:
    return hmac.new(seed, f"{salt}:{nonce}:{counter}".encode(), hashlib.sha256).digest()


def ref_words(seed: bytes, salt: str, nonce: int) -> Iterator[int]:
    counter = 0
    while True:
        block = ref_block(seed, salt, nonce, counter)
        counter += 1
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")


def ref_randbelow(words: Iterator[int], n: int) -> int:
    limit = 2**32 - 2**32 % n
    while True:
        x = next(words)
        if x < limit:
            return x % n


def ref_shuffle(words: Iterator[int], items: list[int]) -> list[int]:
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = ref_randbelow(words, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def ref_sample(words: Iterator[int], pool: list[int], k: int) -> list[int]:
    pool = list(pool)
    return [pool.pop(ref_randbelow(words, len(pool))) for _ in range(k)]


def test_stream_is_hmac_blocks_in_counter_order() -> None:
    expected = b"".join(ref_block(ZERO, "test", 0, c) for c in range(3))
    assert Rng(ZERO, "test", 0).read(96) == expected


def test_reads_of_any_size_continue_the_same_stream() -> None:
    rng = Rng(ZERO, "test", 0)
    chunks = rng.read(5) + rng.read(30) + rng.read(0) + rng.read(61)
    assert chunks == Rng(ZERO, "test", 0).read(96)


def test_salt_and_nonce_select_different_streams() -> None:
    assert Rng(ZERO, "test", 0).read(32) != Rng(ZERO, "test", 1).read(32)
    assert Rng(ZERO, "test", 0).read(32) != Rng(ZERO, "other", 0).read(32)


def test_first_word_known_answer() -> None:
    assert Rng(ZERO, "test", 0).read(4) == bytes.fromhex("70a20bd6")


def test_randbelow_known_answer() -> None:
    rng = Rng(ZERO, "test", 0)
    # 12 draws read 48 bytes, so the second HMAC block is used too.
    assert [rng.randbelow(10) for _ in range(12)] == [4, 4, 1, 5, 9, 8, 7, 5, 7, 6, 1, 6]


def test_shuffle_known_answer() -> None:
    assert Rng(ZERO, "test", 0).shuffle(range(10)) == [2, 9, 0, 1, 6, 5, 3, 7, 8, 4]


def test_sample_known_answer() -> None:
    drawn = Rng(ZERO, "keno", 7).sample(range(1, 81), 20)
    assert drawn == [47, 59, 5, 68, 73, 69, 39, 67, 11, 19, 78, 61, 13, 72, 26, 79, 45, 12, 36, 7]


def test_randbelow_rejects_words_at_or_above_the_limit() -> None:
    n = 2**31 + 1
    limit = 2**32 - 2**32 % n
    assert limit == 2**31 + 1
    words = ref_words(ZERO, "test", 1)
    assert next(words) == 0xF82A5F82 >= limit  # rejected
    assert next(words) == 0x4DBB92EA < limit
    rng = Rng(ZERO, "test", 1)
    assert rng.randbelow(n) == 0x4DBB92EA == 1304138474
    # Both words are consumed: the stream goes on at the third.
    assert rng.read(4) == bytes.fromhex("2d260dc1")


def test_randbelow_rejects_twice_in_a_row() -> None:
    # Words of ("test", 4): f90b555c and 8d63cf8b are rejected, 7d887579 is taken.
    assert Rng(ZERO, "test", 4).randbelow(2**31 + 1) == 0x7D887579 == 2106094969


@pytest.mark.parametrize("seed", SEEDS)
def test_randbelow_matches_the_description(seed: bytes) -> None:
    bounds = [1, 2, 3, 6, 10, 52, 80, 1000, 2**31 + 1, 3 * 2**30, 2**32 - 1, 2**32]
    rng, words = Rng(seed, "game:42", 3), ref_words(seed, "game:42", 3)
    for n in bounds * 5:
        assert rng.randbelow(n) == ref_randbelow(words, n)


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_and_sample_match_the_description(seed: bytes) -> None:
    rng, words = Rng(seed, "game:7", 0), ref_words(seed, "game:7", 0)
    assert rng.shuffle(list(range(52))) == ref_shuffle(words, list(range(52)))
    assert rng.sample(range(1, 81), 20) == ref_sample(words, list(range(1, 81)), 20)
    assert rng.choice("abcdef") == "abcdef"[ref_randbelow(words, 6)]
    assert rng.die() == ref_randbelow(words, 6) + 1


def test_randbelow_one_still_consumes_a_word() -> None:
    rng = Rng(ZERO, "test", 0)
    assert rng.randbelow(1) == 0
    assert rng.read(4) == bytes.fromhex("a5fd098e")


def test_shuffle_and_sample_leave_their_input_alone() -> None:
    items = list(range(10))
    Rng(ZERO, "test", 0).shuffle(items)
    Rng(ZERO, "test", 0).sample(items, 5)
    assert items == list(range(10))


def test_sample_of_everything_is_a_permutation() -> None:
    assert sorted(Rng(ZERO, "test", 0).sample(range(10), 10)) == list(range(10))
    assert Rng(ZERO, "test", 0).sample(range(10), 0) == []


@pytest.mark.parametrize("n", [0, -1, 2**32 + 1])
def test_randbelow_refuses_bounds_outside_one_to_two_to_the_32(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(ZERO, "test", 0).randbelow(n)


@pytest.mark.parametrize("k", [-1, 11])
def test_sample_refuses_impossible_counts(k: int) -> None:
    with pytest.raises(ValueError):
        Rng(ZERO, "test", 0).sample(range(10), k)


def test_choice_of_nothing_fails() -> None:
    with pytest.raises(ValueError):
        Rng(ZERO, "test", 0).choice([])


def test_seed_and_commitment() -> None:
    seed = new_seed()
    assert len(seed) == SEED_BYTES == 32
    assert new_seed() != seed
    assert seed_hash(ZERO) == hashlib.sha256(ZERO).hexdigest()
    assert seed_hash(ZERO) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
