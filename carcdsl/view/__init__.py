"""What people read and see: score breakdowns, sentences about a game, the terminal board."""
