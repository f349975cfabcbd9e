"""The grid of squares: placed tiles, the open squares and what fits there; placing a tile and
joining its segments to its neighbours' features.

A placed tile is ``board[key] = (oriented tile, first node id)``. An open square keeps the
code of the side signatures its neighbours require (``Tables.pattern_code``) and, looked up
once when a neighbour arrives, the rotations of every tile type that fit there.
"""

from __future__ import annotations

from carcdsl.compile.tables import Tables
from carcdsl.engine.features import Features
from carcdsl.engine.opened import Opened
from carcdsl.geometry.squares import AROUND, STEP


class Grid:
    """The grid of squares: placed tiles and open squares."""

    __slots__ = ("tiles", "open", "fitting", "latent", "reached", "watched", "turns", "opened")

    def __init__(self, tables: Tables):
        self.tiles: dict[int, tuple[int, int]] = {}
        """Square -> (oriented tile, its first node id)."""
        self.open: dict[int, int] = {0: 0}
        """Open square -> the code of the signatures its neighbours require."""
        self.fitting: dict[int, tuple[tuple[int, ...], ...]] = {0: tables.fit_entry(0)}
        """Open square -> per tile type, the rotations that fit there (``Tables.fit_entry``)."""
        self.latent: dict[int, int] = {}
        """Map squares next to printed tiles only: what they require, not open yet."""
        self.reached: set[int] = set()
        """Printed groups (a map's big cities) a tile has reached: the squares around them
        are open."""
        self.watched: dict[int, tuple[int, ...]] = {}
        """Squares whose centre feature has a follower, or a kind with ``on complete`` rules
        (``Tables.watched_centres``) -> the tile's centre nodes."""
        self.turns: dict[int, tuple[int, int, int]] = {}
        """Kind -> the turns its path made lately (``engine.requirements``)."""
        self.opened: Opened | None = None
        """``fitting``'s squares in blocks (``engine.opened``), once a draw asked for them."""

    def keep_opened(self) -> Opened:
        """``opened``, made now if not yet or ``stale`` (then kept up to date with
        ``fitting``)."""
        if self.opened is None or self.opened.stale():
            self.opened = Opened(self.fitting)
        return self.opened

    def _fit(self, key: int, entry: tuple[tuple[int, ...], ...]) -> None:
        """``fitting[key] = entry``, and ``opened`` with it."""
        if self.opened is not None:
            old = self.fitting.get(key)
            if old is None:
                self.opened.add(key, entry)
            else:
                self.opened.change(key, old, entry)
        self.fitting[key] = entry

    def copy(self) -> Grid:
        new = Grid.__new__(Grid)
        new.tiles, new.open = self.tiles.copy(), self.open.copy()
        new.fitting, new.latent = self.fitting.copy(), self.latent.copy()
        new.reached, new.watched = set(self.reached), self.watched.copy()
        new.turns, new.opened = self.turns.copy(), None
        return new


    def place(self, tb: Tables, features: Features, o: int, key: int,
              printed: bool = False) -> int:
        """Put oriented tile ``o`` on square ``key`` and join it to its neighbours; returns
        its first node id. A printed tile (a map's printed area or border segment) makes no square
        open by itself."""
        base = features.add_tile(tb.fast, o, key)
        self.tiles[key] = (o, base)
        if self.open.pop(key, None) is not None:
            if self.opened is not None:
                self.opened.remove(key, self.fitting[key])
            del self.fitting[key]
        self._join_neighbours(tb, features, o, key, base, printed)
        if tb.watched_centres and tb.watched_centres[o]:
            self.watched[key] = tuple(base + i for i in tb.centres[o])
        return base

    def _join_neighbours(self, tb: Tables, features: Features, o: int, key: int, base: int,
                         printed: bool) -> None:
        """Join the new tile's segments to its neighbours', and tell the empty squares around
        it what they now require. Sides facing off the board close there when the edge
        closes features.

        Each link across a side counts as an open end on both tiles; a link that joins two
        tiles closes both ends (``-= 2``), a side facing a closing edge closes one."""
        board, open_, fitting, fit_cache = self.tiles, self.open, self.fitting, tb.fit_cache
        root, open_ends, seg_at = features.root, features.open_ends, tb.seg_at
        bt = tb.board
        limited, latent, printed_from, wild = bt.limited, self.latent, tb.printed_from, \
            tb.wild_sides
        for step, bits, side_links in zip(STEP, tb.fast.pattern_bits[o], tb.links[o]):
            nkey = key + step
            nb = board.get(nkey)
            if nb is None:
                if limited and not bt.allows(nkey):
                    if bt.edge_closes and not bt.exists(nkey):
                        for i, _, counts in side_links:
                            if counts:
                                open_ends[root[base + i]] -= 1
                    continue
                code = open_.get(nkey)
                if code is None:
                    if printed:
                        latent[nkey] = latent.get(nkey, 0) | bits
                        continue
                    code = latent.pop(nkey, 0) if latent else 0
                code |= bits
                open_[nkey] = code
                if self.opened is None:
                    fitting[nkey] = fit_cache.get(code) or tb.fit_entry(code)
                else:
                    self._fit(nkey, fit_cache.get(code) or tb.fit_entry(code))
                continue
            if nb[0] >= printed_from and not printed:
                self._reach(tb, nkey)
            if wild and _wild_between(tb, features, o, base, nb, step):
                continue
            nat, nbase = seg_at[nb[0]], nb[1]
            for i, fpos, counts in side_links:
                a, b = root[base + i], root[nbase + nat[fpos]]
                if a != b:
                    a = features.union(a, b)
                if counts:
                    open_ends[a] -= 2

    def _reach(self, tb: Tables, key: int) -> None:
        """A tile reached printed square ``key``: if it is a printed area, the squares around all
        of its squares are open from now on."""
        group = tb.board.group_of.get(key)
        if group is None or group in self.reached:
            return
        self.reached.add(group)
        for square in tb.board.groups[group]:
            for step in STEP:
                code = self.latent.pop(square + step, None)
                if code is not None:
                    self.open[square + step] = code
                    self._fit(square + step, tb.fit_entry(code))

    def open_start_area(self, tb: Tables, key: int) -> tuple[tuple[int, ...], ...]:
        """A further start area becomes an open square; returns what fits there."""
        code = self.open.pop(key, None)
        if code is None:
            code = self.latent.pop(key, 0)
        self.open[key] = code
        entry = tb.fit_entry(code)
        self._fit(key, entry)
        return entry

    def occupied(self, tb: Tables, features: Features,
                 key: int) -> int | tuple[int, tuple[int, ...]]:
        """Where the features around open square ``key`` already have followers, as a bit
        mask of the square's ring positions (``Tables.free_spots`` reads it).

        When some feature with no follower meets the square at two or more positions, a
        tile placed there may join that feature to an occupied one through its own other
        segments; the masks of such features then come along: ``(mask, (feature mask, ...))``.
        """
        board, root, followers = self.tiles, features.root, features.followers
        faces = tb.fast.faces
        occupied = 0
        at: dict[int, int] = {}  # root -> the ring positions where its feature meets the square
        for d in range(4):
            nb = board.get(key + STEP[d])
            if nb is not None:
                nbase = nb[1]
                for bit, j in faces[nb[0]][(d + 2) % 4]:
                    r = root[nbase + j]
                    if followers[r]:
                        occupied |= bit
                    else:
                        at[r] = at.get(r, 0) | bit
        if occupied:
            bridges = tuple(sorted(m for m in at.values() if m & (m - 1)))
            if bridges:
                return occupied, bridges
        return occupied

    def surrounded(self, tb: Tables, key: int) -> bool:
        """All 8 squares around ``key`` filled; with an edge that closes, squares off the
        board need no tile."""
        board, bt = self.tiles, tb.board
        if not bt.limited or not bt.edge_closes:
            return all(key + off in board for off in AROUND)
        return all(key + off in board or not bt.exists(key + off) for off in AROUND)

    def showing_around(self, tb: Tables, key: int, kind: int) -> int:
        """Placed tiles around ``key`` that show a segment of kind index ``kind`` (a map's
        printed squares are not tiles)."""
        tiles, segments, printed = self.tiles, tb.segments, tb.printed_from
        return sum(1 for off in AROUND if key + off in tiles and tiles[key + off][0] < printed
                   and any(s.kind == kind for s in segments[tiles[key + off][0]]))

    def neighbours(self, tb: Tables, key: int) -> int:
        """Filled squares around ``key`` (a centre feature's). On a limited board printed
        squares count, squares off the board count only when the edge counts as filled
        (reading A)."""
        board, bt = self.tiles, tb.board
        if not bt.limited:
            return sum(1 for off in AROUND if key + off in board)
        filled = sum(1 for off in AROUND if key + off in board and bt.exists(key + off))
        if bt.edge_closes and bt.edge_filled:
            filled += sum(1 for off in AROUND if not bt.exists(key + off))
        return filled


def _wild_between(tb: Tables, features: Features, o: int, base: int, nb: tuple[int, int],
                  step: int) -> bool:
    """Whether a side that fits any (``Tables.wild_sides``) lies between oriented tile ``o``,
    just placed, and its neighbour ``nb`` across ``step``. Then nothing joins there, and the
    other side's features count that end as closed."""
    d = STEP.index(step)
    back = (d + 2) % 4
    mine, theirs = tb.wild_sides[o] >> d & 1, tb.wild_sides[nb[0]] >> back & 1
    if not mine and not theirs:
        return False
    root, open_ends = features.root, features.open_ends
    if mine and not theirs:
        for i, _, counts in tb.links[nb[0]][back]:
            if counts:
                open_ends[root[nb[1] + i]] -= 1
    elif theirs and not mine:
        for i, _, counts in tb.links[o][d]:
            if counts:
                open_ends[root[base + i]] -= 1
    return True
