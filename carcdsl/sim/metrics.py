"""Rows -> the metrics a game designer asks for, each with a 95% confidence interval, and two
runs on the same seeds compared game by game.

The metrics follow Ludii's evaluation (Balance, Advantage, Drawishness, Duration, Decision
moves, Branching factor, Lead change, Decisiveness, Completion), adapted to scored games;
``docs/simulation.md`` defines each exactly. Intervals:

* a rate (a win share, a share of games): the Wilson score interval;
* a mean over games: mean ± z·s/√n (normal approximation; n is the number of games);
* a ratio of sums over games (decision turns / turns): the ratio estimator, with the
  variance of ``num − R·den`` per game (delta method), which allows for turns of one game
  being alike;
* a comparison: per seed, the difference of the two games; mean ± z·s/√n of the
  differences (a paired test), significant when the interval leaves out 0.

Everything here is plain data in and out (``to_json`` dicts), with no third-party library.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

import attrs

from carcdsl.sim.rows import GameRow
from carcdsl.sim.run import Simulation

Z = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@attrs.frozen
class Estimate:
    """A value and its 95% confidence interval."""

    value: float
    low: float
    high: float

    @property
    def margin(self) -> float:
        """Half the interval's width (``± margin``)."""
        return (self.high - self.low) / 2

    @property
    def significant(self) -> bool:
        """For a difference: the interval leaves out 0."""
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict:
        return {"value": _round(self.value), "low": _round(self.low),
                "high": _round(self.high)}


def _round(x: float) -> float | None:
    """Six decimals; None for a value with no data (JSON has no NaN)."""
    return round(x, 6) if math.isfinite(x) else None


def wilson(successes: float, n: int, z: float = Z) -> Estimate:
    """The Wilson score interval of a rate ``successes / n`` (``successes`` may be a sum of
    shares: a tie counts 1/k per winner)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_estimate(values: Sequence[float], z: float = Z) -> Estimate:
    """The mean and mean ± z·s/√n."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean)
    half = z * statistics.stdev(values, mean) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def ratio_estimate(numerators: Sequence[float], denominators: Sequence[float],
                   z: float = Z) -> Estimate:
    """Σnum / Σden over games, with the delta-method interval of a ratio estimator."""
    n, total = len(numerators), math.fsum(denominators)
    if n == 0 or total == 0:
        return Estimate(math.nan, math.nan, math.nan)
    ratio = math.fsum(numerators) / total
    if n == 1:
        return Estimate(ratio, ratio, ratio)
    residuals = [a - ratio * b for a, b in zip(numerators, denominators)]
    half = z * statistics.stdev(residuals, 0.0) / math.sqrt(n) / (total / n)
    return Estimate(ratio, ratio - half, ratio + half)


def quantiles(values: Sequence[float]) -> dict:
    """min, 10th percentile, median, 90th percentile, max, mean and standard deviation."""
    ordered = sorted(values)
    if not ordered:
        return {}

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return {"min": ordered[0], "p10": at(0.1), "median": statistics.median(ordered),
            "p90": at(0.9), "max": ordered[-1], "mean": _round(statistics.fmean(ordered)),
            "sd": _round(statistics.pstdev(ordered))}


# --- per game quantities ----------------------------------------------------------------------

def spread(row: GameRow, top: int, bottom: int) -> float:
    """The win share of seat ``top`` less that of seat ``bottom`` in one game (Balance)."""
    shares = row.win_shares()
    return shares[top] - shares[bottom]


def decisiveness(row: GameRow) -> float:
    """The share of the game's turns after which the sole winner already led for good: 1
    when they led from the first turn on, 0 when only final scoring put them ahead."""
    return (row.length + 1 - row.lead_from) / row.length if row.length else 0.0


def _scored(rows: Sequence[GameRow]) -> list[str]:
    """``kind.when`` keys with a scoring in any row, in the rule set's order of kinds."""
    keys = dict.fromkeys(key for row in rows for key in row.scorings)
    return [key for key in keys if any(row.scorings.get(key) for row in rows)]


def kinds_of(rows: Sequence[GameRow]) -> list[str]:
    """Feature kinds that scored in any row, in the rule set's order."""
    return list(dict.fromkeys(key.rpartition(".")[0] for key in _scored(rows)))


# --- a run summed up --------------------------------------------------------------------------

def summarize(sim: Simulation) -> dict:
    """A run's metrics as plain data (JSON): every rate and mean with its interval."""
    rows = sim.rows
    n = len(rows)
    out: dict = {"label": sim.label, "rules": sim.config.rules,
                 "variants": list(sim.config.variants), "players": sim.config.players,
                 "bots": list(sim.config.bots), "seed": sim.seed, "games": n,
                 "games_asked": sim.games, "interrupted": sim.interrupted,
                 "seconds": round(sim.seconds, 3),
                 "games_per_second": round(n / sim.seconds, 1) if sim.seconds else None,
                 **sim.engine.to_json()}
    if not n:
        return out
    k = sim.config.players
    shares = [row.win_shares() for row in rows]
    wins = [math.fsum(s[i] for s in shares) for i in range(k)]
    rates = [wilson(w, n) for w in wins]
    out["win_rate"] = [r.to_json() for r in rates]
    top = max(range(k), key=lambda i: wins[i])
    bottom = min(range(k), key=lambda i: wins[i])
    gap = mean_estimate([spread(row, top, bottom) for row in rows])
    metrics: dict = {
        "balance": Estimate(1 - gap.value, max(0.0, 1 - gap.high),
                            min(1.0, 1 - gap.low)).to_json()
        | {"top_seat": top + 1, "bottom_seat": bottom + 1},
        "advantage": rates[0].to_json(),
        "first_seat_edge": _shift(rates[0], -1 / k).to_json(),
        "drawishness": wilson(sum(len(r.winners) > 1 for r in rows), n).to_json(),
        "duration": mean_estimate([r.length for r in rows]).to_json(),
        "decision_moves": ratio_estimate([r.decisions for r in rows],
                                         [r.length for r in rows]).to_json(),
        "placement_branching": ratio_estimate([r.placement_choices for r in rows],
                                              [r.length for r in rows]).to_json(),
        "lead_change": mean_estimate([r.lead_changes for r in rows]).to_json(),
        "decisiveness": mean_estimate([decisiveness(r) for r in rows
                                       if len(r.winners) == 1]).to_json(),
        "completion": wilson(sum(r.end != "stopped" for r in rows), n).to_json(),
    }
    if all(r.move_choices is not None for r in rows):
        metrics["branching"] = ratio_estimate([r.move_choices or 0 for r in rows],
                                              [r.length for r in rows]).to_json()
    out["metrics"] = metrics
    out["scores"] = [quantiles([r.scores[i] for r in rows]) | {
        "ci": mean_estimate([r.scores[i] for r in rows]).to_json()} for i in range(k)]
    out["turns"] = [mean_estimate([r.turns[i] for r in rows]).to_json() for i in range(k)]
    out["length"] = quantiles([r.length for r in rows])
    out["points"] = _points(rows)
    out["completion_rate"] = _completion(rows)
    out["discards"] = {"mean": mean_estimate([r.discards for r in rows]).to_json(),
                       "games_with": wilson(sum(r.discards > 0 for r in rows), n).to_json()}
    placed = [sum(r.placed[t] for r in rows) for t in range(len(sim.type_names))]
    out["placed_per_game"] = {name: _round(placed[t] / n)
                              for t, name in enumerate(sim.type_names) if name in sim.supply}
    out["never_placed"] = [name for t, name in enumerate(sim.type_names)
                           if name in sim.supply and not placed[t]]
    out["ends"] = dict(sorted(_count(r.end for r in rows).items()))
    return out


def _shift(e: Estimate, by: float) -> Estimate:
    return Estimate(e.value + by, e.low + by, e.high + by)


def _count(values) -> dict:
    counts: dict = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts


def _points(rows: Sequence[GameRow]) -> dict:
    """``kind.when`` -> mean points per game and the share of all points scored."""
    keys = _scored(rows)
    total = math.fsum(sum(r.scores) for r in rows) or 1.0
    return {key: {"mean": mean_estimate([r.points.get(key, 0) for r in rows]).to_json(),
                  "share": _round(math.fsum(r.points.get(key, 0) for r in rows) / total)}
            for key in keys}


def _completion(rows: Sequence[GameRow]) -> dict:
    """Per kind: of the scorings of that kind, the share made on completion (in-game) rather
    than at the end (a feature scored for two tied seats counts twice in both)."""
    out = {}
    for kind in kinds_of(rows):
        done = [r.scorings.get(f"{kind}.complete", 0) for r in rows]
        left = [r.scorings.get(f"{kind}.final", 0) for r in rows]
        out[kind] = ratio_estimate(done, [a + b for a, b in zip(done, left)]).to_json()
    return out


# --- two runs compared --------------------------------------------------------------------

PerGame = Callable[[GameRow], float]


def compare(base: Simulation, other: Simulation) -> dict:
    """``other`` against ``base``, game by game on the seeds both played: for each quantity
    the mean difference (other − base) with its interval and whether it is significant."""
    if base.config.players != other.config.players:
        raise ValueError("runs with different numbers of players cannot be compared by seat")
    by_seed = {r.seed: r for r in base.rows}
    pairs = [(by_seed[r.seed], r) for r in other.rows if r.seed in by_seed]
    k = base.config.players
    a_top, a_bottom = _extremes(base.rows, k)
    b_top, b_bottom = _extremes(other.rows, k)
    quantities: list[tuple[str, PerGame, PerGame]] = []
    for i in range(k):
        quantities.append((f"win_rate.{i + 1}", _share(i), _share(i)))
    quantities += [
        ("balance", lambda r: 1 - spread(r, a_top, a_bottom),
         lambda r: 1 - spread(r, b_top, b_bottom)),
        ("drawishness", _tied, _tied),
        ("duration", _length, _length),
        ("decision_moves", _decision_share, _decision_share),
        ("lead_change", _lead_changes, _lead_changes),
        ("discards", _discards, _discards),
    ]
    for i in range(k):
        quantities.append((f"score.{i + 1}", _score(i), _score(i)))
    quantities.append(("points.total", _total, _total))
    keys = _scored([row for pair in pairs for row in pair])
    for key in keys:
        quantities.append((f"points.{key}", _points_of(key), _points_of(key)))
    differences: dict[str, dict] = {}
    for name, of_a, of_b in quantities:
        diff = mean_estimate([of_b(b) - of_a(a) for a, b in pairs])
        differences[name] = diff.to_json() | {
            "base": _round(statistics.fmean(of_a(a) for a, _ in pairs)) if pairs else None,
            "other": _round(statistics.fmean(of_b(b) for _, b in pairs)) if pairs else None,
            "significant": diff.significant}
    return {"base": base.label, "other": other.label, "games": len(pairs),
            "differences": differences}


def _extremes(rows: Sequence[GameRow], k: int) -> tuple[int, int]:
    wins = [math.fsum(r.win_shares()[i] for r in rows) for i in range(k)]
    return max(range(k), key=lambda i: wins[i]), min(range(k), key=lambda i: wins[i])


def _share(seat: int) -> PerGame:
    return lambda r: r.win_shares()[seat]


def _score(seat: int) -> PerGame:
    return lambda r: r.scores[seat]


def _points_of(key: str) -> PerGame:
    return lambda r: r.points.get(key, 0)


def _tied(r: GameRow) -> float:
    return float(len(r.winners) > 1)


def _length(r: GameRow) -> float:
    return r.length


def _decision_share(r: GameRow) -> float:
    return r.decisions / r.length if r.length else 0.0


def _lead_changes(r: GameRow) -> float:
    return r.lead_changes


def _discards(r: GameRow) -> float:
    return r.discards


def _total(r: GameRow) -> float:
    return sum(r.scores)
