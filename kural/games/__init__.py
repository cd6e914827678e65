"""One module per game over the shared core (:mod:`kural.melds`, :mod:`kural.arrange`)."""
