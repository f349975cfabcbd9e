"""Finding rule files, reading them safely, and composing them into one RuleSet.

A rule set is built in order: the files a file ``extends`` (depth first), then the file's own
declarations, then each variant with its own ``extends``. New names must be new; changes to
existing names must say ``override``. Every problem becomes a Diagnostic.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from . import model as m
from .decls import (
    BlockDecl,
    FeatureDecl,
    GameDecl,
    LandmarkDecl,
    NamesDecl,
    NoteDecl,
    ParamDecl,
    ParamRef,
    Ref,
    RemoveTiles,
    RuleFile,
    TileDecl,
    TokenDecl,
)
from .diagnostics import Diagnostic, did_you_mean, error
from .errors import RuleError
from .fields import with_fields
from .maps import squares_from_map
from .parser import parse_text

MAX_FILE_BYTES = 20_000_000
MAX_DEPTH = 32
SUFFIXES = (".carc", ".json")

_GAME_PROPS = {"title", "players", "followers", "total_tiles", "start", "end"}
_KIND_PROPS = {"geometry", "followers", "pennants", "terminals", "complete", "final", "scorers",
               "role"}
_BLOCKS = {"board": m.Board, "supply": m.Supply, "turn": m.Turn}
_NUMERIC = {"bounds", "hand", "sets", "start_areas"}
_ACCUMULATE: set[str] = set()
_PAIR = r"[A-Za-z_][\w-]*=[^,=]*"
_VARIANT_ARGS = re.compile(rf"^(?P<target>.+?):(?P<args>{_PAIR}(?:,{_PAIR})*)$")


def split_variant_ref(text: str) -> tuple[str, dict[str, int | str]]:
    """``table-edge:width=11,height=7`` -> ("table-edge", {"width": 11, "height": 7})."""
    match = _VARIANT_ARGS.match(text)
    if match is None:
        return text, {}
    params: dict[str, int | str] = {}
    for pair in match["args"].split(","):
        key, _, value = pair.partition("=")
        value = value.strip()
        params[key.strip()] = int(value) if re.fullmatch(r"-?\d+", value) else value
    return match["target"], params


def rules_dir() -> Path:
    """The bundled rule sets: from the source tree in a checkout, else from the installed
    package (where the wheel puts ``rules/`` inside ``carcdsl/``)."""
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "rules", package / "rules"):
        if (candidate / "base.carc").is_file():
            return candidate
    return package / "rules"


def bundled_names() -> dict[str, Path]:
    """Every bundled rule set and variant by name."""
    root = rules_dir()
    found: dict[str, Path] = {}
    for folder in (root, root / "variants"):
        for suffix in SUFFIXES:
            for path in sorted(folder.glob(f"*{suffix}")):
                found.setdefault(path.stem, path)
    return found


def resolve(target: str, relative_to: Path | None = None, is_path: bool | None = None) -> Path:
    """A bundled name or a path (relative to ``relative_to``) -> an existing file path.

    Raises RuleError (E004) when nothing matches.
    """
    names = bundled_names()
    looks_like_path = is_path if is_path is not None else (
        "/" in target or "\\" in target or target.endswith(SUFFIXES))
    if not looks_like_path and target in names:
        return names[target]
    base = relative_to if relative_to is not None else Path.cwd()
    candidate = Path(target) if Path(target).is_absolute() else base / target
    if candidate.is_file():
        return candidate
    if not looks_like_path:
        hint = did_you_mean(target, names)
        raise RuleError(f"unknown rule set '{target}'{hint}",
                        (error("E004", f"unknown rule set or file '{target}'{hint}", None),))
    raise RuleError(f"no such file: {target}", (error("E004", f"no such file: {target}", None),))


def read_source(path: Path, shown: str) -> str:
    """The text of a rule file; unreadable, binary, non-UTF-8 or huge files become E003."""
    def fail(why: str) -> RuleError:
        return RuleError(why, (error("E003", why, m.Loc(shown)),))

    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise fail(f"file too large ({size:,} bytes; at most {MAX_FILE_BYTES:,})")
        data = path.read_bytes()
    except OSError as exc:
        raise fail(f"cannot read the file: {exc.strerror or exc}") from None
    if b"\x00" in data:
        raise fail("this is a binary file, not a rule file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(f"not UTF-8 text (byte {exc.start}: {data[exc.start]:#04x})") from None
    return text


def display_name(path: Path) -> str:
    """Paths in messages: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


_UNRESOLVED = object()


def _underived(tile: m.Tile, field_kinds: list[str]) -> m.Tile:
    """A tile as its author wrote it: derived fields are derived again when it is built."""
    if not tile.fields_derived or len(field_kinds) != 1:
        return tile
    segments = tuple(s for s in tile.segments if s.kind != field_kinds[0])
    return m.Tile(tile.name, tile.count, segments, loc=tile.loc)


@attrs.define
class _Builder:
    """The rule set under construction; each declaration updates it."""

    name: str = ""
    game: dict = attrs.Factory(dict)
    game_locs: dict = attrs.Factory(dict)
    game_loc: m.Loc | None = None
    kinds: dict = attrs.Factory(dict)  # name -> (props dict, locs dict, loc)
    tiles: dict = attrs.Factory(dict)  # name -> Tile
    landmarks: dict = attrs.Factory(dict)  # name -> loc
    variants: list = attrs.Factory(list)
    blocks: dict = attrs.Factory(lambda: {name: ({}, {}) for name in _BLOCKS})
    block_locs: dict = attrs.Factory(dict)
    triggers: list = attrs.Factory(list)
    tokens: dict = attrs.Factory(dict)
    names: dict = attrs.Factory(dict)  # lang -> {word: (singular, plural)}
    names_locs: dict = attrs.Factory(dict)
    open_points: list = attrs.Factory(list)
    notes: list = attrs.Factory(list)
    diagnostics: list = attrs.Factory(list)

    @classmethod
    def from_ruleset(cls, rules: m.RuleSet) -> _Builder:
        b = cls(rules.name)
        g = rules.game
        b.game = {"title": g.title, "players": g.players, "followers": g.followers,
                  "total_tiles": g.total_tiles, "start": g.start, "end": g.end,
                  "followers_by_players": g.followers_by_players, "follower": g.follower,
                  "score_marker": g.score_marker}
        b.game_locs, b.game_loc = dict(g.field_locs), g.loc
        for k in rules.kinds:
            props = {p: getattr(k, p) for p in _KIND_PROPS}
            b.kinds[k.name] = (props, dict(k.field_locs), k.loc)
        field_kinds = [k.name for k in rules.kinds if k.geometry == "field"]
        b.tiles = {t.name: _underived(t, field_kinds) for t in rules.tiles}
        b.landmarks = {name: None for name in rules.landmarks}
        b.variants = list(rules.variants)
        b.triggers = list(rules.triggers)
        b.tokens = {t.name: t for t in rules.tokens}
        b.names = {lang: {w: (s, p) for w, s, p in entries} for lang, entries in rules.names}
        b.open_points = list(rules.open_points)
        b.notes = list(rules.notes)
        for name in _BLOCKS:
            obj = getattr(rules, name)
            props = {f.name: getattr(obj, f.name) for f in attrs.fields(type(obj))
                     if f.name not in ("loc", "field_locs")}
            b.blocks[name] = (props, dict(obj.field_locs))
        return b

    def problem(self, code: str, message: str, loc: m.Loc | None) -> None:
        self.diagnostics.append(error(code, message, loc))

    def apply(self, decl, params: dict | None = None) -> None:
        if isinstance(decl, BlockDecl):
            self._block(decl, params or {})
        elif isinstance(decl, ParamDecl):
            pass  # collected by the loader before the file's declarations apply
        elif isinstance(decl, m.Trigger):
            self.triggers.append(decl)
        elif isinstance(decl, TokenDecl):
            self._token(decl)
        elif isinstance(decl, NamesDecl):
            words = self.names.setdefault(decl.lang, {})
            for word, singular, plural in decl.entries:
                words[word] = (singular, plural)
            self.names_locs.setdefault(decl.lang, decl.loc)
        elif isinstance(decl, NoteDecl):
            if decl.lang is None:
                self.open_points.append(decl.text)
            else:
                self.notes.append((decl.lang, decl.text))
        elif isinstance(decl, GameDecl):
            self._game(decl)
        elif isinstance(decl, FeatureDecl):
            self._feature(decl)
        elif isinstance(decl, LandmarkDecl):
            for name in decl.names:
                if name in self.landmarks:
                    self.problem("E101", f"landmark '{name}' is declared twice", decl.loc)
                self.landmarks[name] = decl.loc
        elif isinstance(decl, TileDecl):
            self._tile(decl)
        elif isinstance(decl, RemoveTiles):
            self._remove(decl)

    def _game(self, decl: GameDecl) -> None:
        if not decl.override and self.game_loc is not None:
            self.problem("E101", f"the game is already declared at {self.game_loc}; "
                         "use `override game { ... }` to change it", decl.loc)
            return
        if decl.override and self.game_loc is None:
            self.problem("E102", "`override game` but no game is declared yet", decl.loc)
        if not decl.override:
            self.game_loc = decl.loc
        for prop in decl.props:
            if prop.name == "followers_for":
                self.game["followers_by_players"] = (
                    *self.game.get("followers_by_players", ()), prop.value)
                self.game_locs["followers_by_players"] = prop.loc
                continue
            self.game[prop.name] = prop.value
            self.game_locs[prop.name] = prop.loc

    def _feature(self, decl: FeatureDecl) -> None:
        existing = self.kinds.get(decl.name)
        if decl.override and existing is None:
            hint = did_you_mean(decl.name, self.kinds)
            self.problem("E102", f"`override feature {decl.name}`: no feature kind "
                         f"'{decl.name}' to override{hint}", decl.loc)
            return
        if not decl.override and existing is not None:
            self.problem("E101", f"feature kind '{decl.name}' is already declared at "
                         f"{existing[2]}; use `override feature {decl.name}`", decl.loc)
            return
        props, locs, loc = existing if existing else ({}, {}, decl.loc)
        props, locs = dict(props), dict(locs)
        for prop in decl.props:
            props[prop.name] = prop.value
            locs[prop.name] = prop.loc
        self.kinds[decl.name] = (props, locs, loc)

    def _tile(self, decl: TileDecl) -> None:
        name = decl.tile.name
        if decl.override and name not in self.tiles:
            hint = did_you_mean(name, self.tiles)
            self.problem("E102", f"`override tile {name}`: no tile '{name}'{hint}",
                         decl.tile.loc)
            return
        if not decl.override and name in self.tiles:
            where = self.tiles[name].loc
            self.problem("E101", f"tile '{name}' is already declared"
                         f"{f' at {where}' if where else ''}; use `override tile {name} ...`",
                         decl.tile.loc)
            return
        self.tiles[name] = decl.tile

    def _block(self, decl: BlockDecl, params: dict) -> None:
        props, locs = self.blocks[decl.block]
        self.block_locs.setdefault(decl.block, decl.loc)
        accumulated: dict[str, list] = {}
        for prop in decl.props:
            value = self._resolve(prop.name, prop.value, params)
            if value is _UNRESOLVED:
                continue
            if prop.name in _ACCUMULATE:
                current = accumulated.setdefault(prop.name, list(props.get(prop.name, ())))
                if value not in current:
                    current.append(value)
                value = tuple(current)
            props[prop.name] = value
            locs[prop.name] = prop.loc

    def _resolve(self, name: str, value, params: dict):
        if isinstance(value, tuple):
            parts = [self._resolve(name, v, params) for v in value]
            return _UNRESOLVED if _UNRESOLVED in parts else tuple(parts)
        if not isinstance(value, ParamRef):
            return value
        if value.name in params:
            return params[value.name]
        if name in _NUMERIC:
            hint = did_you_mean(value.name, params)
            self.problem("E130", f"'{value.name}' is not a number or a parameter of this "
                         f"file{hint}", value.loc)
            return _UNRESOLVED
        return value.name

    def _map(self, rows: tuple, legend: tuple, loc: m.Loc | None) -> tuple:
        if not rows or not legend:
            self.problem("E133", "a map needs both `map` rows and a `legend`", loc)
            return ()
        squares, problems = squares_from_map(rows, legend, loc)
        self.diagnostics.extend(problems)
        return squares

    def _token(self, decl: TokenDecl) -> None:
        existing = self.tokens.get(decl.name)
        props = {p.name: p.value for p in decl.props}
        if decl.override:
            if existing is None:
                hint = did_you_mean(decl.name, self.tokens)
                self.problem("E102", f"`override token {decl.name}`: no token '{decl.name}'"
                             f"{hint}", decl.loc)
                return
            self.tokens[decl.name] = attrs.evolve(existing, **props)
        elif existing is not None:
            self.problem("E101", f"token '{decl.name}' is already declared; use "
                         f"`override token {decl.name}`", decl.loc)
        else:
            self.tokens[decl.name] = m.Token(decl.name, loc=decl.loc, **props)

    def _remove(self, decl: RemoveTiles) -> None:
        if decl.names is None:
            self.tiles.clear()
            return
        for name in decl.names:
            if self.tiles.pop(name, None) is None:
                hint = did_you_mean(name, self.tiles)
                self.problem("E102", f"`remove tile {name}`: no tile '{name}'{hint}", decl.loc)

    def build(self) -> m.RuleSet:
        g = self.game
        game = m.Game(
            title=g.get("title") or "", players=g.get("players", (2, 5)),
            followers=g.get("followers", 7), total_tiles=g.get("total_tiles"),
            start=g.get("start"), end=g.get("end", "supply-empty"),
            followers_by_players=g.get("followers_by_players", ()),
            follower=g.get("follower"), score_marker=g.get("score_marker"),
            loc=self.game_loc, field_locs=tuple(self.game_locs.items()))
        kinds = tuple(
            m.FeatureKind(name, props.get("geometry", ""), props.get("followers", False),
                          props.get("pennants", False), props.get("terminals", ()),
                          props.get("complete"), props.get("final"),
                          props.get("scorers", "majority"), props.get("role"), loc=loc,
                          field_locs=tuple(locs.items()))
            for name, (props, locs, loc) in self.kinds.items())
        geometries = {k.name: k.geometry for k in kinds}
        tiles = tuple(with_fields(t, geometries) for t in self.tiles.values())
        blocks = {}
        for name, cls in _BLOCKS.items():
            props, locs = dict(self.blocks[name][0]), self.blocks[name][1]
            if name == "board" and ("map" in props or "legend" in props):
                props["squares"] = self._map(props.pop("map", ()), props.pop("legend", ()),
                                             locs.get("map") or locs.get("legend"))
            blocks[name] = cls(**props, loc=self.block_locs.get(name),
                               field_locs=tuple(locs.items()))
        names = tuple((lang, tuple((w, s, p) for w, (s, p) in words.items()))
                      for lang, words in self.names.items())
        return m.RuleSet(self.name, game, kinds, tiles, tuple(self.landmarks), self.variants,
                         **blocks, triggers=tuple(self.triggers),
                         tokens=tuple(self.tokens.values()),
                         names=names, names_locs=tuple(self.names_locs.items()),
                         open_points=tuple(self.open_points),
                         notes=tuple(self.notes))


@attrs.define
class Loader:
    """Reads and parses rule files once each, remembering their text for messages."""

    sources: dict[str, str] = attrs.Factory(dict)
    diagnostics: list[Diagnostic] = attrs.Factory(list)
    _stack: list[Path] = attrs.Factory(list)

    def load_file(self, path: Path) -> RuleFile | m.RuleSet:
        shown = display_name(path)
        text = read_source(path, shown)
        self.sources[shown] = text
        if path.suffix == ".json":
            from .jsonform import ruleset_from_json_text
            return ruleset_from_json_text(text, shown)
        return parse_text(text, shown)

    def apply(self, builder: _Builder, path: Path, ref_loc: m.Loc | None = None,
              role: str | None = None, args: dict | None = None) -> RuleFile | None:
        """Apply one file (and what it extends) to ``builder``; None if it could not be read.

        With ``role``, a file of the other role is only returned, not applied.
        """
        resolved = path.resolve()
        if resolved in self._stack:
            chain = " -> ".join(display_name(p) for p in [*self._stack, resolved])
            builder.problem("E005", f"`extends` cycle: {chain}", ref_loc)
            return None
        if len(self._stack) >= MAX_DEPTH:
            builder.problem("E006", f"`extends` nested more than {MAX_DEPTH} deep", ref_loc)
            return None
        try:
            loaded = self.load_file(path)
        except RuleError as exc:
            builder.diagnostics.extend(exc.diagnostics)
            return None
        if isinstance(loaded, m.RuleSet):
            # a JSON rule set is already composed: it replaces whatever came before
            fresh = _Builder.from_ruleset(loaded)
            builder.game, builder.game_locs = fresh.game, {}
            builder.game_loc = m.Loc(display_name(path))
            builder.kinds, builder.tiles = fresh.kinds, fresh.tiles
            builder.landmarks = fresh.landmarks
            builder.blocks, builder.triggers = fresh.blocks, fresh.triggers
            builder.tokens, builder.names = fresh.tokens, fresh.names
            builder.open_points, builder.notes = fresh.open_points, fresh.notes
            builder.variants = fresh.variants
            builder.name = builder.name or loaded.name
            return RuleFile(display_name(path), "rules", loaded.name)
        if role is not None and loaded.role != role:
            return loaded
        self._stack.append(resolved)
        try:
            for ref in loaded.extends:
                self._apply_ref(builder, ref, path.parent)
            params = self._params(builder, loaded, args or {}, ref_loc)
            for decl in loaded.decls:
                builder.apply(decl, params)
        finally:
            self._stack.pop()
        return loaded

    @staticmethod
    def _params(builder: _Builder, loaded: RuleFile, args: dict, ref_loc) -> dict:
        """The file's parameters: defaults, then the values given with the variant."""
        params = {d.name: d.default for d in loaded.decls if isinstance(d, ParamDecl)}
        for key, value in args.items():
            if key not in params:
                hint = did_you_mean(key, params)
                known = f" (it has: {', '.join(params)})" if params and not hint else ""
                builder.problem("E130", f"{loaded.name or loaded.path} has no parameter "
                                f"'{key}'{hint}{known}", ref_loc or m.Loc(loaded.path))
            elif type(value) is not type(params[key]):
                builder.problem("E130", f"parameter '{key}' of {loaded.name or loaded.path} "
                                f"takes {'a number' if isinstance(params[key], int) else 'a word'}"
                                f", not '{value}'", ref_loc or m.Loc(loaded.path))
            else:
                params[key] = value
        return params

    def _apply_ref(self, builder: _Builder, ref: Ref, folder: Path) -> None:
        try:
            target = resolve(ref.target, folder, ref.is_path)
        except RuleError as exc:
            builder.diagnostics.extend(attrs.evolve(d, loc=ref.loc) for d in exc.diagnostics)
            return
        self.apply(builder, target, ref.loc)


def compose(rules: str | Path, variants: tuple[str | Path, ...] | list = (),
            relative_to: Path | None = None) -> tuple[m.RuleSet | None, list[Diagnostic], dict]:
    """Compose a rule set and its variants. Returns (rule set or None, diagnostics, sources).

    The rule set is None only when the base file itself could not be read or parsed.
    """
    loader = Loader()
    builder = _Builder()
    try:
        path = resolve(str(rules), relative_to, isinstance(rules, Path) or None)
    except RuleError as exc:
        return None, list(exc.diagnostics), loader.sources
    first = loader.apply(builder, path, role="rules")
    if first is None and not builder.kinds and not builder.tiles:
        return None, builder.diagnostics, loader.sources
    if first is not None and first.role == "variant":
        # a variant checked alone is applied to the rule set it names (default: base)
        base_ref = first.applies_to or Ref("base", False, None)
        builder = _Builder()
        loader._apply_ref(builder, base_ref, path.parent)
        for ref in first.applies_with:
            _apply_variant(loader, builder, ref.target, path.parent, ref.is_path, ref.loc)
        builder.variants.append(first.name or path.stem)
        loader.apply(builder, path, role="variant")
        builder.name = base_ref.target if not base_ref.is_path else Path(base_ref.target).stem
    elif first is not None:
        builder.name = first.name or path.stem
    for variant in variants:
        _apply_variant(loader, builder, variant, relative_to)
    return builder.build(), builder.diagnostics, loader.sources


def _apply_variant(loader: Loader, builder: _Builder, variant, relative_to,
                   is_path: bool | None = None, loc: m.Loc | None = None) -> None:
    target, args = split_variant_ref(str(variant))
    try:
        path = resolve(target, relative_to, is_path if is_path is not None
                       else isinstance(variant, Path) or None)
    except RuleError as exc:
        builder.diagnostics.extend(attrs.evolve(d, loc=loc or d.loc) for d in exc.diagnostics)
        return
    applied = loader.apply(builder, path, loc, role="variant", args=args)
    if applied is None:
        return
    if applied.role != "variant":
        builder.problem("E103", f"'{variant}' is a rule set, not a variant; use it as the "
                        "rules, or start it with `variant NAME`", m.Loc(applied.path))
        return
    builder.variants.append(applied.name or path.stem)
