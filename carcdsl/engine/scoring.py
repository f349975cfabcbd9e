"""Scoring: features completed by a placement, centre features once surrounded, final
scoring, and the quantities scoring expressions measure on a feature.

``Tally`` is a mixin of ``game.State``: methods only, no state of its own; they read and
change the state's attributes (see ``State.__init__``). Tokens on a scored feature go to its
scorers here, and held tokens score at the end.
"""

from __future__ import annotations

from carcdsl.compile.expr import detail
from carcdsl.compile.tiles import CENTRE
from carcdsl.engine.events import EndReason, ScoreEvent, TokenEvent
from carcdsl.engine.shape import StateShape
from carcdsl.geometry.squares import AROUND, NEAR, STEP, to_xy


class Tally(StateShape):
    """Scoring completed features and final scoring (mixed into ``State``)."""

    def _collect_tokens(self, root: int, winners: list[int], index: int) -> None:
        """Tokens on a scored feature go to its scorers, one at a time in turn order from
        the player to move; kinds not collected stay."""
        on = self.token_on.get(root)
        if not on:
            return
        n = len(self.players)
        order = sorted(winners, key=lambda seat: (seat - self.current) % n)
        for i, tok in enumerate(self.game.rules.tokens):
            if tok.collected and on[i]:
                got = dict.fromkeys(order, 0)
                for k in range(on[i]):
                    got[order[k % len(order)]] += 1
                on[i] = 0
                feature = self.tables.kinds[self.kind[root]].name
                at = to_xy(min(self.feature_tiles(root)))
                for seat, count in got.items():
                    if count:
                        self.held[i][seat] += count
                        self.token_events.append(TokenEvent(
                            index, tok.name, count, "collected", seat, self.players[seat],
                            feature, at, len(self.events)))

    def _score_completed(self, o: int, key: int, base: int, index: int) -> None:
        root, open_ends, followers = self.root, self.open_ends, self.followers
        for i in self.tables.fast.closable[o]:
            r = root[base + i]
            # scoring returns the followers, so a feature met twice scores once
            if not open_ends[r] and followers[r]:
                self._score(r, "complete", index)
        if self.watched:
            self._score_centres(key, index)

    def _score_centres(self, key: int, index: int) -> None:
        """Centre features with followers on and around ``key`` that are now surrounded, in
        the order of ``NEAR``."""
        followers = self.followers
        near = sorted((NEAR[k - key], k) for k in self.watched if k - key in NEAR)
        for _, k in near:
            if self._surrounded(k):
                for node in self.watched.pop(k):
                    if followers[node]:
                        self._score(node, "complete", index)

    def _surrounded(self, key: int) -> bool:
        """All 8 squares around ``key`` filled; with an edge that closes, squares off the
        board need no tile."""
        board = self.board
        if not self._limited or not self.tables.board.edge_closes:
            return all(key + off in board for off in AROUND)
        exists = self.tables.board.exists
        return all(key + off in board or not exists(key + off) for off in AROUND)

    def _tile_count(self, root: int) -> int:
        if self.tables.kinds[self.kind[root]].geometry == CENTRE:
            return 1 + self._neighbours(root)
        node_key = self.node_key
        return len({node_key[n] for n in self._members(root)})

    def _completed(self, root: int, kind_name: str | None) -> int:
        """How many different completed features of ``kind_name`` the feature touches (a
        field's cities): each member's ``touches`` are segments of its own tile."""
        tb, node_key, board, this = self.tables, self.node_key, self.board, self.root
        found = set()
        for n in self._members(root):
            o, base = board[node_key[n]]
            for j in tb.segments[o][n - base].touches:
                r = this[base + j]
                if tb.kinds[self.kind[r]].name == kind_name and self.open_ends[r] == 0:
                    found.add(r)
        return len(found)

    def _measure(self, root: int):
        def measure(name: str, arg: str | None) -> int:
            if name == "tiles":
                return self._tile_count(root)
            if name == "pennants":
                return self.pennants[root]
            if name == "neighbours":
                return self._neighbours(root)
            if name == "followers":
                return sum(self.followers[root] or ())
            if name == "completed":
                return self._completed(root, arg)
            if name == "markers":
                return self._markers(root, arg)
            raise ValueError(f"unknown quantity {name}")
        return measure

    def _neighbours(self, root: int) -> int:
        """Filled squares around a centre feature. On a limited board printed squares count,
        squares off the board count only when the edge counts as filled (reading A)."""
        key, board = self.node_key[root], self.board
        if not self._limited:
            return sum(1 for off in AROUND if key + off in board)
        tb = self.tables.board
        filled = sum(1 for off in AROUND if key + off in board and tb.exists(key + off))
        if tb.edge_closes and tb.edge_filled:
            filled += sum(1 for off in AROUND if not tb.exists(key + off))
        return filled

    def _markers(self, root: int, marker: str | None) -> int:
        """Uncovered squares with ``marker`` next to the feature's tiles."""
        marked, board = self.tables.board.markers.get(marker, frozenset()), self.board
        near = {k + step for k in self.feature_tiles(root) for step in STEP}
        return len({k for k in near & marked if k not in board})

    def _score(self, root: int, when: str, index: int) -> None:
        kind = self.tables.kinds[self.kind[root]]
        scorer = kind.complete if when == "complete" else kind.final
        counts = self.followers[root] or ()
        if scorer is not None and counts:
            points, terms = scorer(self._measure(root))
            best = max(counts)
            winners = [seat for seat, c in enumerate(counts) if c == best]
            if points:
                text = detail(points, terms)
                at = to_xy(min(self.feature_tiles(root)))
                for seat in winners:
                    self.scores[seat] += points
                    self.events.append(ScoreEvent(index, seat, self.players[seat],
                                                  kind.name, when, points, text, at, tuple(terms)))
            if self.token_on:
                self._collect_tokens(root, winners, index)
        self._return_followers(root)

    def _return_followers(self, root: int) -> None:
        keep = []
        for meeple in self.meeples:
            if self.root[meeple[1]] == root:
                self.supply_followers[meeple[0]] += 1
            else:
                keep.append(meeple)
        self.meeples = keep
        self.followers[root] = None

    def _finish(self, why: str | None = None, tile: str | None = None) -> None:
        """Final scoring of every feature that still has followers; the game is over.
        ``why`` (an ``EndReason.why``) defaults to ``supply-empty`` when no tile is left to
        play, else ``stopped``."""
        if self.finished:
            return
        index = len(self._moves) - 1
        if why is None:
            why = "supply-empty" if self._out_of_tiles() else "stopped"
        names = self.tables.type_names
        left = [*self.supply[::-1], *(t for hand in self.hands or () for t in hand), *self.aside]
        self.end_reason = EndReason(why, index, self.players[self.current], tile,
                                    tuple(names[t] for t in left), len(self.events),
                                    len(self.token_events))
        roots = []
        for _, node, _ in self.meeples:
            root = self.root[node]
            if root not in roots:
                roots.append(root)
        for root in roots:
            self._score(root, "final", index)
        for i, tok in enumerate(self.game.rules.tokens):
            for seat, held in enumerate(self.held[i]):
                if held:
                    self.token_events.append(TokenEvent(index, tok.name, held, "held", seat,
                                                        self.players[seat],
                                                        events_before=len(self.events)))
            if tok.final_points:
                for seat, held in enumerate(self.held[i]):
                    if held:
                        points = held * tok.final_points
                        self.scores[seat] += points
                        terms = (("q", held, "tokens", tok.name, tok.final_points),)
                        self.events.append(ScoreEvent(
                            index, seat, self.players[seat], tok.name, "final", points,
                            detail(points, terms), (0, 0), terms))
        self.finished = True

    def finish(self) -> None:
        """End the game now and run final scoring (a record's ``"final": true``); see
        ``end_reason``."""
        self._finish()
