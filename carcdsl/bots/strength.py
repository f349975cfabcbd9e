"""How strong each built-in bot plays, in a word a player knows, and the opponent a new game
offers first: data, read from a tournament (``docs/bots.md``, "How strong the bots are").

The words follow the ratings of ``carcdsl tournament base --variant farmers --bot
random,greedy,mcts...`` (round robin, 60 games a pair): ``random`` far below the others, as a
first game against a computer should be; ``greedy`` above it and well below search, as a
player who takes the points in front of them; ``mcts`` winning nearly every game against both.
A front end shows a bot's kind with its word (``words.phrase("bot-strength-" + word)``); a bot
of a user's own has none until a tournament says where it stands.
"""

from __future__ import annotations

STRENGTH_WORDS = ("beginner", "club", "strong")
"""From weakest to strongest; each is a phrase ``bot-strength-WORD`` in every catalogue."""

STRENGTHS: dict[str, str] = {
    "random": "beginner",  # Elo -508 [-677, -335]; 1.3% of its games won
    "greedy": "club",      # Elo +58 [-28, +144]; beats random 97.5%, loses to mcts 91.7%
    "mcts": "strong",      # Elo +451 [+263, +563] at 50 playouts (the default is 500)
}
"""Kind of seat -> its strength word (the figures: docs/bots.md)."""

DEFAULT_OPPONENT = "greedy"
"""The kind a new game offers for a seat that is not a person: a fair first opponent."""


def strength_of(kind: str) -> str | None:
    """The strength word of a kind of seat; None for a person or a bot no tournament rated."""
    return STRENGTHS.get(kind)
