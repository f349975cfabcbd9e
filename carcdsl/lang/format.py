"""The formatter: one canonical layout of a rule file (``carcdsl fmt``).

- every declaration starts a line; a block's properties go one a line, indented four spaces,
  its ``}`` alone on the last line (nested blocks, the legend, likewise); a block written
  on one line stays on one line, two spaces between its properties
  (``feature hill { geometry centre  followers no }``), when it holds no block and no
  comment and fits in ``ONE_LINE_WIDTH`` characters;
- a run of tile lines is a table: names padded to one width, counts right-aligned;
- inside a line, one space between words, none inside ``2..5``, ``N+E``, ``completed(city)``
  or before ``,`` ``;`` ``:``; map rows one under another;
- at most one blank line between declarations and properties, none at the start of a file or
  a block, nor before a ``}``; one newline at the end;
- comments are kept exactly: a comment on a line of its own is indented as the line it
  precedes; a comment after code stays after it, the comments of a run of lines aligned.

The layout never changes meaning: the formatted text lexes to the same tokens, in order, as
the original (checked on every call). A declaration or property with a comment inside it
(between two of its tokens) is kept as written.

The grammar ignores comments and whitespace; the lexer's tokens (each with its position) and
the parse tree (each declaration's span) are what the layout is built from, and the comments
are what lies between two tokens (nothing but whitespace and comments can).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

import attrs
from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from carcdsl.lang.parser import parse_text
from carcdsl.lang.syntax import grammar, normalise_newlines

INDENT = "    "
ONE_LINE_WIDTH = 100
"""A block written on one line stays on one line up to this many characters."""
_COMMENT = re.compile(r"#[^\n]*")
_NO_SPACE_BEFORE = frozenset({",", ";", ":", ")", ".."})
_NO_SPACE_AFTER = frozenset({"(", ".."})
_TILE_RULES = frozenset({"tile_decl", "override_tile"})


class FormatError(Exception):
    """The layout would change the tokens of a file: a bug in the formatter, never shown as a
    changed file."""


@attrs.define
class _Line:
    """A line of code (``code`` may hold more lines: map rows, a construct kept as written)."""

    code: str
    blank_before: bool = False
    comment: str | None = None
    """A comment after the code, on its last line."""
    cells: tuple[str, str, str, str] | None = None
    """A tile line's cells (keyword, name, count, segments): laid out as a table."""
    verbatim: bool = False
    """Kept as written (a comment inside it): its later lines are not re-indented."""


@attrs.define
class _Comment:
    text: str
    blank_before: bool = False


@attrs.define
class _Block:
    header: _Line
    body: list[_Line | _Comment | _Block]
    closing: _Line
    blank_before: bool = False


_Item = _Line | _Comment | _Block


def lex(text: str) -> tuple[list[Token], Tree]:
    """Every token of ``text`` as the parser takes it (keywords included) and the tree;
    UnexpectedInput when it does not parse."""
    interactive = grammar().parse_interactive(text)
    tokens = list(interactive.iter_parse())
    return tokens, interactive.feed_eof()


def format_text(text: str, path: str = "<text>") -> str:
    """``text`` in the canonical layout. Raises RuleError (every syntax error) when it does
    not parse."""
    text = normalise_newlines(text)
    try:
        tokens, tree = lex(text)
    except UnexpectedInput:
        parse_text(text, path)  # raises RuleError with every syntax error
        raise
    items = _Layout(text, tokens, tree).top()
    lines: list[str] = []
    _render(items, "", lines)
    formatted = "\n".join(lines).rstrip("\n") + "\n" if lines else ""
    _same_tokens(tokens, formatted, text)
    return formatted


def is_formatted(text: str, path: str = "<text>") -> bool:
    return format_text(text, path) == text


def _same_tokens(before: list[Token], formatted: str, original: str) -> None:
    after, _ = lex(formatted)
    if [(t.type, t.value) for t in before] != [(t.type, t.value) for t in after]:
        raise FormatError("the layout would change the file's tokens")
    if _COMMENT.findall(_gaps(original, before)) != _COMMENT.findall(_gaps(formatted, after)):
        raise FormatError("the layout would change the file's comments")


def _gaps(text: str, tokens: list[Token]) -> str:
    """The text between tokens (whitespace and comments), joined by newlines."""
    ends = [0] + [_end(t) for t in tokens]
    starts = [_start(t) for t in tokens] + [len(text)]
    return "\n".join(text[a:b] for a, b in zip(ends, starts))


class _Layout:
    """The items of a parsed file, built from its tokens and the spans of its tree."""

    def __init__(self, text: str, tokens: list[Token], tree: Tree):
        self.text, self.tokens, self.tree = text, tokens, tree
        self.starts = [_start(t) for t in tokens]
        self.comments = [(found.start(), found.end()) for gap_start, gap_end in self._gap_spans()
                         for found in _COMMENT.finditer(text, gap_start, gap_end)]
        # `N+E` (a segment's first words, or what a field touches) joins without spaces
        self.ports_plus = {_start(t) for rule in ("ports", "words")
                           for ports in tree.find_data(rule)
                           for t in self._tokens_in(ports) if t.value == "+"}

    def _gap_spans(self) -> Iterable[tuple[int, int]]:
        end = 0
        for token in self.tokens:
            yield end, _start(token)
            end = _end(token)
        yield end, len(self.text)

    def _tokens_in(self, node: Tree) -> list[Token]:
        start, end = _span(node)
        lo = bisect.bisect_left(self.starts, start)
        hi = bisect.bisect_left(self.starts, end)
        return self.tokens[lo:hi]

    def _blank_before(self, pos: int) -> bool:
        """Whether a blank line lies between ``pos`` and the code or comment before it."""
        before = self.text[:pos]
        stripped = before.rstrip()
        return before.count("\n", len(stripped)) >= 2

    def top(self) -> list[_Item]:
        children = [c for c in self.tree.children if isinstance(c, Tree)]
        return self._container(children, 0, len(self.text), None)

    def _container(self, children: list[Tree], lo: int, hi: int,
                   header: _Line | None) -> list[_Item]:
        """Children (declarations, properties) and the comments around them in [lo, hi).
        A comment on the line of the code before it trails that code: the last item's
        last line, or ``header`` (the line ending in ``{``)."""
        items: list[_Item] = []
        events: list[tuple[int, int, Tree | None]] = [(_span(c)[0], _span(c)[1], c)
                                                       for c in children]
        events += [(s, e, None) for s, e in self.comments if lo <= s < hi
                   and not any(_span(c)[0] <= s < _span(c)[1] for c in children)]
        events.sort(key=lambda event: event[0])
        last_end = lo
        for start, end, child in events:
            gap = self.text[last_end:start]
            if child is None:
                comment = self.text[start:end]
                trailing = "\n" not in gap and last_end > 0
                target = _last_line(items[-1]) if items else header
                if trailing and target is not None and target.comment is None:
                    target.comment = comment
                else:
                    items.append(_Comment(comment, bool(items) and self._blank_before(start)))
            else:
                item = self._item(child)
                item.blank_before = bool(items) and self._blank_before(start)
                items.append(item)
            last_end = end
        return items

    def _item(self, node: Tree) -> _Item:
        tokens = self._tokens_in(node)
        start, end = _span(node)
        if any(start < s < end for s, _ in self.comments):
            if node.data in _BLOCK_RULES and self._brace_comments_only(node, tokens):
                return self._block(node, tokens)
            return _Line(self.text[start:end], verbatim=True)  # a comment inside
        if node.data in _BLOCK_RULES:
            return self._one_line(node, tokens) or self._block(node, tokens)
        if node.data == "map_rows":
            return _Line(self._join(tokens[:2]) + "".join(
                "\n" + " " * len("map ") + t.value for t in tokens[2:]))
        if node.data in _TILE_RULES:
            at = 2 if tokens[0].value == "override" else 1
            cells = (self._join(tokens[:at]), tokens[at].value, tokens[at + 1].value,
                     self._join(tokens[at + 2:]))
            return _Line(" ".join(cells), cells=cells)
        return _Line(self._join(tokens))

    def _brace_comments_only(self, node: Tree, tokens: list[Token]) -> bool:
        """Whether every comment inside a block lies in its body (not in its header)."""
        brace = next(i for i, t in enumerate(tokens) if t.value == "{")
        header_end = _start(tokens[brace])
        return not any(_span(node)[0] < s < header_end for s, _ in self.comments)

    def _block(self, node: Tree, tokens: list[Token]) -> _Block:
        brace = next(i for i, t in enumerate(tokens) if t.value == "{")
        open_pos, close = _end(tokens[brace]), tokens[-1]
        header = _Line(self._join(tokens[:brace + 1]))
        children = [c for c in node.children if isinstance(c, Tree)
                    and _span(c)[0] >= open_pos]
        body = self._container(children, open_pos, _start(close), header)
        return _Block(header, body, _Line("}"))

    def _one_line(self, node: Tree, tokens: list[Token]) -> _Line | None:
        """A block written on one line, as one line: its properties two spaces apart
        (None when it holds a block or a map, is empty, or is too long)."""
        start, end = _span(node)
        if "\n" in self.text[start:end] or any(
                inner is not node and inner.data in _BLOCK_RULES for inner in node.iter_subtrees()):
            return None
        block = self._block(node, tokens)
        lines = [item for item in block.body if isinstance(item, _Line) and item.cells is None
                 and "\n" not in item.code]
        if not lines or len(lines) < len(block.body):
            return None
        code = f"{block.header.code} {'  '.join(line.code for line in lines)} }}"
        return _Line(code) if len(code) <= ONE_LINE_WIDTH else None

    def _join(self, tokens: list[Token]) -> str:
        out: list[str] = []
        prev: Token | None = None
        for token in tokens:
            if prev is not None and self._space(prev, token):
                out.append(" ")
            out.append(token.value)
            prev = token
        return "".join(out)

    def _space(self, prev: Token, token: Token) -> bool:
        if token.value in _NO_SPACE_BEFORE or prev.value in _NO_SPACE_AFTER:
            return False
        if token.value == "(":
            return prev.type != "NAME"  # completed(city), but 2 * (tiles + 1)
        return not (_start(token) in self.ports_plus or _start(prev) in self.ports_plus)


_BLOCK_RULES = frozenset({"when_block", "game_block", "override_game", "feature_block",
                          "override_feature", "board_block", "supply_block", "turn_block",
                          "token_block",
                          "override_token", "figure_block", "override_figure", "names_block",
                          "legend"})


def _start(token: Token) -> int:
    return token.start_pos or 0  # the lexer's tokens always have positions


def _end(token: Token) -> int:
    return token.end_pos or 0


def _span(node: Tree) -> tuple[int, int]:
    return node.meta.start_pos, node.meta.end_pos


def _last_line(item: _Item) -> _Line | None:
    if isinstance(item, _Block):
        return item.closing
    return item if isinstance(item, _Line) else None


def _render(items: list[_Item], indent: str, out: list[str]) -> None:
    """Append the lines of ``items`` at ``indent`` to ``out``."""
    codes = _codes(items)
    columns = _comment_columns(items, indent, codes)
    for item in items:
        if item.blank_before and out:
            out.append("")
        if isinstance(item, _Comment):
            out.append(indent + item.text)
        elif isinstance(item, _Line):
            _emit(out, indent, codes[id(item)], item, columns.get(id(item), 0))
        else:
            header = item.header
            if not item.body and header.comment is None:
                _emit(out, indent, header.code + "}", item.closing, 0)
                continue
            _emit(out, indent, header.code, header, 0)
            _render(item.body, indent + INDENT, out)
            _emit(out, indent, "}", item.closing, 0)


def _codes(items: list[_Item]) -> dict[int, str]:
    """Each line's code; runs of tile lines (the same keyword, one after another) as a
    table: names padded to one width, counts right-aligned."""
    codes: dict[int, str] = {}
    tables: list[list[_Line]] = []
    previous: _Item | None = None
    for item in items:
        if isinstance(item, _Line):
            codes[id(item)] = item.code
            if item.cells is not None:
                continues = (isinstance(previous, _Line) and previous.cells is not None
                             and previous.cells[0] == item.cells[0] and not item.blank_before)
                if not continues:
                    tables.append([])
                tables[-1].append(item)
        previous = item
    for table in tables:
        name = max(len(line.cells[1]) for line in table if line.cells)
        count = max(len(line.cells[2]) for line in table if line.cells)
        for line in table:
            assert line.cells is not None
            keyword, tile, number, rest = line.cells
            codes[id(line)] = f"{keyword} {tile:<{name}}  {number:>{count}}  {rest}"
    return codes


def _comment_columns(items: list[_Item], indent: str, codes: dict[int, str]) -> dict[int, int]:
    """Where the trailing comments of a run of lines (no blank line, block or comment line
    between them) start: two spaces after the longest line that has one."""
    runs: list[list[_Line]] = [[]]
    for item in items:
        if not isinstance(item, _Line) or item.blank_before:
            runs.append([])
        if isinstance(item, _Line):
            runs[-1].append(item)
    columns = {}
    for run in runs:
        widths = [len(indent) + len(codes[id(line)].rsplit("\n", 1)[-1]) for line in run
                  if line.comment is not None and not line.verbatim]
        for line in run:
            if not line.verbatim:
                columns[id(line)] = max(widths, default=0) + 2
    return columns


def _emit(out: list[str], indent: str, code: str, line: _Line, column: int) -> None:
    first, *more = code.split("\n")
    out.append(indent + first)
    # a construct kept as written keeps its later lines; map rows go under the first
    out.extend(more if line.verbatim else [indent + row for row in more])
    if line.comment is not None:
        last = out[-1]
        out[-1] = last + " " * max(column - len(last), 2) + line.comment
