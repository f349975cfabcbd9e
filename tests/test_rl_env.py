"""The RL environment (``carcdsl.rl``): PettingZoo's API test, the action mask against the
engine's legal moves, rewards, determinism, replay, the window, hostile options."""

from __future__ import annotations

import importlib.util
import random
import warnings
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

import carcdsl  # noqa: E402
from carcdsl.engine.moves import Discard  # noqa: E402
from carcdsl.geometry.squares import to_xy  # noqa: E402
from carcdsl.rl import EnvOptionError, IllegalActionError, env, margin, raw_env  # noqa: E402
from carcdsl.rl.actions import move_of  # noqa: E402
from carcdsl.rl.aec import DEFAULT_SIZE  # noqa: E402

EXAMPLE = Path(__file__).parent.parent / "examples" / "rl_evaluate.py"

CONFIGS = {
    "farmers": ("base", ("farmers",)),
    "abbot": ("base", ("abbot",)),  # a figure that is taken back
    "inns": ("base", ("inns-cathedrals",)),  # a big follower, attributes
    "traders": ("base", ("traders-builders", "farmers")),  # builder, pig, goods
    "river": ("base", ("river",)),  # draw groups, placement requirements
    "hand": ("base", ("hand-of-three",)),  # hands: the slot part of an action
    "maps": ("maps-germany", ()),  # a map: printed tiles, start areas
    "bag": ("base", ("bag", "first-player-most-roads")),  # a bag, a draw-off
}


@cache
def game(name: str) -> carcdsl.Game:
    rules, variants = CONFIGS[name]
    return carcdsl.load(rules, variants)


def random_action(obs: dict, rng: random.Random) -> int:
    return rng.choice(np.flatnonzero(obs["action_mask"]).tolist())


def play_out(e, rng: random.Random, steps: int | None = None) -> None:
    """Random legal actions until the game ends (dead steps included) or ``steps`` ran."""
    done = 0
    while e.agents and (steps is None or done < steps):
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else random_action(obs, rng))
        done += 1


# --- PettingZoo's own test ------------------------------------------------------------------

@pytest.mark.filterwarnings("ignore::UserWarning")  # a Dict observation: api_test's advice
@pytest.mark.parametrize("name, players, cycles", [
    ("farmers", 2, 40),  # a whole game: termination and the dead steps
    ("abbot", 2, 8), ("inns", 3, 5), ("maps", 2, 5), ("hand", 2, 5),
])
def test_api_test(name, players, cycles):
    from pettingzoo.test import api_test

    api_test(env(game(name), players=players, seed=1, render_mode="ansi"), num_cycles=cycles)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test_flat():
    """``observation="flat"``: one Box beside the mask, the shape most libraries expect."""
    from pettingzoo.test import api_test

    e = env(game("farmers"), seed=1, render_mode="ansi", observation="flat")
    api_test(e, num_cycles=3)
    raw = e.unwrapped
    dict_env = raw_env(game("farmers"))
    raw.reset(seed=4)
    dict_env.reset(seed=4)
    parts = dict_env.observe("player_0")["observation"]
    flat = np.concatenate([parts[k].ravel() for k in ("board", "tiles", "vector")])
    assert np.array_equal(raw.observe("player_0")["observation"], flat)


# --- the action mask is the engine's legal moves --------------------------------------------

def check_bijection(e) -> None:
    raw = e.unwrapped
    state, layout = raw.engine_state, raw.layout
    obs = e.observe(raw.agent_selection)
    marked = set(np.flatnonzero(obs["action_mask"]).tolist())
    legal = raw.legal
    assert marked == set(legal.moves)
    engine = list(state.iter_moves())
    assert len(set(engine)) == len(engine)
    moves = list(legal.moves.values())
    assert len(set(moves)) == len(moves)  # one move per action
    assert set(moves) <= set(engine)
    if layout.outside in legal.moves:
        assert len(moves) == 1 and legal.outside == len(engine)
        assert legal.moves[layout.outside] == engine[0]
    else:
        assert len(moves) + legal.outside == len(engine)  # every move: an action, or outside
    for action, move in legal.moves.items():
        if action != layout.outside:
            assert move_of(layout, state, action) == move  # decoding by hand agrees
            assert raw.action_of(move) == action
    for move in engine:  # a move is outside exactly when its square is out of the window
        t, key, r, spot = move
        if layout.outside not in legal.moves:
            assert (move in legal.actions) == (layout.square(*to_xy(key)) is not None)
    for a in e.unwrapped.possible_agents:
        if a != raw.agent_selection:
            assert not e.observe(a)["action_mask"].any()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(CONFIGS)), seed=st.integers(0, 2**31),
       steps=st.integers(0, 70), players=st.integers(2, 4))
def test_mask_is_the_legal_moves(name, seed, steps, players):
    e = raw_env(game(name), players=players)
    e.reset(seed=seed)
    rng = random.Random(seed)
    check_bijection(e)
    for _ in range(steps):
        if not e.agents or e.terminations[e.agent_selection]:
            break
        play_out(e, rng, 1)
        if e.agents and not e.terminations[e.agent_selection]:
            check_bijection(e)


def test_recalls_and_figures_are_actions():
    """Over a few abbot and traders games, some legal actions take a figure back and some
    place a figure: the spot encoding is exercised, not only the plain follower."""
    seen = {"recall": 0, "figure": 0}
    for name in ("abbot", "traders"):
        e = raw_env(game(name))
        for seed in range(3):
            e.reset(seed=seed)
            rng = random.Random(seed)
            while e.agents and not e.terminations[e.agent_selection]:
                for _, _, _, spot in e.legal.moves.values():
                    seen["recall"] += spot < -1
                    seen["figure"] += spot >= 1 << 16
                play_out(e, rng, 1)
    assert seen["recall"] and seen["figure"]


def test_outside_the_window():
    """A 3x3 window: moves beyond it are masked; when every legal move is beyond it, only the
    last action is marked, and it plays the engine's first legal move."""
    e = raw_env(game("farmers"), board_size=3)
    e.reset(seed=5)
    rng = random.Random(5)
    outside_only = masked_some = 0
    while e.agents:
        if not e.terminations[e.agent_selection]:
            check_bijection(e)
            legal = e.legal
            outside_only += e.layout.outside in legal.moves
            masked_some += bool(legal.outside) and e.layout.outside not in legal.moves
        play_out(e, rng, 1)
    assert outside_only and masked_some


def test_base_games_stay_in_the_default_window():
    """500 random two-player base games: every tile lies at most 14 squares from the start,
    so every legal move (one square further at most) is inside the 31x31 window."""
    base = carcdsl.load("base")
    rng = random.Random(0)
    furthest = 0
    for seed in range(500):
        state = base.new_game(2, seed=seed)
        while not state.is_over:
            state.apply_fast(*state.sample_move(rng))
        furthest = max(furthest, max(max(map(abs, to_xy(k))) for k in state.board))
    assert furthest < DEFAULT_SIZE // 2


# --- rewards, determinism, replay -----------------------------------------------------------

@pytest.mark.parametrize("reward", ["mean", "max"])
def test_rewards_add_up_to_the_final_margin(reward):
    e = env(game("traders"), players=3, reward=reward)
    e.reset(seed=11)
    rng = random.Random(11)
    total = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else random_action(obs, rng))
        for agent, r in e.rewards.items():
            total[agent] += r
    state = e.unwrapped.engine_state
    assert state.is_over
    for agent in e.possible_agents:
        seat = state.players.index(agent)
        assert total[agent] == pytest.approx(margin(state.scores, seat, reward))
    if reward == "mean":
        assert sum(total.values()) == pytest.approx(0)


def test_same_seed_same_actions_same_observations():
    def run(e) -> list:
        e.reset(seed=3)
        rng, seen = random.Random(3), []
        while e.agents:
            obs, r, term, trunc, _ = e.last()
            seen.append((e.agent_selection, r, obs))
            e.step(None if term or trunc else random_action(obs, rng))
        return seen

    first, again = run(env(game("abbot"))), run(env(game("abbot"), seed=99))
    assert len(first) == len(again)
    for (a, r, obs), (b, s, other) in zip(first, again):
        assert a == b and r == s
        assert np.array_equal(obs["action_mask"], other["action_mask"])
        for key, value in obs["observation"].items():
            assert np.array_equal(value, other["observation"][key])


def test_seeds_of_resets_follow_the_env_seed():
    seeds = []
    for _ in range(2):
        e = raw_env(game("farmers"), seed=7)
        e.reset()
        first = e.game_seed
        e.reset()
        seeds.append((first, e.game_seed))
    assert seeds[0] == seeds[1] and seeds[0][0] != seeds[0][1]


def test_the_engine_replays_an_env_game():
    """The moves an env game made, played again through the engine's checked ``play`` on a
    game of the same seed, give the same moves and final scores."""
    e = env(game("abbot"), players=3)
    e.reset(seed=21)
    play_out(e, random.Random(21))
    played = e.unwrapped.engine_state
    again = game("abbot").new_game(e.unwrapped.possible_agents, seed=21)
    for move in played.moves:
        if not isinstance(move, Discard):  # a live game discards by itself
            again.play(move)
    assert again.is_over and again.scores == played.scores and again.moves == played.moves


# --- what an agent sees ---------------------------------------------------------------------

def test_the_supply_order_is_not_observed():
    """Shuffling the tiles under the drawn one changes nothing a player observes."""
    for name in ("farmers", "hand"):
        e = raw_env(game(name))
        e.reset(seed=4)
        play_out(e, random.Random(4), 6)
        before = {a: e.observe(a)["observation"] for a in e.agents}
        pile = e.engine_state.supply.pile
        rest = pile[:-1] if e.engine_state.supply.hands is None else pile
        random.Random(1).shuffle(rest)
        pile[:len(rest)] = rest
        for agent, obs in before.items():
            after = e.observe(agent)["observation"]
            for key in obs:
                assert np.array_equal(obs[key], after[key]), (name, key)


def test_the_board_and_the_numbers():
    e = raw_env(game("farmers"), players=3)
    e.reset(seed=2)
    state, layout, observer = e.engine_state, e.layout, e.observer
    obs = e.observe("player_0")["observation"]
    board, centre = obs["board"], layout.size // 2
    start = state.board[0][0]
    assert board[0, centre, centre] == 1 and board[0].sum() == 1  # only the start tile
    assert np.array_equal(board[4:4 + observer.tc, centre, centre], observer.vectors[start])
    assert board[2].sum() == 4  # four open squares around it
    drawn = state.supply.pile[-1]
    assert np.array_equal(obs["tiles"][0], observer.vectors[4 * drawn:4 * drawn + 4])
    play_out(e, random.Random(2), 9)
    for agent in e.possible_agents:  # the observer's own numbers come first
        seat = state.players.index(agent)
        vector = e.observe(agent)["observation"]["vector"]
        assert vector[0] == state.scores[seat]
        assert vector[1] == state.supply_followers[seat]
        pieces = e.observe(agent)["observation"]["board"][observer.counts_at]
        assert pieces.sum() == sum(1 for p in state.features.pieces if p[0] == seat)


def test_render():
    e = env(game("farmers"), render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "player_0 0, player_1 0" in text
    quiet = env(game("farmers"))
    quiet.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
    quiet.close()


# --- wrong options, wrong actions -----------------------------------------------------------

@pytest.mark.parametrize("options, words", [
    ({"players": 1}, "2 to 5"), ({"players": 7}, "2 to 5"), ({"players": "2"}, "whole"),
    ({"players": True}, "whole"), ({"rules": "no-such-rules"}, "no-such-rules"),
    ({"variants": ["no-such-variant"]}, "no-such-variant"), ({"variants": "farmers"}, "sequence"),
    ({"board_size": 4}, "odd"), ({"board_size": 1}, "odd"), ({"board_size": 10**6}, "odd"),
    ({"reward": "sum"}, "mean"), ({"render_mode": "human"}, "ansi"), ({"seed": 1.5}, "seed"),
    ({"observation": "image"}, "flat"),
])
def test_wrong_options_are_one_clear_error(options, words):
    with pytest.raises(EnvOptionError) as caught:
        env(**{"rules": "base", **options})
    assert words in str(caught.value)
    error = caught.value  # no chained traceback: the message says it all
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = raw_env(game("farmers"))
    e.reset(seed=8)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = (e.agent_selection, list(e.engine_state.supply.pile), dict(e.engine_state.board))
    for action in (int(np.flatnonzero(mask == 0)[0]), -1, e.layout.n, "7", None):
        with pytest.raises(IllegalActionError):
            e.step(action)
    assert before == (e.agent_selection, list(e.engine_state.supply.pile),
                      dict(e.engine_state.board))


# --- the example ----------------------------------------------------------------------------

def test_the_example_evaluates_a_policy(capsys):
    spec = importlib.util.spec_from_file_location("rl_evaluate", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--games", "2", "--policy", "linear", "--train-seconds", "0.5"])
    assert result["games"] == 2 and 0 <= result["win_rate"] <= 1
    out = capsys.readouterr().out
    assert "linear vs greedy (base), 2 games: win rate" in out


def test_rules_with_choices_are_refused_in_one_message():
    from carcdsl.rl.aec import EnvOptionError, raw_env

    with pytest.raises(EnvOptionError, match="no room for a rule's choices"):
        raw_env("base", ["hills-sheep"])


@pytest.mark.parametrize("text", [
    "figure fairy { neutral  beside own follower }",  # a move acting on a figure, nothing else
    "figure dragon { neutral }\non place shows monastery: move dragon here\n"
    "on place shows city: walk dragon 2",  # a walk's steps
])
def test_rules_acting_on_figures_are_refused_in_one_message(tmp_path, text):
    from carcdsl.rl.aec import EnvOptionError, raw_env

    (tmp_path / "v.carc").write_text(f"variant v for base\n{text}\n", encoding="utf-8")
    with pytest.raises(EnvOptionError, match="no room for a rule's choices"):
        raw_env("base", [str(tmp_path / "v.carc")])
