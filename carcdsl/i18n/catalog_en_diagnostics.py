"""The checker's messages in English (``DIAGNOSTICS``): a template per diagnostic code and form,
from reading and syntax through composition, names, the game, the board and supply, tiles, to
the warnings; part of ``catalog_en``, which gathers them.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_en_tile_diagnostics import TILE_DIAGNOSTICS

_SEEN = "(first at line {line})"
_GIVEN_AS = "{key}={value} given for {target}: parameter '{key}'"

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
    "E101/about": "the description (`about{lang}`) is given twice in this file " + _SEEN,
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
    "E108/about": "a `when` block cannot say what the file does: put `about` at the top of "
                  "the file",
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
    "E110/final": "`on final {kind}`: unknown feature kind{hint}",
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
    "E121/corner-anywhere": "figure '{name}': `at corner` is a corner of the tile just placed, "
                            "`anywhere` any placed tile: keep one",
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
    "E121/scored-figure": "`on scored {figure}`: no figure '{figure}' that players place"
                          "{hint}; expected one of {known}",
    "E132/scored-action": "`{said}`: after `on scored F` a rule says where F goes on (`move F "
                          "within N to K`); `{action}` cannot follow it",
    "E132/move-within-where": "`{said}`: `move {figure} within N` moves a {figure} whose "
                              "feature just scored: write it after `on scored {figure}`",
    "E132/move-within-reach": "{said}: a figure goes on within 1 to {most} squares",
    "E110/move-within-kind": "`{said} to {kind}`: unknown feature kind '{kind}'{hint}",
    "E141/move-within-never": "`{said} to {kind}`: a {figure} never stands on a {kind} (it "
                              "stands on {kinds}), so it could never go there",
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
                          "it after `on figure F`, `on draw T`, `on place extends ... with "
                          "[own] F` or `on final KIND`",
    "E132/score-most": "`score {expr} to {figure}`: an expression goes to the players with the "
                       "most {figure} on the feature: write `score {expr} to most {figure}` "
                       "(`score BAG to F` alone gives every holder a bag's worth)",
    "E132/final-action": "`{said}`: at final scoring a rule scores the feature to the most of a "
                         "figure: `on final KIND: score EXPR to most F`",
    "E132/choose-where": "`{said}`: a choice goes with `on place extends ... with own F`, "
                         "whose options a move names before it is played",
    "E132/options": "`choose {options}`: give 2 to {most} options, each named once",
    "E132/option-action": "option '{option}': `{action}` cannot be chosen; an option draws, "
                          "returns or scores a bag (`draw`, `return`, `score BAG to F`)",
    "E132/hide": "hide {count} tiles: a rule hides 1 to {most} tiles at a time",
    "E132/owned": "`each player owns {tile}`: no tile '{tile}' in this rule set{hint}",
    "E132/owned-twice": "`each player owns`: tile '{tile}' is named twice",
    "E132/owned-count": "`each player owns {count} {tile}`: each player owns 1 to {most} of a tile",
    "E132/hold-hand": "`hold back {kind} ...` with a hand of {hand}: tiles are not held back "
                      "from hands yet (play without the hand, or without holding back)",
    "E132/owned-in-pile": "`each player owns {tile}`: tile '{tile}' is in the pile too ({count} "
                           "copies); a tile players own has count 0 (a record that names it "
                           "could not say which copy was played)",
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
    "E132/require-kind": "`require {test}`: say which kind (`require {test} road`)",
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
    "E135/empty": "`about{lang}` of {of} is empty: say in one line what the file does",
    "E135/newline": "`about{lang}` of {of} is more than one line: a description is one line "
                    "of text",
    "E135/long": "`about{lang}` of {of} has {length} characters; a description is one line "
                 "of at most {most}",
    "E134/take-where": "`take {token}` under `{trigger}`: the placer takes as many tokens as a "
                       "completed feature's attribute, so `take` goes under `on complete KIND`",
    **TILE_DIAGNOSTICS,
}
"""Checker diagnostics by key: the code, then ``/`` and the form when a code has several."""
