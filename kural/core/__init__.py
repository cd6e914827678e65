"""The shared core of every game: notation, melds, the arrangement search, rulesets, errors."""
