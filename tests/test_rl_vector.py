"""The batched environment (``carcdsl.rl.vector``) against the AEC environment, step by step
on the same seeds: the same observations, masks, rewards and ends; its refusals, its seeds,
its illegal actions and its buffers."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.rl import EnvOptionError, IllegalActionError, raw_env  # noqa: E402
from carcdsl.rl.vector import VectorEnv  # noqa: E402

CONFIGS = {
    "base": ("base", ()),
    "farmers": ("base", ("farmers",)),
    "inns": ("base", ("inns-cathedrals",)),  # a big follower (a figure kind), attributes
    "abbot": ("base", ("abbot", "farmers")),  # a figure taken back: the recall spots
    "maps": ("maps-germany", ()),  # a map: printed tiles, a 23 x 23 window
    "river": ("base", ("river", "fill-hole-extra-turn")),  # requirements, extra turns
    "bag": ("base", ("bag", "table-edge")),  # tiles set aside, a bounded table
    "hand": ("base", ("hand-of-three", "farmers")),  # hands: the slot part of an action
    "traders": ("base", ("traders-builders", "farmers")),  # builder, pig, goods (tokens)
    "nuts": ("nuts", ()),  # tokens lying on features (the start tile's sides)
    "draw": ("base", ("bag", "first-player-most-roads")),  # a draw-off seats the players
}


@cache
def game(name: str) -> carcdsl.Game:
    rules, variants = CONFIGS[name]
    return carcdsl.load(rules, variants)


def same_observation(vector_obs: dict, i: int, aec_obs: dict) -> None:
    for part in ("board", "tiles", "vector"):
        mine, theirs = vector_obs["observation"][part][i], aec_obs["observation"][part]
        assert mine.shape == theirs.shape
        diff = np.argwhere(mine != theirs)
        assert diff.size == 0, (part, diff[:5].tolist())
    assert np.array_equal(vector_obs["action_mask"][i], aec_obs["action_mask"])


@pytest.mark.parametrize("name, players, reward, steps", [
    ("base", 2, "mean", 80),  # past the end of a game: the auto-reset too
    ("farmers", 2, "max", 80),
    ("farmers", 3, "mean", 30),
    ("inns", 2, "mean", 100),  # 90 tiles to place
    ("abbot", 2, "mean", 80),
    ("maps", 2, "mean", 40), ("river", 2, "mean", 40), ("bag", 2, "max", 40),
    ("hand", 3, "mean", 80), ("traders", 2, "mean", 110), ("nuts", 2, "mean", 40),
    ("draw", 3, "mean", 40),
])
def test_step_by_step_as_the_aec_environment(name, players, reward, steps):
    n, seed = 2, 17
    vec = VectorEnv(game(name), players=players, num_envs=n, reward=reward)
    aecs = [raw_env(game(name), players=players, reward=reward) for _ in range(n)]
    for i, aec in enumerate(aecs):
        aec.reset(seed=seed + i)
    games = [0] * n
    obs, infos = vec.reset(seed=seed)
    rng = random.Random(seed)
    ended = recalled = 0
    layout = vec.layout
    recall_at = 1 + (1 + layout.figures) * layout.segments
    for _ in range(steps):
        actions = []
        for i, aec in enumerate(aecs):
            agent = aec.agent_selection
            assert infos["seat"][i] == aec._seat(agent)
            assert infos["game_seed"][i] == aec.game_seed
            same_observation(obs, i, aec.observe(agent))
            actions.append(rng.choice(np.flatnonzero(obs["action_mask"][i]).tolist()))
            recalled += actions[-1] != layout.outside and actions[-1] % layout.spots >= recall_at
        obs, rewards, terminated, truncated, infos = vec.step(np.array(actions))
        assert not truncated.any()
        for i, aec in enumerate(aecs):
            aec.step(actions[i])
            state = aec.engine_state
            for agent in aec.agents:
                assert rewards[i, aec._seat(agent)] == aec.rewards[agent]
            assert terminated[i] == state.is_over == infos["_final_scores"][i]
            if state.is_over:
                assert infos["final_scores"][i].tolist() == state.scores
                games[i] += 1
                ended += 1
                aec.reset(seed=seed + i + games[i] * n)
    assert ended >= (n if steps >= 80 else 0)
    assert recalled > 0 or not layout.recalls  # the abbot was taken back (10 times)


def test_flat_is_the_dict_raveled_and_none_keeps_the_masks():
    kinds = {kind: VectorEnv(game("farmers"), num_envs=2, observation=kind, copy=False)
             for kind in ("dict", "flat", "none")}
    seen = {kind: env.reset(seed=5)[0] for kind, env in kinds.items()}
    rng = np.random.default_rng(0)
    for _ in range(10):
        mask = seen["dict"]["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        seen = {kind: env.step(actions)[0] for kind, env in kinds.items()}
        parts = seen["dict"]["observation"]
        flat = np.concatenate([parts[p].reshape(2, -1) for p in ("board", "tiles", "vector")],
                              axis=1)
        assert np.array_equal(flat, seen["flat"]["observation"])
        assert set(seen["none"]) == {"action_mask"}
        assert np.array_equal(seen["none"]["action_mask"], mask := seen["dict"]["action_mask"])
        assert mask.sum(axis=1).min() >= 1
    assert kinds["none"].observation_space["action_mask"].shape == (2, kinds["none"].layout.n)


def test_copy_false_hands_out_the_buffers_and_copy_true_fresh_arrays():
    shared = VectorEnv(game("base"), num_envs=2, copy=False)
    copied = VectorEnv(game("base"), num_envs=2, copy=True)
    first, _ = shared.reset(seed=3)
    again, _ = shared.reset(seed=3)
    assert first["action_mask"] is again["action_mask"]
    mine, _ = copied.reset(seed=3)
    kept = mine["action_mask"].copy()
    action = np.array([np.flatnonzero(row)[0] for row in kept])
    after, *_ = copied.step(action)
    assert after["action_mask"] is not mine["action_mask"]
    assert np.array_equal(mine["action_mask"], kept)  # the old one is left as it was


def test_seeds_of_games_and_auto_resets():
    env = VectorEnv(game("base"), num_envs=3, observation="none", copy=False)
    obs, infos = env.reset(seed=40)
    assert infos["game_seed"].tolist() == [40, 41, 42]
    while True:
        actions = np.array([np.flatnonzero(row)[-1] for row in obs["action_mask"]])
        obs, _, terminated, _, infos = env.step(actions)
        if terminated.any():
            break
    for i in np.flatnonzero(terminated):
        assert infos["game_seed"][i] == 40 + i + 3


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = VectorEnv(game("base"), num_envs=2, copy=True)
    obs, _ = env.reset(seed=1)
    legal = np.flatnonzero(obs["action_mask"][0])[0]
    illegal = np.flatnonzero(obs["action_mask"][1] == 0)[0]
    with pytest.raises(IllegalActionError, match="game 1: action .* is not legal now"):
        env.step(np.array([legal, illegal]))
    with pytest.raises(IllegalActionError, match="2 whole numbers"):
        env.step(np.array([legal]))
    after, *_ = env.step(np.array([legal, np.flatnonzero(obs["action_mask"][1])[0]]))
    assert after["observation"]["board"][:, 0].sum() == 4  # one tile more in each game


@pytest.mark.parametrize("variants, words", [
    (("tower",), "a rule's choices"),
])
def test_what_it_does_not_run_is_refused_in_one_line(variants, words):
    with pytest.raises(EnvOptionError, match=words) as caught:
        VectorEnv("base", variants=variants)
    assert "\n" not in str(caught.value) and "AEC environment" in str(caught.value)


@pytest.mark.parametrize("options, words", [
    ({"num_envs": 0}, "num_envs"), ({"observation": "pixels"}, "observation"),
    ({"reward": "sum"}, "reward"), ({"players": 9}, "players"),
])
def test_wrong_options_are_one_clear_error(options, words):
    with pytest.raises(EnvOptionError, match=words):
        VectorEnv("base", **options)


def test_random_actions_are_legal_and_follow_their_seed():
    env = VectorEnv(game("farmers"), num_envs=4, observation="none", copy=False)
    obs, _ = env.reset(seed=9)
    first, again = env.random_actions(seed=3), env.random_actions(seed=3)
    assert np.array_equal(first, again)
    seen = set()
    for k in range(60):
        actions = env.random_actions(seed=k)
        assert obs["action_mask"][np.arange(4), actions].all()
        seen.update(actions.tolist())
        obs, *_ = env.step(actions)
    assert len(seen) > 100  # not always the same few


def test_more_games_than_memory_holds_are_refused_before_they_are_made():
    """``num_envs`` 2**20 is within the count allowed, but its games need over a terabyte:
    it once allocated game after game until the machine ran out."""
    import resource
    import time

    started, peak = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(EnvOptionError, match="memory") as caught:
        VectorEnv(game("base"), num_envs=1 << 20, observation="none")
    assert "\n" not in str(caught.value) and "num_envs" in str(caught.value)
    assert time.perf_counter() - started < 20
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 512 * 1024  # KiB


def test_numpy_whole_numbers_are_taken_and_other_seeds_refused_as_options():
    env = VectorEnv(game("base"), num_envs=np.int64(2), seed=np.int64(3), observation="none",
                    copy=False)
    assert env.num_envs == 2 and type(env.num_envs) is int
    again = VectorEnv(game("base"), num_envs=2, seed=3, observation="none")
    assert env.reset()[1]["game_seed"].tolist() == again.reset()[1]["game_seed"].tolist()
    assert env.reset(seed=np.uint32(4))[1]["game_seed"].tolist() == [4, 5]
    for seed in (1.5, "7", True):
        with pytest.raises(EnvOptionError, match="seed"):
            env.reset(seed=seed)


@pytest.mark.parametrize("variants, words", [
    (("tower",), "a decision between moves"),
    (("princess-dragon",), "a figure placed on another tile"),
])
def test_a_refusal_names_what_the_rule_set_does(variants, words):
    """It once listed every choice the kernel's stepping does not make, whichever applied."""
    with pytest.raises(EnvOptionError) as caught:
        VectorEnv("base", variants=variants)
    text = str(caught.value)
    assert words in text and "owned tiles" not in text and "\n" not in text
