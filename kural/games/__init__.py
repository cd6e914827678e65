"""The engine, a package per game (pure: no I/O, no words).  The games are joined in :mod:`kural.registry`."""
