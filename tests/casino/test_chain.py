"""The hash chain against OpenSSL-computed links and its own invariants."""

from __future__ import annotations

import hashlib

import pytest

from casino.chain import (
    LINK_BYTES,
    Checkpoints,
    generate_chain,
    link_at,
    new_secret,
    terminal_link,
    verify_against_terminal,
    verify_link,
)
from tests.casino.vectors import CHAIN, SECRET

LONG_SECRET = hashlib.sha256(b"long chain").digest()
LONG_LENGTH = 2_500


@pytest.fixture(scope="module")
def long_chain() -> list[bytes]:
    return generate_chain(LONG_SECRET, LONG_LENGTH)


def test_generate_chain_matches_openssl_links() -> None:
    assert generate_chain(SECRET, 3) == CHAIN


def test_every_link_hashes_to_the_one_before(long_chain: list[bytes]) -> None:
    assert len(long_chain) == LONG_LENGTH + 1
    assert long_chain[LONG_LENGTH] == LONG_SECRET
    for n in range(1, LONG_LENGTH + 1):
        assert hashlib.sha256(long_chain[n]).digest() == long_chain[n - 1]
        assert verify_link(long_chain[n], long_chain[n - 1])


def test_verify_link_rejects_wrong_links() -> None:
    assert not verify_link(CHAIN[1], CHAIN[1])
    assert not verify_link(CHAIN[0], CHAIN[1])  # the wrong direction
    assert not verify_link(CHAIN[2], CHAIN[0])  # skips a round
    tampered = bytes([CHAIN[2][0] ^ 1]) + CHAIN[2][1:]
    assert not verify_link(tampered, CHAIN[1])
    assert not verify_link(CHAIN[2][:31], CHAIN[1])


def test_terminal_link_is_the_published_commitment(long_chain: list[bytes]) -> None:
    assert terminal_link(SECRET, 3) == CHAIN[0]
    assert terminal_link(LONG_SECRET, LONG_LENGTH) == long_chain[0]


def test_link_at_recomputes_any_link(long_chain: list[bytes]) -> None:
    for n in (0, 1, 2, 999, 1000, 1001, LONG_LENGTH - 1, LONG_LENGTH):
        assert link_at(LONG_SECRET, LONG_LENGTH, n) == long_chain[n]


@pytest.mark.parametrize("interval", [1, 3, 7, 500, 1000, 2500, 10_000])
def test_checkpoints_give_every_link(long_chain: list[bytes], interval: int) -> None:
    checkpoints = Checkpoints.build(LONG_SECRET, LONG_LENGTH, interval)
    assert checkpoints.terminal == long_chain[0]
    # every 13th link, and each side of every possible checkpoint boundary
    rounds = {*range(0, LONG_LENGTH + 1, 13), 1, 2, 3, 6, 7, 8, 499, 500, 501, 999, 1000, 1001}
    rounds |= {1999, 2000, 2001, 2499, 2500}
    for n in sorted(rounds):
        assert checkpoints.link(n) == long_chain[n], n


def test_checkpoints_keep_one_link_per_interval() -> None:
    assert len(Checkpoints.build(LONG_SECRET, LONG_LENGTH, 1000).links) == 4  # 0, 1000, 2000, 2500
    assert len(Checkpoints.build(LONG_SECRET, 2000, 1000).links) == 3  # 0, 1000, 2000


def test_verify_against_terminal(long_chain: list[bytes]) -> None:
    terminal = long_chain[0]
    for n in (0, 1, 10, LONG_LENGTH):
        assert verify_against_terminal(long_chain[n], n, terminal)
    assert not verify_against_terminal(long_chain[10], 9, terminal)
    assert not verify_against_terminal(long_chain[10], 11, terminal)
    assert not verify_against_terminal(long_chain[10], -1, terminal)


def test_new_secret_is_fresh_link_material() -> None:
    first, second = new_secret(), new_secret()
    assert len(first) == len(second) == LINK_BYTES
    assert first != second


@pytest.mark.parametrize(
    ("secret", "length"), [(SECRET[:31], 3), (SECRET + b"\x00", 3), (SECRET, 0), (SECRET, -5)]
)
def test_bad_secret_or_length_is_refused(secret: bytes, length: int) -> None:
    with pytest.raises(ValueError):
        generate_chain(secret, length)
    with pytest.raises(ValueError):
        terminal_link(secret, length)
    with pytest.raises(ValueError):
        Checkpoints.build(secret, length)


@pytest.mark.parametrize("round_number", [-1, 4])
def test_rounds_outside_the_chain_are_refused(round_number: int) -> None:
    with pytest.raises(ValueError):
        link_at(SECRET, 3, round_number)
    with pytest.raises(ValueError):
        Checkpoints.build(SECRET, 3, 2).link(round_number)


@pytest.mark.slow
def test_a_million_link_chain_through_checkpoints() -> None:
    length = 1_000_000
    checkpoints = Checkpoints.build(LONG_SECRET, length)
    assert len(checkpoints.links) == 1_001  # about 32 KB of links
    assert checkpoints.terminal == terminal_link(LONG_SECRET, length)
    for n in (1, 2, 999_999, length):
        assert checkpoints.link(n) == link_at(LONG_SECRET, length, n)
    assert verify_link(checkpoints.link(1), checkpoints.terminal)
    assert verify_against_terminal(checkpoints.link(12_345), 12_345, checkpoints.terminal)
