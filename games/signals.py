"""What the runtime tells the apps above it, which it does not import (tournaments)."""

from __future__ import annotations

from django.dispatch import Signal

# After the commit that settled a game: `game_id`. A receiver that fails is logged, and
# the game stays settled; receivers keep their own sweep for what they miss.
game_settled = Signal()
