"""Words in a player's language: ``Words`` and the catalogues (one module per language)."""
