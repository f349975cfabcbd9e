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
from collections.abc import Sequence

import attrs

from carcdsl.sim.paired import Pairing
from carcdsl.sim.tally import FIX, Tally, in_order

WHEN = ("complete", "final")
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


# --- estimates from exact sums ---------------------------------------------------------------

def mean_of(n: int, total: int, squares: int, scale: int = 1, z: float = Z) -> Estimate:
    """``mean_estimate`` of values given by their count, sum and sum of squares (integers, in
    ``scale``\\ ths): the same interval, computed exactly until the last division."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = total / n / scale
    if n == 1:
        return Estimate(mean, mean, mean)
    variance = max(0, n * squares - total * total) / (n * (n - 1)) / (scale * scale)
    half = z * math.sqrt(variance) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def ratio_of(n: int, a: int, b: int, aa: int, ab: int, bb: int, z: float = Z) -> Estimate:
    """``ratio_estimate`` of Σa / Σb given the sums (``a``, ``b``) and the sums of products of
    each game's numerator and denominator (``aa``, ``ab``, ``bb``)."""
    if n == 0 or b == 0:
        return Estimate(math.nan, math.nan, math.nan)
    ratio = a / b
    if n == 1:
        return Estimate(ratio, ratio, ratio)
    residuals = max(0, b * b * aa - 2 * a * b * ab + a * a * bb) / (b * b)  # Σ(num − R·den)²
    half = z * math.sqrt(residuals / (n - 1)) / math.sqrt(n) / (b / n)
    return Estimate(ratio, ratio - half, ratio + half)


def percentile(counts: dict[int, int], q: float) -> float:
    """The value at quantile ``q`` of values given as value -> how many times (linear
    between the two values around it, as ``numpy.percentile``)."""
    n = sum(counts.values())
    rank = q * (n - 1)
    low, high = _rank(counts, math.floor(rank)), _rank(counts, math.ceil(rank))
    return low + (high - low) * (rank - math.floor(rank))


def _rank(counts: dict[int, int], rank: int) -> int:
    """The ``rank``-th smallest value (from 0) of values given as value -> how many times."""
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if rank < seen:
            return value
    return max(counts)


def histogram_quantiles(counts: dict[int, int]) -> dict:
    """``quantiles`` of values given as value -> how many times."""
    n = sum(counts.values())
    if not n:
        return {}
    ordered = sorted(counts)

    def at(rank: int) -> int:
        return _rank(counts, rank)

    median = at(n // 2) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2
    total = sum(v * c for v, c in counts.items())
    squares = sum(v * v * c for v, c in counts.items())
    return {"min": ordered[0], "p10": at(min(n - 1, int(0.1 * n))), "median": median,
            "p90": at(min(n - 1, int(0.9 * n))), "max": ordered[-1],
            "mean": _round(total / n), "sd": _round(math.sqrt(max(0, n * squares - total * total))
                                                    / n)}


# --- a run summed up --------------------------------------------------------------------------

def _column(t: Tally, name: str, seat: int | None = None) -> Estimate:
    a = t.column(name, seat)
    return mean_of(t.games, t.sum(a), t.product(a, a))


def _ratio(t: Tally, name: str, over: str = "length") -> Estimate:
    a, b = t.column(name), t.column(over)
    return ratio_of(t.games, t.sum(a), t.sum(b), t.product(a, a), t.product(a, b),
                    t.product(b, b))


def _rate(t: Tally, name: str) -> Estimate:
    return wilson(t.sum(t.column(name)), t.games)


def summarize(sim) -> dict:
    """A run's metrics as plain data (JSON): every rate and mean with its interval, from the
    run's ``Tally`` (``sim.run.Simulation``)."""
    t: Tally = sim.tally
    n = t.games
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
    wins = [t.sum(t.column("share", i)) for i in range(k)]  # in t.unit-ths
    rates = [wilson(w / t.unit, n) for w in wins]
    out["win_rate"] = [r.to_json() for r in rates]
    top, bottom = _extremes(wins)
    a, b = t.column("share", top), t.column("share", bottom)
    gap = mean_of(n, wins[top] - wins[bottom],
                  t.product(a, a) - 2 * t.product(a, b) + t.product(b, b), t.unit)
    metrics: dict = {
        "balance": Estimate(1 - gap.value, max(0.0, 1 - gap.high),
                            min(1.0, 1 - gap.low)).to_json()
        | {"top_seat": top + 1, "bottom_seat": bottom + 1},
        "advantage": rates[0].to_json(),
        "first_seat_edge": _shift(rates[0], -1 / k).to_json(),
        "drawishness": _rate(t, "tied").to_json(),
        "duration": _column(t, "length").to_json(),
        "decision_moves": _ratio(t, "decisions").to_json(),
        "placement_branching": _ratio(t, "placement_choices").to_json(),
        "lead_change": _column(t, "lead_changes").to_json(),
        "decisiveness": mean_of(t.decisive[0], t.decisive[1], t.decisive[2], FIX).to_json(),
        "completion": _rate(t, "completed").to_json(),
    }
    if not t.uncounted:
        metrics["branching"] = _ratio(t, "move_choices").to_json()
    out["metrics"] = metrics
    out["scores"] = [histogram_quantiles(t.scores[i]) | {
        "ci": _column(t, "score", i).to_json()} for i in range(k)]
    out["turns"] = [_column(t, "turns", i).to_json() for i in range(k)]
    out["length"] = histogram_quantiles(t.lengths)
    out["points"] = _points(t, sim.kinds)
    out["completion_rate"] = _completion(t, sim.kinds)
    out["discards"] = {"mean": _column(t, "discards").to_json(),
                       "games_with": _rate(t, "discarded").to_json()}
    placed = [int(v) for v in t.placed]
    out["placed_per_game"] = {name: _round(placed[i] / n)
                              for i, name in enumerate(sim.type_names) if name in sim.supply}
    out["never_placed"] = [name for i, name in enumerate(sim.type_names)
                           if name in sim.supply and not placed[i]]
    out["ends"] = dict(sorted(t.ends.items()))
    return out


def _extremes(wins: Sequence[int]) -> tuple[int, int]:
    """The seats with the most and the fewest wins (the first of equals)."""
    k = range(len(wins))
    return max(k, key=lambda i: wins[i]), min(k, key=lambda i: wins[i])


def _shift(e: Estimate, by: float) -> Estimate:
    return Estimate(e.value + by, e.low + by, e.high + by)


def _points(t: Tally, kinds: Sequence[str]) -> dict:
    """``kind.when`` -> mean points per game and the share of all points scored."""
    everyone = sum(t.sum(t.column("score", i)) for i in range(t.players)) or 1
    out = {}
    for key in t.scored(kinds):
        name, _, when = key.rpartition(".")
        total, outer = t.points[name]
        w = WHEN.index(when)
        out[key] = {"mean": mean_of(t.games, int(total[w]), int(outer[w, w])).to_json(),
                    "share": _round(int(total[w]) / everyone)}
    return out


def _completion(t: Tally, kinds: Sequence[str]) -> dict:
    """Per kind: of the scorings of that kind, the share made on completion (in-game) rather
    than at the end (a feature scored for two tied seats counts twice in both)."""
    out = {}
    for name in dict.fromkeys(key.rpartition(".")[0] for key in t.scored(kinds)):
        total, m = t.points[name]
        c, f = int(total[2]), int(total[3])  # scorings complete, final
        cc, cf, ff = int(m[2, 2]), int(m[2, 3]), int(m[3, 3])
        out[name] = ratio_of(t.games, c, c + f, cc, cc + cf, cc + 2 * cf + ff).to_json()
    return out


# --- two runs compared --------------------------------------------------------------------

def compare(base, other) -> dict:
    """``other`` against ``base``, game by game on the seeds both played: for each quantity
    the mean difference (other − base) with its interval and whether it is significant. From
    ``other.pairing`` (played beside ``base``), else from both runs' kept rows."""
    if base.config.players != other.config.players:
        raise ValueError("runs with different numbers of players cannot be compared by seat")
    pairing = other.pairing if other.pairing is not None else _pair_rows(base, other)
    k, n = base.config.players, pairing.games
    base_wins = [base.tally.sum(base.tally.column("share", i)) for i in range(k)]
    other_wins = [other.tally.sum(other.tally.column("share", i)) for i in range(k)]
    weights: list[tuple[str, dict[int, int], int]] = []  # name, column -> weight, scale
    for i in range(k):
        weights.append((f"win_rate.{i + 1}", _diff(pairing, "share", i), pairing.unit))
    (a_top, a_bottom), (b_top, b_bottom) = _extremes(base_wins), _extremes(other_wins)
    weights.append(("balance", _balance(pairing, a_top, a_bottom, b_top, b_bottom),
                    pairing.unit))
    for name, column, scale in (("drawishness", "tied", 1), ("duration", "length", 1),
                                ("decision_moves", "decision_share", FIX),
                                ("lead_change", "lead_changes", 1),
                                ("discards", "discards", 1)):
        weights.append((name, _diff(pairing, column), scale))
    for i in range(k):
        weights.append((f"score.{i + 1}", _diff(pairing, "score", i), 1))
    weights.append(("points.total", _diff(pairing, "total"), 1))
    differences = {name: _difference(pairing, w, scale) for name, w, scale in weights}
    for key in _scored_pairs(pairing, base.kinds):
        differences[f"points.{key}"] = _point_difference(pairing, key)
    if n:
        balance = differences["balance"]
        balance["base"] = _round(1 + (balance["base"] or 0))
        balance["other"] = _round(1 + (balance["other"] or 0))
    return {"base": base.label, "other": other.label, "games": n,
            "differences": differences}


def _diff(p: Pairing, name: str, seat: int = 0) -> dict[int, int]:
    return {p.column(name, seat): -1, p.column(name, seat, other=True): 1}


def _balance(p: Pairing, a_top: int, a_bottom: int, b_top: int, b_bottom: int
             ) -> dict[int, int]:
    """(1 − spread of other) − (1 − spread of base); kept as −spread per side here, and
    ``compare`` adds the 1 to each side's mean."""
    w: dict[int, int] = {}
    for column, weight in ((p.column("share", a_top), 1), (p.column("share", a_bottom), -1),
                           (p.column("share", b_top, True), -1),
                           (p.column("share", b_bottom, True), 1)):
        w[column] = w.get(column, 0) + weight
    return w


def _difference(p: Pairing, w: dict[int, int], scale: int) -> dict:
    """The mean of Σ w·x per seed with its interval, and each side's mean (the columns of
    base, weighted by −w, and of other, by w)."""
    n, side = p.games, p.side
    total = sum(weight * int(p.total[c]) for c, weight in w.items())
    squares = sum(wa * wb * int(p.outer[a, b]) for a, wa in w.items() for b, wb in w.items())
    diff = mean_of(n, total, squares, scale)
    base = -sum(weight * int(p.total[c]) for c, weight in w.items() if c < side)
    other = sum(weight * int(p.total[c]) for c, weight in w.items() if c >= side)
    return diff.to_json() | {"base": _round(base / n / scale) if n else None,
                             "other": _round(other / n / scale) if n else None,
                             "significant": diff.significant}


def _scored_pairs(p: Pairing, kinds: Sequence[str]) -> list[str]:
    return [f"{name}.{when}" for name in in_order(p.points, kinds)
            for w, when in enumerate(WHEN)
            if p.points[name][0][2 + w] or p.points[name][0][6 + w]]


def _point_difference(p: Pairing, key: str) -> dict:
    name, _, when = key.rpartition(".")
    total, outer = p.points[name]
    a, b = WHEN.index(when), 4 + WHEN.index(when)
    n = p.games
    diff = mean_of(n, int(total[b]) - int(total[a]),
                   int(outer[a, a]) - 2 * int(outer[a, b]) + int(outer[b, b]))
    return diff.to_json() | {"base": _round(int(total[a]) / n) if n else None,
                             "other": _round(int(total[b]) / n) if n else None,
                             "significant": diff.significant}


def _pair_rows(base, other) -> Pairing:
    """A pairing of two runs' kept rows on the seeds both played (library use: two
    ``simulate`` calls compared afterwards)."""
    from carcdsl.sim.batches import rows_batch

    if base.rows is None or other.rows is None:
        raise ValueError("runs compared afterwards need their rows kept (keep_rows=True); "
                         "or play them together: simulate_together")
    seeds = {r.seed for r in base.rows} & {r.seed for r in other.rows}
    a = [r for r in base.rows if r.seed in seeds]
    b = [r for r in other.rows if r.seed in seeds]
    pairing = Pairing(base.config.players)
    if a:
        pairing.add(rows_batch(a, base.tables, base.config.bots),
                    rows_batch(b, other.tables, other.config.bots))
    return pairing
