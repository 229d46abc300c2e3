"""Every page's frame (templates/base.html) is ASCII: one character beyond it makes a whole
page's text two bytes a character, slower to join and encode, so base.html writes such
characters as references."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.cache import SessionStore
from django.template.loader import render_to_string
from django.test import RequestFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("who", ["visitor", "player", "staff"])
def test_the_frame_of_every_page_is_ascii(make_user, who):
    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = {
        "visitor": AnonymousUser,
        "player": make_user,
        "staff": lambda: make_user(is_staff=True),
    }[who]()
    page = render_to_string("base.html", request=request)
    assert "Log" in page  # the header was written: log in or log out
    assert page.isascii(), sorted({c for c in page if not c.isascii()})
