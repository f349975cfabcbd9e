"""The messages about moves in English: illegal moves by the engine's rule code and form
(``ILLEGAL``) and record errors by key (``RECORDS``), which share the list of ports; part of
``catalog_en``, which gathers them.
"""

from __future__ import annotations

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
    "owned/keep": "no player has a last turn for a tile they own now",
    "owned/not-held": "{player} does not own a tile {tile}",
    "owned/last": "the pile is empty: {player}'s last turn plays a tile they own, or keeps it "
                  "(a discard of it)",
    "requirement/surrounded": "{rule:tile} {tile} at {at} goes only where placed tiles are "
                              "on all four sides (a hole)",
    "requirement/joins": "{rule:tile} {tile} at {at} must continue a {kind}: one of its {kind} "
                         "sides must face a placed tile",
    "requirement/no-repeat": "{rule:tile} {tile} at {at} turns the {kind} the same way as the tile"
                             " before it (no U-turns)",
    "requirement/third-turn": "{rule:tile} {tile} at {at} would turn the {kind} the same way "
                              "a third time in a row (no U-turns)",
    "recall/cannot": "the {kind} at {at} on {spot} cannot be taken back",
    "requirement/look-ahead": "{rule:tile} {tile} at {at} leaves a {kind} end with a tile within "
                              "two squares ahead (no U-turns)",
    "requirement/apart": "{rule:tile} {tile} at {at} would join two ends of one {kind} (its "
                         "arms must stay apart)",
    "requirement/at-most": "{rule:tile} {tile} at {at} would have {count} tiles showing a "
                           "{kind} around it: at most {most} may",
    "requirement/at-least": "{rule:tile} {tile} at {at} would have {count} tiles showing a "
                            "{kind} around it: it needs at least {least}",
    "figure-supply": "{player} has no {kind} left in the supply",
    "figure-stands": "{kind}: may not stand on {feature}",
    "figure-excludes": "{kind}: may not join a {feature} that holds a {others} already",
    "figure-corner": "{kind}: stands only at a corner of the tile just placed where four "
                     "tiles meet, each showing a {feature} there",
    "figure-kept-out": "{kind}: may not join a {feature} that holds a {holder}",
    "choice": "this move must choose one of {options} (`\"choices\": [\"...\"]`)",
    "choice/none": "this move offers no choice, yet chooses '{chosen}'",
    "drawn/none": "'{token}' cannot be drawn from the {bag} bag now (none of them is left "
                  "in it)",
    "drawn/unknown": "this move draws from the {bag} bag: without a seed the record must say "
                     "what (`\"drawn\": [\"...\"]`)",
    "drawn/extra": "the move says it drew '{token}', but it drew no more",
    "figure-needs": "{kind}: stands only on a {feature} that already holds one of the "
                    "player's own followers",
    "recall/and-follower": "a move either places a figure or takes one back, not both",
    "recall/no-tile": "no tile at {at} to take a figure back from",
    "recall/none": "the player has no figure to take back at {at} on {spot}",
    "elsewhere": "a {kind} may not go on {spot} at {at} now",
    "elsewhere/no-tile": "no tile at {at} to put a figure on",
    "elsewhere/no-segment": "the tile at {at} has no {spot}",
    "target": "nothing at {at} on {spot} can be acted on by this move instead of placing a figure",
    "target/and-follower": "a move either places a figure or acts on one on the board, not both",
    "hold": "tile {tile} waits aside until the {figure} is on the board: discard it (it comes "
            "back later)",
    "walk": "the {figure} may not go to {at}: it may go to {allowed}",
    "walk/missing": "this move must say where the {figure} walks next (`walk`: the squares, "
                    "in order)",
    "walk/extra": "this move walks to {at}, but no walk is under way there",
    "moved": "{player}'s {figure} may not go on to {spot} at {at} (complete, occupied or out "
             "of reach): it may go to {allowed}, or home",
    "moved/whose": "this move names {owner}'s {named} going on, but {player}'s {figure} is "
                   "the one to go on now",
    "moved/missing": "this move must say where {player}'s {figure} goes on after its feature "
                     "scored (`moved`: its square and spot, or none for home)",
    "moved/extra": "this move names a figure going on ({said}), but no scored figure waits "
                   "to go on",
    "capture": "{player}'s {kind} on {spot} at {at} cannot be captured by this move",
    "capture/none": "this move captures nothing (it names {spot} at {at})",
    "ransom": "no ransom to pay {player} for a {kind} now",
    "decision/pending": "the game waits for a decision before the next move",
    "recall/completed": "the figure at {at} on {spot} cannot be taken back: this move completes "
                        "its feature",
    "supply/tile": "no {rule:tile} {tile} left in the supply",
    "supply/hidden": "no {rule:tile} {tile} left in the supply: with this seed the last one was "
                     "hidden by a rule (`hide N tiles`); does the record's seed fit its moves?",
    "supply/in-play": "no {rule:tile} {tile} left in play (in the supply or a hand)",
    "unknown-tile": "unknown {rule:tile} '{tile}'",
    "rotation": "rotation {rotation} is not 0, 90, 180 or 270",
    "move/at": "a move's square must be [x, y], two whole numbers (got {got})",
    "move/rotation": "a move's rotation must be the whole number 0, 90, 180 or 270 (got {got})",
    "move/tile": "a move's {rule:tile} must be named by a non-empty text (got {got})",
    "move/feature": "a {rule:follower}'s feature must be named by a non-empty text (got {got})",
    "move/kind": "a {rule:follower}'s kind must be a non-empty text or none (got {got})",
    "move/port": "a {rule:follower}'s port must be one of " + _PORTS + " or none (got {got})",
    "move/index": "a {rule:follower}'s index must be a whole number from 1, and 1 where a "
                  "port is named (got {got})",
    "move/recall": "a move's recall must be a RecallSpec or none (got {got})",
    "move/player": "a player must be named by a non-empty text (got {got})",
    "move/capture": "a move's capture must be a CaptureSpec or none (got {got})",
    "move/ransom": "a move's ransom must be a RansomSpec or none (got {got})",
    "move/moved": "a move's moved must hold MovedSpecs or none (got {got})",
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
    "feature-occupied/index": "the {feature:word} {spot} already has a {rule:follower}",
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
    "follower-spot/tile": "the {rule:tile} shows a {shown:word}: it takes no {rule:follower} "
                          "or figure",
    "follower-spot/port": "the {rule:tile} has no {feature:word}:{port} to put a "
                          "{rule:follower} on",
    "follower-spot/index": "the {rule:tile} has no {spot}: it has {count} {feature:word} "
                           "segments without ports",
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
                + ", or 'feature#K' with K from 2 (got {got})",
    "players-empty": "'players' must name at least one player",
    "players-unique": "'players' names must be unique",
    "needs-seed": "names no tile, so the record needs a 'seed'",
    "seed-range": "'seed' must be a whole number from {least} to {most} (got {got})",
    "number-too-long": "{subject} is a number of {digits} digits, more than any number in a "
                       "record may have",
    # replaying it
    "path-absolute": "{subject} must be a bundled name or a path relative to the record's "
                     "folder, not an absolute path (got {got})",
    "path-bad": "{subject} names no file there can be (got {got}): {reason}",
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
