"""Scoring: features completed by a placement, centre features once surrounded, final
scoring (the quantities scoring programs measure on a feature: ``measure``). Tokens on a
scored feature go to its scorers here, and held tokens score at the end."""

from __future__ import annotations

from typing import Any

from carcdsl.compile.expr import Measure, evaluate
from carcdsl.engine import moving, targets
from carcdsl.engine.effects import fire_completed, fire_final
from carcdsl.engine.events import EndReason, ScoreEvent, TokenEvent
from carcdsl.engine.measure import award, break_tie, measure_on, measured_strengths
from carcdsl.engine.parts import Parts
from carcdsl.geometry.squares import NEAR, STEP, to_xy


def score_completed(p: Parts, o: int, key: int, base: int, index: int) -> bool:
    """Score what placing oriented tile ``o`` on ``key`` (first node ``base``) completed;
    ``on complete`` rules act on each feature completed first. True when one of them gives
    an extra turn."""
    features = p.features
    root, open_ends, followers = features.root, features.open_ends, features.followers
    extra = False
    modes, closable = p.tables.modes, p.tables.fast.closable[o]
    if p.tables.wild_sides and p.tables.wild_sides[o]:  # and what its sides that fit any close
        closable = (*(base + i for i in closable), *faced_by_wild(p, o, key))
        base = 0
    if modes.completing_more:
        seen: set[int] = set()
        for i in closable:
            r = root[base + i]
            if not open_ends[r] and r not in seen:
                seen.add(r)
                if modes.on_complete:
                    extra |= fire_completed(p, r, index)
                if followers[r]:
                    score(p, r, "complete", index)
                elif modes.figures and p.tables.kinds[features.kind[r]].complete is not None:
                    # figures that never count (strength 0) go home too, where it scores
                    for seat, figure in features.release(r):
                        p.seats.supply_of(figure)[seat] += 1
    else:
        for i in closable:
            r = root[base + i]
            # scoring returns the followers, so a feature met twice scores once
            if not open_ends[r] and followers[r]:
                score(p, r, "complete", index)
    if p.grid.watched:
        extra |= _score_centres(p, key, index)
    return extra


def faced_by_wild(p: Parts, o: int, key: int) -> list[int]:
    """The neighbours' nodes whose ends the sides of ``o`` on ``key`` that fit any have just
    closed (``Tables.wild_sides``), side by side, N E S W."""
    tb, tiles, out = p.tables, p.grid.tiles, []
    for d, step in enumerate(STEP):
        nb = tiles.get(key + step)
        if not tb.wild_sides[o] >> d & 1 or nb is None or tb.wild_sides[nb[0]] >> (d + 2) % 4 & 1:
            continue
        out += [nb[1] + i for i, _, counts in tb.links[nb[0]][(d + 2) % 4] if counts]
    return out


def _score_centres(p: Parts, key: int, index: int) -> bool:
    """Watched centre features on and around ``key`` that are now surrounded, in the order
    of ``NEAR``: ``on complete`` rules act on each, then it scores if followers stand on
    it. True when a rule gives an extra turn."""
    board, followers = p.grid, p.features.followers
    on_complete = p.tables.modes.on_complete
    near = sorted((NEAR[k - key], k) for k in board.watched if k - key in NEAR)
    extra = False
    for _, k in near:
        if board.surrounded(p.tables, k):
            for node in board.watched.pop(k):
                if on_complete:
                    extra |= fire_completed(p, node, index)
                if followers[node]:
                    score(p, node, "complete", index)
    return extra


def score(p: Parts, root: int, when: str, index: int) -> None:
    """Score the feature of ``root`` (``complete`` or ``final``) for the most followers on
    it (each figure counted by its strength), hand its tokens to them, and return its
    figures."""
    features = p.features
    kind = p.tables.kinds[features.kind[root]]
    program = kind.complete if when == "complete" else kind.final
    if program is None and when == "complete":
        return  # a kind that does not score when completed keeps its figures until the end
    counts = features.followers[root] or ()
    if counts and p.tables.modes.measured_strengths:
        counts = features.followers[root] = measured_strengths(p, root, counts)
    if program is not None and counts:
        best = max(counts)
        winners = [seat for seat, c in enumerate(counts) if c == best] if best > 0 else []
        if len(winners) > 1 and p.tables.high_tiles:
            winners = break_tie(p, root, winners)
        if kind.per_scorer[when == "final"]:
            for seat in winners:
                award(p, root, when, index, seat, *evaluate(program, measure_on(p, root, seat)))
        elif winners:
            points, terms = evaluate(program, measure_on(p, root))
            if points:
                at, seats, events = to_xy(min(features.tiles_of(root))), p.seats, p.log.events
                for seat in winners:
                    seats.scores[seat] += points
                    events.append(ScoreEvent(index, seat, seats.players[seat], kind.name, when,
                                             points, at, tuple(terms)))
        if features.tokens:
            _collect_tokens(p, root, winners, index)
    if p.tables.modes.on_beside:
        targets.feature_scored(p, root, index)
    if p.tables.modes.moving and when == "complete":
        moving.set_aside(p, root)
    seats = p.seats
    for seat, figure in features.release(root):
        if figure:
            seats.figures[figure - 1][seat] += 1
        else:
            seats.followers[seat] += 1


def _held_measure(count: int) -> Measure:
    """A token's ``score final = EXPR``: its one quantity, ``tokens``, is ``count``."""
    def measure(_code: int, _arg: Any) -> int:
        return count
    return measure


def score_recall(p: Parts, root: int, index: int, seat: int) -> None:
    """A figure taken back: its feature's final rule scores for ``seat`` alone, now. The
    event says ``complete`` as every scoring during play does (records.md: ``final`` is
    the end of the game's)."""
    program = p.tables.kinds[p.features.kind[root]].final
    if program is not None:
        award(p, root, "complete", index, seat, *evaluate(program, measure_on(p, root, seat)))


def _collect_tokens(p: Parts, root: int, winners: list[int], index: int) -> None:
    """Tokens on a scored feature go to its scorers, one at a time in turn order from
    the player to move; kinds not collected stay."""
    features, seats = p.features, p.seats
    on = features.tokens.get(root)
    if not on:
        return
    n = len(seats.players)
    order = sorted(winners, key=lambda seat: (seat - seats.current) % n)
    for i, tok in enumerate(p.tables.modes.tokens):
        if tok.collected and on[i]:
            got = dict.fromkeys(order, 0)
            for k in range(on[i]):
                got[order[k % len(order)]] += 1
            on[i] = 0
            feature = p.tables.kinds[features.kind[root]].name
            at = to_xy(min(features.tiles_of(root)))
            for seat, count in got.items():
                if count:
                    p.tokens.held[i][seat] += count
                    p.log.token_events.append(TokenEvent(
                        index, tok.name, count, "collected", seat, seats.players[seat],
                        feature, at, len(p.log.events)))


def finish(p: Parts, why: str | None = None, tile: str | None = None) -> None:
    """Final scoring of every feature that still has followers; the game is over.
    ``why`` (an ``EndReason.why``) defaults to ``supply-empty`` when no tile is left to
    play, else ``stopped``."""
    log = p.log
    if log.finished:
        return
    index = len(log.moves) - 1
    if why is None:
        why = "supply-empty" if p.supply.is_empty() else "stopped"
    names = p.tables.type_names
    log.end_reason = EndReason(why, index, p.seats.players[p.seats.current], tile,
                               tuple(names[t] for t in p.supply.left()), len(log.events),
                               len(log.token_events), tuple(p.features.pieces))
    for root in p.features.occupied_roots():
        if p.tables.modes.on_final:
            fire_final(p, root, index)
        score(p, root, "final", index)
    _score_held_tokens(p, index)
    log.finished = True


def _score_held_tokens(p: Parts, index: int) -> None:
    seats, log = p.seats, p.log
    for i, tok in enumerate(p.tables.modes.tokens):
        held = p.tokens.held[i]
        most = max(held, default=0)
        if tok.most_points and most > 0:
            for seat, count in enumerate(held):
                if count == most:
                    seats.scores[seat] += tok.most_points
                    most_terms = (("t", "most", tok.name),)
                    log.events.append(ScoreEvent(index, seat, seats.players[seat], tok.name,
                                                 "final", tok.most_points, (0, 0),
                                                 most_terms))
        for seat, count in enumerate(held):
            if count:
                log.token_events.append(TokenEvent(index, tok.name, count, "held", seat,
                                                   seats.players[seat],
                                                   events_before=len(log.events)))
        if tok.final_points or tok.final_program is not None:
            for seat, count in enumerate(held):
                if count:
                    if tok.final_program is not None:
                        points, terms = evaluate(tok.final_program, _held_measure(count))
                    else:
                        points = count * tok.final_points
                        terms = [("q", count, "tokens", tok.name, tok.final_points)]
                    if not points:
                        continue
                    seats.scores[seat] += points
                    log.events.append(ScoreEvent(index, seat, seats.players[seat], tok.name,
                                                 "final", points, (0, 0), tuple(terms)))
