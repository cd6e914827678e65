"""Benchmarks: every speed figure the issues ask for (run with scripts/bench)."""
