"""Syntax: the grammar, and what a person reads when a rule file does not follow it.

Loading the Lark grammar (LALR, positions kept); syntax errors as Diagnostics with file:line:col
and the expected tokens in plain words; reading on after an error so that every syntax error of
a file is reported; numbers too long to mean anything (E008) and scoring expressions nested too
deeply (E006). ``parser`` turns a tree that parsed into declarations; this module never sees
one that did not.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import hashlib
import itertools
import os
import re
import stat
import sys
from pathlib import Path

import lark
from lark import Lark, Token, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error, suggest
from carcdsl.geometry import ports as P

GRAMMAR_FILE = "carc.lark"
MAX_DIGITS = 18
"""Numbers in a rule file have at most this many digits; longer ones are E008."""
MAX_EXPR_DEPTH = 32
"""Scoring expressions nest at most this deep (expression nodes on a path), in the text and in
the JSON form alike (E006); real ones nest a handful of levels."""
MAX_SYNTAX_ERRORS = 100
"""Syntax errors reported per file; after that, the rest of the file is not read."""
MAX_TOKENS = 250_000
"""Words, numbers and symbols in a rule file (a string or a comment counts as one): E003 past
it. Parsing costs about 10 microseconds a token, checking more; the bundled files have under
500 tokens each, 10,000 tile types about 120,000. Without it, the 20 MB a file may be is 7
million tokens: minutes of parsing."""
MAX_TILE_TYPES = 10_000
"""Tile types (``tile`` declarations) in a file, and in a composed rule set: E201 past it.
Real rule sets have a few dozen, every expansion together a few hundred; 10,000 are checked
in about 4 s (``bench/check_scaling.py``); the 20 MB a file may be holds a million."""
MAX_SEGMENTS = 100_000
"""Segments of all tile types together (E201 at the tile that passes it): real tiles have up
to a dozen; in the text form the token limit keeps a file under about 83,000."""
MAX_JSON_VALUES = 100_000
"""Values of the JSON form outside the map's squares and the tiles (each of those has its own
limit): E003. A bundled rule set has under 200; 100,000 landmarks check in about 3 s."""


# Tokens in the words a rule author uses.
_TOKEN_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": 'a quoted string ("...")',
    "BOOL": "yes or no",
    "WHEN": "complete or final",
    "CMP": "a comparison (<, <=, ==, ...)",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "SEMICOLON": "';'",
    "COMMA": "','",
    "PLUS": "'+'",
    "STAR": "'*'",
    "EQUAL": "'='",
    "__ANON_0": "'..'",
    "__ANON_1": "'+='",
    "__ANON_2": "'->'",
    "MINUS": "'-'",
    "$END": "the end of the file",
}
_TOKEN_CLASSES = frozenset({"NAME", "INT", "STRING", "BOOL", "WHEN", "CMP", "$END"})
"""Tokens a message names by their class (``catalog_*.TOKENS``: a name, a number)."""
# What closes an open construct comes first in the expected list: it is what is most often
# missing, and a cut list must never hide it.
_CLOSERS = ("RBRACE", "RPAR")
_SHOWN_EXPECTED = 10
_EXPR_RULES = frozenset({"sum", "times", "minus", "const", "quantity", "quantity_of",
                         "compare", "cond"})
_TOKEN = re.compile(r'"[^"\n]*"|#[^\n]*|[\w-]+|\S')
"""A token as ``too_many_tokens`` counts them: a string, a comment, a word or number, or any
other character (``->`` is two)."""
_TILE_DECLARATION = re.compile(
    r'"[^"\n]*"|#[^\n]*|(?<![\w-])(?:(start|remove)\s+)?(tile)(?![\w-])')
"""A string, a comment, or the keyword ``tile`` (group 2; group 1: after ``start`` or
``remove``, where it declares no tile)."""
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
_STRING_COMMENT_OR_NUMBER = re.compile(
    rf'"[^"\n]*"|#[^\n]*|(?<![\w-])(-?\d{{{MAX_DIGITS + 1},}})')


def grammar_text() -> str:
    """The grammar, from the source tree when run from a checkout, else from the package."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package.parent / "grammars", package / "grammars"):
        if (candidate / GRAMMAR_FILE).is_file():
            return (candidate / GRAMMAR_FILE).read_text(encoding="utf-8")
    raise FileNotFoundError(f"the grammar {GRAMMAR_FILE} is not installed")


_LARK_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True}


@functools.cache
def grammar() -> Lark:
    """The parser of the rule language, built once a process; kept between runs in a private
    cache folder (``_private_cache_folder``), never in the shared temporary folder (where
    Lark's own ``cache=True`` puts a pickle under a name anyone can guess, and reads back
    whatever another user put there: code run as whoever starts carcdsl next)."""
    text = grammar_text()
    key = hashlib.sha256(f"{text}{_LARK_OPTIONS}{lark.__version__}{sys.version_info[:2]}"
                         .encode()).hexdigest()[:32]
    name = f"grammar-{key}.lark"
    folder = _private_cache_folder()
    if folder is None:
        return Lark(text, **_LARK_OPTIONS)
    try:
        parser = _load_cached(folder, name)
        if parser is None:
            parser = Lark(text, **_LARK_OPTIONS)
            _save_cached(folder, name, parser)
        return parser
    finally:
        os.close(folder)


def _cache_base() -> str | None:
    """Where per-user caches go: ``$XDG_CACHE_HOME``, else ``~/.cache`` (absolute, or None)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return base if os.path.isabs(base) else None


def _private_cache_folder() -> int | None:
    """An open descriptor of ``carcdsl`` in the user's cache folder, created 0700, and only
    when it is a real folder (not a symbolic link) that this user owns and nobody else may
    read or write; None (no cache, the parser is built each run) otherwise, or where the
    system cannot say so much (not POSIX)."""
    base = _cache_base()
    if (base is None or os.name != "posix" or os.open not in os.supports_dir_fd
            or not hasattr(os, "O_NOFOLLOW")):
        return None
    path = os.path.join(base, "carcdsl")
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:
        return None
    info = os.fstat(fd)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        os.close(fd)
        return None
    return fd


def _load_cached(folder: int, name: str) -> Lark | None:
    """The cached parser, when the file is a regular file of this user's that nobody else
    may write; None when there is none or it cannot be read."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=folder)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
            return None
        try:
            return Lark.load(file)
        except Exception:  # a file cut short: built again, and saved over
            return None


def _save_cached(folder: int, name: str, parser: Lark) -> None:
    """Save ``parser`` as ``name`` (0600), written aside and renamed into place: a reader
    never sees half a file. A cache that cannot be written is no error."""
    temp = f".{name}.{os.getpid()}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600,
                     dir_fd=folder)
        with os.fdopen(fd, "wb") as file:
            parser.save(file)
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp, dir_fd=folder)


@functools.cache
def _declaration_keywords() -> dict[str, str]:
    """Terminal -> keyword of every word that starts a declaration (what the grammar accepts
    at the start of a file): where reading resumes after a syntax error."""
    parser = grammar()
    words = {}
    for term in parser.parse_interactive("").accepts():
        try:
            pattern = parser.get_terminal(term).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            words[term] = pattern.value
    return words


def declaration_keywords() -> frozenset[str]:
    """The words that start a declaration (``rules``, ``tile``, ``override``)."""
    return frozenset(_declaration_keywords().values())


_FIRST_WORD = re.compile(r"[^\s#]+")


def first_word(text: str) -> str | None:
    """The first word of a file, blank lines and comments skipped (None: there is none):
    what tells rule text from any other file (``compose.Loader``)."""
    pos = 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line = text[pos:end].strip()
        if line and not line.startswith("#"):
            found = _FIRST_WORD.match(line)
            word = found.group() if found is not None else line
            return re.split(r"[^\w-]", word, maxsplit=1)[0] or word
        pos = end + 1
    return None


@functools.cache
def _declaration_start() -> re.Pattern[str]:
    words = sorted(_declaration_keywords().values(), key=len, reverse=True)
    return re.compile(rf"^(?:{'|'.join(map(re.escape, words))})(?![\w-])", re.M)


def normalise_newlines(text: str) -> str:
    """CRLF and lone CR become LF: the parser and the messages count lines the same way."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


class Lines:
    """Character offset -> (line, column), 1-based, lines split at LF only (as Lark does)."""

    def __init__(self, text: str):
        self.starts = [0] + [found.end() for found in re.finditer("\n", text)]

    def loc(self, path: str, pos: int) -> m.Loc:
        line = bisect.bisect_right(self.starts, pos)
        return m.Loc(path, line, pos - self.starts[line - 1] + 1)


def _word(term: str, parser: Lark) -> str:
    if term in _TOKEN_WORDS:
        return _TOKEN_WORDS[term]
    try:
        pattern = parser.get_terminal(term).pattern
    except KeyError:
        return term
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return term.lower()


def _expected(names: set[str], parser: Lark) -> tuple[str, ...]:
    """The expected tokens, as a message says them (``{expected:tokens}``): closing brackets
    first, then punctuation and keywords (``'{'``, ``'tile'``), then classes of tokens
    (``NAME``, ``INT``: a name, a number); cut after a few, the last item saying how many
    more (``+12``)."""
    def item(term: str) -> str:
        return term if term in _TOKEN_CLASSES else _word(term, parser)

    def rank(term: str) -> tuple[int, str]:
        word = _word(term, parser)
        if term in _CLOSERS:
            return (0, str(_CLOSERS.index(term)))
        if word.startswith("'") and not word[1:2].isalpha():
            return (1, word)
        return (2 if word.startswith("'") else 3, word)

    items = list(dict.fromkeys(item(t) for t in sorted(names, key=rank)))
    if len(items) > _SHOWN_EXPECTED:
        more = len(items) - _SHOWN_EXPECTED + 1
        items = items[: _SHOWN_EXPECTED - 1] + [f"+{more}"]
    return tuple(items)


def _keyword_hint(token: Token, expected: set[str], parser: Lark) -> str:
    """The keyword a misspelt one (``feture``) was meant to be, else ``""``."""
    keywords = []
    for term in expected:
        word = _word(term, parser)
        if word.startswith("'") and word[1:2].isalpha():
            keywords.append(word.strip("'"))
    return suggest(str(token), keywords) if keywords else ""


_TOKEN_FORMS = {"NAME": "name", "INT": "number", "STRING": "string"}


def _acceptable(exc: UnexpectedInput) -> set[str]:
    """The tokens the parser could take where it stopped: asked of the LALR state it is in
    (Lark's ``accepts``), not the state's lookahead set, which LALR merges with other places
    (`','` after a header, `')'` and `'else'` after a scoring expression in a block)."""
    interactive = getattr(exc, "interactive_parser", None)
    if interactive is not None:
        try:
            return set(interactive.accepts())
        except Exception:  # the broader set still helps
            pass
    return set(getattr(exc, "expected", None) or ())


def _syntax_diagnostic(exc: UnexpectedInput, loc: m.Loc, parser: Lark,
                       segment: bool | None = None) -> Diagnostic:
    """The diagnostic of a syntax error. ``segment``: whether a name the parser refuses
    looks like a tile's next segment (True: ports follow it; None: it follows words on its
    line; False: it starts a line)."""
    if isinstance(exc, UnexpectedCharacters):
        char = exc.char if exc.char.isprintable() else repr(exc.char)
        return error("E002", loc, char=char)
    expected = _acceptable(exc)
    if isinstance(exc, UnexpectedEOF) or exc.token.type == "$END":  # type: ignore[attr-defined]
        return error("E001", loc, "end", expected=_expected(expected, parser))
    assert isinstance(exc, UnexpectedToken)
    token = exc.token
    hint = ""
    if str(token)[:1].isalpha():  # a misspelt keyword, or a keyword of another place
        hint = _keyword_hint(token, expected, parser)
    return error("E001", loc, _TOKEN_FORMS.get(token.type, ""), token=str(token), hint=hint,
                 expected=_expected(expected, parser))


_WORD_CHAR = re.compile(r"\w")


@functools.cache
def _word_terminals() -> frozenset[str]:
    """The terminals that are words (``tile``, ``remove``; ``complete|final``)."""
    found = set()
    for term in grammar().terminals:
        pattern = term.pattern
        if (pattern.type == "str" and pattern.value.isalpha()
                or pattern.type == "re" and re.fullmatch(r"\(\?:[a-z|]+\)", pattern.value)):
            found.add(term.name)
    return frozenset(found)


def parse_tree(text: str, path: str) -> tuple[Tree, list[Diagnostic]]:
    """Parse ``text``; raises Lark's UnexpectedInput on a syntax error. A keyword with a
    letter right after it is read as the keyword and a name (``remove tiles`` as ``remove
    tile s``, ``startD`` as ``start D``) and may even parse: each such word is an E001 too
    (and is said before the first syntax error, when there is one: ``GluedWords``)."""
    parser = grammar()
    words = _word_terminals()
    interactive = parser.parse_interactive(text)
    glued: list[Diagnostic] = []
    lines = None
    try:
        for token in interactive.iter_parse():  # each token before the parser takes it
            end = token.end_pos
            if (token.type in words and end is not None and end < len(text)
                    and (text[end].isalpha() or text[end] == "_")
                    and len(glued) < MAX_SYNTAX_ERRORS):
                lines = lines or Lines(text)
                found = _glued_word(text, 0, end, parser, (lines, path),
                                    expected=set(interactive.accepts()))
                if found is not None:
                    glued.append(found)
        return interactive.feed_eof(), glued
    except UnexpectedInput:
        # raised again by a plain parse, whose error (the end of the file, say) has its place
        try:
            return parser.parse(text), glued
        except UnexpectedInput as exc:
            if not glued:
                raise
            raise GluedWords(exc, glued) from None


class GluedWords(Exception):
    """A syntax error (``error``) after glued keywords that parsed (``glued``)."""

    def __init__(self, error: UnexpectedInput, glued: list[Diagnostic]):
        super().__init__(str(error))
        self.error, self.glued = error, glued


def _glued_word(text: str, offset: int, pos: int, parser: Lark,
                where: tuple[Lines, str], expected: set[str] | None = None
                ) -> Diagnostic | None:
    """A keyword with letters after it (``completed``, ``turnn``) is read as the keyword and
    then a name, and the name is what the parser refuses. Said as the whole word, at its
    start, with what was expected there (``expected``, else read by parsing the text before
    it, which began at ``offset``); None when the error at ``pos`` is not such."""
    if pos <= offset or pos >= len(text) or not (_WORD_CHAR.match(text, pos - 1)
                                                and _WORD_CHAR.match(text, pos)):
        return None
    start, end = pos - 1, pos
    while start > offset and _WORD_CHAR.match(text, start - 1):
        start -= 1
    while end < len(text) and _WORD_CHAR.match(text, end):
        end += 1
    if not text[start:pos].isalpha():  # `9x9` is a number and a name, not one word
        return None
    if expected is None:
        try:
            interactive = parser.parse_interactive(text[offset:start])
            interactive.exhaust_lexer()
            expected = set(interactive.accepts())
        except (UnexpectedInput, RecursionError):  # then the plain message says it
            return None
    word = text[start:end]
    keywords = [text[start:pos]]
    for term in expected:
        shown = _word(term, parser)
        if shown.startswith("'") and shown[1:2].isalpha():
            keywords.append(shown.strip("'"))
    lines, path = where
    return error("E001", lines.loc(path, start), "name", token=word,
                 hint=suggest(word, keywords), expected=_expected(expected, parser))


_NEXT_WORD = re.compile(r"\w+[ \t]+([\w+-]+)")


def _looks_like_segment(text: str, pos: int) -> bool | None:
    """Whether the word at ``pos`` reads as a tile's segment: True when ports follow it
    (``road W-E``), None when other words come before it on its line, False when it starts
    its line and no ports follow (``feture lake {``)."""
    after = _NEXT_WORD.match(text, pos)
    if after is not None and all(P.is_port(p) for p in re.split(r"[+-]", after.group(1))):
        return True
    return None if text[text.rfind("\n", 0, pos) + 1:pos].strip() else False


def _error_pos(exc: UnexpectedInput, length: int) -> int:
    """Where in the parsed text an error is (a character offset)."""
    if isinstance(exc, UnexpectedToken):
        pos = exc.token.start_pos
        return pos if isinstance(pos, int) and pos >= 0 else length
    if isinstance(exc, UnexpectedCharacters) and exc.pos_in_stream is not None:
        return exc.pos_in_stream
    return length


class _Resumes:
    """Where reading may resume after a syntax error, found in one pass over the text.

    - a line starting with a declaration's keyword (``tile``, ``override``);
    - a line starting at column 1 with a misspelt keyword (``overrid game { ... }``), outside
      any block and not continuing the line before (one ending in ``;`` ``,`` ``+`` ...):
      it gets its own error, with "did you mean";
    - after the ``}`` that closes the declaration an error is in, when it closes before the
      next declaration: the rest of the line and what follows are read again.

    Braces are counted per declaration (from one keyword line to the next, strings and
    comments left out), so a block missing its ``}`` upsets only its own declaration.
    """

    _EVENTS = re.compile(r'"[^"\n]*"|#[^\n]*|(?P<brace>[{}])|^(?P<word>[^\W\d][\w-]*)', re.M)
    _CONTINUED = (";", ",", "+", "*", "=", "(", ":", "->", "..")
    _CODE = re.compile(r'("[^"\n]*")|#[^\n]*')
    _MOST_WORDS = 1000
    """Lines starting with a word that are asked whether it is a misspelt keyword, at most:
    megabytes of garbage must not cost seconds."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [found.start() for found in _declaration_start().finditer(text)]
        self.closes: list[int] = []
        self.words: list[tuple[int, str]] = []
        """Lines starting at column 1 with a word, outside any block, not a keyword's."""
        self._asked: dict[int, bool] = {}
        self._depth_at: list[int] = []
        self._depth: list[int] = []
        starts = set(self.starts)
        depth = 0
        for found in self._EVENTS.finditer(text):
            pos = found.start()
            if pos in starts:
                depth = 0
            elif found.group("brace") == "{":
                depth += 1
            elif found.group("brace") == "}":
                if depth == 1:
                    self.closes.append(pos + 1)
                depth = max(depth - 1, 0)
            elif found.group("word") and depth == 0:
                self.words.append((pos, found.group("word")))
                continue
            else:
                continue
            self._depth_at.append(pos + 1)
            self._depth.append(depth)

    def _misspelt(self, i: int) -> bool:
        """Whether word line ``i`` starts a declaration with a misspelt keyword."""
        pos, word = self.words[i]
        if pos not in self._asked:
            if len(self._asked) >= self._MOST_WORDS:
                return False
            before = self._CODE.sub(lambda kept: kept.group(1) or "",
                                    self.text[max(pos - 400, 0):pos])
            self._asked[pos] = not before.rstrip().endswith(self._CONTINUED) and bool(
                suggest(word, _declaration_keywords().values()))
        return self._asked[pos]

    def depth(self, pos: int) -> int:
        """Open braces of the declaration at ``pos``, just before it."""
        i = bisect.bisect_left(self._depth_at, pos + 1)
        return self._depth[i - 1] if i else 0

    def after(self, pos: int) -> int | None:
        """The first place after ``pos`` where reading may resume, or None."""
        found = []
        i = bisect.bisect_right(self.starts, pos)
        if i < len(self.starts):
            found.append(self.starts[i])
        if self.depth(pos) > 0:
            i = bisect.bisect_right(self.closes, pos)
            if i < len(self.closes):
                found.append(self.closes[i])
        first = min(found) if found else None
        i = bisect.bisect_right(self.words, (pos, "\U0010ffff"))
        while i < len(self.words) and (first is None or self.words[i][0] < first):
            if self._misspelt(i):
                return self.words[i][0]
            i += 1
        return first


_LINE_WORD = re.compile(r"[ \t]*([^\W\d]\w*(?:-\w+)*)")


def _stray_word(text: str, offset: int, pos: int, parser: Lark,
                where: tuple[Lines, str]) -> Diagnostic | None:
    """A misspelt declaration keyword at the start of the error's line, after a tile line:
    a segment may name attributes (``road E-W inn``), so ``feture lake { ... }`` reads on
    as the tile's attributes until the '{'; the error belongs at the word, with its hint."""
    start = text.rfind("\n", offset, pos) + 1
    while start > offset and not text[start:pos].split("#")[0].strip():
        pos = start - 1
        start = text.rfind("\n", offset, pos) + 1
    match = _LINE_WORD.match(text, start)
    keywords = _declaration_keywords()
    if match is None or match.group(1) in keywords.values():
        return None
    before = "\n".join(line.split("#")[0] for line in text[offset:start].splitlines()).rstrip()
    if not before or before[-1] in ";,{}+=>(:":
        return None
    hint = suggest(match.group(1), keywords.values())
    if not hint:
        return None
    lines, path = where
    return error("E001", lines.loc(path, match.start(1)), "name", token=match.group(1),
                 hint=hint, expected=_expected(set(keywords), parser))


def syntax_errors(text: str, path: str, parser: Lark, exc: UnexpectedInput) -> list[Diagnostic]:
    """Every syntax error of a file: after each, reading resumes at the next declaration (see
    ``_Resumes``), or at the offending token itself when it starts one: a block missing its
    '}' is then one error, not two."""
    lines = Lines(text)
    resumes = _Resumes(text)
    keywords = _declaration_keywords()
    found: list[Diagnostic] = []
    offset = 0
    while True:
        pos = offset + _error_pos(exc, len(text) - offset)
        glued = (_glued_word(text, offset, pos, parser, (lines, path))
                 if isinstance(exc, UnexpectedToken) else None)
        stray = None if glued else _stray_word(text, offset, pos, parser, (lines, path))
        found.append(glued or stray or _syntax_diagnostic(exc, lines.loc(path, pos), parser,
                                                          _looks_like_segment(text, pos)))
        if len(found) >= MAX_SYNTAX_ERRORS:
            break
        if isinstance(exc, UnexpectedToken) and exc.token.type in keywords and pos > offset:
            resume = pos
        else:
            after = resumes.after(pos)
            if after is None:
                break
            resume = after
        offset = resume
        try:
            parser.parse(text[offset:])
            break
        except UnexpectedInput as again:
            exc = again
    return found


def too_many_tokens(text: str, path: str) -> list[Diagnostic]:
    """E003 at the token past MAX_TOKENS, counted by one scan of the text (under a second for
    20 MB) before it is parsed; a text no longer than the limit is not scanned."""
    if len(text) <= MAX_TOKENS or _TOKEN.subn("", text)[1] <= MAX_TOKENS:
        return []
    past = next(itertools.islice(_TOKEN.finditer(text), MAX_TOKENS, None))
    return [error("E003", Lines(text).loc(path, past.start()), "too-many-tokens",
                  most=MAX_TOKENS)]


def too_many_tiles(text: str, path: str) -> list[Diagnostic]:
    """E201 at the first ``tile`` declaration past MAX_TILE_TYPES, found by one scan of the
    text before it is parsed: parsing what the file size allows (a million tile types) would
    take minutes."""
    if text.count("tile") <= MAX_TILE_TYPES:
        return []
    declared = 0
    for match in _TILE_DECLARATION.finditer(text):
        if match.group(2) and not match.group(1):
            declared += 1
            if declared > MAX_TILE_TYPES:
                return [error("E201", Lines(text).loc(path, match.start()), "types",
                              count=declared, most=MAX_TILE_TYPES)]
    return []


def long_numbers(text: str, path: str) -> list[Diagnostic]:
    """E008 for every number with more than MAX_DIGITS digits (outside strings and comments)."""
    if _LONG_NUMBER.search(text) is None:
        return []
    lines = Lines(text)
    found = []
    for match in _STRING_COMMENT_OR_NUMBER.finditer(text):
        if match.group(1):
            digits = len(match.group(1).lstrip("-"))
            found.append(error("E008", lines.loc(path, match.start(1)), digits=digits,
                               most=MAX_DIGITS))
    return found


def too_deep(tree: Tree, path: str) -> list[Diagnostic]:
    """E006 where a scoring expression nests more than MAX_EXPR_DEPTH deep (once per
    expression), found without recursion before the recursive transformer runs."""
    found = []
    reported: set[int] = set()
    stack: list[tuple[Tree, int, int]] = [(tree, 0, 0)]
    while stack:
        node, depth, root = stack.pop()
        if node.data in _EXPR_RULES:
            depth += 1
            root = root or id(node)
            if depth > MAX_EXPR_DEPTH:
                if root not in reported:
                    reported.add(root)
                    meta = node.meta
                    found.append(error(
                        "E006", m.Loc(path, getattr(meta, "line", 1), getattr(meta, "column", 1)),
                        "expression", most=MAX_EXPR_DEPTH))
                continue
        stack.extend((child, depth, root) for child in node.children if isinstance(child, Tree))
    return found


def deep_fallback(path: str) -> Diagnostic:
    return error("E006", m.Loc(path, 1, 1))
