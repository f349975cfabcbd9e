"""The browser app's words in English (``WEB``, ``carcdsl serve``): its pages' titles,
navigation and controls, and the messages of its API; part of ``catalog_en``, which
gathers them.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_en_table import TABLE
from carcdsl.i18n.catalog_en_together import TOGETHER

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
    "home-keys": "Keys while playing: the arrows move over the squares the tile fits, r "
                 "rotates, Enter places and confirms, Backspace takes a step back; while "
                 "replaying: the arrow keys step.",
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
    "decide": "Decide before the game goes on (a square marked on the board does the same):",
    "before-tile": "Before placing the tile you may:",
    "completes": "Completes", "feature-tiles": "{kind} (tiles: {n})",
    "scores-nothing": "Scores nothing now.", "plays-again": "You play again after it.",
    "game-ends": "The game ends with this move.",
    "step": "Step", "auto-play": "Auto-play", "pause": "Pause", "speed": "Speed (ms)",
    "log": "Moves", "final-scoring": "Final scoring", "in-play": "During play",
    "total": "Total", "final-breakdown": "The {n} final scorings",
    "download-record": "Download the record",
    "variant-for": "(for {rules})", "your-file": "your file",
    # play: the keys, and a feature the pointer rests on (web/feature.py)
    "keys-hint": "Keys: the arrows move over the squares the tile fits, r rotates (R turns "
                 "back), Enter places the tile or confirms, Backspace takes a step back; on "
                 "the tile placed the arrows choose what else to do.",
    "cursor-at": "square ({x}, {y})",
    "feature-head": "{kind} on {n} tiles, {state}",
    "feature-head-one": "{kind} on 1 tile, {state}", "feature-complete": "complete",
    "feature-open": "not complete yet", "feature-owner": "{player}: {figures}",
    "feature-nobody": "Nobody's: no figure stands on it.",
    "feature-worth-complete": "Worth {n} points as completed.",
    "feature-worth-complete-one": "Worth 1 point as completed.",
    "feature-worth-final": "If the game ended now, worth {n} points to whoever held it.",
    "feature-worth-final-one": "If the game ended now, worth 1 point to whoever held it.",
    "feature-scores-complete": "Scores now: {points}",
    "feature-scores-final": "If the game ended now: {points}",
    "feature-points": "{player} {n}", "feature-no-points": "no points",
    # replay
    "replay-heading": "Replay a record", "served-records": "A record in the folders",
    "open": "Open", "or": "or", "upload-record": "Open a file",
    "no-records": "(none in the folders served)", "first-move": "Start",
    "prev-move": "Back one move", "next-move": "Forward one move", "last-move": "The end",
    "timeline": "timeline", "move-of": "after move {n} (moves 0 to {last})",
    "at-start": "before the first move", "before-first": "Before the first move.",
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
    # the tile editor (beside the rule editor)
    "te-heading": "Tile editor",
    "te-hint": "Add a segment of a kind, then click the sides (N E S W) or half-sides (NNE "
               "ENE ...) it covers. Drag a path's side onto where the path ends, or click that "
               "under the tile. The tile line is written into the rule file above.",
    "te-open": "Tile", "te-new-tile": "(a new tile)", "te-name": "Name", "te-count": "Count",
    "te-kind": "Kind", "te-add": "Add a segment", "te-segments": "Segments",
    "te-remove": "Remove", "te-ends": "ends at", "te-ends-none": "(another side)",
    "te-pennants": "pennants", "te-touches": "touches", "te-no-ports": "no ports: the centre",
    "te-edit": "Edit segment {n}: {text}", "te-port": "{port}: {owner}",
    "te-free": "free", "te-drop": "Drag the path's side here, where it ends:",
    "te-reload": "Read the kinds again", "te-need": "Give the tile a name and a segment.",
    "te-line-ok": "The checker says nothing about this line.",
    "te-line-problems": "The checker: {n} problem(s) on this line.",
    "te-file-errors": "The rule file has {errors} error(s) in all.",
    "te-no-picture": "Not drawn:", "te-kinds-of": "Kinds of {name}",
    # the app's complaints
    "err-network": "the app does not answer: is carcdsl serve still running?",
    "err-field-char": "{where} holds a character no text may hold (a NUL or a lone surrogate)",
    "err-field-long": "{where} is longer than {most} characters",
    "err-field-many": "{where} has more than {most} items",
    "err-field-kind": "{where} is of the wrong kind: it must be {kinds}",
    "err-field-deep": "{where} is nested deeper than {most} levels",
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
    "err-no-game": "no game of this id is kept here (in the file this server keeps its games "
                   "in: --db)",
    "err-no-record": "no such record open (open it again)",
    "err-record-move": "the record has moves 0 to {n}",
    "err-record-what": "send a record, or the ref of one in a served folder",
    "err-seed": "the seed must be a whole number from {least} to {most}",
    "err-seed-number": "the seed must be a whole number",
    "err-players": "give the players, at least one",
    "err-player-name": "player {n} needs a name (at most 40 characters)",
    "err-player-names-unique": "every player needs a name of their own",
    "err-seat-kind": "unknown kind of seat '{kind}'; choose from {kinds}",
    "err-no-target": "not a figure this move can act on now: choose one of the moves listed",
    "err-no-decision": "not a decision the game offers now: choose one of those listed",
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
    "err-tile-shape": "not a tile: a tile has a name, a count (0 to 999) and 1 to 32 segments, "
                      "each a kind with ports, an end, pennants, attributes and touches, every "
                      "name as the rule language writes one",
    "err-tile-rules": "the rule file does not read: {first}",
    "err-feature-param": "{name} must be a whole number from {least} to {most}",
    "err-no-feature": "no tile on square ({x}, {y}) with a segment {segment}",
}
"""The browser app's words (``carcdsl serve``): its pages, and the messages of its API."""

WEB.update(TABLE)  # table mode's words, kept in a file of their own
WEB.update(TOGETHER)  # seats, links and the games page, in a file of their own
