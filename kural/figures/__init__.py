"""Pictures of claims and verdicts as escaped HTML: tiles, cards, melds, and each game\x27s figures and worked examples."""
