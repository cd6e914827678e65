"""Check kinds: how a claim about a game (an example) reaches the engine, one module per game.

The types and the field types shared by every game are in :mod:`kural.checks.kinds`; each game's
kinds are the ``KINDS`` table of ``kural/checks/<game>.py``.
"""

from kural.checks.kinds import *  # noqa: F401,F403
from kural.checks.kinds import __all__  # noqa: F401
