"""A run, or runs compared, as one self-contained HTML file: the text report and plots
drawn by matplotlib as inline SVG (no script, style sheet or image fetched from anywhere).

matplotlib is an optional extra (``pip install 'carcdsl[sim]'``), imported only here.
"""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from typing import Any

from carcdsl.sim.metrics import percentile
from carcdsl.sim.run import Simulation
from carcdsl.view.simulation import format_comparison, format_simulation, quantity_name


class PlotsMissing(ImportError):
    """matplotlib is not installed."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as exc:
        raise PlotsMissing("an HTML report needs matplotlib: pip install 'carcdsl[sim]'") from exc
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: small files
    matplotlib.rcParams["svg.hashsalt"] = "carcdsl"  # the same runs give the same file
    import matplotlib.pyplot as plt

    return plt


_STYLE = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;color:#222}
pre{background:#f6f6f4;padding:1rem;overflow-x:auto;font-size:.8rem}
figure{margin:1rem 0}figcaption{font-size:.9rem;color:#555}svg{max-width:100%;height:auto}"""


def html_report(sims: Sequence[Simulation], summaries: Sequence[dict],
                comparisons: Sequence[dict] = (), title: str | None = None) -> str:
    """The HTML page: a comparison (when there are several runs) and each run's report,
    with plots of win rates, scores, points by kind and (compared) the differences."""
    plt = _pyplot()
    title = title or " vs ".join(s.label for s in sims)
    parts = [f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
             f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>"]
    if comparisons:
        parts.append("<h2>Compared on the same seeds</h2>")
        parts.append(f"<pre>{html.escape(format_comparison(list(summaries), list(comparisons)))}"
                     "</pre>")
        parts.append(_figure(plt, _differences, comparisons,
                             "Differences from the first configuration, with 95% intervals "
                             "(win rates in percentage points, points per game)."))
    parts.append(_figure(plt, _win_rates, summaries,
                         "Win rate per seat with its 95% Wilson interval; the line is a fair "
                         "share."))
    parts.append(_figure(plt, _scores, sims, "Final scores per seat (box: quartiles; "
                         "whiskers: 5th and 95th percentiles)."))
    parts.append(_figure(plt, _points, summaries,
                         "Mean points per game by feature kind, scored in the game (solid) "
                         "and at the end (hatched)."))
    for summary in summaries:
        parts.append(f"<h2>{html.escape(summary['label'])}</h2>")
        parts.append(f"<pre>{html.escape(format_simulation(summary))}</pre>")
    parts.append("<p><small>Made by <code>carcdsl simulate</code>; the metrics are defined "
                 "in carcdsl's docs/simulation.md.</small></p></body></html>")
    return "\n".join(parts)


def _figure(plt: Any, draw: Any, data: Any, caption: str) -> str:
    fig = draw(plt, data)
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    svg = out.getvalue()
    svg = svg[svg.index("<svg"):]  # the XML prolog and doctype do not belong inside HTML
    return f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


def _offsets(count: int, width: float = 0.8) -> list[float]:
    step = width / count
    return [-width / 2 + step * (i + 0.5) for i in range(count)]


def _win_rates(plt: Any, summaries: Sequence[dict]) -> Any:
    fig, ax = plt.subplots(figsize=(7, 3.2))
    players = summaries[0]["players"]
    step = 0.8 / len(summaries)
    for offset, s in zip(_offsets(len(summaries)), summaries):
        rates = s.get("win_rate", [])
        xs = [seat + offset for seat in range(1, len(rates) + 1)]
        values = [100 * r["value"] for r in rates]
        errors = [[100 * (r["value"] - r["low"]) for r in rates],
                  [100 * (r["high"] - r["value"]) for r in rates]]
        ax.bar(xs, values, step * 0.9, yerr=errors, capsize=3, label=s["label"])
    ax.axhline(100 / players, color="#555", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(1, players + 1), [f"seat {i}" for i in range(1, players + 1)])
    ax.set_ylabel("win rate (%)")
    ax.legend(fontsize=8)
    return fig


def _scores(plt: Any, sims: Sequence[Simulation]) -> Any:
    """Per seat, a box of each run's final scores (quartiles; whiskers at the 5th and 95th
    percentiles), drawn from the scores' exact histograms (``Tally.scores``)."""
    fig, ax = plt.subplots(figsize=(7, 3.2))
    players = sims[0].config.players
    step = 0.8 / len(sims)
    for i, (offset, sim) in enumerate(zip(_offsets(len(sims)), sims)):
        if not sim.tally.games:
            continue
        stats = [_box(sim.tally.scores[seat]) for seat in range(players)]
        box = ax.bxp(stats, positions=[seat + 1 + offset for seat in range(players)],
                     widths=step * 0.8, showfliers=False, patch_artist=True,
                     manage_ticks=False)
        for patch in box["boxes"]:
            patch.set_facecolor(f"C{i}")
            patch.set_alpha(0.6)
        ax.plot([], [], color=f"C{i}", linewidth=6, alpha=0.6, label=sim.label)
    ax.set_xticks(range(1, players + 1), [f"seat {i}" for i in range(1, players + 1)])
    ax.set_ylabel("final score")
    ax.legend(fontsize=8)
    return fig


def _box(counts: dict[int, int]) -> dict:
    """``Axes.bxp``'s statistics of values given as value -> how many times."""
    at = {q: percentile(counts, q) for q in (0.05, 0.25, 0.5, 0.75, 0.95)}
    return {"med": at[0.5], "q1": at[0.25], "q3": at[0.75], "whislo": at[0.05],
            "whishi": at[0.95], "fliers": []}


def _points(plt: Any, summaries: Sequence[dict]) -> Any:
    kinds = list(dict.fromkeys(key.rpartition(".")[0] for s in summaries
                               for key in s.get("points", {})))
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.45 * max(1, len(kinds)) * len(summaries)))
    step = 0.8 / len(summaries)
    for i, (offset, s) in enumerate(zip(_offsets(len(summaries)), summaries)):
        points = s.get("points", {})
        ys = [k + offset for k in range(len(kinds))]
        done = [points.get(f"{kind}.complete", {"mean": {"value": 0}})["mean"]["value"]
                for kind in kinds]
        final = [points.get(f"{kind}.final", {"mean": {"value": 0}})["mean"]["value"]
                 for kind in kinds]
        ax.barh(ys, done, step * 0.9, color=f"C{i}", label=s["label"])
        ax.barh(ys, final, step * 0.9, left=done, color=f"C{i}", alpha=0.45, hatch="//")
    ax.set_yticks(range(len(kinds)), kinds)
    ax.invert_yaxis()
    ax.set_xlabel("points per game")
    ax.legend(fontsize=8)
    return fig


def _differences(plt: Any, comparisons: Sequence[dict]) -> Any:
    keys = [k for k in comparisons[0]["differences"]
            if k.startswith(("win_rate.", "points.", "balance", "drawishness"))]
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.3 * len(keys)))
    for i, (offset, c) in enumerate(zip(_offsets(len(comparisons), 0.6), comparisons)):
        for y, key in enumerate(keys):
            d = c["differences"].get(key)
            if d is None:
                continue
            scale = 100 if quantity_name(key)[1] or key == "balance" else 1
            ax.errorbar(scale * d["value"], y + offset,
                        xerr=[[scale * (d["value"] - d["low"])],
                              [scale * (d["high"] - d["value"])]],
                        fmt="o" if d["significant"] else "o", color=f"C{i + 1}",
                        mfc=f"C{i + 1}" if d["significant"] else "white", capsize=2,
                        label=c["other"] if y == 0 else None)
    ax.axvline(0, color="#555", linewidth=0.8)
    ax.set_yticks(range(len(keys)),
                  [quantity_name(k)[0] + (" (pts)" if quantity_name(k)[1] or k == "balance"
                                          else "") for k in keys])
    ax.invert_yaxis()
    ax.set_xlabel(f"difference from {comparisons[0]['base']} (filled: significant)")
    ax.legend(fontsize=8)
    return fig
