"""The checks of the game block, the board, the supply and the turn: player counts, followers
(by player count too), the start tile, the end condition and the declared total; a bounded
table or a map, the draw and start modes, sets and hands dealt from the supply, who plays
first; tokens and the triggers that put them.

``GameChecks`` is a mixin of ``checker._Checker``, as ``tiles.TileChecks`` is: methods only,
reading what the checker gathered (kinds, their geometries, markers) and reporting through its
``error``, ``warn`` and ``wrong_kind``.
"""

from __future__ import annotations

from carcdsl.check.dead import always_zero
from carcdsl.check.host import CheckerHost
from carcdsl.check.kinds import iter_quantities
from carcdsl.check.tiles import MAX_SUPPLY, MAX_TILE_COUNT
from carcdsl.model.base import Loc
from carcdsl.model.rules import (
    BOARD_EDGE_NEIGHBOURS,
    DRAW_MODES,
    END_CONDITIONS,
    FIRST_PLAYER,
    HAND_VISIBILITY,
    START_MODES,
    supply_key,
)

MAX_BOARD_SIDE = 1000
MAX_HAND = 20
MAX_OWNED = 10
"""``each player owns N TILE``: at most this many of one tile each."""
MAX_PLAYERS = 100
MAX_FOLLOWERS = 1000


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}..{high}"


class GameChecks(CheckerHost):
    """The game block, board, supply, turn and tokens, for ``checker._Checker``."""

    __slots__ = ()

    # --- the game -----------------------------------------------------------------------
    def check_game(self) -> None:
        game, tiles = self.rules.game, self.rules.tiles
        players = tuple(game.players)
        if len(players) != 2 or not all(isinstance(n, int) for n in players):
            self.error("E120", game.loc_of("players"), players=repr(players))
        else:
            low, high = players
            form = ("too-few" if low < 1 else "backwards" if low > high else
                    "too-many" if high > MAX_PLAYERS else "")
            if form == "too-many":
                self.error("E120", game.loc_of("players"), form, low=low, high=high,
                           most=MAX_PLAYERS)
            elif form:
                self.error("E120", game.loc_of("players"), form, low=low, high=high)
        self.check_supplies(game)
        if not 0 <= game.followers <= MAX_FOLLOWERS:
            self.error("E121", game.loc_of("followers"), count=game.followers,
                       most=MAX_FOLLOWERS)
        self.check_total(game)
        if not tiles:
            self.error("E124", game.loc_of("tiles"))
        if game.start is None:
            self.error("E123", game.loc)
        elif self.rules.tile(game.start) is None:
            removed = dict(game.field_locs).get("start-removed")
            if removed is not None:
                self.error("E114", removed, "removed", name=game.start,
                           start=game.loc_of("start"))
            else:
                hint = self.hint(game.start, "tile", (t.name for t in tiles))
                self.error("E114", game.loc_of("start"), name=game.start, hint=hint)
        if game.end not in END_CONDITIONS:
            self.error("E115", game.loc_of("end"), end=game.end,
                       hint=self.hint(game.end, "end", END_CONDITIONS),
                       ends=", ".join(END_CONDITIONS))

    def check_total(self, game) -> None:
        """W122 at the declared total, or, when a later file changed the tile counts (a
        variant's `remove tile X`), at that change: that file can say the new total."""
        total = sum(t.count for t in self.rules.tiles)
        if game.total_tiles is None or game.total_tiles == total:
            return
        if not all(1 <= t.count <= MAX_TILE_COUNT
                   for t in self.rules.tiles):
            return  # a count that is wrong itself (E201) is mended first

        diff = total - game.total_tiles
        declared, changed = game.loc_of("total_tiles"), dict(game.field_locs).get("tiles")
        if changed is not None and declared is not None and changed.file != declared.file:
            self.warn("W122", changed, "changed" if diff > 0 else "changed-fewer",
                      declared=game.total_tiles, counted=total, diff=abs(diff))
        else:
            self.warn("W122", declared, "" if diff > 0 else "fewer",
                      declared=game.total_tiles, counted=total, diff=abs(diff))

    def check_supplies(self, game) -> None:
        """Followers by player count (see ``check_by_players``)."""
        self.check_by_players(game.followers_by_players, "followers_for", game,
                              game.loc_of("followers") is not game.loc, "",
                              game.loc_of("followers_by_players"), MAX_FOLLOWERS)

    def check_by_players(self, entries, prop: str, owner, default: bool, form: str,
                         missing_at: Loc | None, most: int, **names) -> None:
        """Supplies by player count (the game's followers; ``form`` ``each-``: a figure's):
        sane figures, no count twice, none outside the player range, none in it without one
        when no ``default`` is written. Ranges are compared as ranges: absurd figures cost
        nothing. ``names``: more of each message's words (the figure's name)."""
        if not entries:
            return
        game = self.rules.game
        plow, phigh = game.players if len(game.players) == 2 else (0, -1)
        sane_players = isinstance(plow, int) and isinstance(phigh, int) \
            and 1 <= plow <= phigh <= MAX_PLAYERS
        valid = []
        for entry in entries:
            low, high, count = entry
            loc = owner.loc_of(supply_key(entry, prop))
            if low > high or low < 1 or high > MAX_PLAYERS or not 0 <= count <= most:
                self.error("E121", loc, f"{form}supply", count=count, players=_span(low, high),
                           most_players=MAX_PLAYERS, most=most, **names)
                continue
            valid.append((low, high, count, loc))
            if sane_players and (high < plow or low > phigh):
                self.warn("W308", loc, f"{form}supply", count=count, players=_span(low, high),
                          range=_span(plow, phigh), **names)
        valid.sort(key=lambda e: (e[0], e[1]))
        reach: tuple | None = None
        for entry in valid:
            low, high, count, loc = entry
            if reach is not None and low <= reach[1]:
                first = reach[3]
                args = {"players": _span(low, min(high, reach[1])), "first": reach[2],
                        "first_players": _span(reach[0], reach[1]), "count": count,
                        "these_players": _span(low, high), **names}
                if first is not None and first.line:
                    self.error("E121", loc, f"{form}overlap", line=first.line, **args)
                else:
                    self.error("E121", loc, f"{form}overlap-here", **args)
            if reach is None or high > reach[1]:
                reach = entry
        if not sane_players or default:
            return  # a default supply covers the rest
        covered: set[int] = set()
        for low, high, _count, _loc in valid:
            covered.update(range(max(low, plow), min(high, phigh) + 1))
        gaps = [n for n in range(plow, phigh + 1) if n not in covered]
        if gaps:
            self.error("E121", missing_at, f"{form}missing", counts=", ".join(map(str, gaps)),
                       **names)

    def check_token_expr(self, token) -> None:
        """``score final = EXPR``: its one quantity is ``tokens``, how many a player holds
        (E113 for any other)."""
        loc = token.loc_of("final_expr")
        self.check_divisors(token.final_expr, loc)
        for q in iter_quantities(token.final_expr):
            if q.name != "tokens" or q.arg is not None:
                self.error("E113", q.loc or loc, "token", name=token.name, quantity=q.name)
                return
        if always_zero(token.final_expr):
            self.error("E141", loc, "token-zero", name=token.name)

    def check_tokens(self) -> None:
        tokens = {t.name for t in self.rules.tokens}
        players = self.rules.game.players
        most = players[1] if len(players) == 2 and isinstance(players[1], int) \
            and 1 <= players[1] <= MAX_PLAYERS else None
        for token in self.rules.tokens:
            if token.final_expr is not None:
                self.check_token_expr(token)
            if token.most_points < 0:
                self.error("E134", token.loc_of("most_points"), "most", name=token.name,
                           points=token.most_points)
            if min(token.supply, token.each_player, token.start_sides) < 0:
                self.error("E134", token.loc, "negative", name=token.name)
            elif most is not None:
                need = most * token.each_player + 4 * token.start_sides
                if need > token.supply:
                    self.error("E134", token.loc_of("each_player"), "set-up", name=token.name,
                               need=need, players=most, each=token.each_player,
                               sides=token.start_sides, supply=token.supply)
        for trigger in self.rules.triggers:
            for i, (action, value) in enumerate(trigger.actions):
                if action != "put":
                    continue
                count, token, kind = value
                if token not in tokens:
                    hint = self.hint(token, "token", tokens)
                    self.error("E134", trigger.loc_of(f"token:{i}"), "unknown", count=count,
                               token=token, hint=hint)
                if kind not in self.kinds:
                    hint = self.hint(kind, "kind", self.kinds)
                    self.error("E110", trigger.loc_of(f"kind:{i}"), "put", kind=kind, hint=hint)
    # --- board, supply, turns ------------------------------------------------------------
    def check_word(self, value: object, allowed: tuple[str, ...], form: str,
                   loc: Loc | None) -> None:
        """E132 ``form`` (``draw``: an unknown draw mode) unless ``value`` is allowed."""
        if value not in allowed:
            hint = self.hint(str(value), form, allowed)
            self.error("E132", loc, form, value=value, hint=hint, known=", ".join(allowed))

    def check_map(self, board) -> None:
        starts = sum(1 for sq in board.squares if sq.role == "start")
        if not isinstance(board.start_areas, int) or not 1 <= board.start_areas <= max(starts, 1):
            self.error("E132", board.loc_of("start_areas"), "start-areas",
                       areas=board.start_areas, starts=starts)
        for sq in board.squares:
            if sq.role == "printed":
                if self.geometry.get(sq.kind) != "area":
                    self.wrong_kind(sq.kind, ("area",), "printed", sq.loc, name=sq.name)
                elif sq.pennants and not self.kinds[str(sq.kind)].pennants:
                    self.error("E207", sq.loc, "printed", name=sq.name, pennants=sq.pennants,
                               kind=sq.kind)
            for border in sq.borders:
                if self.geometry.get(border.kind) not in ("area", "path"):
                    self.wrong_kind(border.kind, ("path", "area"), "border", sq.loc,
                                    side=border.side, x=sq.x, y=sq.y)
                elif border.pennants and not self.kinds[border.kind].pennants:
                    self.error("E207", sq.loc, "border", side=border.side, x=sq.x, y=sq.y,
                               pennants=border.pennants, kind=border.kind)

    def check_blocks(self) -> None:
        board, supply, turn = self.rules.board, self.rules.supply, self.rules.turn
        if board.bounds is not None and board.squares:
            self.error("E132", board.loc_of("bounds"), "bounds-and-map")
        if board.squares:
            self.check_map(board)
        elif board.bounds is not None:
            w, h = board.bounds
            if not all(isinstance(v, int) and 1 <= v <= MAX_BOARD_SIDE for v in (w, h)):
                self.error("E132", board.loc_of("bounds"), "bounds", width=w, height=h,
                           most=MAX_BOARD_SIDE)
        elif board.edge_closes or board.loc_of("edge_neighbours") is not board.loc:
            prop = "edge_closes" if board.edge_closes else "edge_neighbours"
            self.error("E131", board.loc_of(prop))
        self.check_word(board.edge_neighbours, BOARD_EDGE_NEIGHBOURS, "edge-neighbours",
                        board.loc_of("edge_neighbours"))
        self.check_word(supply.draw, DRAW_MODES, "draw", supply.loc_of("draw"))
        self.check_word(supply.start, START_MODES, "start", supply.loc_of("start"))
        self.check_word(supply.hand_visibility, HAND_VISIBILITY, "hand-visibility",
                        supply.loc_of("hand_visibility"))
        if not isinstance(supply.sets, int) or not 1 <= supply.sets <= 100:
            self.error("E132", supply.loc_of("sets"), "sets", sets=supply.sets)
        else:
            self.check_supply_size(supply.sets)
        self.check_owned(supply)
        if not isinstance(supply.hand, int) or not 0 <= supply.hand <= MAX_HAND:
            self.error("E132", supply.loc_of("hand"), "hand", hand=supply.hand, most=MAX_HAND)
        else:
            self.check_hands(supply)
        for trigger in self.rules.triggers:
            if trigger.condition == "shows" and trigger.arg not in self.kinds:
                hint = self.hint(str(trigger.arg), "kind", self.kinds)
                self.error("E110", trigger.loc_of("arg"), "shows", kind=trigger.arg, hint=hint)
            elif trigger.condition == "covers" and trigger.arg not in self.markers:
                hint = self.hint(str(trigger.arg), "marker", self.markers)
                self.error("E132", trigger.loc_of("arg"), "covers", marker=trigger.arg,
                           hint=hint)
        self.check_word(turn.first_player, FIRST_PLAYER, "first-player",
                        turn.loc_of("first_player"))
        kind = turn.first_player_kind
        if turn.first_player == "draw":
            if kind is None:
                self.error("E132", turn.loc_of("first_player"), "draw-needs-kind")
            elif self.geometry.get(kind) not in ("path", "area"):
                self.wrong_kind(kind, ("path", "area"), "first",
                                turn.loc_of("first_player_kind"))
        elif kind is not None and turn.first_player in FIRST_PLAYER:
            self.error("E132", turn.loc_of("first_player_kind"), "most-without-draw", kind=kind,
                       first=turn.first_player)

    def check_owned(self, supply) -> None:
        """``each player owns N TILE``: a tile of the rule set, 1 to 10 each, named once, and
        not in the pile too (count 0): a record names a tile, and could not say which copy."""
        names = [t.name for t in self.rules.tiles]
        counts = {t.name: t.count for t in self.rules.tiles}
        seen: set[str] = set()
        said = dict(supply.field_locs)
        for i, (name, count) in enumerate(supply.owned):
            loc = said.get(f"owned:{i}") or supply.loc_of("owned")
            if name not in names:
                self.error("E132", loc, "owned", tile=name, hint=self.hint(name, "tile", names))
            elif name in seen:
                self.error("E132", loc, "owned-twice", tile=name)
            elif counts[name] != 0:
                self.error("E132", loc, "owned-in-pile", tile=name, count=counts[name])
            if not 1 <= count <= MAX_OWNED:
                self.error("E132", loc, "owned-count", tile=name, count=count, most=MAX_OWNED)
            seen.add(name)

    def check_supply_size(self, sets: int) -> None:
        """E201 at the tile whose copies take the supply past MAX_SUPPLY tiles (counts that
        are wrong themselves are E201 at their tile)."""
        tiles = self.rules.tiles
        if not all(isinstance(t.count, int) and 1 <= t.count <= MAX_TILE_COUNT for t in tiles):
            return
        total = sum(t.count for t in tiles) * sets
        if total <= MAX_SUPPLY:
            return
        running = 0
        for tile in tiles:
            running += tile.count * sets
            if running > MAX_SUPPLY:
                self.error("E201", tile.loc, "supply", tiles=total, sets=sets, most=MAX_SUPPLY,
                           name=tile.name)
                return

    def check_hands(self, supply) -> None:
        """Hands must be dealt from the supply: an error when even the fewest players cannot
        all be dealt a full hand, a warning (W308) naming the player counts that cannot."""
        players = self.rules.game.players
        if not supply.hand or len(players) != 2 or not isinstance(supply.sets, int):
            return
        low, high = players
        if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high
                <= MAX_PLAYERS) or not 1 <= supply.sets <= 100:
            return
        tiles = sum(max(t.count, 0) for t in self.rules.tiles) * supply.sets
        tiles -= 1 if supply.start == "placed" and self.rules.game.start else 0
        short = [n for n in range(low, high + 1) if n * supply.hand > tiles]
        if not short:
            return
        args = {"hand": supply.hand, "players": _span(short[0], short[-1]),
                "need": short[0] * supply.hand, "tiles": tiles}
        if short[0] == low:
            self.error("E132", supply.loc_of("hand"), "hands", **args)
        else:
            self.warn("W308", supply.loc_of("hand"), "hands", **args)
