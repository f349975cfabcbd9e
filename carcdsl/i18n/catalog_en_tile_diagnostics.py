"""The checker's messages on tiles and its warnings, in English: the part of
``catalog_en_diagnostics``' ``DIAGNOSTICS`` that checks tile lines and warns (a module of its
own, so that each stays small); keys as there.
"""

from __future__ import annotations

_UNREACHABLE = "cannot be reached: no chain of squares joins it to a start area"

TILE_DIAGNOSTICS: dict[str, str] = {
    # --- tiles ---
    "E201": "tile '{name}' has count {count}; a tile type needs 1 to {most:n} copies",
    "E201/zero": "tile '{name}' has count 0; a tile type needs 1 to {most:n} copies, or 0 "
                 "when only players own it (`supply {{ each player owns {name} }}`)",
    "E201/types": "tile type number {count:n}: a rule set has at most {most:n} tile types",
    "E201/supply": "the supply holds {tiles:n} tiles (the tile counts times {sets} set{sets:|s}); "
                   "it holds at most {most:n}, passed at tile '{name}'",
    "E201/segments": "the tile types have {count:n} segments up to tile '{name}'; all tile "
                     "types together have at most {most:n}",
    "E202": "unknown port '{port}'{hint}; ports are the sides N E S W and the half-sides "
            "NNW NNE ENE ESE SSE SSW WSW WNW",
    "E202/touches": "unknown port '{port}'{hint} after `touches`",
    "E203": "tile '{name}': {places:places} {places:is|are} covered twice: this {kind} names "
            "{places:it|them} twice",
    "E203/other": "tile '{name}': {places:places} {places:is|are} covered twice: by this "
                  "{kind} and by the {other} at {ports}",
    "E204": "tile '{name}': {places} in no field; state a field for each half-side no area "
            "covers",
    "E204/derived": "tile '{name}': {places} in no field; fields can only be derived when the "
                    "rule set has one field kind (it has {kinds}): state this tile's fields",
    "E204/no-field-kind": "tile '{name}': {sides} in no segment; the rule set has no field "
                          "kind, so each side needs an area or a path (or declare one: "
                          "`feature field {{ geometry field }}`)",
    "E205/area": "{ports}: a {what} covers whole sides (N, E, S, W) only",
    "E205/path": "{ports}: a {what} covers side middles (N, E, S, W) only",
    "E205/field": "{ports}: a {what} covers half-sides (NNW, NNE, ENE, ...) only",
    "E205/area-no-ports": "a {kind} covers whole sides: name at least one (`{kind} N`)",
    "E205/field-no-ports": "a {kind} is made of half-sides: name at least one "
                           "(`{kind} NNW+NNE`)",
    "E205/centre-ports": "a {kind} sits in the tile centre and names no ports; remove "
                         "'{ports}'",
    "E206/no-side": "a {kind} runs through at least one side: name it (`{kind} S -> ...` or "
                    "`{kind} W-E`)",
    "E206/nowhere": "{kind} {sides} ends nowhere: a {kind} through one side must end at "
                    "something (`{kind} {sides} -> {terminal}`)",
    "E206/through": "{kind} {sides} runs through {count} sides and cannot also end at '{end}'",
    "E206/ends-twice": "{kind} {sides} ends twice ({ends}); a {kind} ends at one thing per tile",
    "E206/missing-end": "{kind} {sides} ends at a {end}, but tile '{tile}' has no {end}",
    "E206/runs-on": "{kind} {sides} runs on through '{end}' ('{kind}' does not end there), but "
                    "no other {kind} on tile '{tile}' leaves it: the {kind} ends nowhere",
    "E207/fits-any": "feature kind '{name}' has geometry {geometry}: only an area kind `fits "
                      "any` (its sides fit against any side)",
    "E207/kind": "feature kind '{name}' has geometry {geometry}: only area and path kinds may "
                 "carry pennants (coats of arms)",
    "E207/negative": "a segment cannot carry {count} pennants",
    "E207/segment": "{kind} segments carry no pennants (feature '{kind}' does not say "
                    "`pennants yes`)",
    "E207/printed": "printed square '{name}' shows {pennants} coat{pennants:|s} of arms, but "
                    "feature '{kind}' does not say `pennants yes`",
    "E207/border": "border {side} of ({x}, {y}) shows {pennants} coat{pennants:|s} of arms, "
                   "but feature '{kind}' does not say `pennants yes`",
    "E207/attribute": "{kind} segments carry no attribute '{name}'{hint}; feature '{kind}' "
                      "declares {known}",
    "E207/attribute-amount": "attribute '{name}' {count}: a segment carries 1 or more of an "
                             "attribute",
    "E207/merge": "attribute '{name}' {merge}: unknown kind of attribute{hint}; expected one of "
                  "{known}",
    "E207/quantity-name": "attribute '{name}' has the name of a scoring quantity; give it a "
                          "name of its own",
    "E208": "{kind} {ports} touches {port}, but tile '{tile}' has no area segment at {port}",
    "E208/side": "{kind} {ports} touches {port}, but tile '{tile}' has no area segment at "
                 "{port} (name the side: '{side}')",
    "E208/enclosed": "the {kind} without ports touches {port}, but tile '{tile}' has no area "
                     "segment at {port}",
    "E208/enclosed-side": "the {kind} without ports touches {port}, but tile '{tile}' has no "
                          "area segment at {port} (name the side: '{side}')",
    "E210/ends-at": "`ends at` applies to path kinds only; '{name}' has geometry {geometry}",
    "E210/arrow": "`->` ends a path; a {kind} has geometry {geometry}",
    "E210/touches": "`touches` says which areas a field touches; a {kind} has geometry "
                    "{geometry}",
    "E141/field": "'{name}' is a field, and fields are never completed: its `score complete` "
                  "would never apply (fields score at the end, `score final`)",
    "E141/pennants": "'{name}' says `pennants no`, so `pennants` is always 0 on it (declare "
                     "`pennants yes` in feature {name}, or leave the quantity out)",
    "E141/ties-no-figures": "'{name}' breaks ties, but says `tile figures no`: no figure ever "
                            "stands on a tile that shows it, so it breaks none",
    "E141/require-always": "`{said}` holds wherever a tile goes (8 squares around, at most): it "
                           "never refuses a placement",
    "E141/token-zero": "token '{name}': its `score final = ...` is 0 however many a player "
                       "holds",
    "E141/score-zero": "`{trigger}: score 0` gives nothing; give a number other than 0",
    "E141/no-tile-attribute": "no tile of this rule set (with its variants) has a '{kind}' "
                              "carrying '{attribute}', so `{said}` can never apply",
    "E141/neutral-unmoved": "neutral figure '{name}' never comes onto the board: no rule moves "
                            "it there (`move {name} here`) and nobody puts it beside a figure "
                            "(`beside own F`), so what it does would never happen",
    "E141/hold-itself": "`hold back {kind} until {figure}`: only a tile showing a '{kind}' "
                         "brings the {figure} onto the board, and those wait aside until it "
                         "is there: it never comes, and they never come back",
    "E141/return-never": "`{said}`: '{figure}' stands only on {kinds}, never on a '{kind}', "
                         "so this never sends one home",
    "E141/no-tile": "no tile of this rule set (with its variants) has a '{kind}', so `{said}` "
                    "can never apply: name a kind the tiles have, or add tiles with a '{kind}'",
    "E141/no-tile-require": "no tile of this rule set (with its variants) has a '{kind}', so "
                            "`require {test} {kind}` has nothing to test: name a kind the tiles "
                            "have, or add tiles with a '{kind}'",
    "E141/figure-no-tile": "figure '{name}' stands only on {kinds}, and no tile (nor map "
                           "square) has one: it can never be placed; let it stand on a kind "
                           "the tiles have",
    "E141/put-zero": "`put 0 {token}` puts nothing on the tile; put 1 or more",
    "E142": "this divisor is 0 whatever is measured, and `//` cannot divide by 0: divide by a "
            "number other than 0 "
            "(a divisor that counts 0 in play gives 0)",
    "E141/token-supply": "token '{name}' has a supply of 0 (say `supply N`): none can ever be "
                         "given out, put or taken, so nothing about it ever happens",
    "E141/token-unused": "no player ever gets or sees a '{name}' token: none is given at set-up "
                         "(`each player`, `start sides`) and no rule puts one (`put`) or hands "
                         "one out (`take`); add such a rule, or leave the token out",
    "E141/token-final-zero": "`score final = 0` gives nothing (a held '{name}' scores 0 without "
                             "it): give a number other than 0, or leave it out",
    "E141/token-most-zero": "`score final most 0` gives nothing: give the points the players "
                            "holding the most '{name}' score, or leave it out",
    "E141/add-zero": "this `score {when} +=` term is always 0 and adds nothing to '{name}': "
                     "give a term that can be more than 0, or leave it out",
    "E141/attribute-none": "no tile has a '{name}' carrying '{attribute}' (a tile's `{name} ... "
                           "{attribute} N`), so '{attribute}' is always 0 here: add tiles that "
                           "carry it, or leave the quantity out",
    "E141/take-none": "`take {token}`: no tile has a '{kind}' carrying '{token}', so completing "
                      "one never hands any out: add tiles that carry '{token}', or leave the "
                      "rule out",
    "E141/needs-centre": "figure '{name}' stands only on centres ({kinds}), and only where its "
                         "owner's {needs} already stands (`with own {needs}`); a centre lies on "
                         "the tile just placed, where nothing stands yet, so it can never be "
                         "placed: leave out `with own`, or let it stand on paths or areas",
    "E141/corner-centre": "figure '{name}' stands only on centres ({kinds}) and `at corner`; a "
                          "centre reaches no corner of its tile, so it can never be placed: let "
                          "it stand on fields or areas, or leave out `at corner`",
    "E141/corner-path": "figure '{name}' stands only on {kinds} (paths, centres) and `at "
                        "corner`; a path ends at the middle of a side and a centre lies inside "
                        "its tile: neither reaches a corner, so it can never be placed: let it "
                        "stand on fields or areas, or leave out `at corner`",
    "E141/extends-own": "`on place extends {kind} with {own}{figure}`: no {figure} can ever "
                        "stand on a '{kind}', so this never applies: name a figure that stands "
                        "on '{kind}', or another kind",
    # --- warnings ---
    "W301": "tile '{name}': no side of any other tile, in any rotation, can lie against side "
            "{sides}",
    "W302": "tile '{name}' is the same as tile '{other}'; give it a count instead",
    "W302/turned": "tile '{name}' is the same as tile '{other}' turned {degrees}°; give it a "
                   "count instead",
    "W303": "feature kind '{name}' is declared but no tile has one",
    "W309/dead-ends": "every '{name}' on every tile has one port and no end at a landmark it "
                      "ends at, so an end of every '{name}' stays open: it can never be "
                      "completed, and its `score complete` never applies (end some at a "
                      "landmark it ends at)",
    "W309/board": "'{name}' is a centre, completed when the 8 squares around it are filled; on "
                  "a table less than 3 squares wide or high whose edge does not close that "
                  "never happens: its `score complete` never applies",
    "W310/not-ordered": "group '{group}' is not in `supply {{ order ... }}`: its tiles are "
                        "drawn with the rest (name it in the order, or drop the group)",
    "W310/no-order": "group '{group}' changes nothing without `supply {{ order ... }}` (say "
                     "which groups are drawn first: `supply {{ order {group}, rest }}`)",
    "W304": "followers may stand on '{name}', but it has neither `score complete` nor `score "
            "final`: they would never score",
    "W304/figure": "figure '{name}' stands only on {kinds}, and no `score complete` or `score "
                   "final` scores any of them: it would never score",
    "W311/kept": "token '{token}' is not `collected yes`: those put on a '{kind}' stay there, "
                 "no player ever holds them, and its `score final` never counts them (say "
                 "`collected yes` in token {token})",
    "W311/kept-start": "token '{name}' is not `collected yes`: those put on the start tile's "
                       "sides stay there, and its `score final` never counts them (say "
                       "`collected yes` in token {name})",
    "W311/nobody": "tokens '{token}' put on a '{kind}' are never collected: nobody can stand on "
                   "a '{kind}' (`followers no`, and no figure stands on it), so none reaches a "
                   "player or counts for its `score final`",
    "W312": "'{name}' is scored, but no follower (`followers no`) and no figure "
            "(`stands on`) can ever stand on it, and a feature scores for those "
            "standing on it: its scoring never applies; say `followers yes`, or "
            "name it in a figure's `stands on`",
    "W313": "figure '{name}': `each player 0` gives nobody one, so it is never placed",
    "W305/legend": "the legend explains '{key}', but no square of the map shows it",
    "W305/city": "printed city {name} " + _UNREACHABLE,
    "W305/square": "square ({x}, {y}) " + _UNREACHABLE,
    "W305/squares": "square ({x}, {y}) and {more} more " + _UNREACHABLE,
    "W306": "no {lang} name for '{word}' (it stays '{word}')",
    "W307": "names {lang}: '{word}' is not a word of this rule set{hint}",
    "W308/supply": "followers {count} for {players} players: the game is for {range} players",
    "W308/each-supply": "figure '{name}': `each player {count} for {players}`: the game is for "
                        "{range} players",
    "W308/hands": "a hand of {hand} for {players} players needs {need} tiles or more; the "
                  "supply has {tiles}: such games cannot start",
}
