"""Table mode's words in Dutch (``TABLE``): the page that records a game played on a real
table, and its API's messages; ``catalog_nl_web`` adds them to ``WEB``."""

from __future__ import annotations

TABLE: dict[str, str] = {
    "title-table": "Tafelmodus", "nav-table": "Tafel",
    "games-table": "aan tafel gespeeld",
    "home-table": "Speel je met een echte doos? Voer elke tegel in zoals hij getrokken en "
                  "gelegd wordt: de app telt de punten bij en bewaart het verslag van het spel.",
    "table-heading": "Een spel aan tafel vastleggen",
    "table-lead": "Kies de regels en de spelers in beurtvolgorde. Kies dan elke beurt de "
                  "getrokken tegel, klik waar hij gelegd is en waar zijn figuur kwam.",
    "table-players": "Spelers (in beurtvolgorde)", "table-start": "Beginnen met vastleggen",
    "table-pick": "Welke tegel trok {player}?",
    "table-left": "Tegels over: {n}", "table-count": "× {n}",
    "table-other-tile": "Een andere tegel",
    "table-click": "Klik waar de tegel gelegd is: volle vakken passen in deze draaiing, "
                   "gestreepte in een andere, grijze in geen enkele.",
    "table-fits-nowhere": "Tegel {tile} past nergens: hij wordt weggelegd en {player} trekt "
                          "opnieuw.",
    "table-discard": "Wegleggen", "table-end": "Het spel nu beëindigen",
    "table-end-sure": "Het spel hier beëindigen en de eindtelling doen?",
    "table-refused": "Geweigerd: {reason}",
    "table-track": "Scoreverloop", "table-start-row": "begin", "table-final-row": "eind",
    "table-move": "Zet", "table-by": "Door",
    "table-drawn": "Wat kwam er uit de zak {bag}?",
    "err-table-tile": "noem de getrokken tegel: kies een van de tegels die over zijn",
}
