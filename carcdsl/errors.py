"""One exception tree, split by cause; the CLI maps each to a message and exit status 1."""


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
    """A move breaks a rule; the state is left unchanged. ``rule`` names the rule."""

    def __init__(self, message: str, rule: str = ""):
        super().__init__(message)
        self.rule = rule
