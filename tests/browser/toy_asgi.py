"""The site with the toy engine in its catalogue, for the browser test of the generic board
(the test's own process registers it too, with games.registry.registered)."""

from config.asgi import application
from games import registry
from tests.browser.toy_engine import PEBBLES

registry.register(PEBBLES)

__all__ = ["application"]
