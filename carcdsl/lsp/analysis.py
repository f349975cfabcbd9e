"""What the language server knows about a rule file, without the protocol: diagnostics of an
unsaved buffer, the names it declares and uses (across the files it extends), completion,
hover text, an outline and the tokens to colour.

Positions here are 0-based (line, character), as the protocol counts them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

import attrs
from lark import Token, Tree
from lark.exceptions import UnexpectedInput

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, suggest, unique
from carcdsl.errors import RuleError
from carcdsl.geometry import ports as P
from carcdsl.lang.format import lex
from carcdsl.lang.sources import bundled_names, display_name, resolve, unsaved_texts
from carcdsl.lang.syntax import declaration_keywords, grammar, grammar_text, normalise_newlines
from carcdsl.pipeline import check_files

SYNTAX_CODES = frozenset({"E001", "E002", "E006", "E008"})
_WORD = re.compile(r'[^\W\d]\w*(?:-\w+)*|"[^"\n]*"|-?\d+')
_COMMENT = re.compile(r'"[^"\n]*"|(#[^\n]*)')


@attrs.frozen
class Range:
    line: int
    start: int
    end_line: int
    end: int

    def contains(self, line: int, char: int) -> bool:
        return (self.line, self.start) <= (line, char) <= (self.end_line, self.end)


@attrs.frozen
class Found:
    """A diagnostic placed in the buffer: its range, and where it really is when that is
    another file (shown at the top of the buffer)."""

    diagnostic: Diagnostic
    range: Range
    elsewhere: m.Loc | None = None


@attrs.frozen
class Occurrence:
    """A name written in a file: ``family`` says what names it (``name``: a kind, landmark
    or token; ``tile``, ``port``, ``param``, ``file``: a rule file by name or path)."""

    name: str
    family: str
    is_def: bool
    file: str
    range: Range
    rule: str


def word_range(text: str, line: int, char: int) -> Range:
    """The word (name, number or string) at a 0-based position, else one character."""
    lines = text.split("\n")
    row = lines[line] if line < len(lines) else ""
    for found in _WORD.finditer(row):
        if found.start() <= char < found.end():
            return Range(line, found.start(), line, found.end())
    return Range(line, char, line, min(char + 1, len(row)) if row else char)


@functools.cache
def _declaration_line() -> re.Pattern[str]:
    words = sorted(declaration_keywords(), key=len, reverse=True)
    return re.compile(rf"^(?:{'|'.join(map(re.escape, words))})(?![\w-])")


def _broken_lines(text: str, syntax: list[Diagnostic]) -> set[int]:
    """The 0-based lines of syntax errors; an error at the first word of a line may be the
    line before it missing its end (``players 2..``), so that line too."""
    rows = text.split("\n")
    lines = set()
    for diag in syntax:
        if diag.loc is None:
            continue
        line = max(diag.loc.line - 1, 0)
        lines.add(line)
        row = rows[line] if line < len(rows) else ""
        if line and row[: max(diag.loc.column - 1, 0)].strip() == "":
            lines.add(line - 1)
    return lines


def blank_lines(text: str, lines: set[int]) -> str:
    rows = text.split("\n")
    for line in lines:
        if line < len(rows):
            rows[line] = " " * len(rows[line])
    return "\n".join(rows)


def blank_declarations(text: str, lines: set[int]) -> str:
    """``text`` with the declarations holding these 0-based lines blanked out (spaces, the
    newlines kept): from the line starting the declaration to the next one that starts one."""
    rows = text.split("\n")
    starts = [i for i, row in enumerate(rows) if _declaration_line().match(row)]
    for line in sorted(lines):
        first = max((s for s in starts if s <= line), default=0)
        last = min((s for s in starts if s > line), default=len(rows))
        for i in range(first, last):
            rows[i] = " " * len(rows[i])
    return "\n".join(rows)


def _check(path: Path, text: str) -> tuple[m.RuleSet | None, list[Diagnostic], dict[str, str]]:
    with unsaved_texts({path: text}):
        return check_files(path)


@attrs.define
class Analysis:
    """A buffer checked: its diagnostics, the rule set (as far as it composes), the texts
    of every file it is made of, and the text that parsed (broken declarations blanked)."""

    path: Path
    text: str
    rules: m.RuleSet | None
    diagnostics: list[Diagnostic]
    sources: dict[str, str]
    parsed_text: str

    @property
    def shown(self) -> str:
        return display_name(self.path)


def analyse(path: Path, text: str) -> Analysis:
    """Check ``text`` as the file at ``path`` (the files it extends come from disk). A syntax
    error does not hide the rest: the declarations it is in are blanked out and the file is
    checked again, so a meaning error elsewhere is said too."""
    text = normalise_newlines(text)
    rules, found, sources = _check(path, text)
    shown = display_name(path)
    parsed = text
    syntax = [d for d in found if d.code in SYNTAX_CODES and d.loc and d.loc.file == shown]
    lines: set[int] = set()
    for attempt in range(6):
        if not syntax:
            break
        lines |= _broken_lines(text, syntax)
        # first the broken lines alone (a property in a block), then their declarations
        parsed = blank_lines(text, lines) if attempt == 0 else blank_declarations(text, lines)
        again, more, more_sources = _check(path, parsed)
        syntax = [d for d in more if d.code in SYNTAX_CODES and d.loc and d.loc.file == shown]
        if not syntax:  # what the syntax errors hid: said too
            found += [d for d in more if d.code not in SYNTAX_CODES]
            rules = again
            sources = {**more_sources, **sources}
    sources[shown] = text
    return Analysis(path, text, rules, unique(found), sources, parsed)


def place(analysis: Analysis) -> list[Found]:
    """Each diagnostic with its range in the buffer."""
    placed = []
    for diag in analysis.diagnostics:
        loc = diag.loc
        if loc is not None and loc.file == analysis.shown and loc.line:
            rng = word_range(analysis.text, loc.line - 1, max(loc.column - 1, 0))
            hint = str(diag.args.get("hint") or "")
            if hint:  # the word the hint would replace
                rng = _misspelt(analysis.text, loc.line - 1, rng.start, hint) or rng
            placed.append(Found(diag, rng))
        else:
            placed.append(Found(diag, Range(0, 0, 0, 0), loc))
    return placed


def _misspelt(text: str, line: int, start: int, hint: str) -> Range | None:
    row = text.split("\n")[line]
    for found in _WORD.finditer(row, start):
        word = found.group()
        if word != hint and suggest(word, [hint]) == hint:
            return Range(line, found.start(), line, found.end())
    return None


# --- names -------------------------------------------------------------------------------

# rule -> the family of each NAME child, in order (the last one repeats)
_ROLES: dict[str, tuple[str, ...]] = {
    "feature_block": ("name+",), "override_feature": ("name",), "landmark_decl": ("name+",),
    "tile_decl": ("tile+",), "remove_tiles": ("tile",), "start_tile": ("tile",),
    "segment": ("name",), "ports": ("port",), "words": ("port",), "path_end": ("name",),
    "ends_at": ("name",),
    "shows": ("name",), "quantity_of": ("quantity", "name"), "put_tokens": ("token", "name"),
    "token_block": ("token+",), "override_token": ("token",), "first_player": ("-", "name"),
    "name_entry": ("name",), "param_decl": ("param+",), "bounds": ("param",),
    "sets": ("param",), "hand": ("param", "-"), "start_areas": ("param",),
    "extends_decl": ("file",), "variant_decl": ("-", "file"), "rules_decl": ("-",),
    "quantity": ("-",), "attribute": ("name+", "-"), "figure_block": ("name+",),
    "override_figure": ("name",), "figure_stands": ("name",), "figure_needs": ("name",),
    "group_decl": ("group+", "tile"), "draw_order": ("group",), "extends": ("name",),
    "completes": ("name",), "take_tokens": ("name",), "require": ("-", "name"),
}
_FAMILY = {"token": "name"}
"""Tokens, kinds, landmarks, figures and attributes share one family: `names` names any of
them (tile groups have their own: `group river` beside `feature river`)."""
_PORT_WORD = re.compile(r"[NESW]+(-[NESW]+)*")


def _word_roles(node: Tree, names: list[Token]) -> tuple[str, ...]:
    """A segment's words are its ports (``N+E``, ``W-E``) or an attribute (``inn``); a
    quantity that is no quantity of the language is an attribute (``inn >= 1``)."""
    if node.data == "quantity":
        return ("-",) if names and str(names[0]) in m.QUANTITIES else ("name",)
    if len(names) > 1 or names and _PORT_WORD.fullmatch(str(names[0])):
        return ("port",)
    return ("name",)


def occurrences(text: str, file: str) -> list[Occurrence]:
    """The names ``text`` declares and uses (empty when it does not parse)."""
    try:
        tokens, tree = lex(text)
    except UnexpectedInput:
        return []
    del tokens
    found = []
    for node in tree.iter_subtrees_topdown():
        roles = _ROLES.get(node.data)
        if roles is None:
            continue
        names = [c for c in node.children
                 if isinstance(c, Token) and c.type in ("NAME", "STRING")]
        if node.data == "tile_decl" and _parent_is_override(tree, node):
            roles = ("tile",)
        elif node.data in ("words", "quantity"):
            roles = _word_roles(node, names)
        for i, token in enumerate(names):
            role = roles[min(i, len(roles) - 1)]
            if role in ("-", "quantity") or token.type == "STRING" and role != "file":
                continue
            is_def = role.endswith("+")
            family = _FAMILY.get(role.rstrip("+"), role.rstrip("+"))
            if node.data == "tile_decl" and i > 0:
                continue
            line, col = (token.line or 1) - 1, (token.column or 1) - 1
            found.append(Occurrence(str(token).strip('"'), family, is_def, file,
                                    Range(line, col, line, col + len(token)), node.data))
    return found


def _parent_is_override(tree: Tree, node: Tree) -> bool:
    return any(child is node for parent in tree.find_data("override_tile")
               for child in parent.children)


@attrs.define
class Index:
    """The names of every file a buffer is made of (itself and what it extends)."""

    by_file: dict[str, list[Occurrence]]

    def at(self, file: str, line: int, char: int) -> Occurrence | None:
        for occ in self.by_file.get(file, []):
            if occ.range.contains(line, char):
                return occ
        return None

    def all_of(self, occ: Occurrence) -> Iterator[Occurrence]:
        for found in self.by_file.values():
            for other in found:
                if other.name == occ.name and other.family == occ.family:
                    yield other

    def definitions(self, occ: Occurrence) -> list[Occurrence]:
        return [o for o in self.all_of(occ) if o.is_def]


def index(analysis: Analysis) -> Index:
    by_file = {}
    for shown, text in analysis.sources.items():
        source = analysis.parsed_text if shown == analysis.shown else text
        by_file[shown] = occurrences(source, shown)
    return Index(by_file)


def file_of(ref: Occurrence, analysis: Analysis) -> Path | None:
    """The file an ``extends``/``for``/``with`` names."""
    folder = Path(ref.file).resolve().parent
    try:
        return resolve(ref.name, folder, None)
    except RuleError:
        return None


def path_of(shown: str) -> Path:
    return Path(shown).resolve()


# --- completion ----------------------------------------------------------------------------

def _keyword_of(term: str) -> str | None:
    try:
        pattern = grammar().get_terminal(term).pattern
    except KeyError:
        return None
    if pattern.type == "str" and pattern.value[:1].isalpha():
        return pattern.value
    if pattern.type == "re" and re.fullmatch(r"\(\?:[a-z|]+\)", pattern.value):
        return None  # WHEN, BOOL: their words are listed below
    return None


_CLASS_WORDS = {"BOOL": ("yes", "no"), "WHEN": ("complete", "final")}


def accepted(text: str, offset: int) -> set[str]:
    """The terminals the parser takes at ``offset`` (the word being typed left out): read
    from the start of the declaration the offset is in when the file before it is broken."""
    before = text[:offset]
    word = re.search(r"[\w-]*$", before)
    before = before[: word.start()] if word else before
    starts = [0] + [found.start() for found in re.finditer(r"^", before, re.M)
                    if _declaration_line().match(before, found.start())]
    for start in reversed(starts):
        try:
            interactive = grammar().parse_interactive(before[start:])
            interactive.exhaust_lexer()
            return set(interactive.accepts())
        except UnexpectedInput:
            continue
    return set()


_AFTER_LOOK = re.compile(r'(?<![\w-])(look|colour)\s+"?[\w#-]*$')
_FEATURE_OPEN = re.compile(r"(?<![\w-])feature\s+([^\W\d][\w-]*)\s*\{[^{}]*$")


def _kind_around(analysis: Analysis, offset: int) -> m.FeatureKind | None:
    """The kind whose block ``offset`` is in (as far as the rule set knows it)."""
    found = _FEATURE_OPEN.search(analysis.text, 0, offset)
    if found is None or analysis.rules is None:
        return None
    return analysis.rules.kind(found.group(1))


def _look_words(analysis: Analysis, offset: int) -> dict[str, str] | None:
    """After ``look``: the looks of the kind's geometry (every look when it is not known);
    after ``colour``: the colour names. None elsewhere."""
    row_start = analysis.text.rfind("\n", 0, offset) + 1
    found = _AFTER_LOOK.search(analysis.text, row_start, offset)
    if found is None:
        return None
    if found.group(1) == "colour":
        return {name: f"colour {hex_}" for name, hex_ in m.NAMED_COLOURS.items()}
    kind = _kind_around(analysis, offset)
    geometries = [kind.geometry] if kind is not None and kind.geometry in m.LOOKS \
        else list(m.LOOKS)
    return {look: f"{geometry} look: {said}" for geometry in geometries
            for look, said in m.LOOKS[geometry].items()}


def completions(analysis: Analysis, offset: int) -> list[tuple[str, str]]:
    """(label, what it is) of every word that may come at ``offset``."""
    looks = _look_words(analysis, offset)
    if looks is not None:
        return sorted(looks.items())
    terms = accepted(analysis.text, offset)
    items: dict[str, str] = {}
    for term in terms:
        keyword = _keyword_of(term)
        if keyword:
            items[keyword] = "keyword"
        for word in _CLASS_WORDS.get(term, ()):
            items[word] = "keyword"
    if "NAME" in terms:
        rules = analysis.rules
        if rules is not None:
            items.update({k.name: "feature kind" for k in rules.kinds})
            items.update({name: "landmark" for name in rules.landmarks})
            items.update({t.name: "token" for t in rules.tokens})
            items.update({f.name: "figure" for f in rules.figures})
            items.update({g.name: "group" for g in rules.groups})
            items.update({t.name: "tile" for t in rules.tiles})
        for occ in occurrences(analysis.parsed_text, analysis.shown):
            if occ.is_def:
                items.setdefault(occ.name, {"tile": "tile", "param": "parameter"}.get(
                    occ.family, "name"))
        items.update({port: "port" for port in P.RING if port not in items})
        items.update({name: "rule set or variant" for name in bundled_names()
                      if name not in items})
    return sorted(items.items())


# --- hover -------------------------------------------------------------------------------

@functools.cache
def construct_docs() -> dict[str, str]:
    """keyword -> the grammar lines that define it (with their comments): the construct's
    documentation, as the language reference writes it."""
    docs: dict[str, list[str]] = {}
    for line in grammar_text().splitlines():
        rule = re.match(r'^\s*[?_]?([a-z_]+):\s*(.*)$', line)
        if rule is None:
            continue
        first = re.match(r'"([a-z][\w-]*)"', rule.group(2).strip())
        if first is not None:
            docs.setdefault(first.group(1), []).append(line.strip())
    return {word: "\n".join(lines) for word, lines in docs.items()}


def _source_line(analysis: Analysis, loc: m.Loc | None) -> str | None:
    if loc is None or not loc.line:
        return None
    text = analysis.sources.get(loc.file)
    if text is None:
        return None
    rows = text.split("\n")
    return rows[loc.line - 1].strip() if loc.line <= len(rows) else None


def describe_kind(analysis: Analysis, kind: m.FeatureKind) -> str:
    lines = [f"**feature {kind.name}** — geometry `{kind.geometry}`",
             f"followers: {'yes' if kind.followers else 'no'}"
             + (f" ({kind.role})" if kind.role else "")
             + f"; pennants: {'yes' if kind.pennants else 'no'}"]
    if kind.terminals:
        lines.append("ends at: " + ", ".join(kind.terminals))
    lines.append(f"drawn: look `{kind.look or m.default_look(kind.geometry)}`"
                 + (f", colour `{kind.colour}`" if kind.colour else ", colour from its name"))
    for prop in ("complete", "final"):
        if getattr(kind, prop) is not None:
            said = _source_line(analysis, kind.loc_of(prop))
            said = _COMMENT.sub(lambda kept: kept.group(0) if not kept.group(1) else "",
                                said or "").strip()
            lines.append(f"`{said}`" if said else f"score {prop}")
    if kind.loc is not None:
        lines.append(f"declared in {kind.loc}")
    return "\n\n".join(lines)


def describe_tile(tile: m.Tile) -> str:
    rows = [f"**tile {tile.name}** × {tile.count}", ""]
    for seg in tile.segments:
        said = f"- {seg.kind} {'+'.join(seg.ports)}".rstrip()
        if seg.pennants:
            said += f", {seg.pennants} pennant{'s' if seg.pennants > 1 else ''}"
        if seg.ends:
            said += " → " + ", ".join(seg.ends)
        if seg.touches:
            said += " (touches " + "+".join(seg.touches) + ")"
        rows.append(said)
    return "\n".join(rows)


def describe_file(path: Path) -> str:
    """A rule file's name and the comment it starts with (its description)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return f"`{path.name}`"
    said: list[str] = []
    for line in text.split("\n"):
        if not line.startswith("#"):
            if said:
                break
            continue
        said.append(line[1:].strip())
    return f"**{path.stem}** ({display_name(path)})\n\n" + " ".join(said).replace("  ", "\n\n")


def hover(analysis: Analysis, idx: Index, line: int, char: int,
          picture: bool = True) -> tuple[str, Range] | None:
    occ = idx.at(analysis.shown, line, char)
    rules = analysis.rules
    if occ is not None:
        if occ.family == "file":
            target = file_of(occ, analysis)
            return (describe_file(target), occ.range) if target else None
        if occ.family == "name" and rules is not None:
            kind = next((k for k in rules.kinds if k.name == occ.name), None)
            if kind is not None:
                return describe_kind(analysis, kind), occ.range
            token = next((t for t in rules.tokens if t.name == occ.name), None)
            if token is not None:
                return (f"**token {token.name}**: {token.supply} in the supply, "
                        f"{token.each_player} to each player"), occ.range
            if occ.name in rules.landmarks:
                return f"**landmark {occ.name}**: a path may end at it", occ.range
            figure = rules.figure(occ.name)
            if figure is not None:
                return describe_figure(figure), occ.range
            attributes = [k.name for k in rules.kinds if occ.name in dict(k.attributes)]
            if attributes:
                return (f"**attribute {occ.name}**: carried by segments of "
                        f"{', '.join(attributes)}"), occ.range
        if occ.family == "group" and rules is not None:
            group = next((g for g in rules.groups if g.name == occ.name), None)
            if group is not None:
                return (f"**group {group.name}**: {len(group.tiles)} tile types drawn "
                        "together"), occ.range
        if occ.family == "tile" and rules is not None:
            tile = next((t for t in rules.tiles if t.name == occ.name), None)
            if tile is not None:
                said = describe_tile(tile)
                if picture:
                    from carcdsl.lsp.picture import tile_markdown
                    drawn = tile_markdown(tile, rules)
                    said = f"{drawn}\n\n{said}" if drawn else said
                return said, occ.range
        if occ.family == "port":
            return f"port `{occ.name}`: a place on the tile's border", occ.range
        if occ.family == "param":
            return f"parameter `{occ.name}`", occ.range
    rng = word_range(analysis.text, line, char)
    row = analysis.text.split("\n")[line] if line < analysis.text.count("\n") + 1 else ""
    word = row[rng.start:rng.end]
    look = _describe_look(analysis, row, rng, word)
    if look is not None:
        return look, rng
    doc = construct_docs().get(word)
    if doc and not _in_comment(row, rng.start):
        return f"```\n{doc}\n```", rng
    return None


def _describe_look(analysis: Analysis, row: str, rng: Range, word: str) -> str | None:
    """The word after ``look`` (what it draws) or ``colour`` (a swatch of it)."""
    before = row[:rng.start].split()
    if not before or before[-1] not in ("look", "colour") or _in_comment(row, rng.start):
        return None
    if before[-1] == "colour":
        colour = m.parse_colour(word.strip('"'))
        if colour is None:
            return None
        from carcdsl.lsp.picture import swatch_markdown
        return f"{swatch_markdown(colour)} colour `{colour}`: how pictures fill the kind"
    offset = sum(len(r) + 1 for r in analysis.text.split("\n")[:rng.line]) + rng.start
    kind = _kind_around(analysis, offset)
    geometries = [kind.geometry] if kind is not None and kind.geometry in m.LOOKS \
        else list(m.LOOKS)
    for geometry in geometries:
        if word in m.LOOKS[geometry]:
            return f"**look {word}** ({geometry}): {m.LOOKS[geometry][word]}"
    return None


def describe_figure(figure: m.Figure) -> str:
    """A figure at a glance (hover): how many, its strength, where it stands."""
    where = ", ".join(figure.stands_on) if figure.stands_on is not None else \
        "where a follower may"
    said = (f"**figure {figure.name}**: {figure.each_player} each, strength "
            f"{figure.strength}; stands on {where}")
    if figure.needs is not None:
        said += f", with own {figure.needs}"
    if figure.recall is not None:
        said += "; may be taken back" + (" (its feature scores)" if figure.recall == "final"
                                         else "")
    return said


def _in_comment(row: str, char: int) -> bool:
    return any(found.group(1) and found.start(1) <= char for found in _COMMENT.finditer(row))


# --- outline and colours -------------------------------------------------------------------

_SYMBOL_RULES = {
    "rules_decl": "rules", "variant_decl": "variant", "feature_block": "feature",
    "override_feature": "override feature", "tile_decl": "tile", "override_tile":
    "override tile", "landmark_decl": "landmark", "token_block": "token", "override_token":
    "override token", "param_decl": "param", "game_block": "game", "override_game":
    "override game", "board_block": "board", "supply_block": "supply", "turn_block": "turn",
    "names_block": "names", "trigger_decl": "on place", "remove_tiles": "remove tile",
    "remove_all_tiles": "remove all tiles", "extends_decl": "extends", "open_point": "open",
    "note": "note", "figure_block": "figure", "override_figure": "override figure",
    "group_decl": "group",
}


@attrs.frozen
class Symbol:
    name: str
    detail: str
    range: Range
    selection: Range


def symbols(text: str) -> list[Symbol]:
    """The file's declarations, in order."""
    try:
        _, tree = lex(text)
    except UnexpectedInput:
        return []
    found = []
    for node in tree.children:
        if not isinstance(node, Tree):
            continue
        what = _SYMBOL_RULES.get(node.data, node.data)
        if node.data == "trigger_decl" and any(isinstance(c, Tree) and c.data == "completes"
                                               for c in node.children):
            what = "on complete"
        inner = node.children[0] if node.data == "override_tile" else node
        name = next((c for c in getattr(inner, "children", []) if isinstance(c, Token)),
                    None)
        meta = node.meta
        whole = Range(meta.line - 1, meta.column - 1, meta.end_line - 1, meta.end_column - 1)
        if name is not None:
            at = Range((name.line or 1) - 1, (name.column or 1) - 1, (name.line or 1) - 1,
                       (name.column or 1) - 1 + len(name))
            found.append(Symbol(str(name).strip('"'), what, whole, at))
        else:
            found.append(Symbol(what, "", whole, whole))
    return found


TOKEN_TYPES = ("keyword", "type", "class", "enumMember", "variable", "parameter", "property",
               "number", "string", "comment", "namespace", "function", "operator")
_OCC_TYPES = {"name": "type", "tile": "class", "port": "property", "param": "parameter",
              "file": "namespace"}


def semantic_tokens(text: str, rules: m.RuleSet | None = None) -> list[int]:
    """The protocol's relative encoding: (line delta, start delta, length, type, 0) for each
    token of the file (its parsed part) and every comment."""
    try:
        tokens, _ = lex(text)
    except UnexpectedInput:
        tokens = []
    occ = {(o.range.line, o.range.start): o for o in occurrences(text, "")}
    landmarks = set(rules.landmarks) if rules is not None else set()
    token_names = {t.name for t in rules.tokens} if rules is not None else set()
    spans: list[tuple[int, int, int, str]] = []
    for token in tokens:
        line, col = (token.line or 1) - 1, (token.column or 1) - 1
        kind = _token_type(token, occ.get((line, col)), landmarks, token_names)
        if kind is not None:
            spans.append((line, col, len(token), kind))
    for row_no, row in enumerate(text.split("\n")):
        for found in _COMMENT.finditer(row):
            if found.group(1):
                spans.append((row_no, found.start(1), len(found.group(1)), "comment"))
    spans.sort()
    data: list[int] = []
    last_line = last_col = 0
    for line, col, length, kind in spans:
        delta = line - last_line
        data += [delta, col - last_col if delta == 0 else col, length,
                 TOKEN_TYPES.index(kind), 0]
        last_line, last_col = line, col
    return data


def _token_type(token: Token, occ: Occurrence | None, landmarks: set[str],
                token_names: set[str]) -> str | None:
    if occ is not None:
        if occ.family == "name" and occ.name in landmarks:
            return "enumMember"
        if occ.family == "name" and occ.name in token_names:
            return "variable"
        return _OCC_TYPES.get(occ.family, "variable")
    if token.type == "INT":
        return "number"
    if token.type == "STRING":
        return "string"
    if token.type in ("BOOL", "WHEN") or str(token)[:1].isalpha() and token.type != "NAME":
        return "keyword"
    if token.type == "NAME":
        return "function" if token.value in _QUANTITY_WORDS else "variable"
    return "operator"


_QUANTITY_WORDS = frozenset({"tiles", "pennants", "neighbours", "completed", "tokens"})
