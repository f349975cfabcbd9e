"""The names a rule set's scorings carry (``ScoreEvent.feature``): the kinds, then what its
rules and tokens that score name. The kernel counts points by these names (``fast.effects``)
and the simulation library writes a column per name (``sim.rows``), so both take them from
here, in one order.
"""

from __future__ import annotations

from carcdsl.compile.modes import CHOOSE, SCORE, SCORE_TO
from carcdsl.compile.tables import Tables


def scoring_names(tb: Tables) -> list[str]:
    """Every name a scoring of the rule set can carry, each once: the kinds, then the names
    of ``on place``/``on complete`` rules that score and of tokens scored at the end (a name
    equal to a kind's is that kind's, as ``GameRow.points`` adds them up)."""
    names = [k.name for k in tb.kinds]
    modes = tb.modes
    more = [r.feature for r in (*modes.triggers, *modes.on_complete, *modes.on_beside)
            if any(a[0] == SCORE for a in r.actions)]
    more += [t.name for t in modes.tokens
             if t.final_points or t.most_points or t.final_program is not None]
    more += [modes.bags[a[1]] for a in all_actions(tb) if a[0] == SCORE_TO]
    more += ["ransom"] * bool(modes.ransom)  # ``decisions.pay_ransom``'s scorings
    for name in more:
        if name not in names:
            names.append(name)
    return names


def all_actions(tb: Tables) -> list[tuple]:
    """Every action of every rule, those of each ``choose`` option included."""
    modes, out = tb.modes, []
    todo = [a for r in (*modes.triggers, *modes.on_complete, *modes.on_figure, *modes.on_draw)
            for a in r.actions]
    while todo:
        action = todo.pop()
        out.append(action)
        if action[0] == CHOOSE:
            todo += [a for _name, acts in action[1] for a in acts]
    return out
