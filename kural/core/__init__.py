"""The shared core of every game: notation, melds, the arrangement search, rulesets, errors."""

from typing import TypeAlias

# A dict that is only looked up (a memo, a table of values worked out once): nothing reads its order. The checker's
# small path keeps these as MicroPython's own dicts (kural/site/small/lower.py), whose lookups are hashed, where its
# dicts in insertion order, which every other dict of the engine becomes there, are searched from the start.
Lookup: TypeAlias = dict
