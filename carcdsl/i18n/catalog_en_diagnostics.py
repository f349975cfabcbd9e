"""The checker's messages in English (``DIAGNOSTICS``): a template per diagnostic code and form,
from reading and syntax through composition, names, the game, the board and supply, tiles, to
the warnings; part of ``catalog_en``, which gathers them.
"""

from __future__ import annotations

_SEEN = "(first at line {line})"
_GIVEN_AS = "{key}={value} given for {target}: parameter '{key}'"
_UNREACHABLE = "cannot be reached: no chain of squares joins it to a start area"

DIAGNOSTICS: dict[str, str] = {
    # --- reading and syntax (parser, compose, jsonform) ---
    "E001": "unexpected '{token:short}'{hint}; expected {expected:tokens}",
    "E001/name": "unexpected name '{token:short}'{hint}; expected {expected:tokens}",
    "E001/number": "unexpected number '{token:short}'{hint}; expected {expected:tokens}",
    "E001/string": "unexpected quoted string '{token:short}'{hint}; expected {expected:tokens}",
    "E001/segment-semicolon": "'{token:short}' starts another segment: a ';' is missing "
                              "before it",
    "E001/end": "unexpected end of file; expected {expected:tokens}",
    "E002": "unexpected character '{char}'",
    "E207/amount-alone": "a number after a segment counts one of its attributes: write the "
                         "attribute before it (`city N+W wine 2`)",
    "E003/too-large": "file too large ({size:n} bytes; at most {most:n})",
    "E003/too-many-tokens": "more than {most:n} words, numbers and symbols: a rule file has at "
                            "most {most:n} (this is the first past that)",
    "E003/too-many-values": "more than {most:n} values outside the map's squares and the "
                            "tiles: a JSON rule set has at most {most:n}",
    "E003/export-too-large": "the rule set's JSON form would hold more than {most:n} values "
                             "outside the map's squares and the tiles, more than the JSON "
                             "form reads back ({part}: {count:n}); a rule set has at most "
                             "{most:n}",
    "E003/unreadable": "cannot read the file: {reason}",
    "E003/binary": "this is a binary file, not a rule file",
    "E003/encoding": "not UTF-8 text (byte {byte}); save the file as UTF-8",
    "E004": "unknown rule set or file '{target}'{hint}",
    "E004/empty": "an empty name: give a rule set's or variant's name, or a rule file",
    "E004/not-a-file": "'{target}' is not a regular file (a device or a pipe), not a rule file",
    "E004/directory": "'{target}' is a directory, not a rule file",
    "E004/no-file": "no such file: {target}",
    "E004/outside": "'{target}' is outside the folders rule files may read from ({folders}); "
                    "to read it, give its folder with --allow-path DIR",
    "E004/allow-path": "--allow-path {folder}: not a folder",
    "E004/bad-path": "the path {target} cannot be looked up: {reason}",
    "E005": "`extends` cycle: {chain}",
    "E005/self": "a variant is not applied with itself",
    "E005/with": "`with` cycle: {chain}",
    "E006": "nesting too deep",
    "E006/expression": "a scoring expression nested more than {most} deep",
    "E006/extends": "`extends` nested more than {most} deep",
    "E006/json": "the JSON is nested too deeply",
    "E007": "not valid JSON: {reason}",
    "E007/missing-key": "{path}: missing key {key}",
    "E007/unknown-key": "{path}: unknown key {key}{hint}",
    "E007/type": "{path}: expected {expected:json-types}, not {got:json}",
    "E007/pattern": "{path}: {value} is not a name (letters, digits and _, words joined by -)",
    "E007/values": "{path}: expected {allowed:or}, not {value}",
    "E007/items": "{path}: expected exactly {size} items, not {count}",
    "E007/description": "{path}: expected {description}, not {value}",
    "E007/schema": "{path}: {reason}",
    "E008": "a number of {digits:n} digits; numbers in a rule file have at most {most}",
    "E008/json": "a number of {digits:n} digits; numbers in a rule set have at most {most}",
    # --- composition ---
    "E101/property": "{property} is given twice in this {block} block " + _SEEN,
    "E101/title": "the title is given twice in this {block} block " + _SEEN,
    "E101/parameter": "parameter '{name}' is declared twice " + _SEEN,
    "E101/name": "names {lang}: '{word}' is named twice " + _SEEN,
    "E101/json": "'{name}' is given twice in {list} (first at {first})",
    "E101/game": "the game is already declared at {first}; use `override game {{ ... }}` to "
                 "change it",
    "E101/feature-differs": "feature kind '{name}' is already declared at {first} and differs "
                            "there in {props}: declare it the same way to share it, or use "
                            "`override feature {name}` to change it",
    "E101/tile": "tile '{name}' is already declared at {first}; use `override tile {name} ...`",
    "E101/tile-again": "tile '{name}' is already declared; use `override tile {name} ...`",
    "E101/token-differs": "token '{name}' is already declared at {first} and differs there in "
                          "{props}: declare it the same way to share it, or use `override token "
                          "{name}` to change it",
    "E101/figure-differs": "figure '{name}' is already declared at {first} and differs there in "
                           "{props}: declare it the same way to share it, or use `override figure "
                           "{name}` to change it",
    "E101/group": "group '{name}' is already declared at {first} with other tiles; a group "
                  "declared again must name the same tiles",
    "E102/game": "`override game` but no game is declared yet",
    "E102/feature": "`override feature {name}`: no feature kind '{name}' to override{hint}",
    "E102/tile": "`override tile {name}`: no tile '{name}'{hint}",
    "E102/token": "`override token {name}`: no token '{name}'{hint}",
    "E102/figure": "`override figure {name}`: no figure '{name}' to override{hint}",
    "E102/added-tiles": "`tiles += N` adds to the number of tiles declared before: it goes in "
                        "an `override game` of a file applied after one that says `tiles N`",
    "E102/remove": "`remove tile {name}`: no tile '{name}'{hint}",
    "E102/remove-feature": "`remove feature {name}`: no feature kind '{name}'{hint}",
    "E102/remove-figure": "`remove figure {name}`: no figure '{name}'{hint}",
    "E102/remove-token": "`remove token {name}`: no token '{name}'{hint}",
    "E102/remove-group": "`remove group {name}`: no group '{name}'{hint}",
    "E103/empty": "'{target}' is empty: a variant starts with `variant NAME for RULES`",
    "E103/record": "'{target}' is a game record, not a rule set: replay it with `carcdsl "
                   "replay {target}`",
    "E103/with-rules": "'{target}' is a rule set; `with` names the variants applied before "
                       "this one",
    "E103/variant": "'{target}' is a variant, not a rule set: a rule set extends rule sets "
                    "(apply a variant with --variant, or write `variant NAME for RULES with "
                    "{target}`)",
    "E103/rules": "'{target}' is a rule set, not a variant: a variant extends other variants "
                  "and is applied to the rule set it is `for`",
    "E103/given": "'{target}' is a rule set, not a variant: give it as the rules (`carcdsl "
                  "play {given}`; parameters too: RULES:key=value), or start the file with "
                  "`variant NAME`",
    "E103/does-not-fit": "{variant} is a variant for {target}, and {rules} is not built on "
                         "{target}: its changes do not fit",
    "E103/does-not-fit-here": "{variant} is a variant for {target}, and this rule set is not "
                              "built on {target}: its changes do not fit",
    "E104/header": "a file has one header, and this one already says `{header}` (line {line}); "
                   "a rule set that builds on another says `extends`, a variant applied with "
                   "another says `with`",
    "E104/rules": "rule set '{name}' is already applied; each file is applied once",
    "E104/rules-line": "rule set '{name}' is already applied " + _SEEN + "; each file is "
                       "applied once",
    "E104/rules-at": "rule set '{name}' is already applied (first at {first}); each file is "
                     "applied once",
    "E104/variant": "variant '{name}' is already applied; each file is applied once",
    "E104/variant-line": "variant '{name}' is already applied " + _SEEN + "; each file is "
                         "applied once",
    "E104/variant-at": "variant '{name}' is already applied (first at {first}); each file is "
                       "applied once",
    "E106": "no header: a rule file starts with `rules NAME` (a rule set) or `variant NAME for "
            "RULES` (a variant)",
    "E106/empty": "the file is empty: a rule file starts with `rules NAME` (a rule set) or "
                  "`variant NAME for RULES` (a variant)",
    "E106/not-rules": "not a rule file: it does not start with a declaration (`rules NAME`, "
                      "`variant NAME for RULES`), so it is not read and none of it is shown",
    "W106": "variant '{name}' replaces `{prop}` of {kind}, which variant '{earlier}' set: the "
            "variant given last wins, and '{earlier}' no longer applies to it",
    "W106/tile": "variant '{name}' replaces tile {tile}, which variant '{earlier}' changed: the "
                 "variant given last wins, and what '{earlier}' gave the tile is gone",
    "W109": "`{said}` is written twice in this file (first at {first}): an `on` rule acts once, "
            "however often it is said; to do more, say more (`score 2`, `put 2 ...`)",
    "W108": "`when {name}`: no bundled variant '{name}', and none of that name is applied: "
            "the block never applies{hint}",
    "E108/header": "a `when` block holds declarations, not a `rules` or `variant` header",
    "E108/extends": "a `when` block cannot `extends` a file: give the file as a variant",
    "E108/param": "a `when` block cannot declare a parameter: declare it at the top of the file",
    "W107": "applying '{needs}' first, as variant '{name}' needs it (`with {needs}`)",
    "W105": "variant '{name}' is written to follow '{needs}' (`with {needs}`), which is not "
            "applied before it: give it first (`--variant {needs} --variant {name}`)",
    # --- names ---
    "E110": "unknown feature kind '{kind}'{hint}",
    "E110/hold": "`hold back {kind}`: no kind '{kind}'{hint}",
    "E110/put": "`put ... on {kind}`: unknown feature kind{hint}",
    "E110/shows": "`on place shows {kind}`: unknown feature kind{hint}",
    "E110/stands": "figure '{name}' stands on '{kind}': no such feature kind{hint}",
    "E110/complete": "`on complete {kind}`: unknown feature kind{hint}",
    "E110/complete-kind": "`on complete {kind}`: '{kind}' is {geometry:a} kind, and such a "
                          "feature is never completed",
    "E110/extends": "`on place extends {kind}`: unknown feature kind{hint}",
    "E110/extends-kind": "`on place extends {kind}`: '{kind}' is {geometry:a} kind; such a "
                         "feature lies on one tile, and no later tile extends it",
    "E110/require": "`require {test} {kind}`: unknown feature kind{hint}",
    "E110/require-path": "`require {test} {kind}`: '{kind}' is {geometry:a} kind; `{test}` "
                         "follows paths and needs a path kind",
    "E110/require-sides": "`require {test} {kind}`: '{kind}' is {geometry:a} kind, with no "
                          "sides to join; `{test}` needs a kind that reaches the tile's sides",
    "E110/printed-name": "printed square '{name}': no area kind '{kind}'{hint}",
    "E110/printed-kind": "printed square '{name}': '{kind}' is {geometry:a} kind; a printed "
                         "big city needs an area kind",
    "E110/border-name": "border {side} of ({x}, {y}): no path or area kind '{kind}'{hint}",
    "E110/border-kind": "border {side} of ({x}, {y}): '{kind}' is {geometry:a} kind; a border "
                        "needs a path or area kind",
    "E110/first-name": "`first player draw most {kind}`: no path or area kind '{kind}'{hint}",
    "E110/first-kind": "`first player draw most {kind}`: '{kind}' is {geometry:a} kind; "
                       "`first player draw most KIND` needs a path or area kind",
    "E111": "'{name}' ends at '{terminal}', which is neither a landmark nor a feature "
            "kind{hint}",
    "E111/segment": "{kind} ends at '{terminal}', which is neither a landmark nor a feature "
                    "kind{hint}",
    "E112": "unknown geometry '{geometry}' for feature kind '{name}'{hint}; expected one of "
            "{geometries}",
    "E112/none": "feature kind '{name}' has no geometry; say `geometry G` with G one of "
                 "{geometries}",
    "E113": "unknown scoring quantity '{name}'{hint}; expected one of {quantities}",
    "E113/elsewhere": "'{name}' is an attribute of {owner}, not of {kind}: a {kind}'s score "
                      "cannot read it (a field counts completed cities with `completed(city)`)",
    "E113/marker": "markers({marker}): no map square has the marker '{marker}'{hint}",
    "E113/own": "own({arg}): no figure '{arg}'{hint}; expected one of {known}",
    "E113/figures": "figures({arg}): no figure '{arg}'{hint}; expected one of {known}",
    "E113/argument": "'{name}' takes no argument: write `{name}`, not `{name}({arg})`",
    "E113/neighbours": "'neighbours' is measured around centre features only; '{name}' has "
                       "geometry {geometry}",
    "E113/completed-kind": "'completed' needs the kind it counts, e.g. `{example}`",
    "E113/completed-unknown": "completed({kind}): no feature kind '{kind}'{hint}",
    "E113/token": "token '{name}': `score final = ...` counts `tokens` (how many a player "
                  "holds), not `{quantity}`",
    "E113/strength-circular": "figure '{name}': a strength cannot count `{quantity}`, which "
                              "counts the strengths themselves",
    "E113/neighbours-unknown": "neighbours({kind}): no feature kind '{kind}'{hint}",
    "E113/completed-geometry": "completed({kind}): '{kind}' has geometry {geometry}; only area "
                               "kinds can be touched by a field",
    "E113/completed-on": "'completed' is measured on fields only; '{name}' has geometry "
                         "{geometry}",
    "E114": "unknown start tile '{name}'{hint}",
    "E114/removed": "this removes tile '{name}', the start tile (`start {name}` at {start}): "
                    "keep it, or name another (`override game {{ start X }}`)",
    "E115": "unknown end condition '{end}'{hint}; expected one of {ends}",
    "E116": "unknown scorers rule '{scorers}'{hint}; expected {known:or}",
    "E116/ties": "breaks ties by {ties}: unknown way to count{hint}; expected {known:or}",
    "E117": "'{name}' is both a landmark and a feature kind; a path end must name one thing",
    "E117/figure": "'{name}' is both a figure and a feature kind; a move names either by its "
                   "name, so each needs a name of its own",
    "E117/figure-follower": "figure '{name}' has a name of the ordinary follower (`follower`, "
                            "the game's word for it or a role); a record could not tell them "
                            "apart: give the figure a name of its own",
    "E118": "unknown colour '{colour}'{hint}; write `#rgb`, `#rrggbb` or a colour name "
            "(steelblue, tan, ...)",
    "E118/hex": "colour '{colour}' is no colour: after `#` come 3 or 6 hexadecimal digits "
                "(`#c84`, `#c98f4a`)",
    "E119": "{geometry:a} kind has no look '{look}'{hint}: give '{name}' one of the looks "
            "{looks}",
    # --- the game ---
    "E120": "bad player range {players}",
    "E120/too-few": "bad player range {low}..{high}: at least 1 player",
    "E120/backwards": "bad player range {low}..{high}: {low} is more than {high}",
    "E120/too-many": "bad player range {low}..{high}: at most {most} players",
    "E121": "bad follower count {count}: each player has 0 to {most} followers",
    "E121/supply": "followers {count} for {players} players: player counts from 1 to "
                   "{most_players}, few to many, and 0 to {most} followers",
    "E121/overlap": "two follower supplies for {players} players: followers {first} for "
                    "{first_players} (line {line}) and followers {count} for {these_players}",
    "E121/overlap-here": "two follower supplies for {players} players: followers {first} for "
                         "{first_players} and followers {count} for {these_players}",
    "E121/missing": "no follower supply for {counts} players: give `followers N for ...` or a "
                    "default `followers N`",
    "E121/each-supply": "figure '{name}': `each player {count} for {players}`: player counts "
                        "from 1 to {most_players}, few to many, and 0 to {most} each",
    "E121/each-overlap": "figure '{name}': two supplies for {players} players: `each player "
                         "{first} for {first_players}` (line {line}) and `each player {count} "
                         "for {these_players}`",
    "E121/each-overlap-here": "figure '{name}': two supplies for {players} players: `each "
                              "player {first} for {first_players}` and `each player {count} "
                              "for {these_players}`",
    "E121/each-missing": "figure '{name}': no supply for {counts} players: give `each player N "
                         "for ...` or a default `each player N`",
    "E121/with-both": "figure '{name}': `with {figure}` and `with own {own}`: keep one (`with "
                      "own F`: the player's own F; `with F`: anyone's)",
    "E121/figure": "figure '{name}': each player has 0 to {most} of it, not {count}",
    "E121/strength": "figure '{name}': strength {strength}: a figure's strength is 0 or more "
                     "(0: it never counts for the majority)",
    "E121/own": "`with own {figure}`: no figure '{figure}'{hint}; expected one of {known}",
    "E121/strength-twice": "figure '{name}' is given a number and an expression for its "
                           "strength: keep one (`strength = pennants` or `strength 2`)",
    "E121/on-figure": "`on figure {figure}`: no figure '{figure}'{hint}; expected one of "
                      "{known}",
    "E121/names-figure": "`{said}`: no figure '{figure}'{hint}; expected one of {known}",
    "E121/ransom": "`ransom {points}`: a ransom is 0 to 1000 points",
    "E121/excludes": "`excludes {figure}`: no figure '{figure}'{hint}; expected one of {known}",
    "E121/needs-itself": "figure '{name}' may only stand where its owner's {name} already "
                         "stands (`with own {name}`), so it can never be placed: name another "
                         "figure, or `follower`",
    "E121/with-itself": "figure '{name}' may only stand where a {name} already stands (`with "
                        "{name}`), so the first can never be placed: name another figure, or "
                        "`follower`",
    "E121/recall": "figure '{name}': `recall score {recall}`: a figure taken back scores its "
                   "feature's final rule; write `recall score final`, or `recall` for nothing",
    "W122": "the game declares {declared} tiles but the tile counts add up to {counted} "
            "({diff} more)",
    "W122/fewer": "the game declares {declared} tiles but the tile counts add up to {counted} "
                  "({diff} fewer)",
    "W122/changed": "the game declares {declared} tiles but the tile counts add up to "
                    "{counted} ({diff} more): add `override game {{ tiles += {diff} }}` to "
                    "this file",
    "W122/changed-fewer": "the game declares {declared} tiles but the tile counts add up to "
                          "{counted} ({diff} fewer): add `override game {{ tiles {counted} }}` "
                          "to this file",
    "E123": "no start tile: say `start NAME` in the game block",
    "E124": "the rule set has no tiles",
    # --- board, supply, turns, parameters ---
    "E130/reference": "cannot read the parameters in '{text}': write NAME:key=value,key=value "
                      "(e.g. table-edge:width=11,height=7)",
    "E130/twice": "'{target}': parameter '{key}' is given twice ({key}={first} and "
                  "{key}={second})",
    "E130/unknown": "{target} has no parameter '{key}'{hint}",
    "E130/unknown-known": "{target} has no parameter '{key}' (it has: {known})",
    "E130/number": _GIVEN_AS + " takes a number",
    "E130/word": _GIVEN_AS + " takes a word",
    "E130/range": _GIVEN_AS + " takes {low} to {high}",
    "E130/choice": _GIVEN_AS + " takes {allowed:or}",
    "E130/not-a-number": "'{name}' is not a number or a parameter of this file{hint}",
    "E131": "the board has no edge: `edge closes` and `edge neighbours` need a bounded board "
            "(`board {{ bounds W x H }}`, e.g. the table-edge variant applied first)",
    "E132/bounds-and-map": "a board has either bounds or a map, not both",
    "E132/bounds": "board bounds {width} x {height}: each side must be 1 to {most} squares",
    "E132/start-areas": "start areas {areas}: the map has {starts} start "
                        "square{starts:|s}",
    "E132/map-edge": "{property} cannot change a printed map's edge: the map at {map} says "
                      "itself how its edge closes features and counts neighbours (edge rules "
                      "from another file are for a bounded table: `bounds W x H`)",
    "E132/edge-neighbours": "unknown edge neighbours '{value}'{hint}; expected one of {known}",
    "E132/draw": "unknown draw mode '{value}'{hint}; expected one of {known}",
    "E132/start": "unknown start tile mode '{value}'{hint}; expected one of {known}",
    "E132/hand-visibility": "unknown hand visibility '{value}'{hint}; expected one of {known}",
    "E132/first-player": "unknown first player rule '{value}'{hint}; expected one of {known}",
    "E121/neutral-prop": "figure '{name}' is neutral: nobody places it, so `{prop}` says nothing "
                         "for it (rules move it: `move F here`, `walk F N`)",
    "E121/names-placed": "`{said}`: '{figure}' is neutral: nobody places it or has one; name "
                         "a figure players place ({known})",
    "E121/avoids-itself": "figure '{name}' avoids itself: a walk never enters the square it "
                           "stands on anyway; name the figures whose squares it keeps off",
    "E121/names-neutral": "`{said}`: no neutral figure '{figure}'{hint}; expected one of {known}",
    "E132/enter-action": "`{said}`: after `on enter F` a rule returns the figures on the square "
                         "(`return figures here`); `{action}` cannot follow it",
    "E132/return-here-where": "`{said}`: `return figures here` acts on the square a neutral "
                              "figure entered: write it after `on enter F`",
    "E132/neutral-where": "`{said}`: `{action}` starts from the tile just placed: write it after "
                          "`on place`",
    "E132/walk-steps": "walk {steps}: a walk takes 1 to {most} squares",
    "E121/neutral-only": "figure '{name}': `{prop}` is for a neutral figure, which rules move; "
                         "add `neutral` or drop `{prop}`",
    "E121/beside-missing": "`{said}`: '{name}' never goes beside a figure: give it `beside own F`",
    "E132/beside-action": "`{said}`: a turn or a scoring beside a neutral figure gives points "
                          "(`score N`); `{action}` cannot follow it",
    "E134/shows-attribute": "kind '{kind}' has no attribute '{attribute}'{hint}; expected one of "
                            "{known}",
    "E132/instead-where": "`{said}`: `instead return` sends a figure home from the feature of the "
                          "placed tile's segment that `on place shows K` names: write it after "
                          "that",
    "E132/targets": "{count} things a move may do instead of placing a figure: at most {most}",
    "E132/capture-where": "`{said}`: `capture` takes a figure in line with the one just "
                          "placed: write it after `on figure F`",
    "E132/needs-feature": "`{said}`: `{action}` acts on a feature, and this event has none: use "
                          "it after `on figure F`, `on draw T` or `on place extends ... with "
                          "own F`",
    "E132/choose-where": "`{said}`: a choice goes with `on place extends ... with own F`, "
                         "whose options a move names before it is played",
    "E132/options": "`choose {options}`: give 2 to {most} options, each named once",
    "E132/option-action": "option '{option}': `{action}` cannot be chosen; an option draws, "
                          "returns or scores a bag (`draw`, `return`, `score BAG to F`)",
    "E132/hide": "hide {count} tiles: a rule hides 1 to {most} tiles at a time",
    "E132/sets": "{sets} sets: the supply holds 1 to 100 copies of the tile set",
    "E132/hand": "hand of {hand}: a hand holds 0 to {most} tiles",
    "E132/hands": "a hand of {hand} for {players} players needs {need} tiles or more; the "
                  "supply has {tiles}",
    "E132/covers": "`on place covers {marker}`: no board square has the marker "
                   "'{marker}'{hint}",
    "E132/draw-needs-kind": "`first player draw` needs `most KIND` (the kind whose sides count)",
    "E132/most-without-draw": "`most {kind}` goes with `first player draw`; `first player "
                              "{first}` takes nothing more",
    "E132/group-rest": "a group cannot be called 'rest': `order` names with it the tiles in no "
                       "group",
    "E132/group-empty": "group '{group}' has no tiles",
    "E132/group-repeat": "group '{group}' names tile '{tile}' twice",
    "E132/group-tile": "group '{group}': no tile '{tile}'{hint}",
    "E132/group-start": "group '{group}': tile '{tile}' is the start tile; it lies on the table "
                        "before the first draw, so it is in no group",
    "E132/group-twice": "tile '{tile}' is in group '{group}' and in group '{other}': a tile "
                        "belongs to one group",
    "E132/order-name": "`order {group}`: no group '{group}'{hint}; expected one of {known}",
    "E132/order-twice": "`order` names '{group}' twice; each group is drawn once",
    "E132/require": "`require {test}`: unknown test{hint}; expected one of {known}",
    "E132/require-where": "`require {test}` under `{trigger}`: a requirement tests a "
                          "placement, under `on place shows`, `on place covers` or `on place "
                          "surrounded`",
    "E132/require-around": "`{said}`: say how many of the 8 tiles around, 0 to 8 (`require "
                           "at most 1 {kind} around`)",
    "E132/require-distance": "`require {test} {kind} {distance}`: only `look-ahead` takes a "
                             "distance",
    "E132/look-ahead": "`look-ahead` over {distance} squares: it looks 1 to {most} squares "
                       "ahead",
    "E133/too-large": "the map draws {squares:n} squares; a map draws at most {most:n} "
                      "(its rows' characters, off squares too)",
    "E133/no-map": "a map needs both `map` rows and a `legend`",
    "E133/legend-key": "a legend key is one character, not '{key}'",
    "E133/legend-twice": "the legend explains '{key}' twice",
    "E133/no-start": "the map has no start square: give a legend entry `\"R\" start NAME` and "
                     "put R on the map",
    "E133/not-in-legend": "'{key}' on the map is not in the legend",
    "E133/ragged": "this row has {width} square{width:|s}, the first row {first}: draw every "
                   "row the same width (off-map squares included)",
    "E133/start-twice": "start area '{name}' is on two squares, ({first_x}, {first_y}) and "
                        "({x}, {y}): a start area is one square; give each its own legend key "
                        "and name",
    "E133/border-side": "border side '{side}': a border is on side N, E, S or W",
    "E133/border-faces": "the border printed on side {side} of ({x}, {y}) faces another "
                         "square, not the edge of the map",
    "E133/border-shared": "the border on side {side} of ({x}, {y}) is printed on the same "
                          "off-map square as the border on side {other_side} of ({other_x}, "
                          "{other_y}); leave a gap between them",
    "E134/worth": "token '{name}': worth {worth}; a token is worth 0 or more",
    "E134/on-draw": "`on draw {token}`: no token '{token}' in a bag{hint}; expected one of "
                    "{known}",
    "E134/return": "`return {name}`: no bag or figure '{name}'{hint}; expected one of {known}",
    "E134/bag": "no bag '{bag}'{hint} (a token says `bag NAME`); expected one of {known}",
    "E134/negative": "token '{name}': counts cannot be negative",
    "E134/set-up": "token '{name}': set-up takes up to {need} ({players} players × {each} + 4 "
                   "sides × {sides}), but the supply has {supply}",
    "E134/unknown": "`put {count} {token}`: no token '{token}'{hint}; declare it with `token "
                    "NAME {{ supply N }}`",
    "E134/most": "token '{name}': `score final most {points}`: the points cannot be negative",
    "E134/take": "`take {token}`: no token '{token}'{hint}; declare it with `token NAME {{ "
                 "supply N }}`",
    "E134/take-attribute": "`take {token}`: feature '{kind}' has no attribute '{token}' to "
                           "count the tokens by (`attribute {token} count` in feature {kind})",
    "E134/take-where": "`take {token}` under `{trigger}`: the placer takes as many tokens as a "
                       "completed feature's attribute, so `take` goes under `on complete KIND`",
    # --- tiles ---
    "E201": "tile '{name}' has count {count}; a tile type needs 1 to {most:n} copies",
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
    "E141/extends-own": "`on place extends {kind} with own {figure}`: no {figure} can ever "
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
"""Checker diagnostics by key: the code, then ``/`` and the form when a code has several."""
