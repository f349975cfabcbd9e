"""Diagnostics: what is wrong with a rule file, where, and how to say it to a person.

Every problem has a stable code (listed in CODES), a severity, a message and a location. The
checker and the loader collect them all; nothing here stops at the first.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Mapping

import attrs

from carcdsl.i18n.words import english
from carcdsl.model.base import Loc

CODES: dict[str, str] = {
    # reading and syntax
    "E001": "syntax error: unexpected token",
    "E002": "syntax error: unexpected character",
    "E003": "the file cannot be read (missing, binary, not UTF-8 or too large)",
    "E004": "unknown rule set or file in `extends` / variant list",
    "E005": "`extends` cycle",
    "E006": "nesting too deep",
    "E007": "malformed JSON rule set",
    "E008": "a number too long to mean anything",
    # composition
    "E101": "declared twice",
    "E102": "override or removal of something that does not exist",
    "E103": "a variant used as a rule set, or a rule set used as a variant (or for another)",
    "E104": "a file applied twice (extends, variants, a header)",
    "E106": "a rule file without a header (`rules NAME` or `variant NAME for RULES`)",
    "E108": "a header, `extends`, `param` or `about` inside a `when` block",
    "W108": "a `when` block naming a variant that is neither bundled nor applied",
    "W109": "an `on` rule written twice in one file (it acts once)",
    "W106": "a variant replacing a feature rule that an earlier variant set",
    "W105": "a variant applied without the variants it is written `with` before it",
    "W107": "a variant's `with` variants applied first, as it needs them",
    # names
    "E110": "unknown feature kind",
    "E111": "unknown path terminal",
    "E112": "unknown geometry",
    "E113": "unknown scoring quantity, or a quantity the kind's geometry cannot measure",
    "E114": "unknown start tile",
    "E115": "unknown end condition",
    "E116": "unknown scorers rule, or way `breaks ties` counts",
    "E117": "a landmark and a feature kind share a name",
    "E118": "a colour that is no `#rgb`, `#rrggbb` or colour name",
    "E119": "a look the kind's geometry does not have",
    # the game
    "E120": "bad player range",
    "E121": "bad follower count",
    "W122": "declared number of tiles differs from the sum of the tile counts",
    "E123": "no start tile",
    "E124": "no tiles",
    # board, supply, turns, parameters
    "E130": "unknown parameter, or a parameter value of the wrong type",
    "E131": "a board edge rule without a bounded board",
    "E132": "a bad board, supply or turn setting",
    "E133": "a malformed map",
    "E134": "unknown token, or a bad token setting",
    "E135": "a description (`about`) that is not one line of text",
    "E141": "a rule that would do nothing where it is written",
    "E142": "a division by 0 in a scoring expression",
    # tiles
    "E201": "tile count must be at least 1 (and sane)",
    "E202": "unknown port",
    "E203": "port covered by more than one segment",
    "E204": "port covered by no segment",
    "E205": "segment ports do not fit the kind's geometry",
    "E206": "a path that ends nowhere, or ends twice",
    "E207": "pennants on a kind that allows none",
    "E208": "a field touches a segment that is not an area on its tile",
    "E210": "a modifier that does not apply to this segment",
    # warnings
    "W301": "a side type that no tile can ever match",
    "W302": "tile types identical up to rotation",
    "W303": "a feature kind no tile uses",
    "W304": "followers may stand on a kind that is never scored",
    "W305": "a map square, big city or legend entry that no tile can reach or no square uses",
    "W306": "a word with no name in a language the rule set speaks",
    "W307": "a name given for a word the rule set does not have",
    "W308": "a setting that some allowed player counts cannot use",
    "W309": "a kind whose `score complete` can never apply: it can never be completed",
    "W310": "a tile group the draw order does not name: it changes nothing",
    "W311": "tokens put where no player ever collects them, though they score",
    "W312": "a kind that is scored though no follower and no figure can stand on it",
    "W313": "a figure no player has (`each player 0`)",
}


_DIGITS = re.compile(r"(\d+)")


@attrs.frozen
class Diagnostic:
    code: str
    message: str
    """In English, rendered from the template ``key`` of ``catalog_en.DIAGNOSTICS``."""
    loc: Loc | None = None
    severity: str = "error"  # "error" | "warning"
    key: str = attrs.field(default="", eq=False, repr=False)
    """The message's template: the code, then ``/FORM`` when the code has several
    (``E113/marker``); the same key in every language's catalogue."""
    args: Mapping[str, object] = attrs.field(factory=dict, eq=False, repr=False)
    """What the template is filled with: names and numbers as strings, lists as tuples, a
    suggestion as ``hint`` (the suggested word, or ``""``). Not part of equality: the same
    problem found twice is one."""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def sort_key(self) -> tuple:
        """File, position (or JSON path, its indexes as numbers: ``tiles[2]`` before
        ``tiles[11]``), code, message: a total order, so output never depends on hashing."""
        loc = self.loc or Loc("")
        path = tuple(int(part) if i % 2 else part
                     for i, part in enumerate(_DIGITS.split(loc.path or "")))
        return (loc.file, loc.line, loc.column, path, self.code, self.message, self.severity)

    def say(self, words) -> str:
        """The message in the language of ``words`` (an ``i18n.Words``)."""
        return words.diagnostic(self)


def _make(severity: str, code: str, loc: Loc | None, form: str,
          args: dict[str, object]) -> Diagnostic:
    key = f"{code}/{form}" if form else code
    # a tuple, or a Phrase or Reason (said in each language), stays as it is; the rest is text
    values = {k: v if isinstance(v, tuple) or hasattr(v, "say") else str(v)
              for k, v in args.items()}
    message = english().say_strictly("DIAGNOSTICS", key, values)
    return Diagnostic(code, message, loc, severity, key, values)


def error(code: str, loc: Loc | None, form: str = "", /, **args: object) -> Diagnostic:
    """An error with the message ``code`` (or ``code/form``) of the catalogue, filled from
    ``args``: every argument the template reads, and no other."""
    return _make("error", code, loc, form, args)


def warning(code: str, loc: Loc | None, form: str = "", /, **args: object) -> Diagnostic:
    """A warning, as ``error`` makes an error."""
    return _make("warning", code, loc, form, args)


def suggest(word: str, candidates: Iterable[str]) -> str:
    """A candidate close to ``word`` (a diagnostic's ``hint``), else ``""``.

    A candidate that differs only in case wins; the word itself is never suggested. Any
    other must be a real misspelling of it: at most one edit (a letter added, dropped,
    changed, or two swapped) per three letters of ``word``, and at least one, so that
    ``citty`` suggests ``city`` but ``lakes`` does not suggest ``markers``."""
    others = sorted({c for c in candidates if c != word})  # the same hint in every run
    folded = [c for c in others if c.casefold() == word.casefold()]
    if folded:
        return folded[0]
    most = max(1, len(word) // 3)
    scored = []
    for other in others:
        distance = _edits(word.casefold(), other.casefold(), most)
        if distance <= most:
            ratio = difflib.SequenceMatcher(None, word, other).ratio()
            scored.append((distance, -ratio, other))
    return min(scored)[2] if scored else ""


def _edits(a: str, b: str, most: int) -> int:
    """The edits (insert, delete, substitute, swap two neighbours) that turn ``a`` into
    ``b``; anything above ``most`` is said as ``most + 1``."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        before, row = row, current
        if min(row) > most:
            return most + 1
    return min(row[-1], most + 1)


def unique(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Duplicates removed, sorted by file and position."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


MAX_SHOWN_LINE = 200
"""Longer source lines are shown as a window of 160 characters around the caret."""


@functools.lru_cache(maxsize=4)
def source_lines(text: str) -> list[str]:
    """The lines of a source as the parser counts them: split at ``\\n`` only (the loader turns
    CRLF and CR into LF first). Cached: a file with thousands of problems is split once (a
    string caches its own hash, so looking it up again costs nothing)."""
    return text.split("\n")


def format_diagnostic(diag: Diagnostic, sources: Mapping[str, str] | None = None,
                      severity: str | None = None, message: str | None = None) -> str:
    """``FILE:LINE:COL: error[CODE]: message``, then the source line with a caret.
    ``severity`` and ``message`` replace the English words (another language). A problem in a
    JSON rule set names its place as a JSON path before the message."""
    where = f"{diag.loc}: " if diag.loc else ""
    said = message or diag.message
    if diag.loc is not None and diag.loc.path and not said.startswith(diag.loc.path):
        said = f"{diag.loc.path}: {said}"
    text = f"{where}{severity or diag.severity}[{diag.code}]: {said}"
    source = (sources or {}).get(diag.loc.file) if diag.loc else None
    if source is not None and diag.loc and diag.loc.line > 0:
        lines = source_lines(source)
        if diag.loc.line <= len(lines):
            line = lines[diag.loc.line - 1]
            if len(line) > MAX_SHOWN_LINE:  # a megabyte of garbage on one line stays readable
                start = max(0, diag.loc.column - 80)  # (cut first: each caret costs 160
                line = line[start : start + 160]       # characters, not the whole line)
                col = diag.loc.column - start
            else:
                col = diag.loc.column
            line = line.replace("\t", " ")
            text += f"\n    {line}\n    {' ' * max(col - 1, 0)}^"
    return text
