"""No input answers 500: every URL pattern of the site, found by walking the URL resolver
(a new view is fuzzed the day it is routed), is requested by each role (anonymous, player,
staff, regulator) with hostile path parameters, query strings and form bodies.

Hostile means what a browser never sends and an attacker does: NUL characters, lone
surrogates (percent-encoded as the invalid UTF-8 they become), numbers past any column,
negative numbers, dates far out of range, Unicode digits, unknown keys and Django lookups
(`opt_points__regex=(`). The keys come from the forms the pages themselves render for
the URL (so new forms are covered too), else from every form class the site loads.

Two tests: a Hypothesis fuzz per URL pattern (derandomised: the same examples on every
run; a modest number per URL so the whole file stays within a few minutes; set
FUZZ_EXAMPLES to search deeper locally), and a deterministic sweep that puts each hostile
class in each control of each form of the site while the other controls keep their page
values (random examples alone rarely reach the code behind an otherwise valid form).
Each request runs in a savepoint that is rolled back, so no request changes what the
next one sees.
"""

from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass, field
from datetime import date
from html.parser import HTMLParser
from urllib.parse import quote, urlsplit

import pytest
from django import forms
from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter, PathConverter, SlugConverter, UUIDConverter
from django.urls.resolvers import RegexPattern, RoutePattern
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from staff.roles import REGULATORS_GROUP

pytestmark = pytest.mark.django_db

EXAMPLES_PER_URL = int(os.environ.get("FUZZ_EXAMPLES", "12"))
ROLES = ("anonymous", "player", "staff", "regulator")

# Values no form of the site should choke on; each is a class of attack, not a guess.
HOSTILE_VALUES = [
    "\x00",
    "1\x00",
    "2026-01-01\x00",
    "\ud800",
    "a\udfffb",
    "9999-12-31",
    "0001-01-01",
    "99999-01-01",
    "2026-02-30",
    "1969-12-31T23:59:60",
    "-1",
    "0",
    "-0.01",
    "9" * 40,
    "-" + "9" * 40,
    "9" * 19,
    "2147483648",
    "1e309",
    "NaN",
    "inf",
    "\uff11\uff10\uff10",  # fullwidth 100
    "\u0661\u0662",  # Arabic-Indic 12
    "²",
    "12.345",
    "0.001",
    "(",
    "[]",
    "{}",
    "%",
    "true",
    "on",
    "x" * 5000,
    "",
]
# Keys that reach database lookups when a view passes query keys through.
LOOKUP_KEYS = [
    "opt_points__regex",
    "opt_points__in",
    "opt_points__isnull",
    "opt_points__contains",
    "opt_variant__startswith",
    "opt_match_points",
    "opt_points",
    "opt_",
    "o",
    "q",
    "p",
    "e",
    "_changelist_filters",
    "id__gt",
    "pk__in",
    "all",
]


def _form_field_names() -> list[str]:
    """Every field name of every form class loaded by the site: the keys views read."""
    names: set[str] = set()
    pending = [forms.BaseForm]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        names.update(getattr(cls, "base_fields", {}))
    return sorted(names)


def _leaf_routes(patterns, prefix=()):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _leaf_routes(entry.url_patterns, (*prefix, entry.pattern))
        elif isinstance(entry, URLPattern):
            yield (*prefix, entry.pattern)


def _describe(chain) -> str:
    return "".join(str(part) for part in chain) or "/"


ROUTES = list(_leaf_routes(get_resolver().url_patterns))
_ROUTE_PARAM = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


def _text(alphabet_excludes: str = "") -> st.SearchStrategy[str]:
    return st.text(
        st.characters(exclude_characters=alphabet_excludes), max_size=30
    ) | st.sampled_from(HOSTILE_VALUES)


def _int_parameter(known_ids: list[int]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(known_ids),
        st.integers(0, 50),
        st.integers(0, 10**40),
    ).map(str)


def _parameter(converter, known_ids: list[int]) -> st.SearchStrategy[str]:
    if isinstance(converter, IntConverter):
        return _int_parameter(known_ids)
    if isinstance(converter, UUIDConverter):
        return st.uuids().map(str)
    if isinstance(converter, SlugConverter):
        return st.from_regex(r"\A[-a-zA-Z0-9_]{1,40}\Z") | st.sampled_from(
            ["rps", "backgammon", "pilotta", "crash", "keno", "x" * 300]
        )
    if isinstance(converter, PathConverter):
        return _int_parameter(known_ids) | _text()
    return _int_parameter(known_ids) | _text("/")


def _piece(pattern, known_ids: list[int]) -> st.SearchStrategy[str]:
    """A path piece for one level of the resolver, with its parameters drawn."""
    if isinstance(pattern, RegexPattern):
        source = pattern.regex.pattern.lstrip("^").rstrip("$")
        return st.from_regex(rf"\A{source}\Z", alphabet=st.characters(codec="utf-8"))
    assert isinstance(pattern, RoutePattern)
    route = str(pattern)
    parts: list[st.SearchStrategy[str]] = []
    position = 0
    for match in _ROUTE_PARAM.finditer(route):
        parts.append(st.just(route[position : match.start()]))
        converter = pattern.converters[match.group("name")]
        parts.append(
            _parameter(converter, known_ids).map(
                lambda value: quote(value.encode("utf-8", "surrogatepass"), safe="")
            )
        )
        position = match.end()
    parts.append(st.just(route[position:]))
    return st.tuples(*parts).map("".join)


def _encode(pairs: list[tuple[str, str]]) -> str:
    """Form encoding as a hostile client sends it: lone surrogates become invalid UTF-8."""
    return "&".join(
        quote(key.encode("utf-8", "surrogatepass"), safe="")
        + "="
        + quote(value.encode("utf-8", "surrogatepass"), safe="")
        for key, value in pairs
    )


@dataclass
class FormControl:
    name: str
    kind: str  # the input's type, "select" or "textarea"
    values: list[str] = field(default_factory=list)


class FormsTargeting(HTMLParser):
    """The controls of a page's forms that submit to `target` (an empty action submits to
    the page itself): the keys and values the view behind `target` reads."""

    def __init__(self, page: str, target: str) -> None:
        super().__init__()
        self.page, self.target = page, target
        self.controls: dict[str, FormControl] = {}
        self._inside = False
        self._select: FormControl | None = None

    def handle_starttag(self, tag, attrs) -> None:
        attributes = {key: value or "" for key, value in attrs}
        name = attributes.get("name", "")
        if tag == "form":
            action = urlsplit(attributes.get("action", "")).path or self.page
            self._inside = action == self.target
        elif not self._inside:
            return
        elif tag in ("input", "button", "textarea", "select") and name:
            kind = "select" if tag == "select" else attributes.get("type", tag)
            control = self.controls.setdefault(name, FormControl(name, kind))
            if attributes.get("value"):
                control.values.append(attributes["value"])
            self._select = control if tag == "select" else None
        elif tag == "option" and self._select is not None:
            self._select.values.append(attributes.get("value", ""))

    def handle_endtag(self, tag) -> None:
        if tag == "form":
            self._inside = False
        elif tag == "select":
            self._select = None


def _controls_for(client: Client, path: str) -> list[FormControl]:
    """The form controls that submit to `path`, read from its own page or, for a view
    that only takes POSTs, from the page one level up (where its form lives)."""
    target = urlsplit(path).path
    parent = target.rstrip("/").rsplit("/", 1)[0] + "/"
    for page in (target, parent):
        response = client.get(page)
        assert response.status_code < 500, (page, response.status_code)
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            parser = FormsTargeting(page, target)
            parser.feed(response.content.decode(errors="replace"))
            if parser.controls:
                return sorted(parser.controls.values(), key=lambda control: control.name)
    return []


def _plausible(control: FormControl) -> st.SearchStrategy[str]:
    """What a browser would send for this control, so that one hostile value among
    plausible ones reaches the code behind a valid form."""
    offered = st.sampled_from(control.values) if control.values else st.nothing()
    if control.kind == "date":
        return st.dates().map(date.isoformat) | offered
    if control.kind == "number":
        return st.integers(-(10**20), 10**20).map(str) | offered
    if control.kind in ("select", "hidden", "checkbox", "radio", "submit", "button"):
        return offered | st.just("")
    return offered | st.integers(-(10**6), 10**6).map(str) | _text()


def _form_pairs(controls: list[FormControl]) -> st.SearchStrategy[list[tuple[str, str]]]:
    fields = st.fixed_dictionaries(
        {},
        optional={
            control.name: _plausible(control) | st.sampled_from(HOSTILE_VALUES)
            for control in controls
        },
    ).map(lambda chosen: list(chosen.items()))
    extra = st.lists(st.tuples(KEYS, VALUES), max_size=3)
    return st.tuples(fields, extra).map(lambda both: both[0] + both[1])


FIELD_NAMES = _form_field_names()
KEYS = st.sampled_from(FIELD_NAMES) | st.sampled_from(LOOKUP_KEYS) | _text()
VALUES = (
    st.sampled_from(HOSTILE_VALUES)
    | st.integers(-(10**30), 10**30).map(str)
    | st.dates().map(str)
    | _text()
)
PAIRS = st.lists(st.tuples(KEYS, VALUES), max_size=8)


@dataclass
class World:
    users: dict
    known_ids: list[int]
    by_name: dict  # a real value for each path parameter name the site's routes use


@pytest.fixture
def world(settings, make_user, funded_player, start_table):
    """One of each role and something for each path parameter to find."""
    from lobby import services as lobby
    from reports.models import Heartbeat

    # Five users per URL: the real hasher's cost would be most of the sweep's time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    player = funded_player()
    game, _ = start_table("rps", {"points": 3}, players=[player, funded_player()])
    # Beat alive, as in a running deployment: /ready/ answers 200 (its 503 says "not
    # ready", tested in tests/config/test_ready.py, and is no failure of the input).
    Heartbeat.objects.create(source="beat")
    waiting = lobby.create_table(
        player,
        lobby.TableSpec(
            game_slug="rps", options={"points": 3}, stake=500, seats=2, step_seconds=30
        ),
    )
    seat = lobby.join(funded_player(), waiting.pk)
    staff = make_user(is_staff=True, is_superuser=True)
    regulator = make_user(is_staff=True)
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    regulator.groups.add(group)
    return World(
        users={"anonymous": None, "player": player, "staff": staff, "regulator": regulator},
        known_ids=sorted({player.pk, staff.pk, game.pk, waiting.pk, seat.pk}),
        by_name={
            "table_id": waiting.pk,
            "seat_id": seat.pk,
            "game_id": game.pk,
            "slug": "rps",
            "game": "keno",
            "number": 1,
            "code": waiting.invite_code,
        },
    )


class RoleClient(Client):
    """A test client that goes back to its role's own session before each request: a
    fuzzed POST to a logout page must not change who sends the next example."""

    def __init__(self, role: str, user) -> None:
        super().__init__(raise_request_exception=True)
        self.role = role
        if user is not None:
            self.force_login(user)
        self._signed_in = copy.deepcopy(self.cookies)

    def request(self, **request):
        self.cookies = copy.deepcopy(self._signed_in)
        return super().request(**request)


def _send(client: RoleClient, method: str, path: str, pairs: list[tuple[str, str]]):
    """One request, its writes rolled back, that must not answer 500."""
    encoded = _encode(pairs)
    with transaction.atomic():
        if method == "GET":
            response = client.get(f"{path}?{encoded}" if encoded else path)
        else:
            response = client.post(path, encoded, content_type="application/x-www-form-urlencoded")
        transaction.set_rollback(True)
    assert response.status_code < 500, (client.role, method, path, pairs)


@pytest.mark.slow
@pytest.mark.parametrize("chain", ROUTES, ids=_describe)
def test_no_input_answers_500(chain, world):
    clients = {role: RoleClient(role, user) for role, user in world.users.items()}
    path_strategy = st.tuples(*(_piece(part, world.known_ids) for part in chain)).map(
        lambda pieces: "/" + "".join(pieces)
    )

    @settings(
        max_examples=EXAMPLES_PER_URL,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        role=st.sampled_from(ROLES),
        method=st.sampled_from(["GET", "POST"]),
        path=path_strategy,
        data=st.data(),
    )
    def request_survives(role, method, path, data):
        client = clients[role]
        with transaction.atomic():
            controls = _controls_for(client, path)
            transaction.set_rollback(True)
        pairs = data.draw(_form_pairs(controls) if controls else PAIRS, label="form")
        _send(client, method, path, pairs)

    request_survives()


# One value of each hostile class, sent in each form control in turn while the others
# keep the page's own values: the sweep that reaches code behind an otherwise valid form.
SWEEP_VALUES = [
    "a\x00",
    "\ud800",
    "9999-12-31",
    "0001-01-01",
    "9" * 40,
    "-99",
    "\uff11\uff10\uff10",
    "(",
]
SITE_ROUTES = [chain for chain in ROUTES if str(chain[0]) != "admin/"]


def _concrete_path(chain, by_name: dict) -> str | None:
    """The route with a real value in each parameter, or None if one has no known value."""
    pieces = []
    for pattern in chain:
        if not isinstance(pattern, RoutePattern):
            return None
        route = str(pattern)
        for name in pattern.converters:
            if name not in by_name:
                return None
            route = _ROUTE_PARAM.sub(
                lambda match: str(by_name[match.group("name")]), route, count=1
            )
        pieces.append(route)
    return "/" + "".join(pieces)


@pytest.mark.slow
@pytest.mark.parametrize("chain", SITE_ROUTES, ids=_describe)
def test_each_form_control_survives_each_hostile_class(chain, world):
    """For every form that submits to this route, as the first role that sees it: each
    control in turn carries each hostile class, the other controls their page values;
    then each lookup key. Deterministic: no example is left to chance."""
    path = _concrete_path(chain, world.by_name)
    if path is None:
        pytest.skip("a path parameter without a known value: covered by the fuzz alone")
    for role in ("player", "staff", "regulator"):
        client = RoleClient(role, world.users[role])
        with transaction.atomic():
            controls = _controls_for(client, path)
            transaction.set_rollback(True)
        if controls:
            break
    base = {control.name: (control.values or [""])[0] for control in controls}
    variants = [{**base, name: value} for name in base for value in SWEEP_VALUES]
    variants += [{**base, key: "("} for key in LOOKUP_KEYS]
    for form in variants:
        for method in ("GET", "POST"):
            _send(client, method, path, list(form.items()))
