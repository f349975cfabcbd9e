"""Write tests/data/perft.json: legal-move counts for fixed positions, like chess "perft" files.

    python scripts/make_perft.py            # rewrite the golden file
    python scripts/make_perft.py --check    # compare with it instead (exit 1 on a difference)

A position is a rule set, a player count, a seed and a number of moves played from the start by
a seeded random bot. The bot chooses among the legal moves *sorted* by square, rotation and
follower, so the positions do not depend on the order in which the engine happens to generate
moves: speed work may reorder moves, but must never change these counts.

For each position the file holds the drawn tile, the legal placements (distinct square and
rotation) and legal moves ((placement, follower) pairs) for it, the placements of every other
tile type left in the supply, the scores and followers in supply, and the sum over every legal
move of the legal moves of the next player ("depth 2": it exercises play, clone and scoring).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import carcdsl  # noqa: E402
from carcdsl.engine.moves import Placement  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "perft.json"
FORMAT = "carcdsl-perft/1"
RULE_SETS = (("base", ()), ("base", ("farmers",)))
PLAYERS = (2, 3, 4)
SEEDS = range(1, 7)
DEPTHS = (0, 10, 30, 50, None)
"""Moves played before counting; None plays to the end (the position holds final scores)."""


def sort_key(move: Placement) -> tuple:
    follower = move.follower.to_text() if move.follower is not None else ""
    return move.at[1], move.at[0], move.rotation, follower


def walk(game: carcdsl.Game, players: int, seed: int, depths=DEPTHS):
    """Yield (moves played, state) at each depth of one seeded game."""
    state = game.new_game(players, seed)
    rng = random.Random(seed * 1000 + players)
    played = 0
    for depth in depths:
        while (depth is None or played < depth) and not state.is_over:
            moves = sorted(state.legal_moves(), key=sort_key)
            state.play(moves[rng.randrange(len(moves))])
            played += 1
        yield played, state


def placements(state, t: int | None = None) -> int:
    return len({(key, r) for _, key, r, _ in state.iter_moves(t)})


def depth2(state) -> int:
    """Sum over every legal move of the number of legal moves after it."""
    total = 0
    for move in state.iter_moves():
        trial = state.clone()
        trial.apply_fast(*move)
        total += sum(1 for _ in trial.iter_moves())
    return total


def measure(state) -> dict:
    if state.is_over:
        return {"drawn": None, "scores": list(state.scores),
                "supply_followers": list(state.supply_followers)}
    tb = state.tables
    drawn = state.supply.pile[-1]
    by_type = {tb.type_names[t]: placements(state, t) for t in sorted(set(state.supply.pile))}
    found = {
        "drawn": state.drawn,
        "placements": placements(state),
        "moves": len(state.legal_moves()),
        "placements_by_type": by_type,
        "scores": list(state.scores),
        "supply_followers": list(state.supply_followers),
        "depth2": depth2(state),
    }
    assert by_type[tb.type_names[drawn]] == found["placements"]
    return found


def positions() -> list[dict]:
    out = []
    for rules, variants in RULE_SETS:
        game = carcdsl.load(rules, variants)
        for players in PLAYERS:
            for seed in SEEDS:
                for played, state in walk(game, players, seed):
                    out.append({"rules": rules, "variants": list(variants), "players": players,
                                "seed": seed, "played": played, **measure(state)})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args(argv)
    data = {"format": FORMAT, "positions": positions()}
    if args.check:
        golden = json.loads(GOLDEN.read_text())
        pairs = zip(golden["positions"], data["positions"], strict=False)
        bad = [(want, got) for want, got in pairs if want != got]
        for want, got in bad:
            print(f"expected {want}\n     got {got}")
        same = not bad and len(golden["positions"]) == len(data["positions"])
        print(f"{len(data['positions'])} positions: {'same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    lines = ",\n".join(json.dumps(p) for p in data["positions"])  # one position a line
    GOLDEN.write_text(f'{{"format": "{FORMAT}", "positions": [\n{lines}\n]}}\n')
    print(f"wrote {len(data['positions'])} positions to {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
