"""Text -> RuleFile: one Transformer method per grammar rule, returning declarations.

The methods live in one mixin per declaration family, sharing ``parser_base``: the game,
tokens, names, figures and groups (``parser_game``); parameters, the board, supply and turn
blocks, maps and triggers (``parser_blocks``); feature kinds, tiles and scoring expressions
(``parser_features``). This module owns parsing a text (``parse_text``) and the file as a
whole: its header, what it extends, its declarations in order.

The grammar, and the syntax errors of text that does not follow it, are ``syntax``'s: a tree
reaches the transformer here only when the whole file parsed.
"""

from __future__ import annotations

from typing import Any

import attrs
from lark import Token, Tree, v_args
from lark.exceptions import UnexpectedInput, VisitError

import carcdsl.model as m
from carcdsl.diagnostics import error, unique
from carcdsl.errors import RuleError
from carcdsl.lang.decls import AboutDecl, ParamDecl, Ref, RuleFile, WhenDecl
from carcdsl.lang.parser_blocks import BlockTransformer
from carcdsl.lang.parser_features import FeatureTransformer
from carcdsl.lang.parser_game import GameTransformer
from carcdsl.lang.recovery import read_what_parses, unread_declarations, unread_header
from carcdsl.lang.syntax import (
    GluedWords,
    Lines,
    grammar,
    long_numbers,
    normalise_newlines,
    parse_tree,
    read_on,
    too_deep,
    too_many_tiles,
    too_many_tokens,
)
from carcdsl.lang.syntax import deep_fallback as _deep_fallback


def parse_text(text: str, path: str = "<text>", recover: bool = False) -> RuleFile:
    """Parse rule-language text; raises RuleError carrying every syntax error (and every
    number too long, every expression too deep) when there is any.

    With ``recover`` (what the checker reads with), a file whose only problems are syntax
    errors is read on: the declarations that parsed make the file, the syntax errors are its
    ``problems``, and what the declarations left unread would have declared is its
    ``unread`` (the checker says nothing about those)."""
    text = normalise_newlines(text)
    parser = grammar()
    crowded = too_many_tiles(text, path) or too_many_tokens(text, path)
    if crowded:  # before parsing, whose time grows with the tiles
        raise RuleError("too many tile types", tuple(crowded))
    problems = long_numbers(text, path)
    tree = None
    skipped: list[tuple[int, int]] = []
    try:
        tree, glued = parse_tree(text, path)
        problems += glued
    except (UnexpectedInput, GluedWords) as exc:
        if isinstance(exc, GluedWords):  # keywords glued to names before the error
            problems += exc.glued
            exc = exc.error
        taken = {(d.loc.line, d.loc.column) for d in problems if d.loc}
        said, skipped = read_on(text, path, parser, exc)
        problems += [d for d in said
                     if d.loc is None or (d.loc.line, d.loc.column) not in taken]
    except RecursionError:
        problems.append(_deep_fallback(path))
    if tree is not None:
        problems += too_deep(tree, path)
    if problems and recover and all(d.code in _SYNTAX for d in problems):
        read = _read_what_parsed(text, path, skipped, tuple(unique(problems)))
        if read is not None:
            return read
    if problems:
        raise RuleError("syntax error", tuple(unique(problems)))
    assert tree is not None  # no tree means a syntax problem, raised above
    return _transform(tree, path)


_SYNTAX = frozenset({"E001", "E002"})
"""Syntax errors, after which the file is read on; after any other problem of reading (a
number too long, nesting too deep) it is not."""


def _read_what_parsed(text: str, path: str, skipped: list[tuple[int, int]],
                      problems: tuple) -> RuleFile | None:
    """The file made of the declarations outside ``skipped``, carrying ``problems``; None
    when that text does not parse either (then only the syntax errors are said)."""
    parsed = read_what_parses(text, skipped)
    if parsed is None:
        return None
    tree, skipped = parsed
    if too_deep(tree, path):
        return None
    read = _transform(tree, path)
    read = attrs.evolve(read, problems=(*problems, *read.problems),
                        unread=unread_declarations(text, skipped))
    header = unread_header(text, skipped) if read.header_loc is None else None
    if header is not None:  # `rules` without its name: still a rule set (named by its file)
        role, pos = header
        read = attrs.evolve(read, role=role, header_loc=Lines(text).loc(path, pos))
    return read


def _transform(tree: Tree, path: str) -> RuleFile:
    try:
        return _ToRuleFile(path).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RuleError):
            raise exc.orig_exc from None
        if isinstance(exc.orig_exc, RecursionError):
            raise RuleError("too deep", (_deep_fallback(path),)) from None
        raise
    except RecursionError:
        raise RuleError("too deep", (_deep_fallback(path),)) from None


class _Header:
    """``rules NAME`` or ``variant NAME for ... with ...`` as written."""

    def __init__(self, role: str, name: str, applies_to: Ref | None,
                 applies_with: tuple[Ref, ...], loc: m.Loc):
        self.role, self.name, self.loc = role, name, loc
        self.applies_to, self.applies_with = applies_to, applies_with


class _ToRuleFile(GameTransformer, BlockTransformer, FeatureTransformer):
    """One method per grammar rule; each returns a model or declaration object."""

    # --- file ---------------------------------------------------------------------------
    def start(self, items: list[Any]) -> RuleFile:
        role, name, applies_to = "rules", None, None
        applies_with: tuple[Ref, ...] = ()
        extends: list[Ref] = []
        decls: list[Any] = []
        header: _Header | None = None
        params: dict[str, ParamDecl] = {}
        abouts: dict[str | None, AboutDecl] = {}
        for item in items:
            if isinstance(item, _Header):
                if header is not None:
                    self.problems.append(error(
                        "E104", item.loc, "header", header=f"{header.role} {header.name}",
                        line=header.loc.line))
                    continue
                header = item
                role, name = item.role, item.name
                applies_to, applies_with = item.applies_to, item.applies_with
            elif isinstance(item, Ref):
                extends.append(item)
            elif isinstance(item, ParamDecl) and item.name in params:
                first = params[item.name].loc
                self.problems.append(error("E101", item.loc, "parameter", name=item.name,
                                           line=first.line if first else "?"))
            elif isinstance(item, AboutDecl) and item.lang in abouts:
                first = abouts[item.lang].loc
                self.problems.append(error("E101", item.loc, "about",
                                           lang=f" {item.lang}" if item.lang else "",
                                           line=first.line if first else "?"))
            else:
                if isinstance(item, AboutDecl):
                    abouts[item.lang] = item
                if isinstance(item, ParamDecl):
                    params[item.name] = item
                decls.append(item)
        return RuleFile(self.path, role, name, applies_to, applies_with, extends, decls,
                        header.loc if header else None, tuple(self.problems))

    @v_args(meta=True)
    def when_block(self, meta, items):
        names = [t for t in items if isinstance(t, Token)]
        decls = []
        for item in items[len(names):]:
            if isinstance(item, (_Header, Ref, ParamDecl, AboutDecl)):
                what = "header" if isinstance(item, _Header) else \
                    "extends" if isinstance(item, Ref) else \
                    "about" if isinstance(item, AboutDecl) else "param"
                self.problems.append(error("E108", item.loc, what))
            else:
                decls.append(item)
        return WhenDecl(tuple(str(t) for t in names), tuple(decls), self._loc(meta),
                        tuple(self._loc(t) for t in names))

    @v_args(meta=True)
    def rules_decl(self, meta, items):
        return _Header("rules", str(items[0]), None, (), self._loc(meta))

    @v_args(meta=True)
    def variant_decl(self, meta, items):
        refs = [self._ref(t) for t in items[1:] if t is not None]
        return _Header("variant", str(items[0]), refs[0] if refs else None, tuple(refs[1:]),
                       self._loc(meta))

    @v_args(meta=True)
    def about_decl(self, meta, items):
        lang, text = items
        return AboutDecl(str(lang) if lang is not None else None, str(text)[1:-1],
                         self._loc(meta))

    def extends_decl(self, items):
        return self._ref(items[0])

    def _ref(self, token: Token) -> Ref:
        if token.type == "STRING":
            return Ref(str(token)[1:-1], True, self._loc(token))
        return Ref(str(token), False, self._loc(token))
