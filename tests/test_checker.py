"""The checker, walked through a table of broken rule files, plus stats, the CLI and fuzzing.

Each row of BROKEN is a small rule file with one mistake, the code it must produce and where
(line:column). Most rows are built by ``mini``, a five-kind rule set laid out one thing per line:

    1  rules t
    2  game { GAME }
    3  landmark village
    4  feature road { ... }
    5  feature city { ... }
    6  feature monastery { ... }
    7  feature field { ... }
    8  EXTRA                      (one more declaration, or a comment)
    9  TILES                      (the tiles; more lines follow when TILES has several)
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.check.checker import check
from carcdsl.check.stats import tile_stats
from carcdsl.cli.main import main
from carcdsl.diagnostics import CODES, Diagnostic, format_diagnostic, source_lines
from carcdsl.errors import RuleError
from carcdsl.i18n import catalog_nl
from carcdsl.i18n.words import Words, placeholders
from carcdsl.lang.sources import rules_dir
from carcdsl.model.base import Loc
from carcdsl.model.fields import with_fields
from carcdsl.model.rules import Game, RuleSet
from carcdsl.model.tiles import FeatureKind, Segment, Tile
from carcdsl.pipeline import compose, load_checked
from carcdsl.view.describe import format_stats

KINDS = """\
landmark village
feature road { geometry path followers yes ends at village, city, monastery score complete = tiles score final = tiles }
feature city { geometry area followers yes pennants yes score complete = 2 * tiles + 2 * pennants score final = tiles + pennants }
feature monastery { geometry centre followers yes score complete = 1 + neighbours score final = 1 + neighbours }
feature field { geometry field }
"""  # noqa: E501

GAME = "players 2..5 followers 7 start A"
# col:   8       16 21
TILE = "tile A 2 city N; road W-E"
# col:  6    10      18


def mini(game: str = GAME, extra: str = "#", tiles: str = TILE) -> str:
    return f"rules t\ngame {{ {game} }}\n{KINDS}{extra}\n{tiles}\n"


def extending(lines: str) -> str:
    """A rule set built on base: line 1 `rules t`, line 2 `extends base`, then ``lines``."""
    return f"rules t\nextends base\n{lines}\n"


def compose_text(tmp_path: Path, text: str, name: str = "t.carc"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return compose(path, allow=(BROKEN_FILES,))  # rows extend files of BROKEN_FILES


def diagnose(tmp_path: Path, text: str) -> list[Diagnostic]:
    rules, found, _sources = compose_text(tmp_path, text)
    return found + (check(rules) if rules is not None else [])


FLOCK = "token sheep { supply 9  bag flock }\nfigure shepherd { strength 0  stands on field }\n"
"""A bag of tokens and a figure, for the rows on bags and choices."""

BROKEN_FILES = Path(__file__).resolve().parent / "data" / "broken"
"""Files some rows extend: an empty file, a game record, a JSON rule set with a tile twice."""

FIELD_TILE_W301 = "tile A 1 road N -> village; field NNE+ENE+ESE+SSE+SSW+WSW; meadow WNW+NNW"

BROKEN = [
    # --- reading, syntax, composition (compose reports these) ---
    ("E001 missing number", "rules t\ngame {\n  followers\n}\n", "E001", 4, 1),
    ("E001 missing segment", "rules t\ntile A 1 ;\n", "E001", 2, 10),
    ("E002 stray character", "rules t\ntile A 1 city N @\n", "E002", 2, 17),
    ("E001 a minus outside a scoring expression", "rules t\ngame { players 2 - 5 }\n",
     "E001", 2, 18),
    ("E001 a minus glued to its number",
     extending("override feature city { score final = tiles -1 }"), "E001", 3, 45),
    # a keyword with letters after it is one word, at its start
    ("E001 glued keyword", extending("override feature city { score completed = tiles }"),
     "E001", 3, 31),
    ("E001 glued keyword, second error", "rules t\ngame {\n  followers\n}\n"
     + "feature c { followers yess }\n", "E001", 5, 23),
    ("E001 a number and a glued name", extending("board { bounds 9x9 }"), "E001", 3, 17),
    # ... even where the rest would parse: `remove tiles` is not `remove tile s`
    ("E001 glued keyword that parses", extending("remove tiles"), "E001", 3, 8),
    ("E001 a segment without its ';'", "rules t\ntile Y 1 city N road W-E\n", "E001", 2, 17),
    ("E001 glued keyword before a name", "rules t\ngame { startD }\n", "E001", 2, 8),
    ("E004 unknown extends", "rules t\nextends bsae\n", "E004", 2, 9),
    ("E106 no header", "extends base\n", "E106", 1, 1),
    ("E106 only a comment", "# rules t\n", "E106", 1, 1),
    ("E004 an empty name", 'rules t\nextends ""\n', "E004", 2, 9),
    ("E004 not a regular file", 'rules t\nextends "/dev/null"\n', "E004", 2, 9),
    ("E103 an empty file as a variant",
     f'variant t for base\nextends "{BROKEN_FILES}/empty.carc"\n', "E103", 2, 9),
    ("E103 a game record as a rule set", f'rules t\nextends "{BROKEN_FILES}/record.json"\n',
     "E103", 2, 9),
    # in a JSON rule set, a problem has a JSON path, not a line (0:0)
    ("E101 a tile twice in a JSON rule set", f'rules t\nextends "{BROKEN_FILES}/twice.json"\n',
     "E101", 0, 0),
    ("E101 tile twice", extending("tile A 1 city N"), "E101", 3, 6),
    ("E101 kind twice", extending("feature city { geometry area }"), "E101", 3, 9),
    ("E102 override missing kind", extending("override feature castle { geometry area }"),
     "E102", 3, 18),
    ("E102 override missing tile", extending("override tile Z 1 city N"), "E102", 3, 15),
    ("E102 remove missing tile", extending("remove tile Z"), "E102", 3, 1),
    ("E114 the start tile removed", extending("remove tile D"), "E114", 3, 1),
    ("E114 every tile removed", extending("remove all tiles\ntile Q 1 city N"), "E114", 3, 1),
    ("W105 applied without its with", 'variant t for base\nextends "'
     f'{BROKEN_FILES}/with-farmers.carc"\n', "W105", 1, 36),
    # --- names ---
    ("E110 unknown kind", mini(tiles="tile A 1 city N; raod W-E"), "E110", 9, 18),
    ("E111 kind terminal", mini(extra="feature trail { geometry path ends at vilage }"),
     "E111", 8, 31),
    ("E111 a misspelt terminal is the one error",
     extending("override feature road { ends at villages }"), "E111", 3, 25),
    ("E111 segment terminal", mini(tiles="tile A 1 city N; road W -> vilage; road E -> village"),
     "E111", 9, 18),
    ("E112 unknown geometry", mini(extra="feature castle { geometry aera }"), "E112", 8, 27),
    ("E112 no geometry", mini(extra="feature castle { followers no }"), "E112", 8, 9),
    ("E113 unknown quantity",
     mini(extra="feature castle { geometry area score complete = 2 * tilez }"), "E113", 8, 53),
    ("E113 neighbours on area",
     mini(extra="override feature city { score final = neighbours }"), "E113", 8, 39),
    ("E113 neighbours of an unknown kind",
     mini(extra="override feature monastery { score complete = 1 + 3 * neighbours(vinyard) }"),
     "E113", 8, 55),
    ("E113 completed of a path",
     mini(extra="override feature field { score final = 3 * completed(road) }"), "E113", 8, 44),
    ("E113 completed on an area",
     mini(extra="override feature city { score final = completed(city) }"), "E113", 8, 39),
    ("E113 completed without kind",
     mini(extra="override feature field { score final = completed }"), "E113", 8, 40),
    ("E113 argument to tiles", mini(extra="override feature city { score final = tiles(city) }"),
     "E113", 8, 39),
    ("E114 unknown start tile", mini(game="players 2..5 start Alpah", tiles="tile Alpha 1 city N"),
     "E114", 2, 27),
    ("E115 unknown end", mini(game=GAME + " end supply-emtpy"), "E115", 2, 45),
    ("E116 unknown scorers", mini(extra="override feature city { scorers all }"), "E116", 8, 33),
    ("W109 an on rule twice in one file",
     extending("on place surrounded: score 1\non place surrounded: score 1"), "W109", 4, 1),
    ("E121 strength as a number and an expression",
     extending("figure mayor { strength 2  strength = pennants }"), "E121", 3, 16),
    ("E113 a strength counting strengths",
     extending("figure mayor { strength = 2 * own(follower) }"), "E113", 3, 31),
    ("E141 breaks ties on a kind no tile shows",
     extending("feature hill { geometry centre  followers no  breaks ties }"), "E141", 3, 47),
    ("E141 breaks ties where no figure stands",
     extending("feature hill { geometry centre  followers no  tile figures no  breaks ties }\n"
               "tile HX 1 hill; road W-E\noverride game { tiles += 1 }"), "E141", 3, 64),
    ("E141 neighbours of a kind no tile shows",
     extending("override feature monastery { score complete += 3 * neighbours(vineyard) }\n"
               "feature vineyard { geometry centre  followers no }"), "E141", 3, 52),
    ("E141 at most 8 around", extending("on place shows city: require at most 8 road around"),
     "E141", 3, 33),
    ("E141 at least 0 around", extending("on place shows city: require at least 0 road around"),
     "E141", 3, 33),
    ("E113 a token's score counting something else",
     extending("token gold { supply 9  each player 1  score final = tokens + tiles }"), "E113",
     3, 62),
    ("E141 a token's score that is always 0",
     extending("token gold { supply 9  each player 1  score final = 0 * tokens }"), "E141",
     3, 39),
    ("E113 another kind's attribute",
     extending("override feature road { attribute inn flag }\n"
               "override feature field { score final = 3 * inn }"), "E113", 4, 44),
    ("E113 figures of an unknown figure",
     extending("override feature city { score complete += figures(bilding) }"), "E113", 3, 43),
    ("E121 excludes an unknown figure",
     extending("figure shepherd { strength 0 stands on field excludes sheperd }"), "E121", 3, 55),
    ("E121 with an unknown figure",
     extending("figure post { stands on road  with flagg }"), "E121", 3, 36),
    ("E121 followers anywhere with an unknown figure",
     extending("override feature road { followers anywhere with flagg }"), "E121", 3, 49),
    ("E121 capture of an unknown figure", extending(
        "figure tower { strength 0  stands on monastery  anywhere }\n"
        "on figure tower: capture folower in line 1"), "E121", 4, 26),
    ("E121 a neutral figure given a supply",
     extending("figure dragon { neutral  each player 2 }"), "E121", 3, 26),
    ("E121 avoids on a figure players place",
     extending("figure post { stands on road  avoids post }"), "E121", 3, 31),
    ("E121 a walk of an unknown neutral figure",
     extending("figure dragon { neutral }\non place surrounded: walk dragn 2"), "E121", 4, 27),
    ("E132 a walk of no squares",
     extending("figure dragon { neutral }\non place surrounded: walk dragon 0"), "E132", 4, 34),
    ("E132 a walk after on complete",
     extending("figure dragon { neutral }\non complete road: walk dragon 2"), "E132", 4, 1),
    ("E132 on enter with another action",
     extending("figure dragon { neutral }\non enter dragon: extra turn"), "E132", 4, 1),
    ("E132 return figures here without on enter",
     extending("on place surrounded: return figures here"), "E132", 3, 1),
    ("E121 beside a figure the rule set lacks",
     extending("figure fairy { neutral  beside own folower }"), "E121", 3, 36),
    ("E121 blocks on a figure players place",
     extending("figure post { stands on road  blocks }"), "E121", 3, 31),
    ("E121 on turn beside a figure that never goes beside one",
     extending("figure elf { neutral }\non turn beside elf: score 1"), "E121", 4, 16),
    ("E132 on score beside with another action",
     extending("figure fairy { neutral  beside own follower }\n"
               "on score beside fairy: extra turn"), "E132", 4, 1),
    ("E134 shows a kind with an attribute it lacks",
     extending("on place shows city princess: instead return follower"), "E134", 3, 21),
    ("E132 instead return without shows",
     extending("on place surrounded: instead return follower"), "E132", 3, 1),
    ("E132 place anywhere after on complete",
     extending("on complete road: place follower anywhere"), "E132", 3, 1),
    ("E110 hold back an unknown kind",
     extending("figure dragon { neutral }\nsupply { hold back citty until dragon }"), "E110",
     4, 20),
    ("E121 hold back until a figure players place",
     extending("supply { hold back city until follower }"), "E121", 3, 31),
    ("E132 more than 16 things a move may do instead of placing a figure", extending(
        "\n".join(f"figure f{i} {{ neutral  beside own follower }}" for i in range(17))),
     "E132", 12, 33),  # figures are in name order: the 17th is f9
    ("E141 a neutral figure no rule brings onto the board",
     extending("figure ghost { neutral }\non enter ghost: return figures here"), "E141", 3, 8),
    ("E141 shows a kind with an attribute no tile carries",
     extending("override feature road { attribute inn flag }\n"
               "on place shows road inn: instead return follower"), "E141", 4, 21),
    ("E141 hold back a kind until a figure only that kind brings",
     extending("figure spook { neutral }\nsupply { hold back city until spook }\n"
               "on place shows city: move spook here"), "E141", 4, 10),
    ("E121 a neutral figure named where players place one",
     extending("figure ghost { neutral }\non place shows monastery: move ghost here\n"
               "on place shows road: place ghost anywhere"), "E121", 5, 28),
    ("E132 tiles held back from hands",
     extending("figure spook { neutral }\nsupply { hold back city until spook  hand 3 }\n"
               "on place shows monastery: move spook here"), "E132", 4, 10),
    # tiles each player owns, and sides that fit any (Abbey & Mayor's abbey)
    ("E132 a player owns a tile the rule set lacks",
     extending("supply { each player owns AB }"), "E132", 3, 27),
    ("E132 a player owns a tile named twice",
     extending("supply { each player owns A, 2 A }"), "E132", 3, 32),
    ("E132 a player owns a tile that is in the pile too",
     extending("supply { each player owns B }"), "E132", 3, 27),
    ("E132 a player owns too many of a tile",
     extending("supply { each player owns 11 A }"), "E132", 3, 30),
    ("E207 fits any on a path kind",
     extending("override feature road { fits any }"), "E207", 3, 25),
    ("E132 require with a test that needs a kind, without it",
     extending("on place shows city: require joins"), "E132", 3, 30),
    # figures that go on when their feature scores (on scored F: move F within N to K)
    ("E121 on scored names no figure players place",
     extending("figure wagon { stands on road }\non scored wagn: move wagon within 1 to road"),
     "E121", 4, 11),
    ("E132 on scored followed by another action",
     extending("figure wagon { stands on road }\non scored wagon: extra turn"), "E132", 4, 1),
    ("E132 move within after another event",
     extending("figure wagon { stands on road }\non complete road: move wagon within 1 to road"),
     "E132", 4, 1),
    ("E132 move within 0 squares",
     extending("figure wagon { stands on road }\non scored wagon: move wagon within 0 to road"),
     "E132", 4, 36),
    ("E110 move within to an unknown kind",
     extending("figure wagon { stands on road }\non scored wagon: move wagon within 1 to raod"),
     "E110", 4, 41),
    ("E141 move within to a kind the figure never stands on",
     extending("figure wagon { stands on road }\n"
               "on scored wagon: move wagon within 1 to road, city"), "E141", 4, 47),
    ("E141 instead return of a figure that never stands on that kind",
     extending("figure monk { stands on monastery }\n"
               "on place shows city: instead return monk"), "E141", 4, 37),
    ("E121 a neutral figure that avoids itself",
     extending("figure ghost { neutral  avoids ghost }\non place shows monastery: move ghost here"),
     "E121", 3, 32),
    ("E121 a ransom out of range", extending("override game { ransom 5000 }"), "E121", 3, 17),
    ("E121 with itself", extending("figure post { stands on road  with post }"), "E121", 3, 36),
    ("E121 with F and with own F in one figure",
     extending("figure post { stands on road  with own follower  with follower }"), "E121", 3,
     55),
    ("E121 a figure's supply for absurd player counts",
     extending("figure post { stands on road  each player 2 for 0 }"), "E121", 3, 31),
    ("E121 a figure's supplies overlap",
     extending("figure post { each player 2 for 2..3  each player 3 for 3  each player 1 }"),
     "E121", 3, 39),
    ("E121 a figure's supply misses player counts",
     extending("figure post { each player 2 for 2..3 }"), "E121", 3, 15),
    ("W308 a figure's supply outside the player range",
     extending("figure post { each player 2 for 7  each player 1 }"), "W308", 3, 15),
    ("E113 the reach of a capture",
     extending("figure tower { strength 0  stands on monastery  anywhere }\n"
               "on figure tower: capture follower in line figures(towr)"), "E113", 4, 43),
    ("E132 a capture as a choice's option",
     extending("token nut { supply 9 bag }\n"
               "on place extends road with own follower: choose a: capture follower in line 1 "
               "or b: draw nut"), "E132", 4, 49),
    ("E132 a capture after another event than a figure placed",
     extending("on place extends road with own follower: capture follower in line 2"), "E132",
     3, 1),
    ("E132 at most 9 around",
     extending("on place shows city: require at most 9 monastery around"), "E132", 3, 33),
    ("E132 at-least with no count",
     extending("on place shows city: require at-least monastery"), "E132", 3, 30),
    ("E132 an action on a feature where the event has none",
     extending(FLOCK + "on place surrounded: draw flock"), "E132", 5, 1),
    ("E132 a choice that is not made when placing",
     extending(FLOCK + "on figure shepherd: choose a: draw flock or b: return flock"), "E132", 5,
     1),
    ("E132 two options of one name", extending(
        FLOCK + "on place extends field with own shepherd: choose a: draw flock or a: return "
        "flock"), "E132", 5, 67),
    ("E132 an option that scores points", extending(
        FLOCK + "on place extends field with own shepherd: choose a: draw flock or b: score 2"),
     "E132", 5, 67),
    ("E121 on figure of an unknown figure", extending(FLOCK + "on figure shepard: draw flock"),
     "E121", 5, 11),
    ("E134 on draw of a token in no bag", extending(FLOCK + "on draw wulf: return flock"),
     "E134", 5, 9),
    ("E134 return of an unknown bag", extending(FLOCK + "on figure shepherd: return flok"),
     "E134", 5, 28),
    ("E134 draw from an unknown bag", extending(FLOCK + "on figure shepherd: draw flok"),
     "E134", 5, 26),
    ("E134 a token worth less than 0", extending(
        "token sheep { supply 9  bag flock  worth -1 }\nfigure shepherd { strength 0  stands on "
        "field }\non figure shepherd: draw flock"), "E134", 3, 36),
    # the barn's constructs: at corner, keeps out, score EXPR to most F, extends with F,
    # on final KIND
    ("E132 an expression scored to F without most", extending(
        "figure barn { strength 0  stands on field }\n"
        "on figure barn: score 3 * completed(city) to follower"), "E132", 4, 46),
    ("E132 another action than score to most at final scoring",
     extending("on final field: score 3"), "E132", 3, 1),
    ("E110 on final of an unknown kind",
     extending("on final feild: score completed(city) to most follower"), "E110", 3, 10),
    ("E121 a figure at a corner and anywhere",
     extending("figure barn { strength 0  stands on field  at corner  anywhere }"), "E121", 3,
     44),
    ("E121 keeps out an unknown figure",
     extending("figure barn { strength 0  stands on field  keeps out folower }"), "E121", 3, 54),
    ("E121 score to most an unknown figure",
     extending("on final field: score completed(city) to most bran"), "E121", 3, 47),
    ("E121 extends with an unknown figure, anyone's",
     extending("on place extends field with bran: extra turn"), "E121", 3, 29),
    ("E113 score to most a quantity the kind cannot measure",
     extending("on final road: score neighbours(city) to most follower"), "E113", 3, 22),
    ("E121 a neutral figure at a corner", extending(
        "figure ghost { neutral  at corner }\non place shows monastery: move ghost here"),
     "E121", 3, 25),
    ("E132 hide 0 tiles", extending("on place shows road: hide 0 tiles"), "E132", 3, 27),
    ("E132 hide too many tiles", extending("on complete city: hide 100000 tiles"), "E132", 3, 24),
    ("E116 breaks ties by a misspelt count",
     mini(extra="feature hill { geometry centre breaks ties by cuont }"), "E116", 8, 47),
    ("E117 landmark named like a kind", mini(extra="landmark city"), "E117", 5, 9),
    ("E118 a misspelt colour name", mini(extra="override feature city { colour tann }"),
     "E118", 8, 32),
    ("E118 a colour of four digits", mini(extra='override feature city { colour "#c98f" }'),
     "E118", 8, 32),
    ("E118 a variant's colour", extending('override feature road { colour "#ggg" }'),
     "E118", 3, 32),
    ("E119 a look of another geometry", mini(extra="override feature road { look walls }"),
     "E119", 8, 30),
    ("E119 a misspelt look", extending("override feature city { look wals }"), "E119", 3, 30),
    ("E101 a colour twice", mini(extra="override feature city { colour tan colour red }"),
     "E101", 8, 43),
    ("E101 a look twice", mini(extra="feature moat { geometry area look water look plain }"),
     "E101", 8, 46),
    # --- the game ---
    ("E120 no players", mini(game="players 0..5 start A"), "E120", 2, 8),
    ("E120 range backwards", mini(game="players 5..2 start A"), "E120", 2, 8),
    ("E120 too many players", mini(game="players 2..101 start A"), "E120", 2, 8),
    ("E121 negative followers", mini(game="players 2..5 followers -1 start A"), "E121", 2, 21),
    ("E121 too many followers", mini(game="players 2..5 followers 1001 start A"), "E121", 2, 21),
    ("W122 wrong total", mini(game="players 2..5 tiles 3 start A"), "W122", 2, 21),
    # base declares 72 tiles; this file adds one: said here, where the total can be overridden
    ("W122 wrong total on base", extending("tile Y 1 city N"), "W122", 3, 6),
    ("W122 tiles removed by a later file", extending("remove tile X, W"), "W122", 3, 1),
    ("W122 a total too small in its own file", mini(game=GAME + " tiles 1"), "W122", 2, 41),
    ("W122 a total too big in its own file", mini(game=GAME + " tiles 3"), "W122", 2, 41),
    ("E134 unknown token", extending("on place shows city: put 1 nut on city"), "E134", 3, 28),
    ("W306 missing translation", extending('names de { road "Weg" }'), "W306", 3, 1),
    ("W307 unknown word", extending('names de { raod "Weg" }'), "W307", 3, 12),
    ("E121 missing supply", mini(game="players 2..5 followers 5 for 2..3 start A"),
     "E121", 2, 21),
    ("E123 no start tile", mini(game="players 2..5"), "E123", 2, 1),
    ("E124 no tiles", extending("remove all tiles"), "E124", 3, 1),
    # --- tiles ---
    ("E201 zero count", mini(tiles="tile A 0 city N; road W-E"), "E201", 9, 6),
    ("E201 absurd count", mini(tiles="tile A 100001 city N; road W-E"), "E201", 9, 6),
    ("E201 negative count", mini(tiles="tile A -3 city N; road W-E"), "E201", 9, 6),
    ("E202 unknown port", mini(tiles="tile A 1 city NN; road W-E"), "E202", 9, 15),
    ("E202 lower-case port", mini(tiles="tile A 1 city n; road W-E"), "E202", 9, 15),
    ("E202 unknown touched port",
     mini(tiles="tile A 1 city N; road W-E; field ENE+WNW touches Q; field ESE+SSE+SSW+WSW"),
     "E202", 9, 50),
    ("E203 two cities on N", mini(tiles="tile A 1 city N; city N+E"), "E203", 9, 18),
    ("E203 side named twice", mini(tiles="tile A 1 city N+N"), "E203", 9, 10),
    ("E203 road through a city", mini(tiles="tile A 1 city N; road N-S"), "E203", 9, 18),
    ("E203 field under a city",
     mini(tiles="tile A 1 city N; road W-E; field NNE+ENE+WNW touches N; field ESE+SSE+SSW+WSW"),
     "E203", 9, 28),
    ("E204 explicit fields leave a gap",
     mini(tiles="tile A 1 city N; road W-E; field ENE+WNW touches N; field ESE+SSE+SSW"),
     "E204", 9, 6),
    ("E204 two field kinds, nothing stated", mini(extra="feature meadow { geometry field }"),
     "E204", 9, 6),
    ("E205 city on a half-side", mini(tiles="tile A 1 city NNE; road W-E"), "E205", 9, 15),
    ("E205 city without sides", mini(tiles="tile A 1 city; road W-E"), "E205", 9, 10),
    ("E205 road on a half-side", mini(tiles="tile A 1 city N; road ENE+W"), "E205", 9, 23),
    ("E205 field on a side", mini(tiles="tile A 1 city N; road W-E; field S"), "E205", 9, 34),
    ("E205 monastery with ports", mini(tiles="tile A 1 monastery N"), "E205", 9, 20),
    ("E206 road ends nowhere", mini(tiles="tile A 1 city N; road W"), "E206", 9, 18),
    ("E206 road through and ending", mini(tiles="tile A 1 city N; road W-E -> village"),
     "E206", 9, 18),
    ("E206 a junction ending too", mini(tiles="tile A 1 city N; road E+S+W -> city"), "E206",
     9, 18),
    ("E206 road through no side", mini(tiles="tile A 1 city N; road -> city"), "E206", 9, 18),
    ("E206 road ends twice", mini(tiles="tile A 1 city N; road S -> village -> city"),
     "E206", 9, 18),
    ("E206 road ends at a missing city", mini(tiles="tile A 1 road S -> city"), "E206", 9, 10),
    ("E207 pennant on a road", mini(tiles="tile A 1 city N pennant; road W-E pennant"),
     "E207", 9, 26),
    ("E207 negative pennants", mini(tiles="tile A 1 city N pennants -1; road W-E"),
     "E207", 9, 10),
    ("E207 pennants on a centre kind",
     mini(extra="override feature monastery { pennants yes }"), "E207", 8, 30),
    ("E208 touches a road",
     mini(tiles="tile A 1 city N; road W-E; field ENE+WNW touches E; field ESE+SSE+SSW+WSW"),
     "E208", 9, 28),
    ("E210 touches on a city", mini(tiles="tile A 1 city N touches E; road W-E"), "E210", 9, 10),
    ("E210 -> on a city", mini(tiles="tile A 1 city N -> village; road W-E"), "E210", 9, 10),
    ("E210 ends at on an area kind", mini(extra="override feature city { ends at village }"),
     "E210", 8, 25),
    # --- board, supply, turns, parameters ---
    ("E130 unknown parameter as a number", extending("board { bounds width x 9 }"),
     "E130", 3, 16),
    ("E133 map square not in the legend",
     extending('board { map "R." legend { "R" start Rostock } }'), "E133", 3, 15),
    ("E133 map without a start", extending('board { map ".." legend { "." square } }'),
     "E133", 3, 9),
    ("E131 edge closes without bounds", extending("board { edge closes yes }"), "E131", 3, 9),
    ("E132 bad bounds", extending("board { bounds 0 x 9 }"), "E132", 3, 9),
    ("E132 unknown draw mode", extending("supply { draw sack }"), "E132", 3, 15),
    ("E132 unknown marker", extending("on place covers small-city: extra turn"), "E132", 3, 17),
    ("E110 trigger kind", extending("on place shows forest: score 1"), "E110", 3, 16),
    ("E110 first player kind", extending("turn { first player draw most raod }"),
     "E110", 3, 31),
    # --- warnings ---
    ("W301 lonely side",
     mini(extra="feature meadow { geometry field }", tiles=FIELD_TILE_W301), "W301", 9, 6),
    ("W302 same up to rotation", mini(tiles=TILE + "\ntile B 1 city S; road E-W"), "W302", 10, 6),
    ("W302 the same tile", mini(tiles=TILE + "\ntile B 1 city N; road E-W"), "W302", 10, 6),
    ("W302 a variant's tile like the rule set's", extending("tile D2 1 city N; road W-E"),
     "W302", 3, 6),
    ("W303 unused kind", mini(extra="feature castle { geometry area score complete = tiles }"),
     "W303", 8, 9),
    ("E141 a field scored when complete",
     mini(extra="override feature field { score complete = tiles }"), "E141", 8, 26),
    ("E141 pennants on a kind without them",
     mini(extra="override feature road { score complete = tiles + pennants }"), "E141", 8, 50),
    ("E141 score 0",
     extending("on complete city: score 0"), "E141", 3, 25),
    ("W309 a path of dead ends only",
     mini(extra="landmark tree\nfeature trail { geometry path followers yes score complete = "
                "tiles }", tiles=TILE + "\ntile B 1 trail N -> tree; city S"), "W309", 9, 45),
    ("W309 a centre on a table too narrow",
     extending("board { bounds 2 x 9 }"), "W309", 3, 9),
    ("W304 followers never scored",
     mini(extra="feature castle { geometry area followers yes }"), "W304", 8, 32),
    # --- found by the audits ---
    ("E008 a number too long", mini(tiles="tile A 1234567890123456789012 city N; road W-E"),
     "E008", 9, 8),
    ("E006 an expression too deep",
     mini(extra="override feature city { score final = " + "1 + (" * 40 + "1" + ")" * 40 + " }"),
     "E006", 8, 199),
    ("E104 extends the same file twice", extending("extends base"), "E104", 3, 9),
    ("E104 two headers", "rules t\nrules u\n", "E104", 2, 1),
    ("E123 no game block: at the header", "rules t\nrules u\n", "E123", 1, 1),
    ("E101 a parameter twice", "variant v for base\nparam w = 1\nparam w = 2\n", "E101", 3, 7),
    ("E101 a property twice", mini(game="players 2..5 players 3..4 start A"), "E101", 2, 21),
    ("E103 a variant for a variant", "variant v for farmers\n", "E103", 1, 15),
    ("E005 a variant with itself", 'variant v for base with "t.carc"\n', "E005", 1, 25),
    ("W305 unused legend entry",
     extending('board { map "R." legend { "R" start R "." square "x" square } start areas 1 }'),
     "W305", 3, 50),
    ("W305 unreachable square",
     extending('board { map "R~." legend { "R" start R "." square "~" off } start areas 1 }'),
     "W305", 3, 16),
    ("W308 a supply outside the player range",
     mini(game="players 2..5 followers 7 followers 5 for 7 start A"), "W308", 2, 33),
    ("E121 overlapping supplies",
     mini(game="players 2..5 followers 5 for 2..3 followers 6 for 3..5 start A"), "E121", 2, 42),
    ("E121 absurd player counts", mini(game="players 2..5 followers 5 for -99999999..3 start A"),
     "E121", 2, 21),
    ("E134 token set-up beyond the supply", extending("token nut { supply 10 each player 3 }"),
     "E134", 3, 23),
    ("E207 coats of arms on a border road",
     extending('board { map "1R" legend { "R" start R "1" square border W road pennants 1 X } '
               'start areas 1 }'), "E207", 3, 14),
    ("E133 ragged map rows",
     extending('board { map "R."\n  "." legend { "R" start R "." square } start areas 1 }'),
     "E133", 4, 5),
    ("E133 two borders on one off-map square",
     extending('board { map "1~2"\n "R.." legend { "R" start R "." square "~" off '
               '"1" square border E road "2" square border W road } start areas 1 }'),
     "E133", 3, 16),
    ("E204 no field kind, a bare side",
     "rules t\ngame { start A }\nfeature city { geometry area }\ntile A 1 city N\n", "E204", 4, 6),
    ("E132 most KIND without draw", extending("turn { first player seat0 most road }"),
     "E132", 3, 32),
    ("E132 hands the supply cannot deal",
     extending("override game { players 4..5 }\nsupply { hand 20 }"), "E132", 4, 10),
    ("W308 hands for the most players", extending("supply { hand 15 }"), "W308", 3, 10),
    ("W301 the only tile with a side", mini(extra="feature castle { geometry area }",
                                            tiles=TILE + "\ntile B 1 castle N"), "W301", 10, 6),
    # --- every form of message a single file can get (catalog_en.DIAGNOSTICS) ---
    ("E001 end of file in a block", "rules t\ngame {\n  players 2..5\n", "E001", 3, 14),
    ("E001 a name where a keyword goes",
     "rules t\ngame { players 2..5 start A }\nfeature road { geometry path } castle\n",
     "E001", 3, 32),
    ("E207 a number after a segment", "rules t\ntile A 1 city N 12\n", "E207", 2, 17),
    ("E001 a string after a segment", 'rules t\ntile A 1 city N "x"\n', "E001", 2, 17),
    ("E005 a file extending itself", 'rules t\nextends "t.carc"\n', "E005", 2, 9),
    ("E004 no such file", 'rules t\nextends "nope.carc"\n', "E004", 2, 9),
    ("E101 a second game", extending("game { players 2..5 }"), "E101", 3, 1),
    ("E102 removing a kind not there", extending("remove feature citty"), "E102", 3, 1),
    ("E102 removing a figure not there", extending("remove figure big"), "E102", 3, 1),
    ("E102 removing a token not there", extending("remove token nut"), "E102", 3, 1),
    ("E102 removing a group not there", extending("remove group riverr"), "E102", 3, 1),
    ("E108 a param inside when", "variant v for base\nwhen farmers {\nparam w = 1\n}\n",
     "E108", 3, 7),
    ("E108 extends inside when", "variant v for base\nwhen farmers {\nextends base\n}\n",
     "E108", 3, 9),
    ("E108 a header inside when", "variant v for base\nwhen farmers {\nvariant x for base\n}\n",
     "E108", 3, 1),
    ("W108 when names no variant", "variant v for base\nwhen farmerz {\n}\n", "W108", 2, 6),
    ("E101 a word named twice", extending('names nl { road "weg" road "baan" }'), "E101", 3, 23),
    ("E101 a title twice", mini(game='players 2..5 title "A" title "B" start A'), "E101", 2, 31),
    ("E101 a token twice", extending("token nut { supply 3 }\ntoken nut { supply 4 }"),
     "E101", 4, 7),
    ("E102 override of no game", "rules t\noverride game { players 2..3 }\n", "E102", 2, 1),
    ("E102 override of no token", extending("override token nut { supply 3 }"), "E102", 3, 16),
    ("E103 a variant extending a rule set", "variant v for base\nextends base\n", "E103", 2, 9),
    ("E103 with a rule set", "variant v for base with pnp-demo\n", "E103", 1, 25),
    ("E104 a variant extended twice", "variant v for base\nextends farmers\nextends farmers\n",
     "E104", 3, 9),
    ("E110 a border of a centre kind",
     extending('board { map "1R" legend { "R" start R "." square "1" square border W monastery'
               ' } start areas 1 }'), "E110", 3, 14),
    ("E110 a border of no kind",
     extending('board { map "1R" legend { "R" start R "." square "1" square border W raod } '
               'start areas 1 }'), "E110", 3, 14),
    ("E110 a draw-off by a centre kind", extending("turn { first player draw most monastery }"),
     "E110", 3, 31),
    ("E110 a printed city of a path kind",
     extending('board { map "RH" legend { "R" start R "." square "H" printed road Hamburg } '
               'start areas 1 }'), "E110", 3, 15),
    ("E110 a printed city of no kind",
     extending('board { map "RH" legend { "R" start R "." square "H" printed ctiy Hamburg } '
               'start areas 1 }'), "E110", 3, 15),
    ("E110 tokens put on no kind",
     extending("token nut { supply 10 }\non place shows city: put 1 nut on citty"), "E110", 4, 35),
    ("E113 completed of no kind",
     mini(extra="override feature field { score final = 3 * completed(cty) }"), "E113", 8, 44),
    ("E113 markers nobody has", mini(extra="override feature city { score final = markers(smal) }"),
     "E113", 8, 39),
    ("E132 bounds and a map", extending('board { bounds 9 x 9 map "R" legend { "R" start R } }'),
     "E132", 3, 9),
    ("E132 more start areas than the map has",
     extending('board { map "R." legend { "R" start R "." square } start areas 3 }'),
     "E132", 3, 52),
    ("E133 a start area on two squares",
     extending('board { map "R.R" legend { "R" start R "." square } }'), "E133", 3, 16),
    ("E132 a variant changing a printed map's edge",
     'variant t for maps-germany\nboard { edge neighbours filled }\n', "E132", 2, 25),
    ("E132 draw without a kind", extending("turn { first player draw }"), "E132", 3, 21),
    ("E132 unknown edge neighbours", extending("board { bounds 9 x 9 edge neighbours sometimes }"),
     "E132", 3, 38),
    ("E132 unknown first player rule", extending("turn { first player eldest }"), "E132", 3, 21),
    ("E132 unknown hand visibility", extending("supply { hand 3 shown }"), "E132", 3, 17),
    ("E132 unknown start tile mode", extending("supply { start tile hidden }"), "E132", 3, 21),
    ("E132 a hand too big", extending("supply { hand 99 }"), "E132", 3, 10),
    ("E132 no sets", extending("supply { sets 0 }"), "E132", 3, 10),
    ("E133 a border facing a square",
     extending('board { map "1R" legend { "R" start R "." square "1" square border E road } '
               'start areas 1 }'), "E133", 3, 14),
    ("E133 a border on no side",
     extending('board { map "1R" legend { "R" start R "." square "1" square border Q road } '
               'start areas 1 }'), "E133", 3, 14),
    ("E133 a legend key of two characters",
     extending('board { map "R" legend { "R" start R "ab" square } }'), "E133", 3, 38),
    ("E133 a legend key twice", extending('board { map "R" legend { "R" start R "R" square } }'),
     "E133", 3, 38),
    ("E133 a legend without a map", extending('board { legend { "R" start R } }'), "E133", 3, 9),
    ("E134 a negative supply", extending("token nut { supply -1 }"), "E134", 3, 7),
    ("E205 a field without ports", mini(tiles="tile A 1 city N; road W-E; field"), "E205", 9, 28),
    ("E206 a road running on through a landmark",
     mini(extra="landmark tree",
          tiles="tile A 1 road W -> tree; road E -> tree\ntile B 1 road S -> tree"),
     "E206", 10, 10),
    ("E207 coats of arms on a printed city",
     extending('feature castle { geometry area }\nboard { map "RH" legend { "R" start R '
               '"H" printed castle Hamburg pennants 2 } start areas 1 }'), "E207", 4, 15),
    ("E208 touches a half of a city side",
     mini(tiles="tile A 1 city N; road W-E; field ENE+WNW touches NNE; field ESE+SSE+SSW+WSW"),
     "E208", 9, 28),
    ("W305 a printed city nobody reaches",
     extending('board { map "R~H" legend { "R" start R "." square "~" off '
               '"H" printed city Hamburg } start areas 1 }'), "W305", 3, 16),
    ("W305 squares nobody reaches",
     extending('board { map "R~.." legend { "R" start R "." square "~" off } start areas 1 }'),
     "W305", 3, 16),
    # --- figures, tile groups, triggers, attributes, enclosed fields (expansions) ---
    ("E101 a figure twice", extending("figure big { strength 2 }\nfigure big { strength 3 }"),
     "E101", 4, 8),
    ("E101 a group twice", extending("group g A\ngroup g B"), "E101", 4, 7),
    ("E102 override of no figure", extending("override figure bigg { strength 2 }"),
     "E102", 3, 17),
    ("E102 tiles += in a game block", mini(game="players 2..5 tiles += 3 start A"),
     "E102", 2, 21),
    ("E110 a figure standing on no kind",
     extending("figure abbot { stands on monastery, gardn }"), "E110", 3, 37),
    ("E110 on complete of no kind", extending("on complete citty: score 1"), "E110", 3, 13),
    ("E110 on complete of a field", extending("on complete field: score 1"), "E110", 3, 13),
    ("E110 extends no kind",
     extending("on place extends road, raod with own follower: extra turn"), "E110", 3, 24),
    ("E110 extends a centre",
     extending("on place extends monastery with own follower: extra turn"), "E110", 3, 18),
    ("E110 require of no kind", extending("on place shows city: require joins citty"),
     "E110", 3, 36),
    ("E110 no-repeat of an area", extending("on place shows city: require no-repeat city"),
     "E110", 3, 40),
    ("E110 joins of a centre", extending("on place shows city: require joins monastery"),
     "E110", 3, 36),
    ("E113 own of no figure", extending("override feature field { score final = own(pgi) }"),
     "E113", 3, 40),
    ("E117 a figure named like a kind", extending("figure city { strength 2 }"), "E117", 3, 8),
    ("E117 a figure named like the follower", extending("figure meeple { strength 2 }"),
     "E117", 3, 8),
    ("E121 a figure each player -1", extending("figure big { each player -1 }"),
     "E121", 3, 14),
    ("E121 a negative strength", extending("figure big { strength -1 }"), "E121", 3, 14),
    ("E121 with own no figure", extending("figure pig { strength 0 with own folower }"),
     "E121", 3, 34),
    ("E121 a figure needing itself", extending("figure pig { strength 0 with own pig }"),
     "E121", 3, 34),
    ("E121 recall score complete", extending("figure abbot { recall score complete }"),
     "E121", 3, 16),
    ("E121 extends with own no figure",
     extending("on place extends road with own buidler: extra turn"), "E121", 3, 32),
    ("E132 a group called rest", extending("group rest A"), "E132", 3, 7),
    ("E132 an empty group (JSON)", f'rules t\nextends "{BROKEN_FILES}/empty-group.json"\n',
     "E132", 0, 0),
    ("E132 a tile twice in a group", extending("group g A, B, A"), "E132", 3, 15),
    ("E132 a group of no tile", extending("group g A, Q9"), "E132", 3, 12),
    ("E132 the start tile in a group", extending("group g C, D"), "E132", 3, 12),
    ("E132 a tile in two groups", extending("group g A\ngroup h B, A"), "E132", 4, 12),
    ("W310 a group the order does not name",
     extending("group g A\ngroup h B\nsupply { order g, rest }"), "W310", 4, 7),
    ("W310 a group and no order", extending("group g A"), "W310", 3, 7),
    ("E132 an order of no group", extending("group g A\nsupply { order g, lake, rest }"),
     "E132", 4, 19),
    ("E132 an order naming a group twice", extending("group g A\nsupply { order g, rest, g }"),
     "E132", 4, 25),
    ("E132 an unknown requirement", extending("on place shows road: require jions road"),
     "E132", 3, 30),
    ("E132 require under on complete", extending("on complete city: require joins road"),
     "E132", 3, 27),
    ("E132 a distance for joins", extending("on place shows road: require joins road 3"),
     "E132", 3, 30),
    ("E132 look-ahead of no squares",
     extending("on place shows road: require look-ahead road 0"), "E132", 3, 30),
    ("E134 negative majority points",
     extending("token wine { supply 9 score final most -10 }"), "E134", 3, 23),
    ("E134 take of no token",
     extending("override feature city { attribute wine count }\non complete city: take wien"),
     "E134", 4, 24),
    ("E134 take by no attribute", extending("token wine { supply 9 }\non complete city: take wine"),
     "E134", 4, 24),
    ("E134 take under on place",
     extending("token wine { supply 9 }\non place shows city: take wine"), "E134", 4, 27),
    # a description (`about`) is one line of text
    ("E135 an empty about", extending('about "  "'), "E135", 3, 1),
    ("E135 an about too long", extending('about nl "' + "x" * 201 + '"'), "E135", 3, 1),
    ("E135 an about of two lines (JSON)",
     f'rules t\nextends "{BROKEN_FILES}/about-newline.json"\n', "E135", 0, 0),
    ("E101 an about twice in one language", extending('about "One."\nabout "Two."'),
     "E101", 4, 1),
    ("E108 an about inside a when block", extending('when farmers {\n    about "No."\n}'),
     "E108", 4, 5),
    ("E207 an attribute the kind lacks", mini(tiles="tile A 2 city N inn; road W-E"),
     "E207", 9, 17),
    ("E207 an attribute amount 0",
     mini(extra="override feature city { attribute wine count }",
          tiles="tile A 2 city N wine 0; road W-E"), "E207", 9, 17),
    ("E207 an unknown merge", mini(extra="override feature city { attribute wine many }"),
     "E207", 8, 40),
    ("E207 an attribute named like a quantity",
     mini(extra="override feature city { attribute tiles count }"), "E207", 8, 35),
    ("E208 an enclosed field touching no area",
     mini(tiles="tile A 2 city N; road W-E; field touches S"), "E208", 9, 42),
    ("E208 an enclosed field touching half a city",
     mini(tiles="tile A 2 city N; city S; road W-E; field touches SSE"), "E208", 9, 50),
    # --- rules that check and would do nothing (E141 at the word; warnings where a bundled
    # rule set relies on the pattern) ---
    ("E141 shows a kind no tile has", extending("on place shows garden: score 5"),
     "E141", 3, 16),
    ("E141 tokens put on a kind no tile has",
     extending("token coin { supply 9 collected yes score final = 1 }\n"
               "on place shows city: put 1 coin on garden"), "E141", 4, 36),
    ("E141 a requirement of a kind no tile has",
     extending("feature trail { geometry path }\non place shows road: require no-repeat trail"),
     "E141", 4, 40),
    ("E141 on complete of a kind no tile has", extending("on complete garden: score 1"),
     "E141", 3, 13),
    ("E141 extends a kind no tile has",
     extending("feature trail { geometry path followers yes score complete = tiles }\n"
               "on place extends trail with own follower: extra turn"), "E141", 4, 18),
    ("E141 a figure only on kinds no tile has", extending("figure gnome { stands on garden }"),
     "E141", 3, 26),
    ("E141 a figure at a corner only on centres",
     extending("figure gnome { stands on monastery  at corner }"), "E141", 3, 37),
    ("E141 a figure at a corner only on paths and centres (no path reaches a corner)",
     extending("figure post { stands on road, monastery  at corner }"), "E141", 3, 42),
    ("E141 put 0 tokens",
     extending("token coin { supply 9 collected yes score final = 1 }\n"
               "on place shows city: put 0 coin on city"), "E141", 4, 28),
    ("E141 a token with no supply",
     extending("token coin { supply 0 }\non place shows city: put 1 coin on city"),
     "E141", 3, 14),
    ("E141 a token nobody gets or sees", extending("token gem { supply 10 score final most 5 }"),
     "E141", 3, 7),
    ("E141 a token scoring 0",
     extending("token coin { supply 5 each player 1 score final = 0 }"), "E141", 3, 37),
    ("E141 a token's majority scoring 0",
     extending("token coin { supply 5 each player 1 score final most 0 }"), "E141", 3, 37),
    ("E141 += 0", mini(extra="override feature road { score complete += 0 }"), "E141", 8, 25),
    ("E141 += a term always 0",
     mini(extra="override feature city { score final += 0 * pennants }"), "E141", 8, 25),
    ("E141 an attribute no tile carries",
     mini(extra="override feature city { attribute gold flag score complete += 10 * gold }"),
     "E141", 8, 68),
    ("E141 take of an attribute no tile carries",
     extending("token gold { supply 10 score final most 5 }\n"
               "override feature city { attribute gold count }\non complete city: take gold"),
     "E141", 5, 24),
    ("E141 with own on centres only",
     extending("figure hermit { stands on monastery with own follower }"), "E141", 3, 46),
    ("E141 extends where no such figure stands",
     extending("on place extends field with own follower: extra turn"), "E141", 3, 18),
    ("W312 a kind scored that nobody stands on",
     extending("override feature road { followers no }"), "W312", 3, 25),
    ("W311 scoring tokens never collected",
     extending("token coin { supply 80 score final = 1 }\n"
               "on place shows city: put 1 coin on city"), "W311", 4, 28),
    ("W311 scoring tokens left on the start tile",
     extending("token nut { supply 80 start sides 1 score final = 1 }"), "W311", 3, 23),
    ("W311 tokens where nobody stands",
     extending("token coin { supply 80 collected yes score final = 1 }\n"
               "on place shows city: put 1 coin on field"), "W311", 4, 36),
    ("W313 a figure nobody has", extending("figure ghost { each player 0 }"), "W313", 3, 16),
    ("E142 a division by 0", extending("override feature city { score final = tiles // 0 }"),
     "E142", 3, 48),
    ("W304 a figure on kinds never scored", extending("figure scarecrow { stands on field }"),
     "W304", 3, 30),
    ("W303 at the variant's override",
     "variant t for base\noverride feature garden { score final = 1 }\n", "W303", 2, 27),
]


@pytest.mark.parametrize(("text", "code", "line", "column"),
                         [pytest.param(*row[1:], id=row[0]) for row in BROKEN])
def test_broken_input_is_reported_where_it_is(tmp_path, text, code, line, column):
    found = diagnose(tmp_path, text)
    assert code in CODES
    where = {(d.code, d.loc.line, d.loc.column) for d in found if d.loc}
    assert (code, line, column) in where, "\n".join(
        f"{d.loc}: {d.code} {d.message}" for d in found)
    wanted = next(d for d in found if (d.code, d.loc and d.loc.line, d.loc and d.loc.column)
                  == (code, line, column))
    assert wanted.loc.file.endswith((".carc", ".json"))
    assert wanted.is_error == code.startswith("E")
    assert wanted.message and "None" not in wanted.message


@pytest.mark.parametrize("text", [pytest.param(row[1], id=row[0]) for row in BROKEN])
def test_broken_input_is_told_in_dutch(tmp_path, text):
    """Every message of the table in Dutch: from its own template (no English fallback), with
    exactly the arguments the template reads (no field left unfilled)."""
    rules, found, _ = compose_text(tmp_path, text)
    found += check(rules) if rules is not None else []
    words = Words(rules, "nl")
    for diag in found:
        template = catalog_nl.DIAGNOSTICS.get(diag.key)
        assert template is not None, diag.key
        assert placeholders(template) == set(diag.args), diag.key
        said = words.say("DIAGNOSTICS", diag.key, diag.args)
        assert said is not None and said != diag.message, diag.key


def test_every_checker_code_is_in_the_table():
    emitted = {row[2] for row in BROKEN}
    # by number: 0xx reading and 1xx up to 109 composing files (some need several
    # variants given, which one text cannot); from 110 on, the checker's own
    wanted = {code for code in CODES if code[1:] >= "110"}
    assert wanted <= emitted, sorted(wanted - emitted)


@pytest.mark.parametrize(("text", "needle"), [
    (mini(tiles="tile A 1 city N; raod W-E"), "did you mean 'road'?"),
    (mini(extra="feature castle { geometry aera }"), "did you mean 'area'?"),
    (mini(extra="feature trail { geometry path ends at vilage }"), "did you mean 'village'?"),
    (mini(extra="override feature city { score final = tilez }"), "did you mean 'tiles'?"),
    (mini(game="players 2..5 start Alpah", tiles="tile Alpha 1 city N"), "did you mean 'Alpha'?"),
    (mini(game=GAME + " end supply-emtpy"), "did you mean 'supply-empty'?"),
    (mini(tiles="tile A 1 city n; road W-E"), "did you mean 'N'?"),
    (mini(extra="override feature field { score final = completed(cty) }"),
     "did you mean 'city'?"),
    (mini(extra="override feature city { scorers majorty }"), "did you mean 'majority'?"),
    (mini(extra="override feature city { colour stelblue }"), "did you mean 'steelblue'?"),
    (mini(extra="override feature city { look wals }"), "did you mean 'walls'?"),
    (mini(extra="override feature road { look walls }"), "give 'road' one of the looks track, "
     "stream, plain"),
    ("rules t\nextends bsae\n", "did you mean 'base'?"),
    ("rules t\ngame {\n  followers\n}\n", "expected a number"),
    (mini(extra="override feature city { score completed = tiles }"),
     "unexpected name 'completed' (did you mean 'complete'?); expected complete or final"),
    (mini(extra="on place covers small-city: extra turnn"),
     "unexpected name 'turnn' (did you mean 'turn'?)"),
    (extending("remove tiles"), "unexpected name 'tiles' (did you mean 'tile'?); expected "
     "'all', 'feature', 'figure', 'group', 'tile' or 'token'"),
    ("rules t\ntile Y 1 city N road W-E\n", "'road' starts another segment: a ';' is missing"),
    (mini(tiles="tile Y 1 city N pennnat"), "'pennnat' (did you mean 'pennant'?)"),
    ("rules t\ntile Y 1 city N\nfeture lake { geometry area }\n",
     "unexpected name 'feture' (did you mean 'feature'?)"),
    ("rules t\ntile Y 1 city N\n  remov tile A\n", "unexpected name 'remov' (did you mean "
     "'remove'?)"),
    ("rules t\ntile Y 1 city N\n   road S -> city\n",
     "'road' starts another segment: a ';' is missing"),
    (extending("remove tiles\non place surrounded extra turn"), "unexpected 'extra'; expected "
     "':'"),  # said after the glued 'tiles' of the line before
    (mini(game="players 2..5 tiles 3 start A"),
     "3 tiles but the tile counts add up to 2 (1 fewer)"),
    (mini(tiles=TILE + "\ntile B 1 city S; road E-W"), "same as tile 'A' turned 180°"),
])
def test_messages_help(tmp_path, text, needle):
    messages = [d.message for d in diagnose(tmp_path, text)]
    assert any(needle in message for message in messages), messages


def test_checker_collects_every_problem(tmp_path):
    text = mini(game="players 0..5 followers -1 start Q",
                extra="feature castle { geometry aera }",
                tiles="tile A 0 city NN; raod W-E; road S")
    codes = {d.code for d in diagnose(tmp_path, text)}
    assert {"E120", "E121", "E114", "E112", "E201", "E202", "E110", "E206"} <= codes


def test_derived_fields_of_a_road_to_the_city_are_fine(tmp_path):
    text = mini(tiles="tile A 1 city N+E+W pennant; road S -> city\n"
                      "tile B 1 road E -> village; road S -> village; road W -> village")
    assert [d for d in diagnose(tmp_path, text) if d.is_error] == []


def test_a_road_passing_a_landmark_that_does_not_end_it(tmp_path):
    text = mini(extra="landmark tree",
                tiles="tile A 1 road W -> tree; road E -> tree\ntile B 1 road S -> tree")
    found = [d for d in diagnose(tmp_path, text) if d.is_error]
    assert [(d.code, d.loc.line) for d in found] == [("E206", 10)]


# --- compose-level problems that have no line --------------------------------------------


def test_binary_file_is_e003(tmp_path):
    (tmp_path / "bin.carc").write_bytes(b"rules t\x00\x01\x02")
    rules, found, _ = compose(tmp_path / "bin.carc")
    assert rules is None
    assert [d.code for d in found] == ["E003"] and "binary" in found[0].message


def test_non_utf8_file_is_e003(tmp_path):
    (tmp_path / "latin.carc").write_bytes("rules t\n# caf\xe9\n".encode("latin-1"))
    rules, found, _ = compose(tmp_path / "latin.carc")
    assert rules is None
    assert [d.code for d in found] == ["E003"] and "UTF-8" in found[0].message


@pytest.mark.parametrize(("text", "says"), [
    ("", "the file is empty: a rule file starts with `rules NAME`"),
    ("# a comment\n\n", "the file is empty"),
    ("extends base\noverride game { followers 3 }\n", "no header: a rule file starts with"),
])
def test_a_file_without_a_header_is_one_e106(tmp_path, text, says):
    (tmp_path / "empty.carc").write_text(text)
    rules, found, _ = compose(tmp_path / "empty.carc")
    assert rules is None  # no follow-on errors (no start tile, no tiles)
    assert [(d.code, d.loc.line, d.loc.column) for d in found] == [("E106", 1, 1)]
    assert found[0].message.startswith(says)


def test_extends_cycle_is_e005(tmp_path):
    (tmp_path / "a.carc").write_text('rules a\nextends "b.carc"\n')
    (tmp_path / "b.carc").write_text('rules b\nextends "a.carc"\n')
    _rules, found, _ = compose(tmp_path / "a.carc")
    cycles = [d for d in found if d.code == "E005"]
    assert cycles and (cycles[0].loc.line, cycles[0].loc.column) == (2, 9)
    assert "a.carc" in cycles[0].message and "b.carc" in cycles[0].message


def test_rule_set_used_as_variant_is_e103():
    _rules, found, _ = compose("base", ("pnp-demo",))
    assert "E103" in {d.code for d in found}


# --- syntax: every error, in plain words ----------------------------------------------------


def syntax_errors(tmp_path: Path, text: str) -> list[tuple[str, int, int, str]]:
    """The problems of reading ``text``; the checks of meaning that run on what parsed are
    test_checker_recovery's."""
    _rules, found, _ = compose_text(tmp_path, text)
    return [(d.code, d.loc.line, d.loc.column, d.message) for d in found
            if d.code in ("E001", "E002", "E006", "E008")]


def test_every_syntax_error_of_a_file_is_reported(tmp_path):
    text = ("rules t\ngame { players 2..5 followers x start A }\n"
            "feature road { geometry path score complete = 2 * * tiles }\n"
            "tile A 1 city N; road W-E @\n")
    found = syntax_errors(tmp_path, text)
    assert [(code, line, col) for code, line, col, _ in found] == [
        ("E001", 2, 31), ("E001", 3, 51), ("E002", 4, 27)]


def test_a_block_missing_its_brace_is_one_error(tmp_path):
    text = "rules t\ngame { players 2..5 followers 7 start A\nfeature road { geometry path }\n"
    ((code, line, col, message),) = syntax_errors(tmp_path, text)
    assert (code, line, col) == ("E001", 3, 1)
    assert message.startswith("unexpected 'feature'; expected '}', ")


def test_a_missing_brace_comes_first_in_the_expected_tokens(tmp_path):
    ((_code, _line, _col, message),) = syntax_errors(
        tmp_path, "rules t\ngame { players 2..5 followers 7 start A\n")
    assert message.startswith("unexpected end of file; expected '}', ")


@pytest.mark.parametrize(("text", "hint"), [
    ("rules t\nfeture lake { geometry area }\n", "(did you mean 'feature'?)"),
    ("rules t\ngame { player 2..5 }\n", "(did you mean 'players'?)"),
])
def test_misspelt_keywords_get_a_hint(tmp_path, text, hint):
    ((_code, _line, _col, message),) = syntax_errors(tmp_path, text)
    assert hint in message


def test_a_giant_token_is_shortened(tmp_path):
    ((_code, _line, _col, message),) = syntax_errors(tmp_path, "rules t\n" + "x" * 100_000 + "\n")
    assert len(message) < 400 and "(100,000 characters)" in message


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_cr_line_endings_count_lines_like_lf(tmp_path, newline, capsys):
    text = newline.join(["rules t", "# a comment", "game { players 2..5 followers x }", ""])
    path = tmp_path / "t.carc"
    path.write_bytes(text.encode())
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert ":3:31: error[E001]" in out and "    game { players 2..5 followers x }\n" in out


def test_a_form_feed_does_not_shift_the_shown_line(tmp_path, capsys):
    path = tmp_path / "t.carc"
    path.write_text("rules t\n# page\x0cbreak\ngame { players 2..5 followers x }\n")
    assert main(["check", str(path)]) == 1
    assert "    game { players 2..5 followers x }\n" in capsys.readouterr().out


def test_a_number_too_long_is_reported_not_converted(tmp_path):
    text = extending("override tile D " + "9" * 5000 + " city N; road W-E")
    ((code, line, col, message),) = syntax_errors(tmp_path, text)
    assert (code, line, col) == ("E008", 3, 17) and "5,000 digits" in message


def test_one_player_count_is_a_range_of_one(tmp_path):
    rules, found, _ = compose_text(tmp_path, extending("override game { players 3 }"))
    assert found == [] and rules.game.players == (3, 3)


def test_absurd_player_ranges_are_reported_without_walking_them(tmp_path):
    """Ranges are compared as ranges. Walking 10^12 player counts would hang: the bound
    below catches that (a hang, not a speed; speed is measured in bench/)."""
    started = time.perf_counter()
    found = diagnose(tmp_path, extending("override game { followers 5 for -999999999999..3 }\n"
                                         "override game { players -99999999999..5 }"))
    assert time.perf_counter() - started < 60
    assert {"E120", "E121"} <= {d.code for d in found}


# --- composition: each file once, no follow-on errors ---------------------------------------


def test_a_broken_extended_file_gives_no_follow_on_errors(tmp_path):
    (tmp_path / "mid.carc").write_text("rules mid\nextends base\noverride game { followers x }\n")
    rules, found, _ = compose_text(tmp_path, 'rules top\nextends "mid.carc"\n'
                                             "override tile D 4 city N; road W-E\n", "top.carc")
    assert rules is not None  # what parsed is checked; the broken game block says nothing
    assert [(d.code, Path(d.loc.file).name, d.loc.line) for d in [*found, *check(rules)]] == [
        ("E001", "mid.carc", 3)]


def test_a_variant_applied_twice_is_one_error():
    rules, found, _ = compose("base", ("farmers", "farmers"))
    assert [d.code for d in found] == ["E104"] and "farmers" in found[0].message


def test_a_variant_for_another_rule_set_that_does_not_fit():
    rules, found, _ = compose("base", ("nuts-proposal",))
    assert rules is None
    assert [d.code for d in found] == ["E103"]
    assert "for nuts" in found[0].message and found[0].loc.line == 14


def test_a_variant_for_another_rule_set_that_fits():
    rules, found, _ = compose("nuts", ("bag",))
    assert rules is not None and found == [] and rules.supply.draw == "bag"


def test_a_variant_in_a_with_cycle(tmp_path):
    (tmp_path / "b.carc").write_text('variant b for base with "a.carc"\n')
    _rules, found, _ = compose_text(tmp_path, 'variant a for base with "b.carc"\n', "a.carc")
    assert [d.code for d in found] == ["E005"] and "cycle" in found[0].message


RICH_FARMERS = ("variant rich-farmers for base with farmers\n"
                "override feature field { score final = 4 * completed(city) }\n")


@pytest.mark.parametrize(("variants", "warned"), [
    (("farmers", "rich.carc"), []),
    # farmers missing: it is applied first, and that is said (fields would score nothing)
    (("rich.carc",), [("W107", 1, 36)]),
    # farmers after it: applied first all the same, and not again
    (("rich.carc", "farmers"), [("W107", 1, 36)]),
])
def test_a_variant_given_without_its_with_gets_it_first_w107(tmp_path, variants, warned):
    (tmp_path / "rich.carc").write_text(RICH_FARMERS, encoding="utf-8")
    paths = [tmp_path / v if v.endswith(".carc") else v for v in variants]
    rules, found, _ = compose("base", tuple(paths))
    assert rules is not None
    assert [(d.code, d.loc.line, d.loc.column) for d in found] == warned
    assert rules.variants == ("farmers", "rich-farmers")
    assert rules.feature_kind("field").followers  # farmers' own rule, which rich-farmers needs
    if warned:
        assert found[0].message == ("applying 'farmers' first, as variant 'rich-farmers' "
                                    "needs it (`with farmers`)")
    _rules, alone, _ = compose(tmp_path / "rich.carc")  # checked alone, `with` applies it
    assert alone == []


@pytest.mark.parametrize(("variants", "warned"), [
    (("incomplete-zero", "small-city-roads"), ("small-city-roads.carc", 11, "incomplete-zero")),
    (("small-city-roads", "incomplete-zero"), ("incomplete-zero.carc", 13, "small-city-roads")),
    (("small-city-penalty", "small-city-roads"), None),  # different rules: nothing replaced
])
def test_a_variant_replacing_what_an_earlier_one_set_is_w106(variants, warned):
    _rules, found, _ = compose("maps-germany", variants)
    if warned is None:
        assert found == []
        return
    file, line, earlier = warned
    assert [(d.code, d.loc.file.rsplit("/", 1)[-1], d.loc.line) for d in found] == \
        [("W106", file, line)]
    assert f"which variant '{earlier}' set: the variant given last wins" in found[0].message


def test_a_variant_may_replace_what_its_with_variant_set(tmp_path):
    (tmp_path / "rich.carc").write_text(RICH_FARMERS, encoding="utf-8")
    _rules, found, _ = compose("base", ("farmers", tmp_path / "rich.carc"))
    assert found == []


def test_play_says_w107(capsys, tmp_path):
    from carcdsl.cli.main import main

    (tmp_path / "rich.carc").write_text(RICH_FARMERS, encoding="utf-8")
    assert main(["play", "base", "--variant", str(tmp_path / "rich.carc"), "-q", "--seed",
                 "1"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("carcdsl: ") and "warning[W107]" in err and err.count("\n") == 1


@pytest.mark.parametrize(("ref", "code", "words"), [
    ("table-edge:width=3,width=5", "E130", "given twice"),
    ("hand-of-three:size=0", "E130", "takes 1 to 20"),
    ("table-edge:width=3, height=3", None, ""),
    ("table-edge:width=3;height=3", "E130", "cannot read the parameters"),
])
def test_variant_parameters(ref, code, words):
    rules, found, _ = compose("base", (ref,))
    if code is None:
        assert found == [] and rules.board.bounds == (3, 3)
        return
    assert [d.code for d in found] == [code] and words in found[0].message


def test_a_variant_checked_alone_keeps_the_problems_of_its_parameters():
    _rules, found, _ = compose("table-edge:width=3,width=5")
    assert [d.code for d in found] == ["E130"] and "given twice" in found[0].message


def test_rule_sets_take_parameters_too():
    rules, found, _ = compose("maps-germany:areas=3,sets=2")
    assert found == [] and (rules.board.start_areas, rules.supply.sets) == (3, 2)
    _rules, found, _ = compose("maps-germany:areas=4")
    assert [d.code for d in found] == ["E130"] and "takes 2 to 3" in found[0].message
    _rules, found, _ = compose("base", ("maps-germany:areas=3",))
    assert [d.code for d in found] == ["E103"] and "not a variant" in found[0].message


def test_an_override_replaces_the_supplies_it_names(tmp_path):
    (tmp_path / "adj.carc").write_text(
        "variant adj for nuts\noverride game { followers 40 for 2 }\n")
    rules, found, _ = compose(tmp_path / "adj.carc")
    assert [d for d in found + check(rules) if d.is_error] == []
    assert [rules.game.followers_for(n) for n in range(2, 7)] == [40, 30, 15, 15, 15]
    (tmp_path / "one.carc").write_text("variant one for nuts\noverride game { followers 20 }\n")
    rules, found, _ = compose(tmp_path / "one.carc")
    assert [rules.game.followers_for(n) for n in range(2, 7)] == [20] * 5


def test_a_directory_is_not_a_rule_file(tmp_path):
    rules, found, _ = compose(tmp_path)
    assert rules is None and "is a directory" in found[0].message


def test_non_utf8_is_located(tmp_path):
    (tmp_path / "latin.carc").write_bytes("rules t\n# caf\xe9\n".encode("latin-1"))
    _rules, found, _ = compose(tmp_path / "latin.carc")
    assert (found[0].code, found[0].loc.line, found[0].loc.column) == ("E003", 2, 6)


def test_printing_many_diagnostics_splits_the_source_once():
    """What keeps printing linear (its time is bench/check_scaling.py's business): the
    source is split into lines once for 20,000 problems, not once each."""
    source = "x\n" * 200_000
    diags = [Diagnostic("W301", "m", Loc("big.carc", line, 1), "warning")
             for line in range(1, 40_001, 2)]
    source_lines.cache_clear()
    shown = [format_diagnostic(diag, {"big.carc": source}) for diag in diags]
    assert source_lines.cache_info().misses == 1
    assert shown[-1].splitlines()[1].strip() == "x"


def test_maps_germany_explains_its_open_question(capsys):
    assert main(["explain", "maps-germany"]) == 0
    assert "footnote [2]" in capsys.readouterr().out


def test_stats_count_set_copies_and_describe_the_map(capsys):
    assert main(["check", "--stats", "maps-germany:sets=2"]) == 0
    out = capsys.readouterr().out
    assert "tiles (2 sets)" in out and "144" in out
    assert "big cities" in out and "small city squares" in out


# --- the bundled rule sets -------------------------------------------------------------


@pytest.mark.parametrize(("rules", "variants"), [
    ("base", ()), ("pnp-demo", ()), ("base", ("farmers",)), ("farmers", ()),
    ("pnp-demo", ("farmers",)),
])
def test_bundled_rules_check_clean(rules, variants):
    checked, warnings, sources = load_checked(rules, variants)
    assert warnings == []
    assert checked.tile_count in (72, 48)
    assert any(name.endswith(".carc") for name in sources)


def test_load_checked_raises_with_every_diagnostic(tmp_path):
    path = tmp_path / "t.carc"
    path.write_text(mini(game="players 0..5 start A", tiles="tile A 0 city N; road W"))
    with pytest.raises(RuleError) as info:
        load_checked(path)
    codes = [d.code for d in info.value.diagnostics]
    assert {"E120", "E201", "E206"} <= set(codes)
    keys = [d.sort_key() for d in info.value.diagnostics]
    assert keys == sorted(keys) and len(set(info.value.diagnostics)) == len(codes)
    assert info.value.sources[info.value.diagnostics[0].loc.file].startswith("rules t")


def test_load_checked_returns_warnings(tmp_path):
    path = tmp_path / "t.carc"
    path.write_text(mini(extra="feature castle { geometry area score complete = tiles }",
                         tiles=TILE + "\ntile B 1 monastery"))
    _rules, warnings, _ = load_checked(path)
    assert [d.code for d in warnings] == ["W303"]


def test_base_stats():
    rules, _, _ = compose("base")
    stats = tile_stats(rules)
    assert (stats["tiles"], stats["types"], stats["pennants"]) == (72, 24, 10)
    assert stats["centres"] == {"monastery": 6}
    assert sum(stats["sides"].values()) == 4 * 72
    assert stats["sides"]["city"] == 79
    assert stats["segments"]["monastery"] == 6
    table = format_stats(stats)
    assert "72" in table and "monastery" in table


def test_check_of_10000_tile_types_finds_each_duplicate():
    """10,000 tile types of three shapes: every type after the first of its shape is W302,
    and nothing else (how long it takes is bench/check_scaling.py's business)."""
    kinds = (FeatureKind("road", "path", terminals=("village",)), FeatureKind("city", "area"),
             FeatureKind("field", "field"))
    shapes = [(Segment("city", ("N",)), Segment("road", ("W", "E"))),
              (Segment("road", ("S",), ends=("village",)),), (Segment("city", ("N", "E")),)]
    geometries = {k.name: k.geometry for k in kinds}
    tiles = [with_fields(Tile(f"T{i}", 1, shapes[i % 3]), geometries) for i in range(10_000)]
    rules = RuleSet("big", Game(start="T0"), kinds, tiles, ("village",))
    found = check(rules)
    assert {d.code for d in found} == {"W302"} and len(found) == 10_000 - 3


# --- the command line ------------------------------------------------------------------


def test_cli_check_base(capsys):
    assert main(["check", "base"]) == 0
    assert capsys.readouterr().out.strip().endswith(": ok")


def test_cli_check_stats_and_variants(capsys):
    assert main(["check", "--stats", "base", "--variant", "farmers"]) == 0
    out = capsys.readouterr().out
    assert "ok" in out and "72" in out and "monastery" in out


def test_cli_check_several_files(capsys):
    farmers = str(rules_dir() / "variants" / "farmers.carc")
    assert main(["check", "pnp-demo", farmers]) == 0
    assert capsys.readouterr().out.count(": ok") == 2


@pytest.mark.parametrize("content", [
    b"rules t\ngame {\n", b"\x00\xff\xfe", b"rules t\ntile A 0 raod Q\n",
    b"", b"extends base\n" * 3, b"(" * 5000,
])
def test_cli_reports_broken_files_without_traceback(tmp_path, capsys, content):
    path = tmp_path / "broken.carc"
    path.write_bytes(content)
    assert main(["check", str(path)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "error[E" in captured.out


def test_cli_strict_fails_on_warnings(tmp_path, capsys):
    path = tmp_path / "t.carc"
    path.write_text(mini(extra="feature castle { geometry area score complete = tiles }",
                         tiles=TILE + "\ntile B 1 monastery"))
    assert main(["check", str(path)]) == 0
    assert main(["check", "--strict", str(path)]) == 1
    out = capsys.readouterr().out
    assert "warning[W303]" in out and "0 errors, 1 warning" in out


def test_cli_unknown_rules_and_usage(capsys):
    assert main(["check", "bsae"]) == 1
    assert "did you mean 'base'" in capsys.readouterr().out
    assert main(["check"]) == 1  # a usage error: one message, like any other
    assert main(["export", str(Path("no") / "such.carc")]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_cli_prints_caret_under_the_problem(tmp_path, capsys):
    path = tmp_path / "t.carc"
    path.write_text(mini(tiles="tile A 1 city N; raod W-E"))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "tile A 1 city N; raod W-E\n                     ^" in out


# --- fuzzing: composing and checking never raises ---------------------------------------

BASE_TEXT = (rules_dir() / "base.carc").read_text(encoding="utf-8")
BASE_LINES = BASE_TEXT.splitlines(keepends=True)

_junk = st.one_of(
    st.text(max_size=8),
    st.sampled_from(["\x00", "\ufeff", "é", "\u202e", "𝔘", "\r", "\t", "{", "}", ";", "->",
                     "+", "..", "#", "\"", "-"]),
    st.integers(min_value=-10**30, max_value=10**30).map(str),
    st.integers(min_value=19, max_value=6000).map(lambda n: "9" * n),  # beyond int() limits
    st.integers(min_value=1, max_value=3000).map(lambda n: "(" * n + "1" + ")" * n),
    # nesting that does not fold into one number: sums, products and conditions
    st.integers(min_value=1, max_value=700).map(
        lambda n: "score complete = " + "1 + (" * n + "tiles" + ")" * n),
    st.integers(min_value=1, max_value=300).map(
        lambda n: "score final = " + "if tiles < 2 then 1 else (" * n + "2" + ")" * n),
    st.integers(min_value=1, max_value=300).map(
        lambda n: "score complete = " + "2 * (" * n + "pennants" + ")" * n),
    # absurd and negative ranges
    st.tuples(st.integers(min_value=-10**18, max_value=10**18),
              st.integers(min_value=-10**18, max_value=10**18)).map(
        lambda r: f"override game {{ players {r[0]}..{r[1]} followers 5 for {r[1]}..{r[0]} }}"),
    st.integers(min_value=-10**18, max_value=10**18).map(
        lambda n: f"override game {{ followers 5 for {n}..3 }}"),
    st.sampled_from(["pennants 99999", "city N+N", "road", "tile Z 1 x", "override game { }",
                     "start Z", "geometry blob", "score final = completed(road)",
                     "remove all tiles", "extends base", 'extends "base.carc"', "landmark city",
                     "field NNE touches E"]),
)


@st.composite
def mutated_base(draw) -> str:
    lines = list(BASE_LINES)
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["del_line", "dup_line", "ins_line", "del_chars", "ins_chars",
                                   "replace_chars"]))
        i = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if op == "del_line" and lines:
            del lines[i]
        elif op == "dup_line" and lines:
            lines.insert(draw(st.integers(0, len(lines))), lines[i])
        elif op == "ins_line":
            lines.insert(i, draw(_junk) + "\n")
        elif lines:
            line = lines[i]
            a = draw(st.integers(0, len(line)))
            b = draw(st.integers(a, min(len(line), a + 12)))
            junk = "" if op == "del_chars" else draw(_junk)
            lines[i] = line[:a] + junk + (line[b:] if op != "ins_chars" else line[a:])
    return "".join(lines)


def _compose_and_check(path: Path) -> None:
    rules, found, _sources = compose(path)
    assert all(isinstance(d, Diagnostic) and d.code in CODES for d in found)
    if rules is not None:
        for diag in check(rules):
            assert diag.code in CODES


FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FUZZ
@given(text=mutated_base())
def test_mutated_base_never_raises(tmp_path, text):
    path = tmp_path / "mutated.carc"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _compose_and_check(path)


@FUZZ
@given(text=st.text(max_size=300))
def test_random_text_never_raises(tmp_path, text):
    path = tmp_path / "text.carc"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _compose_and_check(path)


@FUZZ
@given(data=st.binary(max_size=300))
def test_random_bytes_never_raise(tmp_path, data):
    path = tmp_path / "bytes.carc"
    path.write_bytes(data)
    _compose_and_check(path)


@pytest.mark.parametrize(("text", "codes"), [
    # base's roads to villages would all 'run on': the misspelt terminal is the one error
    (extending("override feature road { ends at villages }"), ["E111"]),
    (extending("remove tile D"), ["E114", "W122"]),  # at the removal, not at `start D`
    # the total follows once the count itself is mended
    ("rules t\ngame { players 2..5 start A tiles 1 }\nfeature city { geometry area }\n"
     "feature road { geometry path ends at city }\nfeature field { geometry field }\n"
     "tile A -3 city N; road W-E\n", ["E201"]),
])
def test_no_follow_on_errors(tmp_path, text, codes):
    found = diagnose(tmp_path, text)
    assert sorted(d.code for d in found) == codes
    assert all(d.loc.file.endswith("t.carc") for d in found)


def test_a_header_less_variant_given_on_the_command_line_is_e106(tmp_path):
    (tmp_path / "v.carc").write_text("extends base\n")
    _rules, found, _ = compose("base", (tmp_path / "v.carc",))
    assert [(d.code, d.loc.line, d.loc.column) for d in found] == [("E106", 1, 1)]


def test_a_loaded_game_keeps_the_checkers_warnings():
    game = carcdsl.load("maps-germany", ["incomplete-zero", "small-city-roads"])
    assert [d.code for d in game.warnings] == ["W106"]
    assert carcdsl.load("base").warnings == ()
