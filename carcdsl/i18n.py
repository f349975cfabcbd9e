"""Telling games and checks in a player's language.

Two sources: the rule set's own words (kinds, follower roles, "tile", ...) come from its
``names LANG { ... }`` blocks, falling back to the word itself; the tool's own phrases ("winner",
"final scoring") come from the catalogue below. Records and JSON output never change language:
they use the rule set's names, as the record spec says.
"""

from __future__ import annotations

import re

from .model import RuleSet
from .scoring import plural

LANGUAGES = ("en", "nl")

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "at": "at", "rotated": "rotated", "on": "on", "discarded": "fits nowhere: discarded",
        "final": "final scoring", "winner": "winner", "winners": "winners", "seed": "seed",
        "replayed": "{n} moves replayed", "final-ran": "final scoring ran",
        "not-finished": "game not finished", "move": "move", "completed": "completed",
        "games-of": "{n} games of {rules}", "bots": "bots", "seeds": "seeds", "seat": "seat",
        "mean": "mean score", "win-rate": "win rate", "games-per-s": "games/s",
        "error": "error", "warning": "warning", "ok": "ok", "errors": "{n} error{s}",
        "warnings": "{n} warning{s}", "holds": "{player} holds {count} {token}",
        "extra": "{player} plays again",
    },
    "nl": {
        "at": "op", "rotated": "gedraaid", "on": "op", "discarded": "past nergens: weggelegd",
        "final": "eindtelling", "winner": "winnaar", "winners": "winnaars", "seed": "seed",
        "replayed": "{n} zetten nagespeeld", "final-ran": "eindtelling gedaan",
        "not-finished": "spel niet afgelopen", "move": "zet", "completed": "voltooide",
        "games-of": "{n} spellen {rules}", "bots": "bots", "seeds": "seeds", "seat": "speler",
        "mean": "gem. score", "win-rate": "gewonnen", "games-per-s": "spellen/s",
        "error": "fout", "warning": "waarschuwing", "ok": "in orde", "errors": "{n} fout{en}",
        "warnings": "{n} waarschuwing{en}", "holds": "{player} heeft {count} {token}",
        "extra": "{player} is nog een keer aan de beurt",
    },
}

# The checker's messages people meet most, in Dutch (others stay in English).
_MESSAGES_NL = [
    (re.compile(r"the game declares (\d+) tiles but the tile counts add up to (\d+) "
                r"\((\d+) (more|fewer)\)"),
     lambda m: f"het spel noemt {m[1]} tegels maar de aantallen tellen op tot {m[2]} "
               f"({m[3]} {'meer' if m[4] == 'more' else 'minder'})"),
    (re.compile(r"no (\w+) name for '(.+)' \(it stays '(.+)'\)"),
     lambda m: f"geen naam in taal {m[1]} voor '{m[2]}' (het blijft '{m[3]}')"),
    (re.compile(r"unknown feature kind '(.+?)'(.*)"),
     lambda m: f"onbekende soort '{m[1]}'{m[2].replace('did you mean', 'bedoel je')}"),
    (re.compile(r"unexpected (.+); expected (.+)"),
     lambda m: f"onverwacht {m[1]}; verwacht: {m[2]}"),
]


class Words:
    """The words of one rule set in one language."""

    def __init__(self, rules: RuleSet | None, lang: str = "en"):
        if lang not in LANGUAGES:
            raise ValueError(lang)
        self.lang = lang
        self.phrases = PHRASES[lang]
        names = dict(rules.names) if rules is not None else {}
        self.names = {word: (singular, plural_)
                      for word, singular, plural_ in names.get(lang, ())}
        if lang != "en":  # the rule set's own renaming in its default language, as fallback
            for word, singular, plural_ in names.get("en", ()):
                self.names.setdefault(word, (singular, plural_))

    def word(self, word: str, count: int = 1) -> str:
        """A rule word (``city``) as players of this language read it (``stad``)."""
        singular, plural_ = self.names.get(word, (word, None))
        if count == 1:
            return singular
        return plural_ or plural(singular)

    def phrase(self, key: str, **values) -> str:
        text = self.phrases[key]
        n = values.get("n")
        if n is not None:
            values.setdefault("s", "" if n == 1 else "s")
            values.setdefault("en", "" if n == 1 else "en")
        return text.format(**values)

    def label(self, name: str, arg: str | None, count: int) -> str:
        """Scoring breakdown labels: ``3 tiles``, ``1 pennant``, ``2 completed cities``."""
        if name == "completed":
            return f"{count} {self.phrase('completed')} {self.word(arg or '', count)}"
        if name in ("markers", "tokens"):
            return f"{count} {self.word(arg or '', count)}"
        singular = {"tiles": "tile", "pennants": "pennant", "neighbours": "neighbour",
                    "followers": "follower"}.get(name, name)
        return f"{count} {self.word(singular, count)}"

    def message(self, text: str) -> str:
        """A checker message in this language, where the catalogue has it."""
        if self.lang == "nl":
            for pattern, say in _MESSAGES_NL:
                found = pattern.fullmatch(text)
                if found:
                    return say(found)
        return text
