"""The built-in bots: each picks a move for the player to move, using only what that player may
see. Every random choice comes from the bot's own seeded generator.

Options ``make_bots`` hands every seat (a person's ``words``) are ignored.
"""

from __future__ import annotations

import random

from carcdsl.bots.spec import Bot
from carcdsl.engine.state import State


def random_bot(rng: random.Random, **_options: object) -> Bot:
    """Uniform over all legal (placement, follower) moves (drawn without listing them)."""
    sample = State.sample_move

    def choose(state: State) -> tuple[int, int, int, int]:
        move = sample(state, rng)
        assert move is not None  # a live game's drawn tile always fits (else discarded)
        return move
    return choose


def greedy_bot(rng: random.Random, **_options: object) -> Bot:
    """The best immediate score difference (own points minus the best opponent's); ties are
    broken at random by the seeded generator. Where moves draw from bags, every move is tried
    on one draw of the bot's own (``bags``), not the game's next one."""
    def choose(state: State) -> tuple[int, int, int, int]:
        me = state.current
        best, best_moves = None, []
        bags = rng.getrandbits(64) if state.tokens.rng is not None else None
        for move in state.iter_moves():
            trial = state.clone()
            if bags is not None:  # the game's own draws are hidden from the bot
                trial.tokens.rng = random.Random(bags)
            trial.auto_discard = False
            trial.apply_fast(*move)
            others = [s for i, s in enumerate(trial.scores) if i != me]
            value = trial.scores[me] - (max(others) if others else 0)
            if best is None or value > best:
                best, best_moves = value, [move]
            elif value == best:
                best_moves.append(move)
        return best_moves[rng.randrange(len(best_moves))]
    return choose
