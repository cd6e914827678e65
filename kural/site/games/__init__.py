"""Each game's figures (for its example kinds) and worked-example generators."""

from kural.site.games import dummy, okey, okey101, rummikub  # noqa: F401
