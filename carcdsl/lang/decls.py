"""What one rule file says, declaration by declaration, before composition.

The parser builds a RuleFile; ``compose`` applies a chain of them (``extends`` first, then the
file, then variants) to produce one RuleSet.
"""

from __future__ import annotations

from typing import Any, Union

import attrs

from carcdsl.model.base import Loc, as_tuple
from carcdsl.model.rules import About, Group, Trigger, about_in
from carcdsl.model.tiles import Tile


@attrs.frozen
class Prop:
    """One property as written, e.g. ``followers 7`` -> Prop("followers", 7)."""

    name: str
    value: Any
    loc: Loc | None = attrs.field(default=None, eq=False)
    item_locs: tuple = attrs.field(default=(), eq=False)
    """Where each item of a list value is written (``stands on road, city``); for an
    attribute, where its merge rule is."""


@attrs.frozen
class GameDecl:
    props: tuple[Prop, ...] = attrs.field(converter=as_tuple)
    title: str | None = None
    override: bool = False
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class FeatureDecl:
    name: str
    props: tuple[Prop, ...] = attrs.field(converter=as_tuple)
    override: bool = False
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class LandmarkDecl:
    names: tuple[str, ...] = attrs.field(converter=as_tuple)
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class TileDecl:
    tile: Tile
    override: bool = False
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class RemoveTiles:
    names: tuple[str, ...] | None = None
    """None removes every tile."""
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class WhenDecl:
    """``when river, farmers { ... }``: declarations applied after every variant, and only
    when each variant named is part of the rule set."""

    names: tuple[str, ...]
    decls: tuple
    loc: Loc | None = attrs.field(default=None, eq=False)
    name_locs: tuple = attrs.field(default=(), eq=False)


@attrs.frozen
class RemoveNames:
    """``remove feature volcano``, ``remove figure dragon``, ``remove token wine``: what
    another file declared is taken out of the rule set."""

    what: str
    """``feature``, ``figure``, ``token`` or ``group``."""
    names: tuple[str, ...]
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class ParamRef:
    """A value written as a parameter's name, resolved when the file is applied."""

    name: str
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class ParamDecl:
    """``param width = 9``: a parameter of the file, with its default."""

    name: str
    default: Any
    loc: Loc | None = attrs.field(default=None, eq=False)
    allowed: tuple | None = None
    """``in 1..20`` -> (1, 20); ``in open, hidden`` -> ("open", "hidden"); None: any value
    of the default's type."""

    def why_not(self, value: Any) -> tuple[str, dict[str, Any]] | None:
        """Why ``value`` cannot be this parameter's value, as the form of an E130 message and
        its arguments (``("range", {"low": 1, "high": 20})``), or None when it can."""
        if type(value) is not type(self.default):
            return ("number", {}) if isinstance(self.default, int) else ("word", {})
        if self.allowed is None:
            return None
        if isinstance(self.default, int):
            low, high = self.allowed
            return None if low <= value <= high else ("range", {"low": low, "high": high})
        if value not in self.allowed:
            return "choice", {"allowed": tuple(self.allowed)}
        return None


@attrs.frozen
class BlockDecl:
    """``board { ... }``, ``supply { ... }`` or ``turn { ... }``: properties that replace
    earlier ones of the same block."""

    block: str
    props: tuple[Prop, ...] = attrs.field(converter=as_tuple)
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class NamesDecl:
    """``names nl { road "weg" "wegen" ... }``: display names in a language."""

    lang: str
    entries: tuple[tuple[str, str, str | None, Loc | None], ...] = attrs.field(converter=as_tuple)
    """(word, singular, plural or None, where the word was named)."""
    loc: Loc | None = attrs.field(default=None, eq=False)
    title: str | None = None
    """``title "..."``: the game's title in this language."""
    title_loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class TokenDecl:
    """``token NAME { ... }`` or ``override token NAME { ... }``."""

    name: str
    props: tuple[Prop, ...] = attrs.field(converter=as_tuple)
    override: bool = False
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class FigureDecl:
    """``figure NAME { ... }`` or ``override figure NAME { ... }``."""

    name: str
    props: tuple[Prop, ...] = attrs.field(converter=as_tuple)
    override: bool = False
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class NoteDecl:
    """``open "..."`` (lang None: an open point) or ``note ro "..."``."""

    lang: str | None
    text: str
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class AboutDecl:
    """``about "..."`` (lang None: the rule set's own language) or ``about nl "..."``."""

    lang: str | None
    text: str
    loc: Loc | None = attrs.field(default=None, eq=False)


Decl = Union[GameDecl, FeatureDecl, LandmarkDecl, TileDecl, RemoveTiles, RemoveNames, WhenDecl,
             ParamDecl, BlockDecl, Trigger, TokenDecl, NamesDecl, NoteDecl, FigureDecl, Group,
             AboutDecl]


@attrs.frozen
class Ref:
    """A reference to another rule file: a bundled name or a quoted path."""

    target: str
    is_path: bool
    loc: Loc | None = attrs.field(default=None, eq=False)


@attrs.frozen
class RuleFile:
    path: str
    """The name messages use for this file."""
    role: str = "rules"
    """``rules`` (starts a rule set) or ``variant`` (changes one)."""
    name: str | None = None
    applies_to: Ref | None = None
    """Variants: the rule set a variant is checked against when checked alone."""
    applies_with: tuple[Ref, ...] = attrs.field(default=(), converter=as_tuple)
    """Variants: other variants applied before it when it is checked alone."""
    extends: tuple[Ref, ...] = attrs.field(default=(), converter=as_tuple)
    decls: tuple[Decl, ...] = attrs.field(default=(), converter=as_tuple)
    header_loc: Loc | None = attrs.field(default=None, eq=False)
    """Where the file's `rules` or `variant` line is."""
    problems: tuple = attrs.field(default=(), converter=as_tuple, eq=False)
    """Diagnostics the parser found that do not stop the file from being read (a second
    header, a property given twice): the first of each counts. Read with recovery, the
    syntax errors too."""
    unread: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=as_tuple, eq=False)
    """Read with recovery: what the declarations that did not parse would have declared,
    (keyword, name) or (keyword, "") for a section (``syntax.unread_declarations``)."""

    def abouts(self, of: str | None = None) -> tuple[About, ...]:
        """What the file says it does (``about``), as the rule set or variant ``of`` (the
        file's own name when not given)."""
        name = of or self.name or ""
        return tuple(About(name, d.lang, d.text, loc=d.loc) for d in self.decls
                     if isinstance(d, AboutDecl))

    def about_in(self, lang: str) -> str:
        """What the file says it does, in ``lang`` where it says it in that language, else in
        its own; "" when it says nothing."""
        return about_in(self.abouts(), self.name or "", lang)

    @property
    def is_empty(self) -> bool:
        """Nothing but comments and blank lines: not even a header."""
        return self.header_loc is None and not self.decls and not self.extends
