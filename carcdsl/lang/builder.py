"""A rule set under construction: each declaration of each file, applied in order.

``compose`` finds and reads the files and decides their order; the builder here applies one
declaration at a time (new names must be new, changes say ``override``) and finally builds the
immutable RuleSet. Every problem becomes a Diagnostic.
"""

from __future__ import annotations

import copy

import attrs

import carcdsl.model as m
from carcdsl.diagnostics import error, suggest, warning
from carcdsl.lang.declare import differing, remove_names, remove_tiles, settle
from carcdsl.lang.decls import (
    AboutDecl,
    BlockDecl,
    FeatureDecl,
    FigureDecl,
    GameDecl,
    LandmarkDecl,
    NamesDecl,
    NoteDecl,
    ParamDecl,
    ParamRef,
    RemoveNames,
    RemoveTiles,
    TileDecl,
    TokenDecl,
    WhenDecl,
)
from carcdsl.lang.feature_props import KIND_PROPS, kind_props, terminals
from carcdsl.lang.maps import squares_from_map
from carcdsl.lang.syntax import MAX_SEGMENTS, MAX_TILE_TYPES
from carcdsl.model.fields import with_fields

_BLOCKS = {"board": m.Board, "supply": m.Supply, "turn": m.Turn}
_NUMERIC = {"bounds", "hand", "sets", "start_areas"}
_UNRESOLVED = object()
_MAP_EDGE = {"edge_closes": "`edge closes`", "edge_neighbours": "`edge neighbours`"}


def _carve(table: list, low: int, high: int) -> list:
    """The supplies of ``table`` with the player counts ``low..high`` taken out (an override
    gives those counts a new supply; the others keep theirs)."""
    kept = []
    for entry in table:
        a, b, count = entry
        if b < low or a > high:
            kept.append(entry)
            continue
        if a < low:
            kept.append((a, low - 1, count))
        if b > high:
            kept.append((high + 1, b, count))
    return kept


def _underived(tile: m.Tile, field_kinds: list[str]) -> m.Tile:
    """A tile as its author wrote it: derived fields are derived again when it is built."""
    if not tile.fields_derived or len(field_kinds) != 1:
        return tile
    segments = tuple(s for s in tile.segments if s.kind != field_kinds[0] or not s.ports)
    return m.Tile(tile.name, tile.count, segments, loc=tile.loc)


@attrs.define
class Builder:
    """The rule set under construction; each declaration updates it."""

    name: str = ""
    loc: m.Loc | None = None
    """The header of the file that started the rule set."""
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
    titles: dict = attrs.Factory(dict)  # lang -> (the game's title, where it was given)
    names_locs: list = attrs.Factory(list)  # (lang, word or None, loc)
    open_points: list = attrs.Factory(list)
    notes: list = attrs.Factory(list)
    about: list = attrs.Factory(list)
    """What each file applied says it does (``m.About``), collected by the loader."""
    counts_changed: m.Loc | None = None
    """The first tile declaration, override or removal since the declared total was last set,
    written in another file than that total (a variant removing tiles from `base`): W122 is
    said there, where the author can add `override game { tiles N }`."""
    lineage: set = attrs.Factory(set)
    """The rule sets (resolved paths, or names of JSON rule sets) this one is built on."""
    diagnostics: list = attrs.Factory(list)
    pending: list = attrs.Factory(list)
    """``when`` blocks (with their file's parameters), applied by ``settle`` once every
    variant is."""
    crowded: bool = False
    """More tile types than MAX_TILE_TYPES were declared (said once, at the first past it)."""
    figures: dict = attrs.Factory(dict)  # name -> Figure
    groups: dict = attrs.Factory(dict)  # name -> Group
    in_variant: bool = False
    """A variant's declarations are being applied (``compose`` sets it)."""
    variant_tiles: set = attrs.Factory(set)
    """Tiles first declared by a variant: they follow the rule set's own tiles in name order,
    so that variants given in any order make the same supply (the same game for a seed)."""
    unread: list = attrs.Factory(list)
    """What declarations that did not parse would have declared (``RuleFile.unread``)."""

    @classmethod
    def from_ruleset(cls, rules: m.RuleSet) -> Builder:
        b = cls(rules.name, rules.loc)
        g = rules.game
        b.game = {"title": g.title, "players": g.players, "followers": g.followers,
                  "total_tiles": g.total_tiles, "start": g.start, "end": g.end,
                  "followers_by_players": g.followers_by_players, "follower": g.follower,
                  "score_marker": g.score_marker, "ransom": g.ransom}
        b.game_locs, b.game_loc = dict(g.field_locs), g.loc
        for k in rules.kinds:
            props = {p: getattr(k, p) for p in KIND_PROPS if p != "terminals_added"}
            b.kinds[k.name] = (props, dict(k.field_locs), k.loc)
        field_kinds = [k.name for k in rules.kinds if k.geometry == "field"]
        b.tiles = {t.name: _underived(t, field_kinds) for t in rules.tiles}
        locs = dict(rules.landmark_locs)
        b.landmarks = {name: locs.get(name) for name in rules.landmarks}
        b.variants = list(rules.variants)
        b.triggers = list(rules.triggers)
        b.tokens = {t.name: t for t in rules.tokens}
        b.figures = {f.name: f for f in rules.figures}
        b.groups = {g.name: g for g in rules.groups}
        b.names = {lang: {w: (s, p) for w, s, p in entries} for lang, entries in rules.names}
        b.titles = {lang: (title, rules.loc) for lang, title in g.titles}
        b.names_locs = list(rules.names_locs)
        b.open_points = list(rules.open_points)
        b.notes = list(rules.notes)
        b.about = list(rules.about)
        for name in _BLOCKS:
            obj = getattr(rules, name)
            props = {f.name: getattr(obj, f.name) for f in attrs.fields(type(obj))
                     if f.name not in ("loc", "field_locs")}
            b.blocks[name] = (props, dict(obj.field_locs))
        b.lineage = {rules.name}
        return b

    def replace_with(self, rules: m.RuleSet, loc: m.Loc) -> None:
        """A JSON rule set is already composed: it replaces whatever came before."""
        fresh = Builder.from_ruleset(rules)
        for field in attrs.fields(Builder):
            if field.name not in ("name", "loc", "diagnostics", "lineage"):
                setattr(self, field.name, getattr(fresh, field.name))
        self.game_loc = self.game_loc or loc  # the JSON paths of its properties stay
        self.name = self.name or rules.name
        self.loc = self.loc or rules.loc or loc
        self.lineage |= fresh.lineage

    def snapshot(self) -> Builder:
        """A copy to go back to (trying a variant that may not fit)."""
        return copy_builder(self)

    def problem(self, code: str, loc: m.Loc | None, form: str = "", /, **args: object) -> None:
        make = warning if code.startswith("W") else error
        self.diagnostics.append(make(code, loc, form, **args))

    def apply(self, decl, params: dict | None = None, inherited: bool = False) -> None:
        """Apply one declaration. ``inherited``: it comes from a file another one extends
        (names given there are that file's business: no W307 for them here)."""
        if isinstance(decl, BlockDecl):
            self._block(decl, params or {})
        elif isinstance(decl, ParamDecl | AboutDecl):
            pass  # collected by the loader (parameters before the file's declarations apply)
        elif isinstance(decl, m.Trigger):
            self._add_trigger(self._trigger(decl, params or {}))
        elif isinstance(decl, FigureDecl):
            self._figure(decl)
        elif isinstance(decl, m.Group):
            first = self.groups.get(decl.name)
            if first is not None and first != decl:  # the same group again combines
                self.problem("E101", decl.loc, "group", name=decl.name, first=first.loc)
            if first is None or first != decl:
                self.groups[decl.name] = decl
        elif isinstance(decl, TokenDecl):
            self._token(decl)
        elif isinstance(decl, NamesDecl):
            self._names(decl, inherited)
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
            for name in decl.names:  # a landmark has no properties: declared again, combines
                self.landmarks.setdefault(name, decl.loc)
        elif isinstance(decl, TileDecl):
            self._tile(decl)
        elif isinstance(decl, RemoveTiles):
            remove_tiles(self, decl)
        elif isinstance(decl, RemoveNames):
            remove_names(self, decl)
        elif isinstance(decl, WhenDecl):
            self.pending.append((decl, params or {}, inherited))

    def _names(self, decl: NamesDecl, inherited: bool) -> None:
        words = self.names.setdefault(decl.lang, {})
        self.names_locs.append((decl.lang, None, decl.loc))
        if decl.title is not None:
            self.titles[decl.lang] = (decl.title, decl.title_loc or decl.loc)
        for word, singular, plural, loc in decl.entries:
            words[word] = (singular, plural)
            if not inherited:
                self.names_locs.append((decl.lang, word, loc or decl.loc))

    def _game(self, decl: GameDecl) -> None:
        if not decl.override and self.game_loc is not None:
            self.problem("E101", decl.loc, "game", first=self.game_loc)
            return
        if decl.override and self.game_loc is None:
            self.problem("E102", decl.loc, "game")
        if not decl.override:
            self.game_loc = decl.loc
        fresh = []
        for prop in decl.props:
            if prop.name == "followers_for":
                fresh.append(prop)
                continue
            if prop.name == "added_tiles":
                self._add_tiles(prop, decl.override)
                continue
            if prop.name == "followers" and decl.override:
                # a plain count in an override replaces the supplies by player count too
                self._set_supplies([])
            self.game[prop.name] = prop.value
            self.game_locs[prop.name] = prop.loc
            if prop.name == "start":
                self.game_locs.pop("start-removed", None)
            if prop.name == "total_tiles":
                self.counts_changed = None
            elif prop.name == "title":
                self._retitle(prop.loc)
        if fresh:
            table = list(self.game.get("followers_by_players", ()))
            if decl.override:  # new supplies replace those for the same player counts
                for prop in fresh:
                    low, high, _count = prop.value
                    table = _carve(table, low, high)
            table.extend(prop.value for prop in fresh)
            locs = {m.supply_key(e): self.game_locs.get(m.supply_key(e)) for e in table}
            locs.update((m.supply_key(prop.value), prop.loc) for prop in fresh)
            self._set_supplies(table, locs)
            self.game_locs["followers_by_players"] = fresh[0].loc

    def _add_tiles(self, prop, override: bool) -> None:
        """``tiles += N``: the declared total grows by N (a variant that adds tiles)."""
        total = self.game.get("total_tiles")
        if not override or total is None:
            self.problem("E102", prop.loc, "added-tiles")
            return
        self.game["total_tiles"] = total + prop.value
        self.game_locs["total_tiles"] = prop.loc
        self.counts_changed = None

    def _retitle(self, loc: m.Loc | None) -> None:
        """A new title: its translations from other files translated the old one."""
        file = loc.file if loc is not None else None
        self.titles = {lang: (title, at) for lang, (title, at) in self.titles.items()
                       if at is not None and at.file == file}

    def _game_locs(self) -> dict:
        """Where the game's properties were written; ``tiles``: where the tile counts last
        changed in another file than the declared total (or a JSON rule set's ``$.tiles``)."""
        locs = dict(self.game_locs)
        if self.counts_changed is not None:
            locs["tiles"] = self.counts_changed
        return locs

    def _set_supplies(self, table: list, locs: dict | None = None) -> None:
        for key in [k for k in self.game_locs if k.startswith("followers_for:")]:
            del self.game_locs[key]
        self.game["followers_by_players"] = tuple(table)
        for key, loc in (locs or {}).items():
            if loc is not None:
                self.game_locs[key] = loc

    def _feature(self, decl: FeatureDecl) -> None:
        existing = self.kinds.get(decl.name)
        if decl.override and existing is None:
            self.problem("E102", decl.loc, "feature", name=decl.name,
                         hint=suggest(decl.name, self.kinds))
            return
        if not decl.override and existing is not None:
            differ = differing(existing[0], kind_props(decl, {}, {})[0])
            if differ:  # declared the same way again, it combines
                self.problem("E101", decl.loc, "feature-differs", name=decl.name,
                             first=existing[2], props=", ".join(differ))
            return
        props, locs, loc = existing if existing else ({}, {}, decl.loc)
        props, locs = kind_props(decl, dict(props), dict(locs))
        self.kinds[decl.name] = (props, locs, loc)

    def _figure(self, decl: FigureDecl) -> None:
        existing = self.figures.get(decl.name)
        props = {p.name: p.value for p in decl.props if p.name != "each_player_for"}
        fresh = [p for p in decl.props if p.name == "each_player_for"]
        locs = {p.name: p.loc for p in decl.props
                if p.loc is not None and p.name != "each_player_for"}
        locs.update((f"{p.name}:{i}", at) for p in decl.props
                    if p.name in ("stands_on", "excludes", "avoids", "keeps_out")
                    for i, at in enumerate(p.item_locs))
        locs.update((m.supply_key(p.value, p.name), p.loc) for p in fresh if p.loc is not None)
        if fresh and fresh[0].loc is not None:
            locs["each_player_by_players"] = fresh[0].loc
        if decl.override:
            if existing is None:
                self.problem("E102", decl.loc, "figure", name=decl.name,
                             hint=suggest(decl.name, self.figures))
                return
            self._override_figure(existing, props, locs, fresh)
            return
        if fresh:
            props["each_player_by_players"] = tuple(p.value for p in fresh)
        self._declare(self.figures, "figure", decl.loc,
                      m.Figure(decl.name, loc=decl.loc, field_locs=tuple(locs.items()), **props))

    def _override_figure(self, existing: m.Figure, props: dict, locs: dict, fresh) -> None:
        """``override figure``: as the game's followers, ``each player N for P..Q`` replaces
        the supplies for those player counts (the others keep theirs), and a plain ``each
        player N`` replaces them all."""
        table = [] if "each_player" in props else list(existing.each_player_by_players)
        for prop in fresh:
            table = _carve(table, prop.value[0], prop.value[1])
        table.extend(prop.value for prop in fresh)
        props["each_player_by_players"] = tuple(table)
        old = {key: at for key, at in existing.field_locs
               if not key.startswith("each_player_for:")
               or any(key == m.supply_key(e, "each_player_for") for e in table)}
        self.figures[existing.name] = attrs.evolve(
            existing, **props, field_locs=tuple({**old, **locs}.items()))

    def _declare(self, table: dict, what: str, loc: m.Loc | None, value) -> None:
        """``value`` (a figure or token) declared under its name: new, the same again (it
        combines), or otherwise (E101 at ``loc``, naming the first and what differs)."""
        existing = table.get(value.name)
        if existing is None:
            table[value.name] = value
        elif existing != value:
            self.problem("E101", loc, f"{what}-differs", name=value.name, first=existing.loc,
                         props=", ".join(differing(attrs.asdict(existing, recurse=False),
                                                    attrs.asdict(value, recurse=False))))

    def _trigger(self, trigger: m.Trigger, params: dict) -> m.Trigger:
        """A trigger with the parameters its requirements name resolved
        (``require u-turn river``: the test is the parameter's value)."""
        actions = []
        for name, value in trigger.actions:
            if name == "require" and isinstance(value[0], ParamRef):
                test = value[0]
                value = (params.get(test.name, test.name), *value[1:])
            actions.append((name, value))
        return attrs.evolve(trigger, actions=tuple(actions))

    def _add_trigger(self, trigger: m.Trigger) -> None:
        """An ``on`` rule; one that says what an earlier one says combines with it (acts
        once), as two variants declaring one kind do; W109 when one file says it twice."""
        first = next((t for t in self.triggers if t == trigger), None)
        if first is None:
            self.triggers.append(trigger)
        elif first.loc is not None and trigger.loc is not None \
                and first.loc.file == trigger.loc.file:
            self.problem("W109", trigger.loc, said=trigger.text(), first=first.loc)

    def _tile(self, decl: TileDecl) -> None:
        name = decl.tile.name
        if decl.override and name not in self.tiles:
            self.problem("E102", decl.tile.loc, "tile", name=name,
                         hint=suggest(name, self.tiles))
            return
        if not decl.override and name in self.tiles:
            where = self.tiles[name].loc
            if where:
                self.problem("E101", decl.tile.loc, "tile", name=name, first=where)
            else:
                self.problem("E101", decl.tile.loc, "tile-again", name=name)
            return
        if not decl.override and len(self.tiles) >= MAX_TILE_TYPES:  # files each within it
            if not self.crowded:
                self.crowded = True
                self.problem("E201", decl.tile.loc, "types", count=len(self.tiles) + 1,
                             most=MAX_TILE_TYPES)
            return
        self.count_changed(decl.tile.loc)
        if self.in_variant and name not in self.tiles:
            self.variant_tiles.add(name)
        self.tiles[name] = decl.tile

    def _segments_within(self) -> None:
        """E201 at the tile whose segments take all tile types past MAX_SEGMENTS (one file
        cannot: its tokens are fewer; files extending each other can)."""
        segments = 0
        for tile in self.tiles.values():
            segments += len(tile.segments)
            if segments > MAX_SEGMENTS:
                self.problem("E201", tile.loc, "segments", count=segments, name=tile.name,
                             most=MAX_SEGMENTS)
                return

    def count_changed(self, loc: m.Loc | None) -> None:
        total = self.game_locs.get("total_tiles")
        if self.counts_changed is None and loc is not None and total is not None \
                and loc.file != total.file:
            self.counts_changed = loc

    def _block(self, decl: BlockDecl, params: dict) -> None:
        props, locs = self.blocks[decl.block]
        self.block_locs.setdefault(decl.block, decl.loc)
        drawn_here = any(prop.name == "map" for prop in decl.props)
        told = False  # one E132 per block: its edge rules are one change
        for prop in decl.props:
            value = self._resolve(prop.name, prop.value, params)
            if value is _UNRESOLVED:
                continue
            if prop.name in _MAP_EDGE and not drawn_here and self._map_elsewhere(prop, told):
                told = True
                continue
            props[prop.name] = value
            locs[prop.name] = prop.loc
            for i, at in enumerate(prop.item_locs):  # `order river, lake, rest`: each name
                locs[f"{prop.name}:{i}"] = at

    def _map_elsewhere(self, prop, told: bool) -> bool:
        """E132 when an edge rule would change a printed map drawn in another file: the map
        says how its own edge closes features and counts neighbours (seed 003); a variant made
        for a bounded table (`border-closes`) must not change that."""
        props, locs = self.blocks["board"]
        drawn = locs.get("map") or locs.get("squares")
        if not (props.get("map") or props.get("squares")) or drawn is None \
                or prop.loc is None or prop.loc.file == drawn.file:
            return False
        if not told:
            self.problem("E132", prop.loc, "map-edge", property=_MAP_EDGE[prop.name],
                         map=drawn)
        return True

    def _resolve(self, name: str, value, params: dict):
        if isinstance(value, tuple):
            parts = [self._resolve(name, v, params) for v in value]
            return _UNRESOLVED if _UNRESOLVED in parts else tuple(parts)
        if not isinstance(value, ParamRef):
            return value
        if value.name in params:
            return params[value.name]
        if name in _NUMERIC:
            self.problem("E130", value.loc, "not-a-number", name=value.name,
                         hint=suggest(value.name, params))
            return _UNRESOLVED
        return value.name

    def _map(self, rows: tuple, legend: tuple, loc: m.Loc | None) -> tuple:
        if not rows or not legend:
            self.problem("E133", loc, "no-map")
            return ()
        squares, problems = squares_from_map(rows, legend, loc)
        self.diagnostics.extend(problems)
        return squares

    def _token(self, decl: TokenDecl) -> None:
        existing = self.tokens.get(decl.name)
        props = {p.name: p.value for p in decl.props}
        locs = tuple((p.name, p.loc) for p in decl.props if p.loc is not None)
        if decl.override:
            if existing is None:
                self.problem("E102", decl.loc, "token", name=decl.name,
                             hint=suggest(decl.name, self.tokens))
                return
            self.tokens[decl.name] = attrs.evolve(
                existing, **props, field_locs=tuple({**dict(existing.field_locs),
                                                     **dict(locs)}.items()))
            return
        self._declare(self.tokens, "token", decl.loc,
                      m.Token(decl.name, loc=decl.loc, field_locs=locs, **props))

    def build(self) -> m.RuleSet:
        settle(self)
        g = self.game
        game = m.Game(
            title=g.get("title") or "", players=g.get("players", (2, 5)),
            followers=g.get("followers", 7), total_tiles=g.get("total_tiles"),
            start=g.get("start"), end=g.get("end", "supply-empty"),
            followers_by_players=g.get("followers_by_players", ()),
            follower=g.get("follower"), score_marker=g.get("score_marker"),
            ransom=g.get("ransom", 0),
            titles=tuple((lang, title) for lang, (title, _at) in self.titles.items()),
            loc=self.game_loc, field_locs=tuple(self._game_locs().items()))
        kinds = tuple(
            m.FeatureKind(name, props.get("geometry", ""), props.get("followers", False),
                          props.get("pennants", False), props.get("tile_figures", True),
                          terminals(props),
                          props.get("complete"), props.get("final"),
                          props.get("scorers", "majority"), props.get("role"),
                          props.get("attributes", ()), props.get("complete_extra", ()),
                          props.get("final_extra", ()), props.get("colour"),
                          props.get("look"), props.get("ties", ""),
                          props.get("followers_anywhere", False), props.get("followers_with"),
                          props.get("fits_any", False), loc=loc,
                          field_locs=tuple(locs.items()))
            for name, (props, locs, loc) in self.kinds.items())
        geometries = {k.name: k.geometry for k in kinds}
        self._segments_within()
        own = [t for name, t in self.tiles.items() if name not in self.variant_tiles]
        added = sorted((t for name, t in self.tiles.items() if name in self.variant_tiles),
                       key=lambda t: t.name)
        tiles = tuple(with_fields(t, geometries) for t in own + added)
        blocks = {}
        for name, cls in _BLOCKS.items():
            props, locs = dict(self.blocks[name][0]), self.blocks[name][1]
            if name == "board" and ("map" in props or "legend" in props):
                props["squares"] = self._map(props.pop("map", ()), props.pop("legend", ()),
                                             locs.get("map") or locs.get("legend"))
                starts = sum(1 for sq in props["squares"] if sq.role == "start")
                if "start_areas" not in props and starts:
                    props["start_areas"] = min(starts, 2)  # the default: 2, or the one there is
                if not props["squares"]:  # E133 says why; edge rules of no map say nothing
                    locs = dict(locs)
                    for prop in ("edge_closes", "edge_neighbours"):
                        props.pop(prop, None)
                        locs.pop(prop, None)
            blocks[name] = cls(**props, loc=self.block_locs.get(name),
                               field_locs=tuple(locs.items()))
        names = tuple((lang, tuple((w, s, p) for w, (s, p) in words.items()))
                      for lang, words in self.names.items())
        return m.RuleSet(self.name, game, kinds, tiles, tuple(self.landmarks), self.variants,
                         **blocks, triggers=tuple(self.triggers),
                         tokens=tuple(self.tokens.values()),
                         figures=tuple(sorted(self.figures.values(), key=lambda f: f.name)),
                         groups=tuple(self.groups.values()),
                         names=names, names_locs=tuple(self.names_locs),
                         open_points=tuple(self.open_points),
                         notes=tuple(self.notes), about=tuple(self.about), loc=self.loc,
                         landmark_locs=tuple((k, v) for k, v in self.landmarks.items()
                                             if v is not None),
                         unread=tuple(dict.fromkeys(self.unread)))


def copy_builder(builder: Builder) -> Builder:
    """A copy whose containers can change without changing ``builder`` (the rule objects in
    them are frozen and shared)."""
    fresh = Builder()
    for field in attrs.fields(Builder):
        setattr(fresh, field.name, copy.deepcopy(getattr(builder, field.name),
                                                 {id(v): v for v in _frozen(builder)}))
    return fresh


def _frozen(builder: Builder) -> list:
    """The frozen objects a deep copy may share instead of copying."""
    shared: list = list(builder.tiles.values()) + list(builder.tokens.values())
    shared += list(builder.figures.values()) + list(builder.groups.values())
    shared += builder.triggers
    for props, _locs, _loc in builder.kinds.values():
        shared += [v for v in props.values() if v is not None]
    return shared
