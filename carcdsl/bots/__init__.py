"""Bots: a function of a state that picks a move, seeded; the built-ins by name."""
