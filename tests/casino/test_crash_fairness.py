"""The crash point against the published formula, hand-checked vectors and its law."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from casino.crash.fairness import BITS, crash_bits, crash_point, crash_point_from_bits
from tests.casino.vectors import CHAIN, CRASH_SALT, CRASH_VECTORS

SPAN = 2**BITS


def reference_crash_point(link: bytes, salt: str, edge: int = 1) -> int:
    """docs/architecture.md's formula, written from the text: 13 hex digits are 52 bits."""
    r = int(hmac.new(salt.encode("utf-8"), link, hashlib.sha256).hexdigest()[:13], 16)
    return max(100, (100 - edge) * 2**52 // (2**52 - r))


@pytest.mark.parametrize("round_number", sorted(CRASH_VECTORS))
def test_known_answers_computed_with_openssl_and_bc(round_number: int) -> None:
    prefix, r, expected = CRASH_VECTORS[round_number]
    link = CHAIN[round_number]
    assert int(prefix, 16) == r
    assert crash_bits(link, CRASH_SALT) == r
    assert crash_point(link, CRASH_SALT) == expected


def test_agrees_with_the_reference_formula() -> None:
    link = CHAIN[0]
    for _ in range(2_000):
        link = hashlib.sha256(link).digest()
        for salt, edge in (("crash:1", 1), ("crash:2 é", 0), ("", 5)):
            assert crash_point(link, salt, edge) == reference_crash_point(link, salt, edge)


def test_salt_is_encoded_as_utf8_and_changes_the_point() -> None:
    points = {crash_point(CHAIN[1], salt) for salt in ("a", "b", "é", "crash:test")}
    assert len(points) == 4


def least_r_reaching(m: int, edge: int = 1) -> int:
    """The smallest r whose crash point is >= m hundredths (m > 100), from the formula."""
    return SPAN - (100 - edge) * SPAN // m


@pytest.mark.parametrize("m", [101, 102, 150, 199, 200, 201, 1000, 2123, 10**6, 99 * SPAN])
def test_the_boundaries_are_exact(m: int) -> None:
    r = least_r_reaching(m)
    assert crash_point_from_bits(r) >= m
    assert crash_point_from_bits(r - 1) < m


def test_extremes() -> None:
    assert crash_point_from_bits(0) == 100
    assert crash_point_from_bits(SPAN - 1) == 99 * SPAN
    assert crash_point_from_bits(SPAN - 1, 0) == 100 * SPAN
    assert crash_point_from_bits(SPAN // 2) == 198  # 99 / (1/2), edge 1
    assert crash_point_from_bits(SPAN // 2, 0) == 200


@pytest.mark.parametrize(("r", "edge"), [(-1, 1), (SPAN, 1), (0, -1), (0, 100), (0, 1.5)])
def test_bad_bits_or_edge_are_refused(r: int, edge: int) -> None:
    with pytest.raises(ValueError):
        crash_point_from_bits(r, edge)


@pytest.mark.slow
def test_distribution_over_a_million_links() -> None:
    """P(crash point >= m) = floor(99 * 2**52 / m) / 2**52, about 0.99 / (m / 100)."""
    rounds = 1_000_000
    link = hashlib.sha256(b"distribution").digest()
    targets = [101, 110, 150, 200, 300, 500, 1000, 2000, 10_000]
    reached = dict.fromkeys(targets, 0)
    for _ in range(rounds):
        link = hashlib.sha256(link).digest()
        point = crash_point(link, "crash:distribution")
        for m in targets:
            if point < m:
                break
            reached[m] += 1
    for m in targets:
        p = 99 * SPAN // m / SPAN
        assert abs(p - 0.99 / (m / 100)) < 1e-12
        sigma = (p * (1 - p) / rounds) ** 0.5
        assert abs(reached[m] / rounds - p) < 5 * sigma, (m, reached[m])
