"""The tool's English phrases (``PHRASES``: the command line, the game log, the human seat,
the language server, ``serve``), and its words for what the parser expects
(``TOKENS``), JSON types (``JSON_TYPES``) and the system's and the JSON decoder's complaints
(``OS_ERRORS``, ``JSON_ERRORS``); part of ``catalog_en``, which gathers them.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_en_together import SERVE

PHRASES: dict[str, str] = {
    "fmt-unformatted": "{file} is not formatted", "fmt-formatted": "formatted {file}",
    "lsp-missing": "the language server needs pygls: pip install 'carcdsl[lsp]'",
    "at": "at", "rotated": "rotated {degrees}", "on": "on",
    "kept": "kept: not played in the last turn",
    "discarded": "fits nowhere: discarded",
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
    "bot-strength-beginner": "beginner", "bot-strength-club": "club",
    "bot-strength-strong": "strong", "bot-with-strength": "{bot} ({strength})",
    "error": "error", "warning": "warning", "ok": "ok", "errors": "{n} error{s}",
    "warnings": "{n} warning{s}",
    "not-shown": "{file}: {n} more problem{s} not shown (at most {most} a file are shown)",
    "holds": "{player} holds {count} {token}",
    "extra": "{player} plays again",
    "put-tokens": "{count} {token} put out", "collects": "{player} takes {count} {token}",
    "token-put": "{count} {token} put on the {feature} at {at}",
    "token-drawn": "{count} {token} drawn onto the {feature} at {at}",
    "token-returned": "{count} {token} back from the {feature} at {at}",
    "chooses": "chooses {option}",
    "captures": "captures {player}'s {kind} on {where} ({x}, {y})",
    "neutral-at": "{figure} at ({x}, {y})",
    "held-back": "waits aside until the {figure} is on the board",
    "walks": "walk to {squares}",
    "walk-step": "{figure} to ({x}, {y})",
    "moves-on": "{player}'s {figure} moves to {where} ({x}, {y})",
    "goes-home": "{player}'s {figure} goes home",
    "captures-nothing": "captures nothing",
    "sends-home": "sends {player}'s {kind} on {where} ({x}, {y}) home",
    "puts-beside": "puts the {figure} beside {where} ({x}, {y})",
    "holds-prisoner": "{player} holds {owner}'s {kind}",
    "pays-ransom": "pays {points} to {player} for a {kind}",
    "in-the": "in the",
    "token-given": "{player} gets {count} {token}",
    "end-supply-empty": "no {tile} left to play: the game ends",
    "end-tile-unplaceable": "{tile} {name} fits nowhere for {player}: the game ends",
    "end-stopped": "final scoring with {n} {tiles} left",
    "end-other": "the game ends ({reason})",
    "draw-round": "draw-off, round {n} (sides showing {kind})",
    # the human seat
    "to-decide": "{player} to decide, in {mover}'s turn",
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
    "about-rule": "rule: {rule}",
    "about-neutral": "{figure}: neutral: one in the game, nobody's, off the board at the "
                     "start; only rules move it{extra}",
    "about-neutral-avoids": "; never walks onto a square where a {figures} stands",
    "about-neutral-beside": "; instead of placing a figure, a player may put it beside their "
                            "own {figure}",
    "about-neutral-blocks": "; no figure is placed on the square it stands on",
    "about-move-here": "the {figure} goes to the tile just placed",
    "about-move-within": "when a feature holding a {figure} scores on completion during the "
                         "game, its owner may move it, instead of taking it home, to a "
                         "{kinds} that is not complete and holds no figure that counts, on its "
                         "tile or one within {n} square{s} of it; several are "
                         "decided in turn order, the mover first",
    "about-walk": "the {figure} walks up to {steps} squares, one a step onto a placed tile it "
                  "has not stood on in this walk, each step chosen by the players in turn, "
                  "the mover first",
    "about-return-here": "every player's figure on the square the {figure} comes to goes home, "
                         "unscored",
    "about-instead-return": "instead of placing a figure, the mover may send home one {figure}, "
                            "anyone's, from the {kind} the tile's segment belongs to",
    "about-place-anywhere": "the mover's {figure} may go on any placed tile instead, on a "
                            "feature unoccupied and not complete",
    "about-turn-beside": "a player whose figure the {figure} stands beside when their turn "
                         "starts scores {points}",
    "about-score-beside": "when the feature of the figure the {figure} stands beside is scored, "
                          "its owner scores {points}",
    "about-hold": "a tile showing a {kind} drawn while the {figure} is off the board waits "
                  "aside; once the {figure} comes on, those go back into the pile",
    "about-fits-any": "the sides of {kinds} fit any side, join nothing and close what they face",
    "about-owned": "each player owns {count} of tile {tile}, played instead of drawing a tile; "
                   "once the pile is empty, each player still holding one has a last turn for it",
    "keeps-tile": "keep tile {tiles}: do not play it",
    "about-tile-figures": "a tile that shows a {kind} takes no follower or figure",
    "about-ties-presence": "players tied for a feature: those with a figure on a tile that "
                           "shows a {kind} win the tie",
    "about-ties-count": "players tied for a feature: those with the most figures on tiles "
                        "that show a {kind} win the tie",
    "about-figure": "{figure}: {count} each, strength {strength}, stands on {kinds}{extra}",
    "about-figure-needs": "; only where the player has a {figure}",
    "about-figure-recall": "; may be taken back instead of placing a figure",
    "about-figure-excludes": "; never joins a feature that holds a {figures}",
    "about-figure-anywhere": "; on any placed tile, not only the one just placed",
    "about-figure-with": "; only where a {figure} stands, anyone's",
    "about-figure-corner": "; only at a corner of the tile just placed where four tiles show its "
                           "kind",
    "about-figure-keeps-out": "; no {figures} joins its feature afterwards",
    "about-score-most": "to the players with the most {figure} on the feature",
    "about-count-for": "{count} with {players} players",
    "about-kind-anywhere": "followers may stand on a {kind} on any placed tile",
    "about-ransom": "a player may pay {points} points to take back a figure another player "
                    "holds",
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
    "fits-here-owned": "the drawn {tile}, or a {tile} the player owns, fits here",
    "last-tile": "the last {tile} placed",
    "tokens-on": "{tokens} on the board: {where}", "token-at": "{count} on the {feature} at {at}",
    # stats
    "tiles-sets": "{tiles} ({n} sets)", "tile-types": "{tile} types",
    "centres": "centre features", "sides": "sides by kind",
    "segments": "segments by kind", "map": "map", "map-squares": "squares",
    "enclosed": "segments without ports by kind", "attributes": "attributes",
    "neutral": "neutral figures in the game", "owned": "tiles each player owns",
    "figures": "figures each player has", "groups": "tiles by group",
    "big-city-squares": "big-city squares", "start-areas": "start areas",
    "start-areas-used": "start areas used", "border-segments": "border segments",
    "marker-squares": "{what} squares",
    # trigger scorings
    "takes-back": "takes back the",
    "turn-beside": "turn starts beside the {what}", "score-beside": "scored beside the {what}",
    "completes-a": "completes a {what}", "extends-own": "extends own {what}",
    "most-of": "the most {what}", "own": "own",
    "neighbouring": "neighbouring",
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
    "ended-by-signal": "ended by {signal}",
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
    "games-at-most": "--games can be at most {most}: every game's row is kept for the report",
    "games-at-most-summed": "--games can be at most {most}",
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
    "render-move-range": "move {move} is not in the record: its moves are 0 to {last}, and "
                         "start is before the first",
    "render-no-moves": "move {move} is not in the record: it has no moves, and start is "
                       "before the first",
    "render-move-what": "--move takes a move's number (0 is the first) or start, not {value}",
    "render-unwritable": "cannot write {file}: {reason}",
    "file-unwritable": "cannot write {file}: {reason}",
    "render-suffix": "{file}: {option} writes {kinds}; give a FILE ending in one of them",
    "render-not-folder": "{file} is not a folder: --all writes one picture per move into a "
                         "folder (it is made if missing)",
    "render-wrote": "{n} board{s} written to {file}",
    "render-start": "before the first move",
    "render-png-missing": "writing PNG needs resvg-py: pip install 'carcdsl[png]'",
    "render-png-all": "--png goes with --all DIR; for --tiles and --move, a FILE ending in "
                      ".png is written as PNG",
    "human-one-game": "a human seat plays one game at a time: use --games 1",
    "compiled-engine": "compiled engine",
    "compiled-compiling": "compiled engine: compiling, once ({seconds} s)...",
    "compiled-fallback": "compiled engine: {reason}; the Python engine runs instead",
    "compiled-compiled": "compiled engine: compiled in {seconds} s, cached for next time in "
                         "{cache}",
    "compiled-needs-numba": "needs Numba (pip install 'carcdsl[fast]')",
    "compiled-broken": "cannot be loaded ({reason})",
    "compiled-cannot-run": "cannot run {what}",
    "compiled-bots": "plays random bots only, not {bots}",
    "compiled-bots-roll-out": "plays random bots only; {searchers} roll out on it",
    "compiled-one-game": "plays batches of games (--games 2 or more), not a single game",
    "gpu-engine": "GPU engine",
    "gpu-fallback": "GPU engine: {reason}; the compiled engine runs on the CPU instead",
    "gpu-compiled": "GPU engine: compiled in {seconds} s",
    "gpu-needs-numba-cuda": "needs numba-cuda (pip install 'carcdsl[gpu]')",
    "gpu-no-device": "no GPU here ({reason})",
    "gpu-simulator-needs-no-jit": "Numba's CUDA simulator runs the kernel as Python: set "
                                  "NUMBA_DISABLE_JIT=1 too",
    "gpu-broken": "cannot run on this GPU ({reason})",
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
PHRASES.update(SERVE)  # serve's games database

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
    "not-a-file/fifo": "a named pipe, not a regular file",
    "not-a-file/char": "a device, not a regular file",
    "not-a-file/block": "a device, not a regular file",
    "not-a-file/socket": "a socket, not a regular file",
    "not-a-file/other": "not a regular file",
    "bad-name/nul": "a NUL character in the name",
    "bad-name/surrogate": "a lone surrogate in the name",
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
