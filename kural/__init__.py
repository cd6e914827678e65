"""Kural: the rules of Okey, Okey 101, Rummikub and Thai Dummy, as records checked by a rule engine."""

__version__ = "0.1.0"
