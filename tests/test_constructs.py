"""The construct registry (``compile.constructs``): every construct the compiler emits is
claimed by both engines or refused out loud, and no rule the checker accepts does nothing."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.bots.builtin import random_bot
from carcdsl.compile import constructs as C
from carcdsl.compile import expr as E
from carcdsl.compile import modes as M
from carcdsl.engine.claims import RUNS
from carcdsl.errors import RuleError
from carcdsl.fast import support

EXAMPLES = Path(__file__).parent.parent / "examples"
COMBINATIONS = [
    ("base", ()), ("base", ("farmers",)), ("pnp-demo", ()), ("nuts", ()),
    ("nuts", ("nuts-proposal",)), ("maps-germany", ("small-city-penalty",)),
    ("maps-germany", ("small-city-extra-turn", "small-city-roads")),
    ("base", ("river", "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", ("river:u-turn=look-ahead", "hand-of-three")),
    ("base", ("monastery-bonus", "fill-hole-extra-turn", "incomplete-zero")),
    ("base", ("bag", "first-player-most-roads", "tiny-city")),
    ("base", ("table-edge", "border-closes:reading=absent")),
    ("base", ("table-edge", "border-closes")),
    ("base", (str(EXAMPLES / "double-pennants.carc"),)),
    (str(EXAMPLES / "river-crossing.carc"), ()), (str(EXAMPLES / "trees.carc"), ()),
    (str(EXAMPLES / "trees.carc"), (str(EXAMPLES / "trees-do-not-end-roads.carc"),)),
]
"""Every bundled rule set and variant, and the examples."""


def registry_problems(tables_list) -> list[str]:
    """What the registry test asserts is empty: pairs the tables hold that the registry does
    not list, that the language accepts but the reference engine has not claimed, or that
    the compiled engine neither claims nor names in its fallback."""
    problems = []
    accepted = set(C.accepted())
    if C.claims(RUNS) != accepted:
        problems.append(f"engine claims differ: {sorted(C.claims(RUNS) ^ accepted)}")
    for tables in tables_list:
        for use in C.emitted(tables):
            if use[0] not in C.BY_KEY:
                problems.append(f"not in the registry: {use}")
            elif use not in accepted:
                problems.append(f"the language accepts what it should not: {use}")
        left = C.unclaimed(tables, RUNS)
        if left:
            problems.append(f"the Python engine does not run {left}")
        if C.unclaimed(tables, support.RUNS) and support.unsupported(tables) is None:
            problems.append(f"the kernel runs unclaimed {C.unclaimed(tables, support.RUNS)}")
    return problems


@pytest.fixture(scope="module")
def bundled_tables():
    return [carcdsl.load(rules, variants).tables for rules, variants in COMBINATIONS]


def test_every_emitted_construct_is_registered_and_claimed(bundled_tables):
    assert registry_problems(bundled_tables) == []
    used = {use for tables in bundled_tables for use in C.emitted(tables)}
    assert ("on complete", C.CENTRE) in used and ("figure recall score final", -1) in used


def test_a_planted_unclaimed_construct_fails_the_registry_test(bundled_tables, monkeypatch):
    """A code the compiler starts to emit (an action ``teleport``) without a registry entry
    and claims: the registry test says so, and the kernel falls back naming it."""
    tables = bundled_tables[0]
    rule = M.TriggerRule(M.SURROUNDED, -1, None, ((99,),), ("t", "surrounded", None),
                         "surrounded")
    planted = attrs.evolve(tables, modes=attrs.evolve(tables.modes, triggers=(rule,)))
    problems = registry_problems([planted])
    assert any("action code 99 on place" in p for p in problems)
    assert "action code 99 on place" in support.unsupported(planted)
    # registered, but claimed by neither engine
    construct = C.Construct("action teleport on place", "action", C.NONE, (99,))
    monkeypatch.setattr(C, "BY_KEY", {**C.BY_KEY, construct.key: construct})
    monkeypatch.setattr(C, "REGISTRY", (*C.REGISTRY, construct))
    monkeypatch.setitem(C.PLACE_ACTIONS, 99, "teleport")
    problems = registry_problems([planted])
    assert any("engine claims differ" in p for p in problems)
    assert any("does not run" in p and "teleport" in p for p in problems)
    assert "teleport" in support.unsupported(planted)


def test_every_code_the_compiler_defines_is_in_the_registry():
    codes = {(c.family, code) for c in C.REGISTRY for code in c.codes}
    for code in M.CONDITIONS.values():
        assert ("event", code) in codes or ("requirement", code) in codes
    for code in (M.EXTRA_TURN, M.SCORE, M.PUT, M.TAKE):
        assert ("action", code) in codes
    for code in M.REQUIREMENT_CODES.values():
        assert ("requirement", code) in codes
    for code in (*E.QUANTITY_CODES.values(), E.ATTRIBUTE):
        assert ("quantity", code) in codes
    for code in range(E.NEGATED + 1):
        assert ("expression", code) in codes


ATTRIBUTES = Path(__file__).parent / "data" / "constructs" / "attributes.carc"
"""Attributes on a road, a monastery and a field, with tiles that carry them."""
BASE = ("base", ("farmers",))


def _variant(tmp_path, text: str, base: str = "base", extra=("farmers",)):
    path = tmp_path / "v.carc"
    path.write_text(f"variant v for {base}\n{text}\n")
    return carcdsl.load(base, [*extra, str(path)])


def _played(game, seeds=range(200)):
    out = []
    for seed in seeds:
        state = game.new_game(2, seed=seed)
        bot = random_bot(random.Random(seed))
        while not state.finished:
            state.apply_fast(*bot(state))
        out.append((state.scores, [(e.player, e.feature, e.points) for e in state.events],
                    [(e.player, e.token, e.count, e.action) for e in state.log.token_events],
                    len(state.moves)))
    return out


TOKEN = "token nut {\n supply 30\n collected yes\n}\n"
TAKE = ("token gold {\n supply 40\n score final = 1\n}\non complete road: take gold\n"
        "on complete monastery: take gold")
LIVE = [
    "on complete city: score 1", "on complete road: score 1", "on complete monastery: score 1",
    "on complete city: extra turn", "on complete road: extra turn",
    "on complete monastery: extra turn",
    "on place shows city: score 1", "on place shows road: score 1",
    "on place shows monastery: score 1", "on place shows field: score 1",
    "on place surrounded: score 1", "on place surrounded: extra turn",
    "on place extends road with own follower: extra turn",
    "on place extends city with own follower: extra turn",
    "on place extends field with own follower: extra turn",
    TOKEN + "on place shows road: put 1 nut on road\non place shows field: put 1 nut on field",
    TOKEN + "on place shows city: put 1 nut on city\n"
            "on place shows monastery: put 1 nut on monastery",
    "on place shows city: require joins city", "on place shows road: require look-ahead road",
    "on place surrounded: require look-ahead road",
    "on place shows city: require apart city", "on place shows road: require apart road",
    "override feature city { score complete = 1 }",
    "override feature road { score complete = 2 * tiles }",
    "override feature road { score complete = tiles - 1 }",
    "override feature monastery { score complete = 2 * neighbours }",
    "override feature monastery { score complete = 2 * tiles }",
    "override feature field { score final = 1 + completed(city) }",
    "override feature field { score final = tiles }",
    "override feature road { score final = followers * tiles }",
    "override feature city { score complete = followers * tiles }",
    "override feature monastery { score complete = 2 * followers + neighbours }",
    "override feature field { score final = followers * completed(city) }",
    "override feature city { score complete = own(follower) * tiles }",
    "override feature road { score complete = own(follower) * tiles }",
    "override feature monastery { score complete = own(follower) * 5 }",
    "override feature field { score final = own(follower) * completed(city) }",
    f"extends \"{ATTRIBUTES.name}\"\n",
    f"extends \"{ATTRIBUTES.name}\"\n{TAKE}",
    "on place shows road: hide 1 tile", "on complete city: hide 2 tiles",
    "figure shepherd { each player 1  strength 0  stands on field  excludes shepherd }",
    "figure mayor { each player 1  stands on city  strength = pennants }",
    "override feature city { score complete += 2 * figures(follower) }",
    "override feature road { score complete += 2 * figures(follower) }",
    "override feature monastery { score complete += 5 * figures(follower) }",
    "override feature field { score final += 3 * figures(follower) }",
    "override feature city { score final = (3 * tiles + pennants) // 2 }",
    "override feature road { score complete = 3 * tiles // 2 }",
    "token sheep { supply 9  bag flock  worth 2 }\ntoken wolf { supply 2  bag flock }\n"
    "figure shepherd { each player 1  strength 0  stands on field }\n"
    "on figure shepherd: draw flock\non draw wolf: return flock, return shepherd\n"
    "on place extends field with own shepherd: choose grow: draw flock or gather: "
    "(score flock to shepherd, return flock, return shepherd)",
    "token sheep { supply 9  bag flock  worth 2 }\ntoken lamb { supply 6  bag flock  worth 1 }\n"
    "figure shepherd { each player 1  strength 0  stands on field }\n"
    "on figure shepherd: draw flock\non draw lamb: draw flock\n"
    "on place extends field with own shepherd: choose grow: draw flock or gather: "
    "(score flock to shepherd, return flock, return shepherd)",
    "token gold { supply 20  each player 2  score final = if tokens >= 2 then 3 * tokens "
    "else tokens }",
    "on place shows city: require at most 2 city around",
    "on place shows road: require at most 3 road around",
    "on place shows monastery: require at most 0 monastery around",
    "on place shows city: require at most 6 field around",
    "on place shows road: require at least 1 city around",
    "on place shows city: require at least 1 road around",
    "on place shows monastery: require at least 1 monastery around",
    "on place shows road: require at least 3 field around",
    "on complete road: hide 1 tile", "on complete monastery: hide 3 tiles",
    "override feature monastery { score complete = 1 + 3 * neighbours(road) }",
    "override feature road { breaks ties }", "override feature city { breaks ties by count }",
    "feature vineyard { geometry centre followers no }\n"
    "tile MV 3 monastery; vineyard; road S -> monastery\noverride game { tiles += 3 }",
    # figures and followers placed elsewhere, captures and ransoms (The Tower's core)
    "override feature city { followers anywhere }",
    "override feature road { followers anywhere }",
    "override feature monastery { followers anywhere }",
    "override feature field { followers anywhere }",
    "figure flag { each player 3  strength 0  stands on city, road, monastery, field }\n"
    "override feature city { followers anywhere with flag }",
    "figure flag { each player 3  strength 0  stands on city, road, monastery, field }\n"
    "override feature road { followers anywhere with flag }",
    "figure flag { each player 3  strength 0  stands on city, road, monastery, field }\n"
    "override feature monastery { followers anywhere with flag }",
    "figure flag { each player 3  strength 0  stands on city, road, monastery, field }\n"
    "override feature field { followers anywhere with flag }",
    "figure flag { each player 2  strength 0  stands on road }\n"
    "figure post { each player 2  stands on road  with flag }",
    "figure scout { each player 2  strength 0  stands on road, city  anywhere }",
    "figure scout { each player 1  each player 4 for 2  strength 0  stands on road }",
    "figure tower { each player 4  strength 0  stands on monastery  anywhere }\n"
    "on figure tower: capture follower in line 1 + figures(tower)\n"
    "override game { ransom 2 }",
    # neutral figures: moved, walked by the players in turn, sending figures home
    "figure dragon { neutral  avoids fairy }\nfigure fairy { neutral }\n"
    "on place shows monastery: move dragon here\non place surrounded: move fairy here\n"
    "on place shows city: walk dragon 3\non enter dragon: return figures here",
    "figure dragon { neutral }\non place shows monastery: move dragon here\n"
    "supply { hold back city until dragon }",
    "figure fairy { neutral  beside own follower }\non turn beside fairy: score 1\n"
    "on score beside fairy: score 3",
    "figure dragon { neutral  blocks }\non place shows monastery: move dragon here\n"
    "on place shows road: place follower anywhere",
    f"extends \"{ATTRIBUTES.name}\"\non place shows road gold: instead return follower",
    # a figure that goes on when its feature scores, its owner deciding where (the wagon)
    "figure wagon { each player 1  stands on road, city, monastery }\n"
    "on scored wagon: move wagon within 1 to road, city, monastery",
    # tiles each player owns, played instead of drawing, into holes, with sides that fit any
    "feature wall { geometry area  fits any  followers no }\n"
    "tile HOLE 0 monastery; wall N+E+S+W\nsupply { each player owns HOLE }\n"
    "on place shows wall: require surrounded",
    "on place shows monastery: require surrounded",
    # a figure at a corner of four fields that keeps followers out, and the points it brings:
    # to the most followers of its feature, of a feature extended that holds it, and at the end
    "figure barn { each player 1  strength 0  stands on field  at corner  excludes barn  "
    "keeps out follower }\n"
    "on figure barn: score 3 * completed(city) to most follower, return follower\n"
    "on place extends field with barn: score completed(city) to most follower, "
    "return follower\non final field: score 4 * completed(city) to most barn",
    "figure flag { each player 2  strength 0  stands on road, city, monastery }\n"
    "on final city: score 2 * tiles to most flag\non final road: score tiles to most flag\n"
    "on final monastery: score 5 to most follower",
    "figure flag { each player 2  strength 0  stands on road, city }\n"
    "on place extends road, city with flag: score tiles to most follower",
]
LIVE_MAPS = [  # markers are a map's: base + farmers on the German map
    "override feature city { score complete = 2 * tiles + markers(small-city) }",
    "override feature monastery { score final = 1 + neighbours + 5 * markers(small-city) }",
    "override feature field { score final = 3 * completed(city) + markers(small-city) }",
    "override feature road { score complete = tiles + markers(small-city) }",
]


def _live(tmp_path, text: str, base: str = "base"):
    (tmp_path / ATTRIBUTES.name).write_text(ATTRIBUTES.read_text())
    return _variant(tmp_path, text, base)


@pytest.mark.slow
@pytest.mark.parametrize("text", LIVE)
def test_each_accepted_construct_changes_a_game(tmp_path, text):
    """Each construct on each geometry the language accepts it on changes the scores, the
    events or the turns of some of 200 seeded games against base + farmers."""
    plain = _played(carcdsl.load("base", ["farmers"]))
    assert _played(_live(tmp_path, text)) != plain


@pytest.mark.slow
@pytest.mark.parametrize("text", LIVE_MAPS)
def test_each_quantity_of_a_map_changes_a_game(tmp_path, text):
    plain = _played(carcdsl.load("maps-germany", ["farmers"]), range(60))
    assert _played(_live(tmp_path, text, "maps-germany"), range(60)) != plain


def test_every_accepted_construct_has_a_game_it_changes(tmp_path, bundled_tables):
    """Every (construct, geometry) the language accepts is shown alive: by the tests above
    (what each rule of ``LIVE`` adds to base + farmers), or by a bundled rule set, whose
    golden records and cross-checks hold its scores. A construct the registry gains fails
    here until a rule using it is shown to change a game."""
    shown = {use for tables in bundled_tables for use in C.emitted(tables)}
    for extra in ((), ("farmers",)):
        shown |= set(C.emitted(carcdsl.load("maps-germany", list(extra)).tables))
    plain = set(C.emitted(carcdsl.load("base", ["farmers"]).tables))
    shown |= plain
    for base, texts in (("base", LIVE), ("maps-germany", LIVE_MAPS)):
        for text in texts:
            shown |= set(C.emitted(_live(tmp_path, text, base).tables))
    for mix in ("covers-mix", "figures-mix", "effects-mix"):
        data = Path(__file__).parent / "fast" / "data" / f"{mix}.carc"
        base = "maps-germany" if mix == "covers-mix" else "base"
        shown |= set(C.emitted(carcdsl.load(base, [str(data)]).tables))
    assert sorted(set(C.accepted()) - shown) == []


REFUSED = [
    ("on complete field: score 1", "E110"),
    ("on place extends monastery with own follower: extra turn", "E110"),
    ("on place shows field: require joins field", "E110"),
    ("on place shows monastery: require joins monastery", "E110"),
    ("on place shows field: require apart field", "E110"),
    ("on place shows city: require no-repeat city", "E110"),
    ("on place shows road: require look-ahead city", "E110"),
    ("override feature field { score complete = 5 }", "E141"),
    ("override feature road { score complete = tiles + pennants }", "E141"),
    ("override feature road { score complete = neighbours }", "E113"),
    ("override feature road { score complete = completed(city) }", "E113"),
    ("on place surrounded: score 0", "E141"),
    ("on complete city: score 0", "E141"),
    ("on place shows garden: score 1", "E141"),
    ("on complete garden: extra turn", "E141"),
    ("on place shows city: put 0 coin on city\ntoken coin { supply 9 collected yes }", "E141"),
    ("token coin { supply 0 }", "E141"),
    ("token gem { supply 10  score final most 5 }", "E141"),
    ("token gem { supply 5  each player 1  score final = 0 }", "E141"),
    ("token gem { supply 5  each player 1  score final most 0 }", "E141"),
    ("override feature road { score complete += 0 }", "E141"),
    ("override feature city { score final += 0 * pennants }", "E141"),
    ("override feature city { attribute gold flag  score complete += 10 * gold }", "E141"),
    ("figure gnome { stands on garden }", "E141"),
    ("figure hermit { stands on monastery  with own follower }", "E141"),
]


@pytest.mark.parametrize("text, code", REFUSED)
def test_a_construct_on_a_geometry_it_does_nothing_on_is_refused(tmp_path, text, code):
    with pytest.raises(RuleError) as info:
        _variant(tmp_path, text)
    errors = [d for d in info.value.diagnostics if d.is_error]
    assert [d.code for d in errors] == [code]
    assert errors[0].loc is not None and errors[0].loc.line == 2


def test_a_figure_on_a_field_can_be_taken_back(tmp_path):
    """A field is never completed: a recallable figure standing on one is offered back on
    its owner's turns, and taken back it scores its field's final rule for that player
    alone (before, the field's closed ends read as complete and no recall was offered)."""
    from carcdsl.compile.facts import RECALL
    from carcdsl.compile.tables import FIELD

    path = tmp_path / "mayor.carc"
    path.write_text("variant mayor for base\nfigure mayor {\n    each player 1\n"
                    "    recall score final\n}\n")
    game = carcdsl.load("base", ["farmers", str(path)])
    tb, recalled, scored_points = game.tables, 0, 0
    for seed in range(12):
        state = game.new_game(2, seed=seed)
        bot = random_bot(random.Random(seed))
        while not state.finished:
            seat = state.current
            on_fields = [node for s, node, _, figure in state.features.pieces
                         if s == seat and figure == 1
                         and tb.kinds[state.features.kind[node]].geometry == FIELD]
            moves = list(state.iter_moves()) if on_fields else []
            recalls = [m for m in moves if m[3] <= RECALL and RECALL - m[3] in on_fields]
            assert bool(recalls) == bool(on_fields and moves)
            if recalls:
                before, home = len(state.events), state.seats.figures[0][seat]
                state.apply_fast(*recalls[0])
                assert state.seats.figures[0][seat] == home + 1
                fields = [e for e in state.events[before:]
                          if e.feature == "field" and e.when == "complete"]
                assert len(fields) <= 1 and all(e.seat == seat for e in fields)
                recalled += 1
                scored_points += sum(e.points for e in fields)
            else:
                state.apply_fast(*bot(state))
    assert recalled >= 5 and scored_points > 0
