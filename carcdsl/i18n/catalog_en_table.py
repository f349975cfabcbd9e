"""Table mode's words in English (``TABLE``): the page that records a game played on a real
table, and its API's messages; ``catalog_en_web`` adds them to ``WEB``."""

from __future__ import annotations

TABLE: dict[str, str] = {
    "title-table": "Table mode", "nav-table": "Table",
    "games-table": "played at a table",
    "home-table": "Playing with a real box? Enter each tile as it is drawn and placed: the "
                  "app scores as you go and saves the game's record.",
    "table-heading": "Record a game played at a table",
    "table-lead": "Choose the rules and the players in turn order. Then, each turn, pick the "
                  "tile drawn, click where it was put and where its figure went.",
    "table-players": "Players (in turn order)", "table-start": "Start recording",
    "table-pick": "Which tile did {player} draw?",
    "table-left": "Tiles left: {n}", "table-count": "× {n}",
    "table-other-tile": "Another tile",
    "table-click": "Click where the tile was put: solid squares fit in this rotation, dashed "
                   "ones in another, grey ones in none.",
    "table-fits-nowhere": "Tile {tile} fits nowhere: it is discarded and {player} draws again.",
    "table-discard": "Discard it", "table-end": "End the game now",
    "table-end-sure": "End the game here and run the final scoring?",
    "table-refused": "Refused: {reason}",
    "table-track": "Score track", "table-start-row": "start", "table-final-row": "final",
    "table-move": "Move", "table-by": "By",
    "table-drawn": "What came out of the {bag} bag?",
    "err-table-tile": "name the tile drawn: choose one of the tiles left",
}
