"""Read queries compiled once per process and run with each call's parameters.

Building a queryset and compiling it costs the ORM about a millisecond a query, more than
PostgreSQL takes to answer the pages' indexed questions, and a page asks the same ones
for every player. A `CompiledQuery` lets the ORM write the statement once, for stand-in
values of its parameters, and then runs that statement with each call's values in their
places: the SQL is the ORM's own, so it cannot drift from the queryset it came from.

The stand-ins are values no real query holds (a negative id, a time in year 1): each one
must come back from the compiler as a parameter of its own, or as an integer spelt inside
a string parameter (an account key such as "cash:user:<id>"), or, for a slice's bounds,
as a LIMIT or OFFSET the ORM writes into the SQL (the statement's own, or a subquery's).
A parameter the ORM turns into something
else (a LIKE pattern, a list that changes the statement's shape, a None that becomes IS
NULL) is refused when the query is compiled, so a query that cannot be compiled this way
fails at once rather than answering for the wrong values.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import connection
from django.db.models import Model

from wallet.prepared import execute, prepared_cursor

# Stand-ins: an integer no id, amount or limit equals; times in the first year of the era.
_INT_STAND_IN = -7_300_419_853
_SLICE_STAND_IN = 4_106_299_127  # a slice's bounds must be positive
_TIME_STAND_IN = datetime(1, 1, 1, tzinfo=UTC)
_STR_STAND_IN = "\x1fstand-in:{}\x1f"
# The parameter names of slice bounds: the statement's [offset:offset + limit], and a
# subquery's [:stop] that reaches as far (stop = offset + limit).
LIMIT, OFFSET, STOP = "limit", "offset", "stop"
_SLICE_BOUNDS = {OFFSET: _SLICE_STAND_IN, LIMIT: _SLICE_STAND_IN + 1, STOP: _SLICE_STAND_IN + 2}


class NotCompilable(Exception):
    """A parameter did not come back from the ORM as a parameter of the statement."""


class _Captured(Exception):
    def __init__(self, sql: str, params: Sequence) -> None:
        self.sql, self.params = sql, tuple(params)


def captured(run: Callable[[], Any]) -> tuple[str, tuple]:
    """The SQL and parameters of the first statement `run` sends, which is not sent."""

    def capture(execute, sql, params, many, context):
        raise _Captured(sql, params or ())

    with connection.execute_wrapper(capture):
        try:
            run()
        except _Captured as statement:
            return statement.sql, statement.params
    raise NotCompilable("the query sent no statement")


@dataclass(frozen=True)
class _Slot:
    """Where one parameter of the statement comes from: the call's parameter `name`, as it
    is or (with `around`) spelt between the pieces of a string; else a constant."""

    name: str | None = None
    around: tuple[str, ...] = ()
    constant: Any = None

    def value(self, values: dict[str, Any]) -> Any:
        if self.name is None:
            return self.constant
        if self.around:
            return str(values[self.name]).join(self.around)
        return values[self.name]


class CompiledQuery:
    """`ask(**parameters)` runs one read through the ORM (a list, count(), first(), a
    slice); `kinds` names each parameter's type: int, str, datetime, or list (of integers,
    sent as one array). A parameter named `limit` or `offset` is a slice's bound: ask
    slices with [offset:offset + limit]; one named `stop` is a subquery's, sliced with
    [:stop], the caller passing offset + limit. Rows come as the database driver reads them
    (JSON as text: the ORM's fields would parse it)."""

    def __init__(self, ask: Callable[..., Any], **kinds: type) -> None:
        self._ask, self._kinds = ask, kinds
        self._compiled: tuple[str, tuple[_Slot, ...]] | None = None
        self._lock = threading.Lock()

    def sql_with_params(self, **values: Any) -> tuple[str, list]:
        if values.keys() != self._kinds.keys():
            raise TypeError(f"expected {sorted(self._kinds)}, got {sorted(values)}")
        for name, value in values.items():
            if not isinstance(value, self._kinds[name]):
                raise TypeError(f"{name}: {value!r} is not a {self._kinds[name].__name__}")
        sql, slots = self._statement()
        return sql, [slot.value(values) for slot in slots]

    def rows(self, **values: Any) -> list[tuple]:
        """Run prepared on the server (wallet/prepared.py): the statement never changes, so
        PostgreSQL plans it once per connection rather than on every call (the history's
        union: ~1-2 ms of planning)."""
        sql, params = self.sql_with_params(**values)
        with prepared_cursor() as cursor:
            execute(cursor, sql, params)
            return cursor.fetchall()

    def instances(self, model: type[Model], **values: Any) -> list[Model]:
        """The model's rows the statement selects (its own columns only: a related row
        read with select_related would not be built)."""
        sql, params = self.sql_with_params(**values)
        return list(model.objects.raw(sql, params))

    def _statement(self) -> tuple[str, tuple[_Slot, ...]]:
        if self._compiled is None:
            with self._lock:
                if self._compiled is None:
                    self._compiled = self._compile()
        return self._compiled

    def _compile(self) -> tuple[str, tuple[_Slot, ...]]:
        stand_ins = {name: _stand_in(kind, n) for n, (name, kind) in enumerate(self._kinds.items())}
        bounds = {name: _SLICE_BOUNDS[name] for name in self._kinds.keys() & _SLICE_BOUNDS.keys()}
        stand_ins.update(bounds)
        sql, params = captured(lambda: self._ask(**stand_ins))
        sql, slots = _bounds_placed(sql, [_slot_of(param, stand_ins) for param in params], bounds)
        missing = set(self._kinds) - {slot.name for slot in slots}
        if missing:
            raise NotCompilable(f"not parameters of the statement: {sorted(missing)}\n{sql}")
        return sql, tuple(slots)


def _stand_in(kind: type, n: int) -> Any:
    if kind is int:
        return _INT_STAND_IN - n
    if kind is datetime:
        return _TIME_STAND_IN + timedelta(microseconds=n)
    if kind is str:
        return _STR_STAND_IN.format(n)
    if kind is list:  # of integers, sent as one array
        return [_INT_STAND_IN - n]
    raise NotCompilable(f"no stand-in for {kind.__name__}")


def _slot_of(param: Any, stand_ins: dict[str, Any]) -> _Slot:
    for name, stand_in in stand_ins.items():
        if type(param) is type(stand_in) and param == stand_in:
            return _Slot(name=name)
    if isinstance(param, str):
        inside = [
            name
            for name, stand_in in stand_ins.items()
            if isinstance(stand_in, int) and name not in _SLICE_BOUNDS and str(stand_in) in param
        ]
        if len(inside) > 1:
            raise NotCompilable(f"two parameters in one string: {param!r}")
        if inside:
            return _Slot(name=inside[0], around=tuple(param.split(str(stand_ins[inside[0]]))))
        if "stand-in:" in param:
            raise NotCompilable(f"a string parameter was changed by the ORM: {param!r}")
    if isinstance(param, datetime) and param.year == 1:
        raise NotCompilable(f"a time parameter was changed by the ORM: {param!r}")
    return _Slot(constant=param)


def _bounds_placed(sql: str, slots: list[_Slot], bounds: dict[str, int]) -> tuple[str, list[_Slot]]:
    """The statement with the slice bounds' stand-ins the ORM wrote into it (LIMIT n,
    OFFSET n) made placeholders, and the slots with each bound's put in its place among
    the parameters' (the placeholders before it in the statement)."""
    names = {str(stand_in): name for name, stand_in in bounds.items()}
    pieces, placed, parameters, written_to = [], [], iter(slots), 0
    for match in re.finditer(r"%%|%s| (LIMIT|OFFSET) (\d+)", sql):
        if match[0] == "%s":
            placed.append(next(parameters))
        elif match[2] in names:
            pieces.append(f"{sql[written_to : match.start()]} {match[1]} %s")
            written_to = match.end()
            placed.append(_Slot(name=names[match[2]]))
    pieces.append(sql[written_to:])
    return "".join(pieces), placed
