"""A tournament's results -> Elo ratings with intervals, and the crosstable.

Ratings are a Bradley–Terry model fitted by maximum likelihood on the pairwise results
within each game: in a game of k bots each pair of different bots is one comparison, won by
the higher score (a tie is half a win each). P(a beats b) = 1 / (1 + 10^((R_b − R_a)/400));
the fit is Hunter's MM algorithm, with one virtual tied game per pair of bots that met (a
bot that never won would otherwise be rated minus infinity). Ratings are anchored so that
their mean is 0.

Intervals are 95% percentile bootstrap intervals: the deals are resampled with replacement
(a deal with all its seat orders and lineups together, as they share their tiles), the model
refitted each time, from a generator seeded by the tournament's seed, so the intervals too
are the same on every run. The crosstable gives, per pair, the pairwise win rate with its
Wilson interval and the mean score difference over the games both played, mean ± z·s/√n.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Sequence

from carcdsl.sim.metrics import mean_estimate, wilson
from carcdsl.sim.tournament import Result, Tournament

PRIOR = 1.0
"""Virtual tied games per pair of bots that met (half a win each)."""

Comparisons = dict[tuple[int, int], list[float]]
"""(a, b) with a < b -> [a's wins, games] (a tie half a win)."""


def comparisons(results: Sequence[Result]) -> Comparisons:
    """Pairwise wins and comparisons summed over games."""
    out: Comparisons = defaultdict(lambda: [0.0, 0.0])
    for result in results:
        _add(out, result)
    return out


def _add(out: Comparisons, result: Result, weight: float = 1.0) -> None:
    seats, scores = result.seats, result.scores
    for i, j in _pairs(len(seats)):
        a, b = seats[i], seats[j]
        if a == b:
            continue
        sa, sb = scores[i], scores[j]
        if a > b:
            a, b, sa, sb = b, a, sb, sa
        won = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        cell = out[a, b]
        cell[0] += weight * won
        cell[1] += weight


_PAIRS: dict[int, list[tuple[int, int]]] = {}


def _pairs(k: int) -> list[tuple[int, int]]:
    pairs = _PAIRS.get(k)
    if pairs is None:
        pairs = _PAIRS[k] = [(i, j) for i in range(k) for j in range(i + 1, k)]
    return pairs


def fit(bots: int, table: Comparisons, prior: float = PRIOR) -> list[float]:
    """Elo ratings (mean 0) of ``bots`` bots by maximum likelihood (MM iterations)."""
    wins = [0.0] * bots
    games: dict[tuple[int, int], float] = {}
    for (a, b), (won, n) in table.items():
        if not n:
            continue
        wins[a] += won + prior / 2
        wins[b] += n - won + prior / 2
        games[a, b] = n + prior
    strength = [1.0] * bots
    for _ in range(10_000):
        total = [0.0] * bots
        for (a, b), n in games.items():
            share = n / (strength[a] + strength[b])
            total[a] += share
            total[b] += share
        new = [wins[i] / total[i] if total[i] else strength[i] for i in range(bots)]
        mean_log = sum(math.log(s) for s in new) / bots
        new = [s / math.exp(mean_log) for s in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, strength))
        strength = new
        if change < 1e-10:
            break
    return [400 * math.log10(s) for s in strength]


def _deals(results: Sequence[Result]) -> list[Comparisons]:
    """Per deal (all lineups and seat orders of it), its comparisons."""
    by_deal: dict[int, Comparisons] = {}
    for result in results:
        table = by_deal.setdefault(result.deal, defaultdict(lambda: [0.0, 0.0]))
        _add(table, result)
    return [by_deal[deal] for deal in sorted(by_deal)]


def bootstrap(bots: int, results: Sequence[Result], samples: int, seed: int,
              ) -> list[list[float]]:
    """``samples`` refits on the deals resampled with replacement."""
    deals = _deals(results)
    rng = random.Random(f"{seed}/bootstrap")
    fits = []
    for _ in range(samples):
        table: Comparisons = defaultdict(lambda: [0.0, 0.0])
        for _ in range(len(deals)):
            for pair, (won, n) in deals[rng.randrange(len(deals))].items():
                cell = table[pair]
                cell[0] += won
                cell[1] += n
        fits.append(fit(bots, table))
    return fits


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    if not ordered:
        return math.nan, math.nan
    low = ordered[int(0.025 * (len(ordered) - 1))]
    high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
    return low, high


def _estimate(value: float, low: float, high: float) -> dict:
    """The value and its interval as JSON: a bound at infinity (a sweep) is null, and so
    are both where there is no interval (``--bootstrap 0``): RFC 8259 has no NaN, and
    JavaScript's ``JSON.parse`` refuses one."""
    def bound(x: float) -> float | None:
        return None if math.isinf(x) or math.isnan(x) else round(x, 1)
    return {"value": round(value, 1), "low": bound(low), "high": bound(high)}


def elo_of_share(share: float) -> float:
    """The Elo difference at which ``share`` is the expected score (±infinity at 1 and 0)."""
    if share >= 1:
        return math.inf
    if share <= 0:
        return -math.inf
    return 400 * math.log10(share / (1 - share))


def _with_wilson(boot: tuple[float, float], won: float, n: float,
                 scale: float = 1.0) -> tuple[float, float]:
    """The bootstrap interval ``boot`` widened to hold the Wilson interval of the share
    ``won / n`` as Elo (times ``scale``). Where every resample is the same (a sweep) the
    bootstrap cannot vary and is one point; the Wilson bound is what so few games allow
    (20 of 20: a share of at least 0.839, at least 286 Elo apart, no upper bound)."""
    low, high = boot
    if math.isnan(low) or not n:
        return low, high
    share = wilson(won, round(n))
    return (min(low, scale * elo_of_share(share.low)),
            max(high, scale * elo_of_share(share.high)))


def rate(tournament: Tournament, samples: int = 1000) -> dict:
    """The ratings, per bot summaries and the crosstable, as plain data (JSON)."""
    plan, results = tournament.plan, tournament.results
    k = len(plan.bots)
    table = comparisons(results)
    elo = fit(k, table)
    fits = bootstrap(k, results, samples, plan.seed) if samples and results else []
    bots = []
    for b, name in enumerate(plan.bots):
        boot = _percentiles([f[b] for f in fits]) if fits else (math.nan, math.nan)
        won = sum(w if b == x else n - w for (x, y), (w, n) in table.items() if b in (x, y))
        n = sum(n for (x, y), (_, n) in table.items() if b in (x, y))
        # against an average opponent R_b − mean(others) = k/(k−1) · R_b, ratings mean 0
        low, high = _with_wilson(boot, won, n, (k - 1) / k)
        bots.append({"bot": name, "elo": _estimate(elo[b], low, high),
                     **_summary(b, results)})
    order = sorted(range(k), key=lambda b: -elo[b])
    pairs = []
    for a, b in _pairs(k):
        pair = _pair(a, b, results)
        if not pair["games"]:
            continue
        boot = _percentiles([f[a] - f[b] for f in fits]) if fits else (math.nan,) * 2
        low, high = _with_wilson(boot, *table.get((a, b), (0.0, 0.0)))
        pairs.append({"a": plan.bots[a], "b": plan.bots[b], **pair,
                      "elo_difference": _estimate(elo[a] - elo[b], low, high)})
    return {"ratings": [bots[b] for b in order], "pairs": pairs,
            "seats": seat_counts(tournament), "bootstrap": samples}


def _summary(bot: int, results: Sequence[Result]) -> dict:
    """Games played, the win rate (a tied top score shared) and the mean score."""
    played = wins = 0.0
    scores: list[float] = []
    for result in results:
        if bot not in result.seats:
            continue
        best = max(result.scores)
        top = [i for i, s in enumerate(result.scores) if s == best]
        mine = [i for i, b in enumerate(result.seats) if b == bot]
        played += 1
        wins += sum(1 for i in mine if i in top) / len(top)
        scores.extend(result.scores[i] for i in mine)
    return {"games": int(played), "win_rate": wilson(wins, int(played)).to_json(),
            "mean_score": mean_estimate(scores).to_json()}


def _pair(a: int, b: int, results: Sequence[Result]) -> dict:
    """a against b over the games both played: a's pairwise win rate (ties half) and the
    mean score difference a − b (a bot seated twice: its mean)."""
    wins, diffs = 0.0, []
    for result in results:
        seats = result.seats
        if a not in seats or b not in seats:
            continue
        sa = [s for s, bot in zip(result.scores, seats) if bot == a]
        sb = [s for s, bot in zip(result.scores, seats) if bot == b]
        ma, mb = sum(sa) / len(sa), sum(sb) / len(sb)
        comparisons_ = [(x > y) + 0.5 * (x == y) for x in sa for y in sb]
        wins += sum(comparisons_) / len(comparisons_)
        diffs.append(ma - mb)
    return {"games": len(diffs), "win_rate": wilson(wins, len(diffs)).to_json(),
            "score_difference": mean_estimate(diffs).to_json()}


def seat_counts(tournament: Tournament) -> list[dict]:
    """Per bot, the games it sat in each seat (in turn order): equal when balanced."""
    plan = tournament.plan
    counts = [[0] * plan.players for _ in plan.bots]
    for result in tournament.results:
        for seat, bot in enumerate(result.seats):
            counts[bot][seat] += 1
    return [{"bot": name, "by_seat": counts[b]} for b, name in enumerate(plan.bots)]
