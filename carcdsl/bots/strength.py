"""How strong each built-in bot plays, in a word a player knows, and the opponent a new game
offers first: data, read from a tournament (``docs/bots.md``, "How strong the bots are").

The words follow the ratings of ``carcdsl tournament base --variant farmers --bot
random,greedy,mcts --games 60`` (round robin): ``random`` far below the others, an opponent
for someone learning the rules; ``greedy``, who takes the most points in front of it, beats
it nearly always and loses to search nearly always, as a club player would; ``mcts`` wins
nearly every game against both.
A front end shows a bot's kind with its word (``words.phrase("bot-strength-" + word)``); a bot
of a user's own has none until a tournament says where it stands.
"""

from __future__ import annotations

STRENGTH_WORDS = ("beginner", "club", "strong")
"""From weakest to strongest; each is a phrase ``bot-strength-WORD`` in every catalogue."""

STRENGTHS: dict[str, str] = {
    # Elo (mean 0) with its 95% interval and games won, round robin, 60 games a pair, mcts at
    # its defaults (500 playouts, what a seat of the web app or `--bot mcts` plays)
    "random": "beginner",  # -504 [-677, -335]; won 1.2% (greedy beats it in 97.5%)
    "greedy": "club",      # +64 [-26, +142]; won 53.3% (loses to mcts in 90.8%)
    "mcts": "strong",      # +441 [+255, +585]; won 95.4% (never lost to random)
}
"""Kind of seat -> its strength word (the figures: docs/bots.md)."""

DEFAULT_OPPONENT = "greedy"
"""The kind a new game offers for a seat that is not a person: a fair first opponent."""


def strength_of(kind: str) -> str | None:
    """The strength word of a kind of seat; None for a person or a bot no tournament rated."""
    return STRENGTHS.get(kind)
