"""Telling games and checks in a player's language.

Three sources, looked up in this order:

- the rule set's own words (kinds, follower roles, "tile", "start-tile", a map's names) come
  from its ``names LANG { ... }`` blocks, falling back to its default (English) names and then
  to the word itself;
- the tool's own phrases ("winner", "final scoring") come from the language's catalogue
  (``catalog_en``, ``catalog_nl``: one module per language, imported when first needed); a
  language the rule set declares but the tool has no catalogue for gets English phrases (the
  CLI says so);
- messages with a stable key — checker diagnostics (``E110``, ``E113/marker``), illegal moves
  (their ``rule`` and ``form``: ``sides-match``, ``board/span``) and record errors — come from
  the catalogue's ``DIAGNOSTICS``, ``ILLEGAL`` and ``RECORDS``: a template per key, filled from
  the message's structured arguments (``args`` on a diagnostic, ``details`` on an
  IllegalMoveError or a RecordError). Nothing reads the English text: a key the catalogue lacks, or
  arguments of another shape, leave the message in English.

Records and JSON output never change language: they use the rule set's names, as the record
spec says.
"""

from __future__ import annotations

import errno
import functools
import importlib
import re
import string
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, cast

from carcdsl.geometry.ports import is_port

if TYPE_CHECKING:
    from carcdsl.model.rules import RuleSet

DEFAULT = "en"
CATALOGS = ("en", "nl")
"""The languages the tool speaks itself: ``catalog_<lang>.py`` each."""

_LANGUAGE = r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*"


@functools.cache
def catalog(lang: str) -> ModuleType | None:
    """The tool's catalogue in ``lang`` (None: the tool does not speak it)."""
    if lang not in CATALOGS:
        return None
    return importlib.import_module(f".catalog_{lang}", __package__)


def _default_catalog() -> ModuleType:
    return importlib.import_module(f".catalog_{DEFAULT}", __package__)


@functools.cache
def _phrases(lang: str) -> dict[str, str]:
    """English phrases, overridden by those of ``lang``."""
    own = catalog(lang)
    return {**_default_catalog().PHRASES, **(own.PHRASES if own is not None else {})}


def is_language_code(text: str) -> bool:
    """Whether ``text`` looks like a language code (``nl``, ``de``, ``pt-BR``)."""
    return re.fullmatch(_LANGUAGE, text) is not None


def languages(rules: RuleSet | None) -> list[str]:
    """The languages output can be in: the tool's catalogues and the rule set's names."""
    declared = [lang for lang, _ in rules.names] if rules is not None else []
    return list(dict.fromkeys([DEFAULT, *CATALOGS, *declared]))


def has_phrases(lang: str) -> bool:
    """Whether the tool has its own phrases in ``lang`` (else they are English)."""
    return lang in CATALOGS


SINGULAR = {"tiles": "tile", "pennants": "pennant", "neighbours": "neighbour",
            "followers": "follower"}
"""Quantities of scoring expressions, named in the plural, -> the singular."""


def plural(word: str) -> str:
    """An English noun's plural: ``city`` -> ``cities``, ``road`` -> ``roads``."""
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


# --- what messages are said from (``diagnostics``, ``errors``: which import this module) -----

class _Diagnostic(Protocol):
    """A checker diagnostic: its template's key, its arguments and its English message."""

    @property
    def key(self) -> str: ...
    @property
    def args(self) -> Mapping[str, object]: ...
    @property
    def message(self) -> str: ...


class _Illegal(Protocol):
    """An IllegalMoveError: its rule code, the form of its message and the arguments."""

    rule: str
    form: str
    details: dict[str, object]


class _RecordProblem(Protocol):
    """A RecordError: its key, the arguments and where it is (files, moves)."""

    key: str
    details: dict[str, object]
    where: tuple[str | int, ...]


# --- templates ------------------------------------------------------------------------------

_FORMATTER = string.Formatter()


@functools.cache
def _parts(template: str) -> tuple[tuple[str, str | None, str | None], ...]:
    """(literal text, field, spec) of each piece of a template."""
    return tuple((literal, field, spec) for literal, field, spec, _ in _FORMATTER.parse(template))


def placeholders(template: str) -> frozenset[str]:
    """The arguments a template reads (``{rule:NAME}`` reads none: it is a rule word)."""
    return frozenset(field for _, field, _ in _parts(template) if field and field != "rule")


def fill(template: str, args: Mapping[str, object], words: Words) -> str:
    """``template`` with its fields filled from ``args`` in the language of ``words`` (see
    ``catalog_en`` for what a field may say). A missing argument is a KeyError."""
    out = []
    for literal, field, spec in _parts(template):
        out.append(literal)
        if field is None:
            continue
        if field == "rule":
            out.append(words.rule_word(spec or ""))
        else:
            out.append(words.render(field, args[field], spec or ""))
    return "".join(out)


def _count(value: object) -> int | None:
    if isinstance(value, tuple):
        return len(value)
    try:
        return int(str(value))
    except ValueError:
        return None


class Phrase:
    """A phrase of the tool as a message's argument (``a record``; ``knight on a city``),
    said in the language the message is said in. ``rule_words`` are values that are rule
    words (``knight``), said as the rule set names them."""

    def __init__(self, key: str, rule_words: Mapping[str, str] | None = None, **values: object):
        self.key, self.values, self.rule_words = key, values, dict(rule_words or {})

    def say(self, words: Words) -> str:
        return words.phrase(self.key, **self.values,
                            **{k: words.word(v) for k, v in self.rule_words.items()})

    def __repr__(self) -> str:
        return f"Phrase({self.key!r})"


class Reason:
    """A system's complaint as a message's argument (an OSError's, the JSON decoder's), said
    by its code from a table of the catalogue (``OS_ERRORS``: errno names; ``JSON_ERRORS``:
    the decoder's messages), else as the system said it. Equal by value, and English as a
    string, so that it can stand where a plain string stood."""

    def __init__(self, table: str, code: str, text: str):
        self.table, self.code, self.text = table, code, text

    def say(self, words: Words) -> str:
        return words.system(self.table, self.code) or self.text

    def __str__(self) -> str:
        return self.say(english())

    def __repr__(self) -> str:
        return f"Reason({self.table!r}, {self.code!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.table, self.code, self.text) == (
            other.table, other.code, other.text)

    def __hash__(self) -> int:
        return hash((self.table, self.code, self.text))


def os_reason(exc: OSError) -> Reason:
    """Why the operating system refused, by its errno (``file not found``), or by the
    ``reason_code`` of carcdsl's own refusals (``formats.files.NotAFileError``)."""
    code = getattr(exc, "reason_code", "") or (
        errno.errorcode.get(exc.errno, "") if exc.errno is not None else "")
    return Reason("OS_ERRORS", code, exc.strerror or str(exc))


def json_reason(exc: ValueError) -> Reason:
    """What the JSON decoder found wrong (a ``json.JSONDecodeError``), by its message."""
    msg = getattr(exc, "msg", str(exc))
    return Reason("JSON_ERRORS", msg, msg)


@functools.cache
def english() -> Words:
    """The tool's English, without a rule set: what messages are first rendered in."""
    return Words(None, DEFAULT)


class Words:
    """The words of one rule set in one language."""

    def __init__(self, rules: RuleSet | None, lang: str = DEFAULT):
        self.lang = lang
        self.phrases = _phrases(lang)
        names = dict(rules.names) if rules is not None else {}
        self.names = {word: (singular, plural_)
                      for word, singular, plural_ in names.get(lang, ())}
        if lang != DEFAULT:  # the rule set's own renaming in its default language, as fallback
            for word, singular, plural_ in names.get(DEFAULT, ()):
                self.names.setdefault(word, (singular, plural_))
        # the generic words no rule set names (tile, follower): the tool's own in this language
        for word, pair in getattr(catalog(lang), "WORDS", {}).items():
            self.names.setdefault(word, pair)
        self.follower = (rules.game.follower if rules is not None and rules.game.follower
                         else "follower")

    # --- words and phrases ----------------------------------------------------------------
    def word(self, word: str, count: int = 1) -> str:
        """A rule word (``city``) as players of this language read it (``stad``); a word
        with no name reads with spaces for hyphens (``start-tile``: ``start tile``)."""
        singular, plural_ = self.names.get(word) or (word.replace("-", " "), None)
        if count == 1:
            return singular
        return plural_ or plural(singular)

    def port(self, port: str) -> str:
        """A compass port (``E``, ``NNE``) as players of this language read it (``O``,
        ``NNO``); records and JSON keep the spec's English ports."""
        return self._table("PORTS").get(port, port)

    def read_port(self, text: str) -> str | None:
        """A port typed by a person, in this language or the spec's English; None if it is
        neither."""
        upper = text.upper()
        for port, local in self._table("PORTS").items():
            if local == upper:
                return port
        return upper if is_port(upper) else None

    def number(self, value: float, decimals: int = 0) -> str:
        """``1,234.5`` in English, ``1.234,5`` in Dutch."""
        text = f"{value:,.{decimals}f}"
        decimal, thousands = self.phrases["decimal"], self.phrases["thousands"]
        table: dict[str, str | int | None] = {",": thousands, ".": decimal}
        return text.translate(str.maketrans(table))

    def percent(self, rate: float, decimals: int = 1) -> str:
        """``66.7%`` in English, ``66,7%`` in Dutch."""
        return self.number(100 * rate, decimals) + "%"

    def bot(self, kind: str) -> str:
        """A bot's kind (``random``) in this language."""
        return self.phrases.get(f"bot-{kind}", kind)

    def system(self, table: str, code: str) -> str | None:
        """A system's complaint by its code (see ``Reason``); None if no catalogue has it."""
        return (self._table(table).get(code)
                or getattr(catalog(DEFAULT), table, {}).get(code))

    def rule_word(self, name: str) -> str:
        """``{rule:NAME}`` in a template: the rule word NAME (``tiles`` and ``followers`` in
        the plural; ``follower``: the rule set's word for its followers)."""
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

    def label(self, name: str, arg: str | None, count: int) -> str:
        """Scoring breakdown labels: ``3 tiles``, ``1 pennant``, ``2 completed cities``."""
        if name == "completed":
            return f"{count} {self.phrase('completed')} {self.word(arg or '', count)}"
        if name in ("markers", "tokens", "figures"):
            return f"{count} {self.word(arg or '', count)}"
        if name == "own":
            return f"{count} {self.phrase('own')} {self.word(arg or '', count)}"
        if name == "worth":
            return f"{count} {self.phrase('in-the')} {self.word(arg or '')}"
        if name == "neighbours" and arg:
            return f"{count} {self.phrase('neighbouring')} {self.word(arg, count)}"
        return f"{count} {self.word(SINGULAR.get(name, name), count)}"

    def trigger(self, condition: str, arg: str | None) -> str:
        """A trigger's scoring (``covers a small-city``: condition ``covers``, argument
        ``small-city``) in this language; ``most``: a token majority (``the most wine``)."""
        key = {"covers": "covers-a", "surrounded": "fills-a-hole", "complete": "completes-a",
               "extends": "extends-own", "most": "most-of", "turn-beside": "turn-beside",
               "score-beside": "score-beside"}.get(condition, "shows-a")
        return self.phrase(key, what=self.word(arg, 2 if condition == "most" else 1)
                           if arg else "")

    def end(self, why: str, tile: str | None, player: str | None, left: int) -> str:
        """Why a game ended: ``no tile left to play: the game ends``, ``tile X fits nowhere
        for P2: ...``."""
        key = f"end-{why}"
        if key not in self.phrases:
            return self.phrase("end-other", reason=why)
        return self.phrase(key, tile=self.word("tile"), tiles=self.word("tile", left),
                           name=tile or "", player=player or "", n=left)

    # --- the parts of messages ------------------------------------------------------------
    def render(self, field: str, value: object, spec: str) -> str:
        """One field of a template (see ``catalog_en``)."""
        if field == "hint":
            return self.phrase("did-you-mean", word=value) if value else ""
        if not spec and type(value) is str:  # most fields: a name or a number, as given
            return value
        if hasattr(value, "say"):  # a message inside a message, said in this language
            return value.say(self)
        if spec == "roles":  # follower kinds: (role, kind), or (the game's word, None)
            return ", ".join(self.word(str(role)) if kind is None else
                             self.phrase("role-on", role=self.word(str(role)),
                                         kind=self.word(str(kind)))
                             for role, kind in cast("tuple[tuple[str, str | None], ...]", value))
        items = tuple(v.say(self) if hasattr(v, "say") else str(v)
                      for v in (value if isinstance(value, tuple) else (value,)))
        if not spec:
            return ", ".join(items)
        if "|" in spec:
            one, many = spec.split("|", 1)
            return one if _count(value) == 1 else many
        if spec == "word":
            return self.word(str(value))
        if spec == "or":
            return self.either(items)
        if spec == "a":
            text = self.either(items)
            article = "an" if text[:1] in self.phrases["vowels"] else "a"
            return f"{self.phrase(article)} {text}"
        if spec == "n":
            return f"{int(str(value)):,}".replace(",", self.phrases["thousands"])
        if spec == "short":
            return self.short(str(value))
        if spec == "tokens":
            return self.either(tuple(self.token(t) for t in items), commas=True)
        if spec == "places":
            return ", ".join(self.phrase("side", side=p) if len(p) == 1 else p for p in items)
        if spec == "json":
            kind, text = items
            if kind == "string":
                return self.phrase("the-string", text=text)
            return self.json_type(kind) if kind in ("object", "array") else text
        if spec == "json-types":
            return self.either(tuple(self.json_type(t) for t in items))
        raise ValueError(f"unknown field spec {spec!r}")

    def either(self, items: tuple[str, ...], commas: bool = False) -> str:
        """``a``, ``a or b``, ``a or b or c`` (with ``commas``: ``a, b or c``)."""
        if len(items) <= 1:
            return "".join(items)
        if commas:
            return f"{', '.join(items[:-1])} {self.phrase('or')} {items[-1]}"
        return f" {self.phrase('or')} ".join(items)

    def short(self, text: str, width: int = 40) -> str:
        """A token as a message shows it: a giant one is cut, saying how long it was."""
        if len(text) <= width:
            return text
        return self.phrase("cut", start=text[: width - 10],
                           n=self.render("", len(text), "n"))

    def token(self, item: str) -> str:
        """One of the parser's expected tokens: a class (``NAME``), ``+N`` for "N more",
        else the token itself (``'{'``)."""
        if item.startswith("+"):
            return self.phrase("more", n=int(item[1:]))
        return self._table("TOKENS").get(item) or _default_catalog().TOKENS.get(item, item)

    def json_type(self, name: str) -> str:
        return self._table("JSON_TYPES").get(name) or _default_catalog().JSON_TYPES.get(name, name)

    # --- messages -------------------------------------------------------------------------
    def _table(self, name: str) -> Mapping[str, str]:
        own = catalog(self.lang)
        return getattr(own, name, {}) if own is not None else {}

    def say(self, table: str, key: str, args: Mapping[str, object]) -> str | None:
        """The message ``key`` of the catalogue's ``table`` (``DIAGNOSTICS``, ``ILLEGAL``,
        ``RECORDS``) filled from ``args``; None when this language has no such message or
        the arguments do not fit it."""
        template = self._table(table).get(key) if key else None
        if template is None:
            return None
        try:
            return fill(template, args, self)
        except (KeyError, ValueError, IndexError):
            return None

    def say_strictly(self, table: str, key: str, args: Mapping[str, object]) -> str:
        """As ``say``, for the source catalogue: a missing key is a KeyError, arguments that
        are not exactly those the template reads a ValueError (both are bugs)."""
        template = self._table(table)[key]
        wanted = placeholders(template)
        if wanted != set(args):
            raise ValueError(f"{key}: arguments {sorted(args)}, but the template reads "
                             f"{sorted(wanted)}")
        return fill(template, args, self)

    def diagnostic(self, diag: _Diagnostic) -> str:
        """A checker message in this language, where the catalogue has its key."""
        return self.say("DIAGNOSTICS", diag.key, diag.args) or diag.message

    def illegal(self, exc: _Illegal) -> str:
        """An IllegalMoveError in this language, by its rule code and form; else its English
        text."""
        key = exc.rule + (f"/{exc.form}" if exc.form else "")
        said = self.say("ILLEGAL", key, exc.details)
        if said is None and self.lang != DEFAULT:
            said = english().say("ILLEGAL", key, exc.details)
        return said if said is not None else key

    def record(self, exc: _RecordProblem) -> str:
        """A record error in this language: its place (the file, ``move 3``), then the
        message by its key; else its English text."""
        said = self.say("RECORDS", exc.key, exc.details)
        if said is None:
            return str(exc)
        return ": ".join([*(self.place(p) for p in exc.where), said])

    def place(self, where: str | int) -> str:
        """Where a record error is: a file (as given), or a move by its index."""
        return f"{self.phrase('move')} {where}" if isinstance(where, int) else where
