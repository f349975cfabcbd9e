"""The words of games played together in English (``TOGETHER``): seats, links, the games
page and their API's messages (``catalog_en_web`` adds them to ``WEB``), and ``serve``'s
database (``SERVE``, added to ``PHRASES``)."""

from __future__ import annotations

TOGETHER: dict[str, str] = {
    "title-games": "Games", "nav-games": "Games",
    "games-heading": "Games on this server",
    "games-lead": "Every game started here is kept: open one to go on or watch it, or "
                  "download its record.",
    "games-none": "No games yet.", "games-in-progress": "In progress",
    "games-finished": "Finished", "games-open": "Open", "games-download": "Record",
    "games-moves": "{n} moves", "games-updated": "Last move",
    "share-game": "Invite others: a link for each person's seat",
    "links-heading": "Invite",
    "links-lead": "Send each person their seat's link, or the room link (each takes a free "
                  "seat). The watch link only watches.",
    "seat-link": "{name}'s seat", "room-link": "Room", "watch-link": "Watch",
    "you-play": "You play {name}.", "you-watch": "You are watching this game.",
    "waiting-for": "Waiting for {player} to move.",
    "live-lost": "The connection to the server was lost; trying again…",
    "err-not-your-seat": "this is not your seat's turn: only the seat to move may move, with "
                         "its own link",
    "err-not-a-seat": "this link holds no seat of the game",
    "err-room-full": "every seat of this game is taken: you can watch it",
    "err-too-many-watchers": "too many pages are watching this game",
    "err-too-many-new-games": "too many new games from your address in a minute (at most "
                              "{most}): try again in {seconds} s",
    "err-table-not-yours": "only the browser that started this table game may enter its "
                           "moves or end it: you can watch it",
    "take-back": "Take back my move",
    "undo-asked": "{name} asks to take back their move (and what was played after it).",
    "undo-allow": "Allow", "undo-refuse": "Refuse",
    "undo-waiting": "Asked the other players to let you take back your move…",
    "err-undo-none": "no move of yours to take back now",
    "err-undo-not-asked": "no one asked to take a move back",
    "err-undo-no-seat": "only a person playing this game may take a move back",
    "err-undo-not-yours": "you were not asked: only the other players answer a request to "
                          "take a move back",
}

SERVE: dict[str, str] = {
    "serve-db": "cannot use the games database {path}: {reason}",
    "serve-db-empty": "--db names no file: give one, or leave --db out for the default",
    "serve-db-newer": "the games database {path} was written by a newer carcdsl: use that "
                      "one, or another file (--db)",
    "serve-exposed-games": "on {host}, anyone who can reach this machine can open every game "
                           "stored here from its link, watch it, take a free seat from a "
                           "room link and play",
    "serve-games-in": "games are kept in {path}",
    "serve-new-games": "--max-new-games-per-minute must be 1 or more, not {most}",
}
