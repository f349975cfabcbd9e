"""De woorden van samen spelen in het Nederlands (``TOGETHER``): stoelen, links, de
spellenpagina en de meldingen van hun API (``catalog_nl_web`` voegt ze aan ``WEB`` toe), en
de database van ``serve`` (``SERVE``, bij ``PHRASES``)."""

from __future__ import annotations

TOGETHER: dict[str, str] = {
    "title-games": "Spellen", "nav-games": "Spellen",
    "games-heading": "Spellen op deze server",
    "games-lead": "Elk spel dat hier begon wordt bewaard: open het om verder te spelen of te "
                  "kijken, of download het verslag.",
    "games-none": "Nog geen spellen.", "games-in-progress": "Bezig",
    "games-finished": "Afgelopen", "games-open": "Openen", "games-download": "Verslag",
    "games-moves": "{n} zetten", "games-updated": "Laatste zet",
    "share-game": "Anderen uitnodigen: een link voor de stoel van elke persoon",
    "links-heading": "Uitnodigen",
    "links-lead": "Stuur iedereen de link van zijn stoel, of de kamerlink (ieder neemt een "
                  "vrije stoel). De kijklink kijkt alleen.",
    "seat-link": "Stoel van {name}", "room-link": "Kamer", "watch-link": "Kijken",
    "you-play": "Jij speelt {name}.", "you-watch": "Je kijkt naar dit spel.",
    "waiting-for": "Wachten tot {player} zet.",
    "live-lost": "De verbinding met de server is verbroken; opnieuw proberen…",
    "err-not-your-seat": "je stoel is niet aan de beurt: alleen de stoel die aan zet is mag "
                         "zetten, met zijn eigen link",
    "err-not-a-seat": "deze link hoort bij geen stoel van het spel",
    "err-room-full": "alle stoelen van dit spel zijn bezet: je kunt kijken",
    "err-too-many-watchers": "te veel pagina's kijken naar dit spel",
    "err-too-many-new-games": "te veel nieuwe spellen vanaf jouw adres in een minuut "
                              "(hoogstens {most}): probeer het over {seconds} s opnieuw",
    "err-table-not-yours": "alleen de browser die dit tafelspel begon mag er zetten in "
                           "invoeren of het beëindigen: je kunt kijken",
    "take-back": "Mijn zet terugnemen",
    "undo-asked": "{name} vraagt zijn zet terug te nemen (en wat daarna gespeeld is).",
    "undo-allow": "Toestaan", "undo-refuse": "Weigeren",
    "undo-waiting": "De andere spelers is gevraagd of je je zet mag terugnemen…",
    "err-undo-none": "er is nu geen zet van jou om terug te nemen",
    "err-undo-not-asked": "niemand vroeg een zet terug te nemen",
    "err-undo-no-seat": "alleen wie dit spel speelt mag een zet terugnemen",
    "err-undo-not-yours": "jou is niets gevraagd: alleen de andere spelers beantwoorden een "
                          "verzoek een zet terug te nemen",
}

SERVE: dict[str, str] = {
    "serve-db": "kan de spellendatabase {path} niet gebruiken: {reason}",
    "serve-db-empty": "--db noemt geen bestand: geef er een, of laat --db weg voor het "
                      "standaardbestand",
    "serve-db-newer": "de spellendatabase {path} is geschreven door een nieuwere carcdsl: "
                      "gebruik die, of een ander bestand (--db)",
    "serve-exposed-games": "op {host} kan iedereen die deze machine bereikt elk spel dat hier "
                           "bewaard is via zijn link openen, ernaar kijken, met een kamerlink "
                           "een vrije stoel nemen en spelen",
    "serve-games-in": "spellen worden bewaard in {path}",
    "serve-new-games": "--max-new-games-per-minute moet 1 of meer zijn, niet {most}",
}
