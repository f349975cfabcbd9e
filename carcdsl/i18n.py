"""Telling games and checks in a player's language.

Three sources, looked up in this order:

- the rule set's own words (kinds, follower roles, "tile", "start-tile", a map's names) come
  from its ``names LANG { ... }`` blocks, falling back to its default (English) names and then
  to the word itself;
- the tool's own phrases ("winner", "final scoring") come from ``PHRASES``; a language the
  rule set declares but the tool has no catalogue for gets English phrases (the CLI says so);
- messages with a stable code — checker diagnostics (``E110``) and illegal moves (their
  ``rule``, ``sides-match``) — come from ``DIAGNOSTICS`` and ``ILLEGAL``: a template per code
  filled from the message's structured arguments when it carries them (``args`` on a
  diagnostic, ``details`` on an IllegalMoveError), else from the English text read by a
  pattern; anything not in the catalogue stays in English.

Records and JSON output never change language: they use the rule set's names, as the record
spec says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .errors import CarcError
from .model import RuleSet
from .scoring import plural

DEFAULT = "en"

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "at": "at", "rotated": "rotated", "on": "on", "discarded": "fits nowhere: discarded",
        "final": "final scoring", "winner": "winner", "winners": "winners", "seed": "seed",
        "replayed": "{n} move{s} replayed", "final-ran": "final scoring ran",
        "not-finished": "game not finished", "leading": "leading", "move": "move",
        "completed": "completed", "setup": "set-up",
        "draw-off": "{player} starts (draw-off)",
        "games-of": "{n} games of {rules}", "bots": "bots", "seeds": "seeds", "seat": "seat",
        "mean": "mean score", "win-rate": "win rate", "games-per-s": "games/s",
        "error": "error", "warning": "warning", "ok": "ok", "errors": "{n} error{s}",
        "warnings": "{n} warning{s}", "holds": "{player} holds {count} {token}",
        "extra": "{player} plays again",
        "put-tokens": "{count} {token} put out", "collects": "{player} takes {count} {token}",
        "token-put": "{count} {token} put on the {feature} at {at}",
        "token-given": "{player} gets {count} {token}",
        "end-supply-empty": "no {tile} left to play: the game ends",
        "end-tile-unplaceable": "{tile} {name} fits nowhere for {player}: the game ends",
        "end-stopped": "final scoring with {n} {tiles} left",
        "end-other": "the game ends ({reason})",
        "draw-round": "draw-off, round {n} (sides showing {kind})",
        # the human seat
        "to-move": "{player} to move with {tiles}", "scores": "scores",
        "left": "{followers} left: {n}", "holds-tiles": "{player} holds {tiles}",
        "nothing": "nothing", "ask": "move (0-{last}, q to quit): ",
        "not-a-move": "'{answer}' is not a move number", "abandoned": "the game was abandoned",
        "no-input": "no more input: the game was abandoned",
        # the board's key
        "key": "key", "empty-square": "empty square", "off-board": "off the board",
        "open-square": "a tile may go here", "start-area": "start area",
        "followers-of": "{followers} of {players}", "path-ends": "paths end",
        "printed-edge": "{kinds} printed at the edge", "big-cities": "big cities",
        # stats
        "tiles": "tiles", "tiles-sets": "tiles ({n} sets)", "tile-types": "tile types",
        "pennants": "pennants", "centres": "centre features", "sides": "sides by kind",
        "segments": "segments by kind", "map": "map", "map-squares": "squares",
        "big-city-squares": "big-city squares", "start-areas": "start areas",
        "start-areas-used": "start areas used", "border-segments": "border segments",
        "marker-squares": "{what} squares",
        # trigger scorings
        "covers-a": "covers a {what}", "fills-a-hole": "fills a hole", "shows-a": "shows a {what}",
        "rule": "rule",
    },
    "nl": {
        "at": "op", "rotated": "gedraaid", "on": "op", "discarded": "past nergens: weggelegd",
        "final": "eindtelling", "winner": "winnaar", "winners": "winnaars",
        "seed": "startgetal", "replayed": "{n} zet{ten} nagespeeld",
        "final-ran": "eindtelling gedaan", "not-finished": "spel niet afgelopen",
        "leading": "aan kop", "move": "zet", "completed": "voltooide", "setup": "opzet",
        "draw-off": "{player} begint (na loting)",
        "games-of": "{n} spellen {rules}", "bots": "bots", "seeds": "startgetallen",
        "seat": "speler", "mean": "gem. score", "win-rate": "gewonnen",
        "games-per-s": "spellen/s", "error": "fout", "warning": "waarschuwing", "ok": "in orde",
        "errors": "{n} fout{en}", "warnings": "{n} waarschuwing{en}",
        "holds": "{player} heeft {count} {token}",
        "extra": "{player} is nog een keer aan de beurt",
        "put-tokens": "{count} {token} neergelegd", "collects": "{player} pakt {count} {token}",
        "token-put": "{count} {token} op de {feature} bij {at} gelegd",
        "token-given": "{player} krijgt {count} {token}",
        "end-supply-empty": "geen {tile} meer om te spelen: het spel is afgelopen",
        "end-tile-unplaceable": "{tile} {name} past nergens voor {player}: het spel is "
                                "afgelopen",
        "end-stopped": "eindtelling met nog {n} {tiles} over",
        "end-other": "het spel is afgelopen ({reason})",
        "draw-round": "loting, ronde {n} (zijden met {kind})",
        "to-move": "{player} is aan de beurt met {tiles}", "scores": "stand",
        "left": "nog {n} {followers}", "holds-tiles": "{player} heeft {tiles}",
        "nothing": "niets", "ask": "zet (0-{last}, q om te stoppen): ",
        "not-a-move": "'{answer}' is geen zetnummer", "abandoned": "het spel is afgebroken",
        "no-input": "geen invoer meer: het spel is afgebroken",
        "key": "legenda", "empty-square": "leeg vak", "off-board": "buiten het bord",
        "open-square": "hier mag een tegel", "start-area": "startgebied",
        "followers-of": "{followers} van {players}", "path-ends": "wegen eindigen",
        "printed-edge": "{kinds} gedrukt aan de rand", "big-cities": "grote steden",
        "tiles": "tegels", "tiles-sets": "tegels ({n} sets)", "tile-types": "tegelsoorten",
        "pennants": "wapenschilden", "centres": "middenstukken", "sides": "zijden per soort",
        "segments": "delen per soort", "map": "kaart", "map-squares": "vakken",
        "big-city-squares": "vakken van grote steden", "start-areas": "startgebieden",
        "start-areas-used": "startgebieden in gebruik", "border-segments": "randstukken",
        "marker-squares": "vakken met {what}",
        "covers-a": "bedekt een {what}", "fills-a-hole": "vult een gat",
        "shows-a": "toont een {what}", "rule": "regel",
    },
}

# The tool's English words inside a message's arguments ("did you mean", "end of file"), as
# patterns: a token's kind is only the word before its quoted text.
_FRAGMENTS: dict[str, tuple[tuple[str, str], ...]] = {
    "nl": ((r"\bdid you mean\b", "bedoel je"), (r"\bend of file\b", "einde van het bestand"),
           (r"\bthe centre\b", "het midden"), (r"^nothing$", "niets"), (r"^none$", "geen"),
           (r"^more$", "meer"), (r"^fewer$", "minder"), (r"^name(?= ')", "naam"),
           (r"^number(?= ')", "getal"), (r"^string(?= ')", "tekst"), (r"^place$", "leggen"),
           (r"^discard$", "wegleggen"), (r"(?<=' )or(?= ')", "of")),
}

Entry = tuple[str, str]


def _entries(*pairs: Entry) -> tuple[Entry, ...]:
    """(English pattern, template) pairs; patterns are compiled when first used (``re``
    caches them), so that importing the catalogue costs nothing at start-up."""
    return pairs


_HINT = r"(?P<hint>(?: \(did you mean .*\?\))?)"

# Checker diagnostics by code: (English pattern, template). A template's fields are the
# pattern's groups (or a diagnostic's ``args``); ``{word:FIELD}`` is a field's value as a rule
# word, ``{rule:NAME}`` the rule word NAME (``tile``, ``start-tile``): see ``Words.rule_word``.
DIAGNOSTICS: dict[str, dict[str, tuple[Entry, ...]]] = {
    "nl": {
        "E001": _entries((r"unexpected (?P<what>.+?); expected (?P<expected>.+)",
                          "syntaxfout: onverwacht {what}; verwacht: {expected}")),
        "E002": _entries((r"unexpected character (?P<char>'.+')",
                          "syntaxfout: onverwacht teken {char}")),
        "E004": _entries((rf"unknown rule set or file '(?P<name>.+?)'{_HINT}",
                          "onbekende regelset of onbekend bestand '{name}'{hint}"),
                         (r"no such file: (?P<name>.+)", "bestand bestaat niet: {name}")),
        "E110": _entries((rf"unknown feature kind '(?P<name>.+?)'{_HINT}",
                          "onbekende soort '{name}'{hint}")),
        "E114": _entries((rf"unknown start tile '(?P<name>.+?)'{_HINT}",
                          "onbekende {rule:start-tile} '{name}'{hint}")),
        "W122": _entries((r"the game declares (?P<declared>\d+) tiles but the tile counts add "
                          r"up to (?P<counted>\d+) \((?P<diff>\d+) (?P<more>more|fewer)\)",
                          "het spel noemt {declared} {rule:tiles} maar de aantallen tellen op tot "
                          "{counted} ({diff} {more})")),
        "W306": _entries((r"no (?P<lang>\S+) name for '(?P<word>.+)' \(it stays '(?P<same>.+)'\)",
                          "geen naam in taal {lang} voor '{word}' (het blijft '{same}')")),
        "W307": _entries((rf"names (?P<lang>\S+): '(?P<word>.+?)' is not a word of this rule "
                          rf"set{_HINT}",
                          "names {lang}: '{word}' is geen woord van deze regelset{hint}")),
    },
}

# Illegal moves by the engine's rule code (IllegalMoveError.rule), the same way.
ILLEGAL: dict[str, dict[str, tuple[Entry, ...]]] = {
    "nl": {
        "game-over": _entries((r"the game is over", "het spel is al afgelopen")),
        "players": _entries(
            (r"(?P<rules>.+) is for (?P<low>\d+) to (?P<high>\d+) players, not (?P<count>\d+)",
             "{rules} is voor {low} tot {high} spelers, niet {count}"),
            (r"player names must be unique", "spelersnamen moeten verschillend zijn")),
        "discard-only-unplaceable": _entries(
            (r"tile (?P<tile>\S+) fits on the board and cannot be discarded",
             "{rule:tile} {tile} past op het bord en mag niet weggelegd worden"),
            (r"a tile in (?P<player>.+)'s hand fits on the board: no tile of the hand may be "
             r"discarded", "een {rule:tile} in de hand van {player} past op het bord: geen tegel "
             "uit de hand mag weggelegd worden")),
        "hand": _entries((r"(?P<player>.+) holds (?P<tiles>.+); a move must name one of those "
                          r"tiles, not (?P<tile>.+)",
                          "{player} heeft {tiles}; een zet moet een van die tegels noemen, "
                          "niet {tile}")),
        "supply": _entries((r"no tile left to draw", "geen {rule:tile} meer om te trekken"),
                           (r"no tile (?P<tile>.+) left in the supply",
                            "geen {rule:tile} {tile} meer in de voorraad")),
        "unknown-tile": _entries((r"unknown tile '(?P<tile>.+)'",
                                  "onbekende {rule:tile} '{tile}'")),
        "rotation": _entries((r"rotation (?P<rotation>.+) is not 0, 90, 180 or 270",
                              "draaiing {rotation} is niet 0, 90, 180 of 270")),
        "square-taken": _entries((r"square (?P<at>\[.+\]) already has a tile",
                                  "op vak {at} ligt al een {rule:tile}")),
        "board": _entries(
            (r"square (?P<at>\[.+\]) is off the board", "vak {at} ligt buiten het bord"),
            (r"square (?P<at>\[.+\]) is off the board \(x and y lie between (?P<low>-?\d+) and "
             r"(?P<high>-?\d+)\)", "vak {at} ligt buiten het bord (x en y liggen tussen {low} "
             "en {high})"),
            (r"square (?P<at>\[.+\]) is a printed big city(?P<name> \(.+\))?: no tile goes "
             r"there", "vak {at} is een gedrukte grote stad{name}: daar komt geen {rule:tile}"),
            (r"square (?P<at>\[.+\]) is not a square of the map",
             "vak {at} ligt niet op de kaart")),
        "drawn-tile": _entries((r"(?P<player>.+) drew (?P<drawn>\S+): a move must "
                                r"(?P<what>place|discard) that tile, not (?P<tile>\S+)",
                                "{player} trok {drawn}: een zet moet die {rule:tile} {what}, "
                                "niet {tile}")),
        "adjacent": _entries((r"square (?P<at>\[.+\]) is not next to a placed tile",
                              "vak {at} ligt niet naast een gelegde {rule:tile}")),
        "sides-match": _entries((r"tile (?P<tile>\S+) at (?P<at>\[.+\]) rotated (?P<rotation>\d+)"
                                 r" does not match its neighbour on side (?P<sides>.+)",
                                 "{rule:tile} {tile} op {at} gedraaid {rotation} past niet bij "
                                 "de buurtegel aan zijde {sides}")),
        "follower-supply": _entries((r"(?P<player>.+) has no follower left in the supply",
                                     "{player} heeft geen {rule:followers} meer in de voorraad")),
        "feature-occupied": _entries((r"the (?P<feature>\S+) at (?P<port>.+) already has a "
                                      r"follower", "op de {word:feature} bij {port} staat al een "
                                      "{rule:follower}")),
        "follower-kind": _entries(
            (r"followers may not stand on a (?P<feature>.+)",
             "op een {word:feature} mogen geen {rule:followers} staan"),
            (r"a (?P<kind>\S+) does not stand on a (?P<feature>\S+) \(a (?P<role>\S+) does\)",
             "een {word:kind} staat niet op een {word:feature} (een {word:role} wel)"),
            (r"a (?P<kind>\S+) does not stand on a (?P<feature>\S+)",
             "een {word:kind} staat niet op een {word:feature}"),
            (r"unknown follower kind '(?P<kind>.+)'; this rule set has one kind of follower "
             r"\((?P<known>.+)\)", "onbekende soort {rule:follower} '{kind}'; deze regelset "
             "heeft één soort {rule:follower} ({known})")),
        "follower-spot": _entries((r"the tile has no (?P<feature>[^\s:]+)(?P<where>:\S+)? to "
                                   r"put a follower on", "de {rule:tile} heeft geen {word:feature}"
                                   "{where} om een {rule:follower} op te zetten")),
    },
}

_LANGUAGE = r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*"


def is_language_code(text: str) -> bool:
    """Whether ``text`` looks like a language code (``nl``, ``de``, ``pt-BR``)."""
    return re.fullmatch(_LANGUAGE, text) is not None


def languages(rules: RuleSet | None) -> list[str]:
    """The languages output can be in: the tool's catalogues and the rule set's names."""
    declared = [lang for lang, _ in rules.names] if rules is not None else []
    return list(dict.fromkeys([DEFAULT, *PHRASES, *declared]))


def check_language(rules: RuleSet | None, lang: str) -> None:
    """Raise CarcError unless the tool or the rule set speaks ``lang``."""
    known = languages(rules)
    if lang not in known:
        whose = f"{rules.name} has no names in it" if rules is not None else "unknown"
        raise CarcError(f"--lang {lang}: {whose}; choose from {', '.join(known)}")


def has_phrases(lang: str) -> bool:
    """Whether the tool has its own phrases in ``lang`` (else they are English)."""
    return lang in PHRASES


# Fields whose values hold the tool's English words (the rest are names: left alone).
_PHRASED = frozenset({"hint", "what", "expected", "port", "more", "tiles", "tile"})


def _brace(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _fill(entries: tuple[Entry, ...], text: str, args: Mapping | None,
          words: Words) -> str | None:
    """The first entry's template, filled from ``args`` or from ``text`` read by its pattern."""
    for pattern, template in entries:
        if args is not None:
            values = dict(args)
        else:
            found = re.fullmatch(pattern, text)
            if found is None:
                continue
            values = {k: v or "" for k, v in found.groupdict().items()}
        values = {k: words.fragments(str(v)) if k in _PHRASED else str(v)
                  for k, v in values.items()}
        try:
            return _words_in(template, values, words).format(**values)
        except (KeyError, IndexError):  # structured args of another shape: try the next
            continue
    return None


def _words_in(template: str, values: Mapping[str, str], words: Words) -> str:
    """``{rule:NAME}`` and ``{word:FIELD}`` of a template replaced by rule words."""
    return re.sub(r"\{(rule|word):([\w-]+)\}",
                  lambda m: _brace(words.rule_word(m[1], m[2], values)), template)


class Words:
    """The words of one rule set in one language."""

    def __init__(self, rules: RuleSet | None, lang: str = DEFAULT):
        self.lang = lang
        self.phrases = {**PHRASES[DEFAULT], **PHRASES.get(lang, {})}
        names = dict(rules.names) if rules is not None else {}
        self.names = {word: (singular, plural_)
                      for word, singular, plural_ in names.get(lang, ())}
        if lang != DEFAULT:  # the rule set's own renaming in its default language, as fallback
            for word, singular, plural_ in names.get(DEFAULT, ()):
                self.names.setdefault(word, (singular, plural_))
        self.follower = (rules.game.follower if rules is not None and rules.game.follower
                         else "follower")

    def word(self, word: str, count: int = 1) -> str:
        """A rule word (``city``) as players of this language read it (``stad``); a word
        with no name reads with spaces for hyphens (``start-tile``: ``start tile``)."""
        singular, plural_ = self.names.get(word) or (word.replace("-", " "), None)
        if count == 1:
            return singular
        return plural_ or plural(singular)

    def rule_word(self, how: str, name: str, values: Mapping[str, str]) -> str:
        """In a template, ``{word:FIELD}``: the value of FIELD as a rule word (``road``:
        ``weg``); ``{rule:NAME}``: the rule word NAME itself (``tiles`` and ``followers`` in
        the plural; ``follower``: the rule set's word for its followers)."""
        if how == "word":
            return self.word(values[name])
        if name in ("follower", "followers"):
            return self.word(self.follower, 1 if name == "follower" else 2)
        if name == "tiles":
            return self.word("tile", 2)
        return self.word(name)

    def phrase(self, key: str, **values) -> str:
        text = self.phrases[key]
        n = values.get("n")
        if n is not None:
            values.setdefault("s", "" if n == 1 else "s")
            values.setdefault("en", "" if n == 1 else "en")
            values.setdefault("ten", "" if n == 1 else "ten")
        return text.format(**values)

    def fragments(self, text: str) -> str:
        """The tool's English words inside a message's argument, in this language."""
        for english, here in _FRAGMENTS.get(self.lang, ()):
            text = re.sub(english, here, text)
        return text

    def label(self, name: str, arg: str | None, count: int) -> str:
        """Scoring breakdown labels: ``3 tiles``, ``1 pennant``, ``2 completed cities``."""
        if name == "completed":
            return f"{count} {self.phrase('completed')} {self.word(arg or '', count)}"
        if name in ("markers", "tokens"):
            return f"{count} {self.word(arg or '', count)}"
        singular = {"tiles": "tile", "pennants": "pennant", "neighbours": "neighbour",
                    "followers": "follower"}.get(name, name)
        return f"{count} {self.word(singular, count)}"

    def trigger(self, condition: str, arg: str | None) -> str:
        """A trigger's scoring (``covers a small-city``: condition ``covers``, argument
        ``small-city``) in this language."""
        key = {"covers": "covers-a", "surrounded": "fills-a-hole"}.get(condition, "shows-a")
        return self.phrase(key, what=self.word(arg) if arg else "")

    def diagnostic(self, code: str, message: str, args: Mapping | None = None) -> str:
        """A checker message in this language, where the catalogue has its code."""
        entries = DIAGNOSTICS.get(self.lang, {}).get(code)
        return (entries and _fill(entries, message, args, self)) or message

    def illegal(self, exc: Exception) -> str:
        """An IllegalMoveError in this language, by its rule code; else its English text."""
        rule = getattr(exc, "rule", "")
        entries = ILLEGAL.get(self.lang, {}).get(rule)
        details = getattr(exc, "details", None) or None
        return (entries and _fill(entries, str(exc), details, self)) or str(exc)
