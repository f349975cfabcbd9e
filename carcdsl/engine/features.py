"""Features: the segments of placed tiles as nodes, joined into features by a union-find.

The union-find keeps every node's root at hand ("quick find"): joining relabels the smaller
feature, so finding a root is one list index. The per-feature figures (pennants, open ends,
followers by seat) are valid at roots. What only scoring needs (a feature's tiles) is counted
from its members when it scores.
"""

from __future__ import annotations

from carcdsl.compile.tables import FastTables


class Features:
    """Segment nodes of the placed tiles, their features and the followers on them."""

    __slots__ = ("root", "members", "kind", "node_key", "pennants", "open_ends", "followers",
                 "pieces", "tokens", "none", "attributes")

    def __init__(self, seats: int):
        self.root: list[int] = []
        """Node -> the root of its feature."""
        self.members: list[tuple[int, ...] | None] = []
        """Root -> every node of its feature (None: the node alone; stale at non-roots)."""
        self.kind: list[int] = []
        """Node -> its kind index."""
        self.node_key: list[int] = []
        """Node -> the square of its tile."""
        self.pennants: list[int] = []
        self.open_ends: list[int] = []
        """Root -> ends still open: the feature is complete at 0."""
        self.followers: list[tuple[int, ...] | None] = []
        """Root -> followers on the feature per seat, each counted by its strength (None:
        none; figures of strength 0 are not counted)."""
        self.pieces: list[tuple[int, int, int, int]] = []
        """Figures standing on the board: (seat, node, square, figure), in the order placed;
        figure 0 is the ordinary follower, f + 1 the rule set's figure f."""
        self.attributes: list[tuple[int, ...] | None] = []
        """Root -> the feature's count of each attribute of its kind (None: none); kept
        only when the rule set has attributes (``FastTables.attributes``)."""
        self.tokens: dict[int, list[int]] = {}
        """Root -> tokens of each kind lying on the feature."""
        self.none = (0,) * seats

    def copy(self) -> Features:
        new = Features.__new__(Features)
        new.root, new.members, new.kind = self.root[:], self.members[:], self.kind[:]
        new.node_key, new.pennants = self.node_key[:], self.pennants[:]
        new.open_ends, new.followers = self.open_ends[:], self.followers[:]
        new.pieces, new.none = self.pieces[:], self.none
        new.attributes = self.attributes[:]
        new.tokens = {k: v[:] for k, v in self.tokens.items()} if self.tokens else {}
        return new


    def add_tile(self, fast: FastTables, o: int, key: int) -> int:
        """New nodes for the segments of oriented tile ``o`` on square ``key``; returns the
        first node id (the tile's segment ``i`` is node ``base + i``)."""
        root = self.root
        base = len(root)
        nones = fast.nones[o]
        root.extend(range(base, base + len(nones)))
        self.members += nones
        self.kind += fast.seg_kinds[o]
        self.node_key += (key,) * len(nones)
        self.pennants += fast.seg_pennants[o]
        if fast.attributes:
            self.attributes += fast.seg_attributes[o]
        self.open_ends += fast.seg_open_ends[o]
        self.followers += nones
        return base

    def union(self, a: int, b: int) -> int:
        """Join the features of roots ``a`` and ``b`` (and the tokens on them): the smaller
        one's nodes are relabelled. Returns the root kept."""
        members = self.members
        ma, mb = members[a] or (a,), members[b] or (b,)
        if len(ma) < len(mb):
            a, b, ma, mb = b, a, mb, ma
        root = self.root
        for n in mb:
            root[n] = a
        members[a] = ma + mb
        members[b] = None
        self.pennants[a] += self.pennants[b]
        self.open_ends[a] += self.open_ends[b]
        attributes = self.attributes
        if attributes:
            theirs = attributes[b]
            if theirs:
                mine = attributes[a]
                attributes[a] = theirs if not mine else tuple(x + y for x, y in zip(mine, theirs))
        fb = self.followers[b]
        if fb:
            fa = self.followers[a]
            self.followers[a] = fb if not fa else tuple(x + y for x, y in zip(fa, fb))
        tokens = self.tokens
        if tokens and b in tokens:
            moved = tokens.pop(b)
            here = tokens.setdefault(a, [0] * len(moved))
            for i, count in enumerate(moved):
                here[i] += count
        return a

    def members_of(self, root: int) -> tuple[int, ...]:
        return self.members[root] or (root,)

    def tiles_of(self, node: int) -> frozenset[int]:
        """The squares (keys) of the feature ``node`` belongs to."""
        node_key = self.node_key
        return frozenset(node_key[n] for n in self.members_of(self.root[node]))

    def put_follower(self, seat: int, node: int, key: int, figure: int = 0,
                     strength: int = 1) -> None:
        """A figure (0: an ordinary follower) of ``seat`` onto the feature of ``node``."""
        if strength:
            root = self.root[node]
            counts = list(self.followers[root] or self.none)
            counts[seat] += strength
            self.followers[root] = tuple(counts)
        self.pieces.append((seat, node, key, figure))

    def release(self, root: int) -> list[tuple[int, int]]:
        """Take every figure off the feature of ``root``; returns their (seat, figure)."""
        keep, back, this = [], [], self.root
        for piece in self.pieces:
            if this[piece[1]] == root:
                back.append((piece[0], piece[3]))
            else:
                keep.append(piece)
        self.pieces = keep
        self.followers[root] = None
        return back

    def take_back(self, piece: tuple[int, int, int, int], strength: int) -> None:
        """One figure leaves the board (a recall); the feature keeps the others."""
        self.pieces.remove(piece)
        seat, node = piece[0], piece[1]
        if strength:
            root = self.root[node]
            counts = list(self.followers[root] or self.none)
            counts[seat] -= strength
            self.followers[root] = tuple(counts) if any(counts) else None

    def occupied_roots(self) -> list[int]:
        """Roots of the features with followers, in the order their first follower came."""
        roots: list[int] = []
        for _, node, _, _ in self.pieces:
            root = self.root[node]
            if root not in roots:
                roots.append(root)
        return roots
