"""A simulation's metrics and comparisons in words, for people (``carcdsl simulate``).

Takes the plain data of ``sim.metrics.summarize`` and ``compare`` (dicts, as ``--json``
prints them) and says it in English: one report per run, one screen per comparison. Labels
and sentences are here, so that the HTML report (``sim.report``) says the same.
"""

from __future__ import annotations

import math

METRICS = (
    ("balance", "Balance", "1 − (best seat's win rate − worst seat's)"),
    ("advantage", "Advantage", "the first seat's win rate"),
    ("drawishness", "Drawishness", "games whose top score is tied"),
    ("duration", "Duration", "turns (tiles placed) per game"),
    ("decision_moves", "Decision moves", "turns with more than one legal move"),
    ("placement_branching", "Branching (placements)", "legal placements per turn"),
    ("branching", "Branching (moves)", "legal (placement, follower) moves per turn"),
    ("lead_change", "Lead change", "times per game the sole leader changes"),
    ("decisiveness", "Decisiveness", "share of turns the winner already led for good"),
    ("completion", "Completion", "games played to their end by the rules"),
)
"""Metric key, its name, what it measures (``docs/simulation.md`` has the exact terms)."""

RATES = frozenset({"advantage", "drawishness", "decision_moves", "decisiveness",
                   "completion", "first_seat_edge"})
"""Metrics that are shares, shown as percentages."""


def percent(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:.{digits}f}%"


def number(x: float | None, digits: int = 2) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:,.{digits}f}"


def estimate(e: dict, rate: bool = False, digits: int = 2) -> str:
    """``50.4% (45.5–55.2)`` or ``26.02 (25.33–26.71)``."""
    show = percent if rate else (lambda x: number(x, digits))
    return f"{show(e['value'])} ({show(e['low'])}–{show(e['high'])})"


def seeds_of(summary: dict) -> str:
    first = summary["seed"]
    return f"{first}..{first + summary['games_asked'] - 1}"


def heading(summary: dict) -> str:
    kinds, k = summary["bots"], summary["players"]
    bots = ", ".join(kinds[min(i, len(kinds) - 1)] for i in range(k)) \
        if len(set(kinds)) > 1 else kinds[0]
    speed = summary.get("games_per_second")
    line = (f"{summary['label']}: {summary['games']:,} games, {summary['players']} players "
            f"({bots}), seeds {seeds_of(summary)}")
    if speed:
        line += f", {summary['seconds']:.1f} s ({speed:,.0f} games/s"
        line += ", compiled engine)" if summary.get("engine") == "compiled" else ")"
    if summary.get("interrupted"):
        line += f" — interrupted: {summary['games']:,} of {summary['games_asked']:,} played"
    return line


def format_simulation(summary: dict) -> str:
    """One run's report: seats, the Ludii-style metrics, points, completion, tiles."""
    lines = [heading(summary)]
    if not summary["games"]:
        return "\n".join(lines + ["  no game finished"])
    lines += ["", f"  {'seat':>4}  {'win rate (95% CI)':<22}{'mean score':>18}"
              f"{'p10–p90':>10}{'turns':>8}"]
    for seat, (rate, score, turns) in enumerate(
            zip(summary["win_rate"], summary["scores"], summary["turns"]), 1):
        ci = score["ci"]
        lines.append(f"  {seat:>4}  {estimate(rate, rate=True):<22}"
                     f"{number(ci['value'], 1) + ' ± ' + number(ci['high'] - ci['value'], 1):>18}"
                     f"{str(score['p10']) + '–' + str(score['p90']):>10}"
                     f"{number(turns['value'], 1):>8}")
    lines.append("")
    metrics = summary["metrics"]
    for key, name, what in METRICS:
        if key in metrics:
            lines.append(f"  {name:<23}{estimate(metrics[key], key in RATES):<28}{what}")
    edge = metrics["first_seat_edge"]
    lines.append(f"  {'':<23}first seat's edge over a fair share "
                 f"({percent(1 / summary['players'])}): {_points(edge)} percentage points")
    lines += ["", "  points per game      in game            at the end"]
    for kind in _kinds(summary["points"]):
        cells = []
        for when in ("complete", "final"):
            p = summary["points"].get(f"{kind}.{when}")
            cells.append(f"{number(p['mean']['value'], 1)} ({percent(p['share'], 0)})"
                         if p else "–")
        lines.append(f"  {kind:<20} {cells[0]:<18} {cells[1]}")
    completion = ", ".join(f"{kind} {percent(e['value'], 0)}"
                           for kind, e in summary["completion_rate"].items())
    lines.append(f"  completed (scorings made in game): {completion}")
    discards = summary["discards"]
    lines.append(f"  discards: {number(discards['mean']['value'], 3)} per game "
                 f"(in {percent(discards['games_with']['value'])} of games); "
                 f"game length {summary['length']['min']}–{summary['length']['max']} turns")
    never = summary["never_placed"]
    lines.append(f"  tile types never placed: {', '.join(never) if never else 'none'}")
    lines.append("  ends: " + ", ".join(f"{why} {n:,}" for why, n in summary["ends"].items()))
    return "\n".join(lines)


def _kinds(points: dict) -> list[str]:
    return list(dict.fromkeys(key.rpartition(".")[0] for key in points))


def _points(e: dict) -> str:
    """A difference of rates in percentage points: ``+3.1 ± 1.2``."""
    return f"{100 * e['value']:+.1f} ± {100 * (e['high'] - e['low']) / 2:.1f}"


# --- comparisons ----------------------------------------------------------------------------

def quantity_name(key: str) -> tuple[str, bool]:
    """A difference's name for people, and whether it is a rate (percentage points)."""
    head, _, rest = key.partition(".")
    if head == "win_rate":
        return f"win rate seat {rest}", True
    if head == "score":
        return f"mean score seat {rest}", False
    if head == "points":
        if rest == "total":
            return "points per game, all", False
        kind, _, when = rest.rpartition(".")
        return f"{kind} points {'in game' if when == 'complete' else 'at the end'}", False
    names = {key: name for key, name, _ in METRICS}
    return names.get(key, key).lower() if key != "balance" else "balance", key in RATES


def difference(d: dict, rate: bool) -> str:
    """``+3.1 ± 1.2 pts *`` (rates) or ``-7.26 ± 1.02 *``; ``*``: significant."""
    mark = " *" if d["significant"] else ""
    if rate:
        return f"{_points(d)} pts{mark}"
    return f"{d['value']:+.2f} ± {(d['high'] - d['low']) / 2:.2f}{mark}"


def _value(x: float | None, rate: bool) -> str:
    return percent(x) if rate else number(x)


def sentence(comparison: dict, key: str) -> str | None:
    """``base + farmers raises the first seat's win rate by 3.1 ± 1.2 points`` for a
    significant difference of the headline quantities; None for the others."""
    d = comparison["differences"].get(key)
    if d is None or not d["significant"]:
        return None
    name, rate = quantity_name(key)
    if key == "win_rate.1":
        name = "the first seat's win rate"
    elif key.startswith("win_rate."):
        name = f"seat {key.partition('.')[2]}'s win rate"
    else:
        name = f"the {name}"
    verb = "raises" if d["value"] > 0 else "lowers"
    size = (f"{abs(100 * d['value']):.1f} ± {100 * (d['high'] - d['low']) / 2:.1f} "
            "percentage points"
            if rate else f"{abs(d['value']):.2f} ± {(d['high'] - d['low']) / 2:.2f}")
    return f"{comparison['other']} {verb} {name} by {size} (from {_value(d['base'], rate)})"


def format_comparison(summaries: list[dict], comparisons: list[dict]) -> str:
    """Every configuration against the first, side by side, each difference with its 95%
    interval; then the significant ones in sentences."""
    base = summaries[0]
    lines = [f"{len(summaries)} configurations on the same seeds ({seeds_of(base)}), "
             f"{base['players']} players, {base['games']:,} games each"]
    for s in summaries:
        lines.append(f"  {s['label']}: {s['seconds']:.1f} s"
                     + (", compiled engine" if s.get("engine") == "compiled" else "")
                     + (" — interrupted" if s.get("interrupted") else ""))
    width = max(len(s["label"]) for s in summaries) + 2
    head = f"  {'':<28}{base['label']:>{max(width, 10)}}"
    for s in summaries[1:]:
        head += f"{s['label']:>{max(width, 10)}}{'difference (95% CI)':>26}"
    lines += ["", head]
    keys = list(dict.fromkeys(k for c in comparisons for k in c["differences"]))
    for key in keys:
        name, rate = quantity_name(key)
        first = next((c["differences"][key]["base"] for c in comparisons
                      if key in c["differences"]), None)
        line = f"  {name:<28}{_value(first, rate):>{max(width, 10)}}"
        for c in comparisons:
            d = c["differences"].get(key)
            line += (f"{_value(d['other'], rate):>{max(width, 10)}}{difference(d, rate):>26}"
                     if d else f"{'–':>{max(width, 10)}}{'':>26}")
        lines.append(line)
    lines.append("  * significant: the 95% interval of the paired difference leaves out 0")
    lines.append("")
    for c in comparisons:
        told = [said for key in ("win_rate.1", "balance", "drawishness", "duration")
                if (said := sentence(c, key)) is not None]
        lines += told or [f"{c['other']}: no difference in the first seat's win rate, "
                          "balance, drawishness or duration is significant at 95%."]
        moved = sorted(((key, d) for key, d in c["differences"].items()
                        if key.startswith("points.") and key != "points.total"
                        and d["significant"]), key=lambda item: -abs(item[1]["value"]))
        if moved:
            lines.append(f"{c['other']} moves points per game: " + ", ".join(
                f"{quantity_name(key)[0].replace(' points', '')} {d['value']:+.2f} ± "
                f"{(d['high'] - d['low']) / 2:.2f}"
                for key, d in moved))
    return "\n".join(lines)
