"""Syntax errors: what a person reads when a rule file does not follow the grammar.

Syntax errors as Diagnostics with file:line:col and the expected tokens in plain words; reading
on after an error so that every syntax error of a file is reported, and the spans that leaves
unread (``read_on``; ``recovery`` parses the rest); keywords glued to the name after them.
``parser`` turns a tree that parsed into declarations; this module never sees one that did
not. Loading the grammar (LALR, positions kept), and the text as it reads it, are
``grammar``'s; the limits of a file and their checks (too many tokens or tile types, numbers
too long to mean anything: E008, scoring expressions nested too deeply: E006) are
``limits``'s; both are gathered here under the names their importers read.
"""

from __future__ import annotations

import bisect
import functools
import re

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
from carcdsl.lang.grammar import (
    GRAMMAR_FILE,
    Lines,
    _declaration_keywords,
    _declaration_start,
    declaration_keywords,
    first_word,
    grammar,
    grammar_text,
    normalise_newlines,
)
from carcdsl.lang.limits import (
    MAX_DIGITS,
    MAX_EXPR_DEPTH,
    MAX_JSON_VALUES,
    MAX_SEGMENTS,
    MAX_TILE_TYPES,
    MAX_TOKENS,
    deep_fallback,
    long_numbers,
    too_deep,
    too_many_tiles,
    too_many_tokens,
)

__all__ = ["GRAMMAR_FILE", "MAX_DIGITS", "MAX_EXPR_DEPTH", "MAX_JSON_VALUES", "MAX_SEGMENTS",
           "MAX_SYNTAX_ERRORS", "MAX_TILE_TYPES", "MAX_TOKENS", "GluedWords", "Lines",
           "declaration_keywords", "deep_fallback", "first_word", "grammar", "grammar_text",
           "long_numbers", "normalise_newlines", "parse_tree", "read_on", "syntax_errors",
           "too_deep", "too_many_tiles", "too_many_tokens"]

MAX_SYNTAX_ERRORS = 100
"""Syntax errors reported per file; after that, the rest of the file is not read."""


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

    def declaration(self, pos: int) -> int:
        """Where the declaration the text at ``pos`` belongs to starts (0: before any)."""
        i = bisect.bisect_right(self.starts, pos)
        return self.starts[i - 1] if i else 0

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
    """Every syntax error of a file (see ``read_on``)."""
    return read_on(text, path, parser, exc)[0]


def _open_declaration(exc: UnexpectedInput) -> int | None:
    """Where the declaration the parser was reading when it stopped starts (an offset in the
    text it parsed), asked of its value stack: what follows the declarations it completed
    (``rules`` and a name, a block's tokens so far); None when it cannot say."""
    interactive = getattr(exc, "interactive_parser", None)
    state = getattr(interactive, "parser_state", None)
    stack = list(getattr(state, "value_stack", None) or ())
    if stack and isinstance(stack[0], Tree) and stack[0].data.startswith("__start_star"):
        stack = stack[1:]
    for value in stack:
        if isinstance(value, Token) and isinstance(value.start_pos, int):
            return value.start_pos
        if isinstance(value, Tree) and not value.meta.empty:
            return value.meta.start_pos
    return None


def read_on(text: str, path: str, parser: Lark, exc: UnexpectedInput
            ) -> tuple[list[Diagnostic], list[tuple[int, int]]]:
    """Every syntax error of a file, and the spans of text left unread: after each error,
    reading resumes at the next declaration (see ``_Resumes``), or at the offending token
    itself when it starts one (a block missing its '}' is then one error, not two). Each span
    runs from the start of the declaration the error is in to where reading resumes (to the
    end of the file after the last error, or after ``MAX_SYNTAX_ERRORS``)."""
    lines = Lines(text)
    resumes = _Resumes(text)
    keywords = _declaration_keywords()
    found: list[Diagnostic] = []
    skipped: list[tuple[int, int]] = []
    offset = 0
    while True:
        pos = offset + _error_pos(exc, len(text) - offset)
        glued = (_glued_word(text, offset, pos, parser, (lines, path))
                 if isinstance(exc, UnexpectedToken) else None)
        stray = None if glued else _stray_word(text, offset, pos, parser, (lines, path))
        found.append(glued or stray or _syntax_diagnostic(exc, lines.loc(path, pos), parser,
                                                          _looks_like_segment(text, pos)))
        keyword = isinstance(exc, UnexpectedToken) and exc.token.type in keywords
        opened = _open_declaration(exc)
        # else: an unexpected keyword starts the next declaration; the error is the one before's
        start = offset + opened if opened is not None else \
            max(offset, resumes.declaration(pos - 1 if keyword else pos))
        if len(found) >= MAX_SYNTAX_ERRORS:
            skipped.append((start, len(text)))
            break
        if keyword and pos > offset:
            resume = pos
        else:
            after = resumes.after(pos)
            if after is None:
                skipped.append((start, len(text)))
                break
            resume = after
        skipped.append((start, resume))
        offset = resume
        try:
            parser.parse(text[offset:])
            break
        except UnexpectedInput as again:
            exc = again
    return found, skipped
