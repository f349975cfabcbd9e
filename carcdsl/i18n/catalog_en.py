"""The tool's English: its phrases, and the messages of the checker and of records by key.

The source catalogue: every other language's catalogue (``catalog_nl``) has the same keys,
and each of its templates reads exactly the same arguments (the tests hold them to it). The
checker's messages are rendered from here (``diagnostics.error``), so the English a user reads
and the arguments a translation gets cannot drift apart. Illegal moves are worded here by the
engine's rule code and form (``ILLEGAL``): the engine raises data, never English.

A template's fields (see ``i18n.fill``): ``{name}`` an argument as given (a tuple joined with
", "); ``{hint}`` the did-you-mean clause of a suggestion (nothing without one); ``{x:word}``
an argument as a rule word; ``{rule:tile}`` the rule word ``tile`` itself; ``{x:or}`` a list
joined with "or"; ``{x:a}`` the same with "a" or "an" before it; ``{x:n}`` a number with
thousands grouped; ``{x:one|many}`` one word or another by the count (or length) of ``x``;
``{x:short}`` a long token cut; ``{x:tokens}`` the parser's expected tokens; ``{x:places}``
border places ("side N", "NNE"); ``{x:json}`` a JSON value as (type, text); ``{x:json-types}``
JSON type names. Literal braces are doubled.
"""

from __future__ import annotations

PHRASES: dict[str, str] = {
    "fmt-unformatted": "{file} is not formatted", "fmt-formatted": "formatted {file}",
    "lsp-missing": "the language server needs pygls: pip install 'carcdsl[lsp]'",
    "at": "at", "rotated": "rotated {degrees}", "on": "on", "discarded": "fits nowhere: discarded",
    "set-aside": "fits nowhere: set aside, back into the bag after the next placement",
    "final": "final scoring", "winner": "winner", "winners": "winners", "seed": "seed",
    "replayed": "{n} move{s} replayed", "final-ran": "final scoring ran",
    "not-finished": "game not finished", "leading": "leading", "move": "move",
    "completed": "completed", "setup": "set-up",
    "followers-each": "{n} {followers} each",
    "empty-board": "empty board",
    "no-points": "no points scored yet", "level": "level at {points}",
    "draw-off": "{player} starts (draw-off)",
    "games-of": "{n} games of {rules}", "bots": "bots", "seeds": "seeds", "seat": "seat",
    "mean": "mean score", "win-rate": "win rate", "games-per-s": "games/s",
    "bot-random": "random", "bot-greedy": "greedy", "bot-human": "human",
    "error": "error", "warning": "warning", "ok": "ok", "errors": "{n} error{s}",
    "warnings": "{n} warning{s}",
    "not-shown": "{file}: {n} more problem{s} not shown (at most {most} a file are shown)",
    "holds": "{player} holds {count} {token}",
    "extra": "{player} plays again",
    "put-tokens": "{count} {token} put out", "collects": "{player} takes {count} {token}",
    "token-put": "{count} {token} put on the {feature} at {at}",
    "token-given": "{player} gets {count} {token}",
    "end-supply-empty": "no {tile} left to play: the game ends",
    "end-tile-unplaceable": "{tile} {name} fits nowhere for {player}: the game ends",
    "end-stopped": "final scoring with {n} {tiles} left",
    "end-other": "the game ends ({reason})",
    "draw-round": "draw-off, round {n} (sides showing {kind})",
    # the human seat
    "to-move": "{player} to move with {tiles}", "scores": "scores",
    "left": "{followers} left: {n}", "holds-tiles": "{player} holds {tiles}",
    "nothing": "nothing", "ask": "move (0-{last}, or x y [rotation] [feature:PORT [figure]]; q to "
                                "quit): ",
    "not-a-move": "'{answer}' is not a move number nor a move of the list",
    "moves-at": "{n} moves at ({x}, {y}); answer with a number or more of the move:",
    "about-game": "{low}–{high} players, {followers} followers each; {tiles} tiles of {types} "
                  "types, the start tile {start} at (0, 0)",
    "about-kind": "{kind} ({geometry}): scores {complete} when completed, {final} at the end",
    "about-kind-followers": "{kind} ({geometry}, followers may stand on it): scores {complete} "
                            "when completed, {final} at the end",
    "about-attributes": "{kind} segments may carry: {names}",
    "about-figure": "{figure}: {count} each, strength {strength}, stands on {kinds}{extra}",
    "about-figure-needs": "; only where the player has a {figure}",
    "about-figure-recall": "; may be taken back instead of placing a figure",
    "about-where-followers": "what followers stand on",
    "about-token-most": "the player with the most {token} scores {points} at the end",
    "about-order": "tiles are drawn in groups: {groups}",
    "about-nothing": "nothing",
    "about-variants": "variants applied: {names}",
    "list-rules": "rule set",
    "list-variant-for": "variant for {rules}",
    "list-with": "with {names}",
    "which-move": "'{answer}' fits {n} moves: {numbers}",
    "tokens-left": "{tokens} in the supply: {n}", "abandoned": "the game was abandoned",
    "no-input": "no more input: the game was abandoned",
    # the board's key
    "key": "key", "empty-square": "empty square", "off-board": "off the board",
    "start-area": "start area",
    "followers-of": "{followers} of {players}", "path-ends": "paths end",
    "printed-edge": "{kinds} printed at the edge", "big-cities": "big cities",
    "fits-here": "the drawn {tile} fits here", "fits-here-hand": "a {tile} of the hand fits here",
    "last-tile": "the last {tile} placed",
    "tokens-on": "{tokens} on the board: {where}", "token-at": "{count} on the {feature} at {at}",
    # stats
    "tiles-sets": "{tiles} ({n} sets)", "tile-types": "{tile} types",
    "centres": "centre features", "sides": "sides by kind",
    "segments": "segments by kind", "map": "map", "map-squares": "squares",
    "enclosed": "segments without ports by kind", "attributes": "attributes",
    "figures": "figures each player has", "groups": "tiles by group",
    "big-city-squares": "big-city squares", "start-areas": "start areas",
    "start-areas-used": "start areas used", "border-segments": "border segments",
    "marker-squares": "{what} squares",
    # trigger scorings
    "takes-back": "takes back the",
    "completes-a": "completes a {what}", "extends-own": "extends own {what}",
    "most-of": "the most {what}", "own": "own",
    "covers-a": "covers a {what}", "fills-a-hole": "fills a hole", "shows-a": "shows a {what}",
    "rule": "rule",
    # the parts of messages
    "did-you-mean": " (did you mean '{word}'?)", "or": "or", "a": "a", "an": "an",
    "vowels": "aeiou", "thousands": ",", "decimal": ".", "cut": "{start}... ({n} characters)",
    "more": "{n} more", "side": "side {side}", "the-string": "the string {text}",
    "a-record": "a record", "a-move": "a move",
    "first": "first: {message}", "role-on": "{role} on a {kind}", "rule-word": "{word}",
    # the command line's own complaints
    "interrupted": "interrupted",
    "output-failed": "cannot write the output: {reason}",
    "names-bad": "--names needs distinct, non-empty names separated by commas",
    "bot-no-name": "bot '{spec}': no bot named (write NAME[:OPTION=VALUE]...)",
    "bot-not-option": "bot '{spec}': '{part}' is not OPTION=VALUE (options are separated by "
                      "':', as in mcts:playouts=500:c=0.7)",
    "bot-option-twice": "bot '{spec}': option '{option}' is given twice",
    "bot-refused": "bot '{spec}': {reason}",
    "bot-not-function": "bot '{spec}': its factory returned {returned}, not a function of the "
                        "state",
    "bot-no-option": "bot '{spec}': no option '{option}' (its options: {options})",
    "bot-takes-no-options": "bot '{spec}': no option '{option}' (it takes no options)",
    "bot-entry-failed": "bot '{kind}' (entry point {entry}) could not be loaded: {reason}",
    "bot-import-failed": "bot '{kind}': cannot import '{module}': {reason}",
    "bot-no-factory": "bot '{kind}': module '{module}' has no factory '{factory}'",
    "bot-option-bool": "bot '{spec}': option '{option}' must be yes or no, not '{value}'",
    "bot-option-int": "bot '{spec}': option '{option}' must be a whole number, not '{value}'",
    "bot-option-float": "bot '{spec}': option '{option}' must be a number, not '{value}'",
    "bot-option-str": "bot '{spec}': option '{option}' cannot be '{value}'",
    "bot-illegal": "bot '{spec}' played {move}, which is not a legal move (a move is a tuple "
                   "of state.iter_moves())",
    "unknown-bot": "unknown bot '{kind}'; choose from {kinds}",
    "too-many-bots": "{kinds} --bot kinds for {n} seat{s}: give at most one per seat",
    "games-at-least": "--games must be at least 1",
    "record-one-game": "--record saves one game: use it with --games 1",
    "seed-range": "--seed must be a whole number from {least} to {most}, as a record holds "
                  "it",
    "saved-so-far": "{reason}; the game so far is saved in {file} (carcdsl play --resume "
                    "{file} goes on)",
    "output-closed": "the output was closed",
    "resumed": "resumed from {file} after {n} moves",
    "resume-alone": "--resume goes on with the rules, players and seed of its record: give "
                    "no {option}",
    "play-needs-rules": "play needs RULES, or --resume RECORD",
    "resume-over": "the game in {file} is over: there is nothing to resume",
    "resume-needs-seed": "{file} has no seed: only a game with a seed can go on",
    "record-empty": "--record needs a file name",
    "render-needs-what": "render needs --tiles FILE with rules, or --move N FILE or --all DIR "
                         "with a record",
    "render-record-variants": "a record names its own rules and variants: give no --variant",
    "render-move-range": "move {move} is not in the record: it has moves 0 to {n}",
    "render-unwritable": "cannot write {file}: {reason}",
    "render-suffix": "{file}: {option} writes {kinds}; give a FILE ending in one of them",
    "render-not-folder": "{file} is not a folder: --all writes one picture per move into a "
                         "folder (it is made if missing)",
    "render-wrote": "{n} board{s} written to {file}",
    "render-after": "after move {move} of {n}",
    "render-png-missing": "writing PNG needs resvg-py: pip install 'carcdsl[png]'",
    "render-png-all": "--png goes with --all DIR; for --tiles and --move, a FILE ending in "
                      ".png is written as PNG",
    "human-one-game": "a human seat plays one game at a time: use --games 1",
    "compiled-engine": "compiled engine",
    "compiled-compiling": "compiled engine: compiling, once (a minute or so)...",
    "compiled-fallback": "compiled engine: {reason}; the Python engine runs instead",
    "compiled-compiled": "compiled engine: compiled in {seconds} s (cached for next time)",
    "compiled-needs-numba": "needs Numba (pip install 'carcdsl[fast]')",
    "compiled-broken": "cannot be loaded ({reason})",
    "compiled-cannot-run": "cannot run {what}",
    "compiled-bots": "plays random bots only, not {bots}",
    "compiled-bots-roll-out": "plays random bots only; {searchers} roll out on it",
    "compiled-one-game": "plays many games at a time (--games N), not one game told turn by "
                         "turn",
    "usage-no-command": "no command given; choose from {commands}",
    "usage-unknown-command": "unknown command '{value}'; choose from {commands}",
    "usage-required": "missing {args}",
    "usage-int": "{option} takes a whole number, not {value}",
    "usage-needs-value": "{option} needs a value",
    "usage-exclusive": "{option} cannot go with {other}",
    "usage-unrecognized": "unknown arguments: {args}",
    "usage-choice": "{option}: {value} is not one of {choices}",
    "usage-ambiguous": "{option} is ambiguous: it could be {matches}",
    "usage-lang": "--lang '{value}' is not a language code (en, nl, de, ...)",
    "usage-help": "see {prog} --help",
    "usage-other": "{message}",
    # explain
    "open-points": "Open points ({n}): rules the author has not decided yet",
    "no-open-points": "No open points.", "note": "Note ({lang})",
    "warnings-heading": "Warnings ({n})",
    # serve
    "serve-missing": "the browser app needs Starlette and uvicorn: pip install 'carcdsl[web]'",
    "serve-no-folder": "{folder} is not a folder",
    "serve-port": "--port must be from 0 to 65535, not {port}",
    "serve-lang": "--lang {lang}: no catalogue and no bundled rule set speaks it; choose from "
                  "{langs}",
    "serve-listening": "carcdsl serve: open {url} in a browser (Ctrl-C stops)",
    "serve-exposed": "listening on {host}: anyone who can reach it can play, and write rule "
                     "files in the folders given",
    "serve-cannot-listen": "cannot listen on {host} port {port}: {reason}",
}

TOKENS: dict[str, str] = {
    "NAME": "a name", "INT": "a number", "STRING": 'a quoted string ("...")',
    "BOOL": "yes or no", "WHEN": "complete or final", "CMP": "a comparison (<, <=, ==, ...)",
    "$END": "the end of the file",
}
"""The classes of tokens the parser may expect, in a rule author's words."""

JSON_TYPES: dict[str, str] = {
    "object": "an object", "array": "a list", "string": "a string", "integer": "an integer",
    "number": "a number", "boolean": "true or false", "null": "null",
}

OS_ERRORS: dict[str, str] = {
    "ENOENT": "file not found", "EACCES": "permission denied",
    "EPERM": "operation not permitted", "EISDIR": "is a directory",
    "ENOTDIR": "a part of the path is not a directory", "ENOSPC": "no space left on the device",
    "EROFS": "read-only file system", "ENAMETOOLONG": "file name too long",
    "ELOOP": "too many symbolic links", "EIO": "input/output error",
    "EDQUOT": "disk quota exceeded", "EBUSY": "device or resource busy",
    "ENXIO": "no such device or address", "EEXIST": "the file exists",
    "ETXTBSY": "the file is a running program", "EMFILE": "too many open files",
    "EFBIG": "file too large", "EINVAL": "invalid argument", "EPIPE": "broken pipe",
    "EAGAIN": "resource temporarily unavailable",
}
"""Operating system errors by errno name (``i18n.os_reason``); others are said as the system
says them."""

JSON_ERRORS: dict[str, str] = {
    "Expecting value": "a value expected",
    "Expecting property name enclosed in double quotes": "a key in double quotes expected",
    "Expecting ':' delimiter": "':' expected", "Expecting ',' delimiter": "',' expected",
    "Unterminated string starting at": "a string that does not end",
    "Invalid control character at": "a control character in a string",
    "Invalid \\escape": "a bad escape (\\)", "Invalid \\uXXXX escape": "a bad \\u escape",
    "Extra data": "more text after the JSON value",
    "Illegal trailing comma before end of object": "a comma before the end of an object",
    "Illegal trailing comma before end of array": "a comma before the end of a list",
}
"""The JSON decoder's complaints by its own message (``i18n.json_reason``)."""

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
    "E004/bad-path": "the path {target} cannot be looked up: {reason} (a name or a path "
                     "longer than the file system allows?)",
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
    "E101/landmark": "landmark '{name}' is declared twice",
    "E101/game": "the game is already declared at {first}; use `override game {{ ... }}` to "
                 "change it",
    "E101/feature": "feature kind '{name}' is already declared at {first}; use `override "
                    "feature {name}`",
    "E101/tile": "tile '{name}' is already declared at {first}; use `override tile {name} ...`",
    "E101/tile-again": "tile '{name}' is already declared; use `override tile {name} ...`",
    "E101/token": "token '{name}' is already declared; use `override token {name}`",
    "E101/figure": "figure '{name}' is already declared at {first}; use `override figure "
                   "{name}`",
    "E101/group": "group '{name}' is already declared at {first}; a group is declared once, "
                  "with all its tiles",
    "E102/game": "`override game` but no game is declared yet",
    "E102/feature": "`override feature {name}`: no feature kind '{name}' to override{hint}",
    "E102/tile": "`override tile {name}`: no tile '{name}'{hint}",
    "E102/token": "`override token {name}`: no token '{name}'{hint}",
    "E102/figure": "`override figure {name}`: no figure '{name}' to override{hint}",
    "E102/added-tiles": "`tiles += N` adds to the number of tiles declared before: it goes in "
                        "an `override game` of a file applied after one that says `tiles N`",
    "E102/remove": "`remove tile {name}`: no tile '{name}'{hint}",
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
    "W107": "applying '{needs}' first, as variant '{name}' needs it (`with {needs}`)",
    "W105": "variant '{name}' is written to follow '{needs}' (`with {needs}`), which is not "
            "applied before it: give it first (`--variant {needs} --variant {name}`)",
    # --- names ---
    "E110": "unknown feature kind '{kind}'{hint}",
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
    "E110/require-sides": "`require joins {kind}`: '{kind}' is {geometry:a} kind, with no "
                          "sides to join; `joins` needs a kind that reaches the tile's sides",
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
    "E113/marker": "markers({marker}): no map square has the marker '{marker}'{hint}",
    "E113/own": "own({arg}): no figure '{arg}'{hint}; expected one of {known}",
    "E113/argument": "'{name}' takes no argument: write `{name}`, not `{name}({arg})`",
    "E113/neighbours": "'neighbours' is measured around centre features only; '{name}' has "
                       "geometry {geometry}",
    "E113/completed-kind": "'completed' needs the kind it counts, e.g. `{example}`",
    "E113/completed-unknown": "completed({kind}): no feature kind '{kind}'{hint}",
    "E113/completed-geometry": "completed({kind}): '{kind}' has geometry {geometry}; only area "
                               "kinds can be touched by a field",
    "E113/completed-on": "'completed' is measured on fields only; '{name}' has geometry "
                         "{geometry}",
    "E114": "unknown start tile '{name}'{hint}",
    "E114/removed": "this removes tile '{name}', the start tile (`start {name}` at {start}): "
                    "keep it, or name another (`override game {{ start X }}`)",
    "E115": "unknown end condition '{end}'{hint}; expected one of {ends}",
    "E116": "unknown scorers rule '{scorers}'{hint}; expected {known:or}",
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
    "E121/figure": "figure '{name}': each player has 0 to {most} of it, not {count}",
    "E121/strength": "figure '{name}': strength {strength}: a figure's strength is 0 or more "
                     "(0: it never counts for the majority)",
    "E121/own": "`with own {figure}`: no figure '{figure}'{hint}; expected one of {known}",
    "E121/needs-itself": "figure '{name}' may only stand where its owner's {name} already "
                         "stands (`with own {name}`), so it can never be placed: name another "
                         "figure, or `follower`",
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
    "E206/through": "{kind} {sides} runs through two sides and cannot also end at '{end}'",
    "E206/too-many-sides": "{kind} {sides} runs through {count} sides; a {kind} runs through "
                           "at most two: make a junction of separate segments that end at a "
                           "landmark",
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
    "E209": "tile '{name}' has {count} centre segments; a tile has at most one centre",
    "E209/enclosed": "tile '{name}' has {count} {kind} segments without ports; records name "
                     "such a segment by its kind alone, so a tile has at most one",
    "E210/ends-at": "`ends at` applies to path kinds only; '{name}' has geometry {geometry}",
    "E210/arrow": "`->` ends a path; a {kind} has geometry {geometry}",
    "E210/touches": "`touches` says which areas a field touches; a {kind} has geometry "
                    "{geometry}",
    # --- warnings ---
    "W301": "tile '{name}': no side of any other tile, in any rotation, can lie against side "
            "{sides}",
    "W302": "tile '{name}' is the same as tile '{other}'; give it a count instead",
    "W302/turned": "tile '{name}' is the same as tile '{other}' turned {degrees}°; give it a "
                   "count instead",
    "W303": "feature kind '{name}' is declared but no tile has one",
    "W309/field": "'{name}' is a field, and fields are never completed: its `score complete` "
                  "never applies (fields score at the end, `score final`)",
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
    "W305/legend": "the legend explains '{key}', but no square of the map shows it",
    "W305/city": "printed city {name} " + _UNREACHABLE,
    "W305/square": "square ({x}, {y}) " + _UNREACHABLE,
    "W305/squares": "square ({x}, {y}) and {more} more " + _UNREACHABLE,
    "W306": "no {lang} name for '{word}' (it stays '{word}')",
    "W307": "names {lang}: '{word}' is not a word of this rule set{hint}",
    "W308/supply": "followers {count} for {players} players: the game is for {range} players",
    "W308/hands": "a hand of {hand} for {players} players needs {need} tiles or more; the "
                  "supply has {tiles}: such games cannot start",
}
"""Checker diagnostics by key: the code, then ``/`` and the form when a code has several."""

_PORTS = "N, E, S, W, NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW"

ILLEGAL: dict[str, str] = {
    "game-over": "the game is over",
    "game-over/already": "the game is already over ({end})",
    "players/range": "{rules} is for {low} to {high} players, not {count}",
    "players/unique": "player names must be unique",
    "players/hands": "a hand of {hand} for {count} players needs {need} {rule:tiles}; the "
                     "supply has {tiles} (at most {each} each for {count} players)",
    "discard-only-unplaceable": "{rule:tile} {tile} fits on the board and cannot be discarded",
    "discard-only-unplaceable/hand": "a {rule:tile} in {player}'s hand fits on the board: no "
                                     "tile of the hand may be discarded",
    "hand": "{player} holds {tiles}; a move must name one of those tiles, not {tile}",
    "hand/empty": "{player} holds nothing; a move must name one of those tiles, not {tile}",
    "hand/none": "{player} holds {tiles}; a move must name one of those tiles, not none",
    "hand/empty-none": "{player} holds nothing; a move must name one of those tiles, not none",
    "supply": "no {rule:tile} left to draw",
    "supply/group": "{rule:tile} {tile} cannot be drawn yet: the tiles of the group being drawn "
                    "come first (next: {drawn})",
    "requirement/joins": "{rule:tile} {tile} at {at} must continue a {kind}: one of its {kind} "
                         "sides must face a placed tile",
    "requirement/no-repeat": "{rule:tile} {tile} at {at} turns the {kind} the same way as the tile"
                             " before it (no U-turns)",
    "requirement/third-turn": "{rule:tile} {tile} at {at} would turn the {kind} the same way "
                              "a third time in a row (no U-turns)",
    "recall/cannot": "the {kind} at {at} on {spot} cannot be taken back",
    "requirement/look-ahead": "{rule:tile} {tile} at {at} leaves a {kind} end with a tile within "
                              "two squares ahead (no U-turns)",
    "figure-supply": "{player} has no {kind} left in the supply",
    "figure-stands": "{kind}: may not stand on {feature}",
    "figure-needs": "{kind}: stands only on a {feature} that already holds one of the "
                    "player's own followers",
    "recall/and-follower": "a move either places a figure or takes one back, not both",
    "recall/no-tile": "no tile at {at} to take a figure back from",
    "recall/none": "the player has no figure to take back at {at} on {spot}",
    "recall/completed": "the figure at {at} on {spot} cannot be taken back: this move completes "
                        "its feature",
    "supply/tile": "no {rule:tile} {tile} left in the supply",
    "supply/in-play": "no {rule:tile} {tile} left in play (in the supply or a hand)",
    "unknown-tile": "unknown {rule:tile} '{tile}'",
    "rotation": "rotation {rotation} is not 0, 90, 180 or 270",
    "move/at": "a move's square must be [x, y], two whole numbers (got {got})",
    "move/rotation": "a move's rotation must be the whole number 0, 90, 180 or 270 (got {got})",
    "move/tile": "a move's {rule:tile} must be named by a non-empty text (got {got})",
    "move/feature": "a {rule:follower}'s feature must be named by a non-empty text (got {got})",
    "move/kind": "a {rule:follower}'s kind must be a non-empty text or none (got {got})",
    "move/port": "a {rule:follower}'s port must be one of " + _PORTS + " or none (got {got})",
    "move/recall": "a move's recall must be a RecallSpec or none (got {got})",
    "move/follower": "a move's {rule:follower} must be a FollowerSpec or none (got {got})",
    "square-taken": "square {at} already has a {rule:tile}",
    "board": "square {at} is off the board",
    "board/span": "square {at} is off the board (x and y lie between {low} and {high})",
    "board/printed": "square {at} is a printed {kind:word}: no {rule:tile} goes there",
    "board/named-printed": "square {at} is a printed {kind:word} ({name:word}): no {rule:tile} "
                           "goes there",
    "board/not-on-map": "square {at} is not a square of the map",
    "drawn-tile/place": "{player} drew {drawn}: a move must place that {rule:tile}, not {tile}",
    "drawn-tile/discard": "{player} drew {drawn}: a move must discard that {rule:tile}, not "
                          "{tile}",
    "adjacent": "square {at} is not next to a placed {rule:tile}",
    "sides-match": "{rule:tile} {tile} at {at} rotated {rotation} does not match its neighbour "
                   "on side {sides}",
    "follower-supply": "{player} has no {rule:follower} left in the supply",
    "feature-occupied": "the {feature:word} at {port} already has a {rule:follower}",
    "feature-occupied/centre": "the {feature:word} at the centre already has a {rule:follower}",
    "follower-kind": "{rule:followers} may not stand on a {feature:word}",
    "follower-kind/role": "a {kind:word} does not stand on a {feature:word} (a {role:word} does)",
    "follower-kind/no-role": "a {kind:word} does not stand on a {feature:word}",
    "follower-kind/unknown": "unknown {rule:follower} kind '{kind}'; this rule set has one kind "
                             "of {rule:follower} ({known:roles})",
    "follower-kind/unknown-figure": "unknown figure '{kind}': the ordinary {rule:follower} "
                                    "({known:roles}), or one of the figures {figures}",
    "follower-kind/none": "unknown {rule:follower} kind '{kind}'; this rule set has one kind of "
                          "{rule:follower} (none: name no kind)",
    "follower-spot": "the {rule:tile} has no {feature:word} to put a {rule:follower} on",
    "follower-spot/port": "the {rule:tile} has no {feature:word}:{port} to put a "
                          "{rule:follower} on",
}
"""Illegal moves by the engine's rule code (``IllegalMoveError.rule``) and form."""

RECORDS: dict[str, str] = {
    # reading the file
    "unreadable": "cannot read the record: {reason}",
    "too-large": "too large for a record (over {most} bytes)",
    "binary": "a binary file, not a JSON record",
    "encoding": "not UTF-8 text (bad byte at offset {offset})",
    "json": "not valid JSON at line {line}, column {column}: {reason}",
    "constant": "not valid JSON: {name} is not a JSON value",
    "duplicate-key": "duplicate key {key} in a JSON object",
    "json-nested": "the JSON is nested too deeply",
    "nested": "the record is nested too deeply",
    "unwritable": "cannot write the record: {reason}",
    "unwritable-device": "will not write the record onto a block device",
    "unwritable-socket": "cannot write the record into a socket",
    # what the schema says
    "expected/object": "{subject} must be a JSON object (got {got})",
    "expected/players": "{subject} must be a list of names or a number of players (got {got})",
    "expected/follower": "{subject} must be a string like \"city:S\" or an object "
                         "{{\"at\": \"city:S\", \"kind\": ...}} (got {got})",
    "expected/at": "{subject} must be [x, y], two integers (got {got})",
    "expected/digest": "{subject} must be \"sha256:\" and 64 hexadecimal digits (got {got})",
    "missing-key": "{subject} is missing the key {key}",
    "unknown-key": "unknown key {key} (expected {allowed})",
    "unknown-key-in": "unknown key {key} in {subject} (expected {allowed})",
    "unknown-key-discard": "unknown key {key} in a discard (it has only 'discard')",
    "type": "{subject} must be {types:json-types} (got {got})",
    "enum": "{subject} must be one of {values} (got {got})",
    "const": "{subject} must be {value} (got {got})",
    "empty": "{subject} must not be empty",
    "max-items": "{subject} must have at most {most} items",
    "minimum": "{subject} must be at least {least} (got {got})",
    "maximum": "{subject} must be at most {most} (got {got})",
    "unique": "{subject} must not repeat a name (got {got})",
    "pattern": "{subject} must be 'feature' or 'feature:PORT' with PORT one of " + _PORTS
               + " (got {got})",
    "schema": "{subject}: {reason}",
    # what the schema cannot say
    "follower": "'follower' must be 'feature' or 'feature:PORT' with PORT one of " + _PORTS
                + " (got {got})",
    "players-empty": "'players' must name at least one player",
    "players-unique": "'players' names must be unique",
    "needs-seed": "names no tile, so the record needs a 'seed'",
    "seed-range": "'seed' must be a whole number from {least} to {most} (got {got})",
    "number-too-long": "{subject} is a number of {digits} digits, more than any number in a "
                       "record may have",
    # replaying it
    "path-absolute": "{subject} must be a bundled name or a path relative to the record's "
                     "folder, not an absolute path (got {got})",
    "path-outside": "{subject} leads out of the record's folder (got {got}): a record names "
                    "bundled rule sets and files in its own folder or below it",
    "rules": "the record's rules do not load: {problem}",
    "rules-digest": "the rules have changed since the record was written: it was played with "
                    "rules {recorded}, they load now as {now}",
    "illegal": "{reason}",
    "illegal-move": "move {index} {move}: {reason} [rule: {code}]",
}
"""Record errors by key (``RecordError.key``); a record error's place (the file, ``move 3``)
comes before the message, each followed by ``: ``."""

WEB: dict[str, str] = {
    # the pages (``carcdsl serve``): titles and navigation
    "title-home": "Carcassonne rules as data", "title-play": "Play",
    "title-replay": "Replay a record", "title-browse": "Browse rule sets",
    "title-author": "Write rules",
    "nav-play": "Play", "nav-replay": "Replay", "nav-browse": "Browse", "nav-author": "Write rules",
    "language": "language",
    "home-heading": "Carcassonne, from rules written as data",
    "home-lead": "Every rule set here is a file in the rule language: the game you play, the "
                 "records you step through and the tiles you see all come from it.",
    "home-play": "Play against bots or with friends at one screen, or watch bots play.",
    "home-replay": "Step through a game record move by move, with every scoring explained.",
    "home-browse": "See a rule set's tiles, features and scoring, figures, supply, variants "
                   "and open points.",
    "home-author": "Edit a rule file: it is checked as you type, and its tiles are drawn.",
    "home-keys": "Keys while playing: r rotates, Enter confirms, Esc takes a step back; "
                 "while replaying: the arrow keys step.",
    # play
    "play-heading": "A new game", "rule-set": "Rule set", "variants": "Variants",
    "players": "Players", "add-player": "Add a player", "all-bots": "Bots only (watch)",
    "remove-player": "Remove", "seed": "Seed", "seed-random": "random",
    "start-game": "Start the game", "new-game": "New game", "zoom-in": "Zoom in",
    "zoom-out": "Zoom out", "board": "the board", "you": "You",
    "player": "Player", "score": "Score", "also": "Also",
    "tiles-left": "Tiles left in the supply: {n}", "seed-is": "seed {seed}",
    "your-turn": "{player} to move.", "again": "(another turn)",
    "bot-to-move": "{player} (a bot) is to move.",
    "no-moves": "No move is possible.", "tile-named": "tile {name}",
    "rotate": "Rotate", "rotate-key": "Rotate (key r; R turns back)",
    "rotation-is": "{degrees}° (rotations that fit: {n})",
    "click-square": "Click a highlighted square to place the tile (the dashed ones fit in "
                    "another rotation).",
    "choose-spot": "Choose what else to do: a spot on the tile, or nothing.",
    "no-follower": "no {follower}", "confirm": "Confirm", "undo": "Undo",
    "completes": "Completes", "feature-tiles": "{kind} (tiles: {n})",
    "scores-nothing": "Scores nothing now.", "plays-again": "You play again after it.",
    "game-ends": "The game ends with this move.",
    "step": "Step", "auto-play": "Auto-play", "pause": "Pause", "speed": "Speed (ms)",
    "log": "Moves", "final-scoring": "Final scoring", "in-play": "During play",
    "total": "Total", "final-breakdown": "The {n} final scorings",
    "download-record": "Download the record",
    "variant-for": "(for {rules})", "your-file": "your file",
    # replay
    "replay-heading": "Replay a record", "served-records": "A record in the folders",
    "open": "Open", "or": "or", "upload-record": "Open a file",
    "no-records": "(none in the folders served)", "first-move": "Start",
    "prev-move": "Back one move", "next-move": "Forward one move", "last-move": "The end",
    "timeline": "timeline", "move-of": "after move {n} of {count}",
    "before-first": "Before the first move.",
    # browse
    "browse-heading": "Browse a rule set", "rules-summary": "What the rules say",
    "supply": "Tiles and figures", "variants-for": "Variants written for it",
    "open-points": "Open points", "notes": "Notes", "checker-warnings": "The checker's warnings",
    "tile-sheet": "Tile sheet", "none": "none",
    # author
    "file": "File", "save": "Save", "new-file": "New file from a bundled one",
    "folder": "Folder", "file-name": "Name", "template": "Begin from", "create": "Create",
    "rule-text": "rule file", "your-files": "Your files", "bundled-read-only":
    "Bundled (read only)", "no-folders": "No folder was given to carcdsl serve: nothing can "
                                         "be saved (start it with a folder).",
    "unsaved": "unsaved changes", "saved-as": "saved: {name}", "read-only": "{name}: read only",
    "checking": "checking…", "check-ok": "No problems: the rules check.",
    "check-warnings": "The rules check, with {warnings} warning(s).",
    "check-errors": "{errors} error(s), {warnings} warning(s)",
    "discard-changes": "Discard the unsaved changes?", "created": "created {name}",
    # the app's complaints
    "err-network": "the app does not answer: is carcdsl serve still running?",
    "err-json-type": "send JSON (Content-Type: application/json)",
    "err-json": "the request body is not JSON", "err-json-object": "send a JSON object",
    "err-rules": "the rules do not load: {first}",
    "err-path-bad-ref": "{ref} names no file of the folders served",
    "err-path-outside": "{ref} leads outside the folders served",
    "err-path-missing": "{ref}: no such file", "err-path-not-carc": "{ref} is no .carc file",
    "err-path-too-large": "{ref} is too large",
    "err-unknown-rules": "unknown rule set or variant: {ref}",
    "err-bad-move": "not a move: {reason}",
    "err-move-shape": "not a move: a move is an object with \"tile\", \"at\": [x, y] "
                      "(two whole numbers) and \"rotation\" (0, 90, 180 or 270), and maybe "
                      "\"follower\" or \"recall\"",
    "err-upload-bundled": "an uploaded record may name bundled rule sets and variants only, "
                          "not {ref}: put the record beside its rule files in a served folder",
    "err-no-game": "no such game (it may have been closed to make room: start a new one)",
    "err-no-record": "no such record open (open it again)",
    "err-record-move": "the record has moves 0 to {n}",
    "err-record-what": "send a record, or the ref of one in a served folder",
    "err-seed": "the seed must be a whole number from {least} to {most}",
    "err-seed-number": "the seed must be a whole number",
    "err-players": "give the players, at least one",
    "err-player-name": "player {n} needs a name (at most 40 characters)",
    "err-player-names-unique": "every player needs a name of their own",
    "err-seat-kind": "unknown kind of seat '{kind}'; choose from {kinds}",
    "err-game-over": "the game is over",
    "err-not-your-turn": "it is a bot's turn, not a person's",
    "err-person-to-move": "a person is to move: a bot cannot step",
    "err-stale": "that move was for another turn: the game is at move {turn}",
    "err-text": "send the rule file's text",
    "err-save-where": "files are saved only inside the folders carcdsl serve was started with",
    "err-save-failed": "cannot save: {reason}",
    "err-file-name": "give the new file a name",
    "err-file-exists": "{name} exists already",
    "err-not-json": "{name} is not JSON",
}
"""The browser app's words (``carcdsl serve``): its pages, and the messages of its API."""
