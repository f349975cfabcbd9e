"""What the Python engine runs: each construct of the registry (``compile.constructs``) and
the geometries of the kinds it runs it on.

The engine is the reference: it claims every pair the language accepts, and a test holds the
two to each other, so a construct the compiler learns without a step here fails that test
instead of checking clean and doing nothing. Claim a construct here when the engine's code
acts on it (the module named beside it), on the geometries it was tested on.
"""

from __future__ import annotations

from carcdsl.compile.constructs import ALL as _SEGMENTS
from carcdsl.compile.constructs import COMPLETABLE as _COMPLETABLE
from carcdsl.compile.constructs import KINDS as _KINDS
from carcdsl.compile.constructs import NONE as _ANY
from carcdsl.compile.constructs import SIDES as _SIDES
from carcdsl.compile.tables import AREA, CENTRE, FIELD, PATH

RUNS: dict[str, frozenset] = {
    # effects.fire_triggers
    "on place surrounded": _ANY, "on place covers": _ANY, "on place shows": _KINDS,
    "on place extends": _SIDES | {FIELD}, "on place extends with": _SIDES | {FIELD},
    "action extra turn on place": _ANY, "action score on place": _ANY,
    "action put on place": _KINDS, "action hide on place": _ANY,
    # effects.fire_completed, from scoring.score_completed (areas, paths) and
    # scoring._score_centres (centres, watched from placement: Tables.watched_centres)
    "on figure": _ANY, "on draw": _ANY, "action draw": _ANY,
    "action draw on draw": _ANY, "action return tokens": _ANY,
    "action return figures": _ANY, "action score to": _ANY, "action choose": _ANY,
    "token bag": _ANY, "action score to most": _ANY, "on final": _KINDS,
    "on complete": _COMPLETABLE, "action extra turn on complete": _COMPLETABLE,
    "action score on complete": _COMPLETABLE, "action take on complete": _COMPLETABLE,
    "action hide on complete": _COMPLETABLE,
    # requirements.passes
    "require when surrounded": _ANY, "require when covers": _ANY, "require when shows": _ANY,
    "require joins": _SIDES, "require no-repeat": frozenset({PATH}),
    "require look-ahead": frozenset({PATH}), "require apart": _SIDES,
    "require at-most": _KINDS, "require at-least": _KINDS, "require surrounded": _ANY,
    # scoring.score, measure.measure_on, compile.expr.evaluate
    "score complete": _COMPLETABLE, "score final": _KINDS, "score per scorer": _KINDS,
    "quantity tiles": _KINDS, "quantity pennants": _SIDES,
    "quantity neighbours": frozenset({CENTRE}), "quantity followers": _KINDS,
    "quantity completed": frozenset({FIELD}), "quantity markers": _KINDS,
    "quantity attribute": _KINDS, "quantity own": _KINDS, "quantity figures": _KINDS,
    "quantity neighbours showing": frozenset({CENTRE}), "kind breaks ties": _ANY,
    "tile several centres": _ANY,
    "expression number": _ANY, "expression quantity": _ANY, "expression times": _ANY,
    "expression sum": _ANY, "expression if": _ANY, "expression product": _ANY,
    "expression minus": _ANY, "expression divide": _ANY,
    # movegen, figures, state._put_follower / _recall
    "follower on": _SEGMENTS, "figure stands on": _SEGMENTS, "figure strength 0": _ANY,
    "figure with own": _ANY, "figure excludes": _ANY,
    "figure strength expression": _ANY, "figure recall": _ANY,
    "figure recall score final": _ANY, "figure at corner": _ANY, "figure keeps out": _ANY,
    # elsewhere (figures and followers on other placed tiles), decisions (capture, ransom)
    "figure anywhere": _ANY, "figure with": _ANY, "figure supply by players": _ANY,
    "follower anywhere": _KINDS, "follower anywhere with": _KINDS,
    "action capture": _ANY, "game ransom": _ANY,
    # neutral (figures nobody owns: moved, walked, entering a square)
    "figure neutral": _ANY, "figure avoids": _ANY, "on enter": _ANY,
    "action return figures here": _ANY, "action move here on place": _ANY,
    "action walk on place": _ANY, "supply hold back": _ANY,
    # targets (instead of a figure: one on the board; a tile's figure placed anywhere)
    "figure beside": _ANY, "figure blocks": _ANY, "on turn beside": _ANY,
    "on score beside": _ANY, "on place shows attribute": _ANY,
    # moving (a figure whose feature scored goes on, its owner deciding where)
    "on scored": _ANY, "action move within": _ANY,
    "action instead return on place": _ANY, "action place anywhere on place": _ANY,
    # parts.Tokens, effects.put_tokens, scoring (collected, final, most)
    "token": _ANY, "token each player": _ANY, "token start sides": _ANY,
    "token collected": _ANY, "token final points": _ANY,
    "token score expression": _ANY, "token most points": _ANY,
    # supply.Supply, turn.Seats
    # owned (tiles a player owns, played instead of drawing), grid (sides that fit any)
    "supply owned": _ANY, "kind fits any": frozenset({AREA}),
    "supply bag": _ANY, "supply hand": _ANY, "supply start drawn": _ANY, "supply order": _ANY,
    "turn first player draw": _ANY, "end tile-unplaceable": _ANY,
    # grid.Grid with compile.board's BoardTables
    "board bounds": _ANY, "board map": _ANY, "board edge closes": _ANY,
    "board edge filled": _ANY, "board markers": _ANY,
    # features.Features: attribute counts merged per feature
    "attribute": _KINDS,
}
