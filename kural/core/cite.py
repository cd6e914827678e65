"""How the engine cites: each parameter a ruleset sets or changes names the key of its source in the one
registry of sources (``rules/sources.yaml``), so that pages can name the source by its title and link it.

The engine reads no YAML: the keys are plain strings here, and ``tests/test_sources.py`` checks that every key
a ruleset uses is in the registry.  Where no written source states a reading, the ruleset says so with
:data:`UNWRITTEN` (this reference's own reading), never with a citation of a source that does not say it.
"""

from __future__ import annotations

from typing import Final

UNWRITTEN: Final = "unwritten"

__all__ = ["UNWRITTEN"]
