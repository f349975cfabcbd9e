"""One exception tree, split by cause; the CLI maps each to a message and exit status 1.

Messages are English; an illegal move also carries what another language needs to word it (a
rule code, a form and structured details): see ``i18n``.
"""

from __future__ import annotations


class CarcError(Exception):
    """Base of every error carcdsl reports to a user."""


class RuleError(CarcError):
    """A rule file (text or JSON) is malformed or makes no sense; carries diagnostics."""

    def __init__(self, message: str, diagnostics: tuple = ()):
        super().__init__(message)
        self.diagnostics = tuple(diagnostics)


class RecordError(CarcError):
    """A game record is malformed or cannot be replayed; names the move index."""

    def __init__(self, message: str, move_index: int | None = None):
        super().__init__(message)
        self.move_index = move_index


class IllegalMoveError(CarcError):
    """A move breaks a rule; the state is left unchanged. ``rule`` names the rule, ``form``
    which of its messages this is (``board``: ``span``, ``big-city``, ...; ``""`` for the
    plain one); ``details`` are the message's arguments (``at``, ``tile``, ``player`` ...)."""

    def __init__(self, message: str, rule: str = "", form: str = "", **details: object):
        super().__init__(message)
        self.rule = rule
        self.form = form
        self.details: dict[str, object] = details

    def say(self, words) -> str:
        """The message in the language of ``words`` (an ``i18n.Words``)."""
        return words.illegal(self)
