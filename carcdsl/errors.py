"""One exception tree, split by cause; the CLI maps each to a message and exit status 1.

Messages are English; the errors a user meets in play also carry what another language needs
to word them (a key or rule code, and structured arguments): see ``i18n``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

from carcdsl.i18n.words import english

if TYPE_CHECKING:
    from carcdsl.model.rules import RuleSet


class CarcError(Exception):
    """Base of every error carcdsl reports to a user."""


class RuleError(CarcError):
    """A rule file (text or JSON) is malformed or makes no sense; carries diagnostics.

    When a whole rule set fails to load, it also carries what a message in another language
    needs: ``sources`` (the text of each file read, by the name messages show), ``target``
    (the rule set as it was asked for) and ``rules`` (the rule set as far as it came, or
    None)."""

    def __init__(self, message: str, diagnostics: tuple = (), *,
                 sources: Mapping[str, str] | None = None, target: str | None = None,
                 rules: RuleSet | None = None):
        super().__init__(message)
        self.diagnostics = tuple(diagnostics)
        self.sources = dict(sources) if sources is not None else None
        self.target = target
        self.rules = rules


class IllegalMoveError(CarcError):
    """A move breaks a rule; the state is left unchanged. ``rule`` names the rule, ``form``
    which of its messages this is (``board``: ``span``, ``big-city``, ...; ``""`` for the
    plain one); ``details`` are the message's arguments (``at``, ``tile``, ``player`` ...).
    The message is the catalogue's (``ILLEGAL``), in English here and in any language
    through ``say``."""

    def __init__(self, rule: str, form: str = "", /, **details: object):
        self.rule = rule
        self.form = form
        self.details: dict[str, object] = details
        from carcdsl.i18n.words import english

        super().__init__(english().illegal(self))

    def say(self, words) -> str:
        """The message in the language of ``words`` (an ``i18n.Words``)."""
        return words.illegal(self)


class RecordError(CarcError):
    """A game record is malformed or cannot be replayed; names the move index.

    ``key`` and ``details`` are the message in ``catalog_*.RECORDS`` (``""``: none) and its
    arguments (``args`` is Exception's own); ``where``
    the places before it (a file, a move's index), ``illegal`` the IllegalMoveError a
    replayed move raised."""

    def __init__(self, message: str, move_index: int | None = None, *, key: str = "",
                 details: Mapping[str, object] | None = None,
                 where: tuple[str | int, ...] = (),
                 illegal: IllegalMoveError | None = None):
        super().__init__(message)
        self.move_index = move_index
        self.key = key
        self.details = dict(details or {})
        self.where = where
        self.illegal = illegal

    @classmethod
    def of(cls, key: str, /, *where: str | int, move_index: int | None = None,
           illegal: IllegalMoveError | None = None, **args: object) -> RecordError:
        """The error ``key`` of the catalogue, in English, filled from ``args``, after the
        places ``where`` (a file; an int: that move)."""
        words = english()
        said = words.say_strictly("RECORDS", key, args)
        message = ": ".join([*(words.place(p) for p in where), said])
        return cls(message, move_index, key=key, details=args, where=where, illegal=illegal)

    def within(self, *where: str | int, move_index: int | None = None) -> RecordError:
        """The same error, placed in ``where`` (a file, a move) first; ``move_index`` names
        the bad move when the error did not."""
        message = ": ".join([*(english().place(p) for p in where), str(self)])
        index = self.move_index if self.move_index is not None else move_index
        return RecordError(message, index, key=self.key, details=self.details,
                           where=(*where, *self.where), illegal=self.illegal)


def show_number(value: int) -> str:
    """An int as a message shows it; one of more than 30 digits by its size (``~10^4000``:
    Python's ``str`` refuses more than 4,300 digits, and a message should fit a line)."""
    if abs(value) < 10**30:
        return str(value)
    return f"{'-' if value < 0 else ''}~10^{int(abs(value).bit_length() * 0.30103)}"


def show_value(value: object, limit: int = 60, cut: str = "…") -> str:
    """A bad value as a message quotes it: its JSON rendering, cut to ``limit`` characters
    (the last of them ``cut``); an int too long to write, by its size."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return show_number(value)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        try:
            text = repr(value)
        except ValueError:  # a list holding an int of more than 4,300 digits
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - len(cut)] + cut
