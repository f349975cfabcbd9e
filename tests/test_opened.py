"""``engine.opened``: drawing a placement through the grid's blocks of open squares picks the
move the walk over every open square picks, so that a game stays the same whichever way its
draws go (a normal game walks; a board of hundreds of open squares uses the blocks)."""

from __future__ import annotations

import pytest

import carcdsl
from carcdsl.bots import make_bots
from carcdsl.engine import grid, movegen
from carcdsl.engine.opened import Opened


def _moves(game, players: int, seed: int, copy_at: int = -1) -> tuple[list, list]:
    state = game.new_game(players, seed)
    bots = make_bots(["random"], players, seed)
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        if len(state.moves) == copy_at:  # a copy starts without blocks and makes its own
            state = state.clone()
        state.apply_fast(*bots[state.current](state))
    return list(state.moves), list(state.scores)


@pytest.mark.parametrize(("rules", "variants", "players"), [
    ("base", ["farmers"], 2),
    ("maps-germany:areas=3", [], 3),  # printed squares: squares open as tiles reach them
])
def test_the_blocks_draw_the_moves_the_walk_draws(monkeypatch, rules, variants, players):
    game = carcdsl.load(rules, variants)
    for seed in range(1, 6):
        monkeypatch.setattr(movegen, "FROM", 10**9)
        walked = _moves(game, players, seed)
        monkeypatch.setattr(movegen, "FROM", 0)
        assert _moves(game, players, seed) == walked
        assert _moves(game, players, seed, copy_at=20) == walked


def test_thinned_blocks_are_made_again_and_draw_the_same_moves(monkeypatch, tmp_path):
    (tmp_path / "ten.carc").write_text("rules ten\nextends base\nsupply { sets 30 }\n")
    game = carcdsl.load(tmp_path / "ten.carc")  # 2,160 tiles: squares fill, blocks thin out
    monkeypatch.setattr(movegen, "FROM", 10**9)
    walked = _moves(game, 2, 1)
    made = []

    class Counted(Opened):
        def __init__(self, fitting):
            made.append(len(fitting))
            super().__init__(fitting)

    monkeypatch.setattr(grid, "Opened", Counted)
    monkeypatch.setattr(movegen, "FROM", 0)
    assert _moves(game, 2, 1) == walked
    assert len(made) > 1  # made again (``Opened.stale``), not only at the first draw


def test_blocks_keep_the_order_and_counts_of_the_squares():
    entries = {key: ((0, 1) if key % 3 else (), (2,) * (key % 2)) for key in range(200)}
    fitting = dict(entries)
    opened = Opened(fitting)
    for key in range(0, 200, 7):  # squares filled, one changed, two opened
        opened.remove(key, fitting.pop(key))
    opened.change(1, fitting[1], ((0, 1, 2, 3), ()))
    fitting[1] = ((0, 1, 2, 3), ())
    for key, entry in ((500, ((3,), (1,))), (501, ((), ()))):
        opened.add(key, entry)
        fitting[key] = entry
    for t in (0, 1):
        walk = [(key, r) for key, entry in fitting.items() for r in entry[t]]
        assert opened.total(t) == len(walk)
        found = [opened.find(fitting, lambda entry, t=t: entry[t], t, pick)
                 for pick in range(len(walk))]
        assert found == walk
