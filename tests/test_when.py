"""``when VARIANT, ... { declarations }`` (issue 27, composition): declarations that apply
only when every variant named is part of the rule set, after all the variants, whatever
their order. A tie-in between expansions (River II's pig herd with farmers) is a rule of the
file that brings the tiles, not a patch to the other."""

from __future__ import annotations

from pathlib import Path

import carcdsl
from carcdsl.pipeline import check_files
from carcdsl.sim.local import play_game

HERD = """\
variant herd for base

override feature field {
    attribute herd flag
}

override game { tiles += 2 }
tile HH  2  road N-S; field NNE+ENE+ESE+SSE herd; field SSW+WSW+WNW+NNW

when farmers {
    override feature field {
        score final += herd * completed(city)  # the herd: 1 more per completed city
    }
    when abbot {
        on place surrounded: score 1  # only with farmers and the abbot
    }
}

when farmers, abbot {
    on place surrounded: extra turn
}
"""


def _herd(tmp_path: Path) -> str:
    path = tmp_path / "herd.carc"
    path.write_text(HERD, encoding="utf-8")
    return str(path)


def _rules(variants: list[str]):
    rules, diagnostics = check_files("base", variants)[:2]
    assert rules is not None and not diagnostics, [d.message for d in diagnostics]
    return rules


def test_a_when_block_applies_only_with_its_variants_in_any_order(tmp_path):
    herd = _herd(tmp_path)
    alone = _rules([herd])
    assert not alone.kind("field").final_extra and not alone.triggers
    for order in ([herd, "farmers"], ["farmers", herd]):
        rules = _rules(order)
        assert len(rules.kind("field").final_extra) == 1
        assert not rules.triggers  # `when farmers, abbot` and the nested one wait for abbot
    for order in ([herd, "farmers", "abbot"], ["abbot", "farmers", herd]):
        rules = _rules(order)
        assert sorted(t.actions[0][0] for t in rules.triggers) == ["extra-turn", "score"]


def test_the_same_game_whichever_order_the_variants_came_in(tmp_path):
    herd = _herd(tmp_path)
    for seed in (1, 2):
        games = []
        for order in ([herd, "farmers"], ["farmers", herd]):
            state = play_game(carcdsl.load("base", variants=order), ["A", "B"],
                              ["random"] * 2, seed)
            games.append(([m.to_json() for m in state.moves], list(state.scores)))
        assert games[0] == games[1]


def test_the_herd_scores_only_where_the_block_applies(tmp_path):
    """Over seeded games, the herd term adds to the farmers' final scores (never less), and
    the same games without its tie-in equal base + farmers with the tiles alone."""
    herd = _herd(tmp_path)
    tie_in = carcdsl.load("base", variants=[herd, "farmers"])
    no_term = tmp_path / "no-term.carc"
    no_term.write_text(HERD.split("when farmers {")[0], encoding="utf-8")
    tiles_only = carcdsl.load("base", variants=[str(no_term), "farmers"])
    more = 0
    for seed in range(1, 13):
        a = play_game(tie_in, ["A", "B"], ["random"] * 2, seed)
        b = play_game(tiles_only, ["A", "B"], ["random"] * 2, seed)
        assert [m.to_json() for m in a.moves] == [m.to_json() for m in b.moves]
        assert all(x >= y for x, y in zip(a.scores, b.scores))
        more += sum(a.scores) > sum(b.scores)
    assert more >= 1  # the term met a herd field with a farmer at least once
