"""The install is locked: every dependency pyproject.toml names is pinned in requirements.lock,
with hashes, at a version its bounds allow. `make lock` writes the lock anew (README)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\]+)", re.MULTILINE)


def locked() -> dict[str, str]:
    return {
        canonicalize_name(name): version
        for name, version in PIN.findall((ROOT / "requirements.lock").read_text())
    }


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [
        Requirement(r)
        for r in [*project["dependencies"], *project["optional-dependencies"]["test"]]
    ]


def test_every_declared_dependency_is_pinned_within_its_bounds():
    pins = locked()
    disagreements = []
    for requirement in declared():
        version = pins.get(canonicalize_name(requirement.name))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            disagreements.append(f"{requirement} (locked: {version})")
    assert disagreements == [], "requirements.lock disagrees with pyproject.toml: run `make lock`"


def test_every_pin_carries_hashes_and_names_no_local_index():
    text = (ROOT / "requirements.lock").read_text()
    entries = re.split(r"\n(?=[A-Za-z0-9])", text)
    pinned = [entry for entry in entries if PIN.match(entry)]
    assert len(pinned) == len(locked()) > 50
    assert all("--hash=sha256:" in entry for entry in pinned)
    assert "--index-url" not in text and "--find-links" not in text and "file://" not in text
