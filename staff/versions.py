"""The version of a game's rules: what a game or round records when it is created, so
that a regulator can tell under which rules and which engine it was played.

A version is two digests, each the first 12 hex digits of a SHA-256: ``rules-<d>`` over
the texts players read (the family's RULES.md and the like), ``engine-<d>`` over the
code that plays it (the family's modules and the contract they implement). Any change
to either gives a new version; the same files give the same version on every server.
Plain Python: the verifier and the pure layers may import it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

DIGITS = 12


def digest(files: Iterable[Path], root: Path) -> str:
    """The digest of ``files`` (names relative to ``root`` and contents), in name order."""
    hashed = hashlib.sha256()
    for path in sorted(files):
        hashed.update(path.relative_to(root).as_posix().encode() + b"\0")
        hashed.update(path.read_bytes() + b"\0")
    return hashed.hexdigest()[:DIGITS]


def rules_version(package: Path, *, documents: Iterable[Path], contract: Path) -> str:
    """``rules-<d>.engine-<d>`` of the game package in folder ``package``: its rules
    texts ``documents`` and its modules with the ``contract`` they implement."""
    root = package.parent.parent
    code = [*package.glob("*.py"), contract]
    return f"rules-{digest(documents, root)}.engine-{digest(code, root)}"
