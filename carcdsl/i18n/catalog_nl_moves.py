"""The messages about moves in Dutch: illegal moves by the engine's rule code and form
(``ILLEGAL``) and record errors by key (``RECORDS``), which share the list of ports; part of
``catalog_nl``, which gathers them.
"""

from __future__ import annotations

_PORTS = "N, E, S, W, NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW"

ILLEGAL: dict[str, str] = {
    "game-over": "het spel is al afgelopen",
    "game-over/already": "het spel is al afgelopen ({end})",
    "players/range": "{rules} is voor {low} tot {high} spelers, niet {count}",
    "players/unique": "spelersnamen moeten verschillend zijn",
    "players/hands": "een hand van {hand} voor {count} spelers vraagt {need} {rule:tiles}; de "
                     "voorraad heeft er {tiles} (hooguit {each} per speler bij {count} spelers)",
    "discard-only-unplaceable": "{rule:tile} {tile} past op het bord en mag niet weggelegd "
                                "worden",
    "discard-only-unplaceable/hand": "een {rule:tile} in de hand van {player} past op het bord: "
                                     "geen tegel uit de hand mag weggelegd worden",
    "hand": "{player} heeft {tiles}; een zet moet een van die tegels noemen, niet {tile}",
    "hand/empty": "{player} heeft niets in de hand; een zet moet een tegel uit de hand noemen, "
                  "niet {tile}",
    "hand/none": "{player} heeft {tiles}; een zet moet een van die tegels noemen",
    "hand/empty-none": "{player} heeft niets in de hand",
    "supply": "geen {rule:tile} meer om te trekken",
    "supply/group": "{rule:tile} {tile} kan nog niet getrokken worden: eerst de tegels van de "
                    "groep die nu getrokken wordt (volgende: {drawn})",
    "owned/keep": "niemand heeft nu een laatste beurt voor een eigen tegel",
    "owned/not-held": "{player} heeft geen eigen tegel {tile}",
    "owned/last": "de stapel is leeg: in de laatste beurt van {player} legt die een eigen tegel, "
                  "of houdt hem (een discard ervan)",
    "requirement/joins": "{rule:tile} {tile} op {at} moet een {kind} voortzetten: een van zijn "
                         "{kind}-zijden moet aan een gelegde tegel grenzen",
    "requirement/no-repeat": "{rule:tile} {tile} op {at} laat de {kind} dezelfde kant op draaien "
                             "als de tegel ervoor (geen U-bocht)",
    "requirement/third-turn": "{rule:tile} {tile} op {at} zou de {kind} voor de derde keer "
                              "op rij dezelfde kant op laten draaien (geen U-bocht)",
    "recall/cannot": "de {kind} op {at} op {spot} kan niet teruggenomen worden",
    "requirement/look-ahead": "{rule:tile} {tile} op {at} laat een {kind}-einde open met een tegel"
                              " binnen twee vakken ervoor (geen U-bocht)",
    "requirement/apart": "{rule:tile} {tile} op {at} zou twee einden van één {kind} verbinden "
                         "(de armen blijven gescheiden)",
    "requirement/at-most": "{rule:tile} {tile} op {at} zou {count} tegels met een {kind} om "
                           "zich heen hebben: hooguit {most} mogen",
    "requirement/surrounded": "{rule:tile} {tile} op {at} mag alleen waar aan alle vier de "
                              "kanten een tegel ligt (een gat)",
    "requirement/at-least": "{rule:tile} {tile} op {at} zou {count} tegels met een {kind} om "
                            "zich heen hebben: er moeten er minstens {least} zijn",
    "figure-supply": "{player} heeft geen {kind} meer in de voorraad",
    "figure-stands": "{kind}: mag niet op {feature} staan",
    "figure-excludes": "{kind}: mag niet bij een {feature} waar al een {others} staat",
    "figure-corner": "{kind}: staat alleen op een hoek van de zojuist gelegde tegel waar vier "
                     "tegels samenkomen die daar elk een {feature} tonen",
    "figure-kept-out": "{kind}: mag niet bij een {feature} waar een {holder} staat",
    "choice": "deze zet moet kiezen uit {options} (`\"choices\": [\"...\"]`)",
    "choice/none": "deze zet biedt geen keuze, maar kiest '{chosen}'",
    "drawn/none": "'{token}' kan nu niet uit de zak {bag} getrokken worden (er is er geen meer "
                  "in)",
    "drawn/unknown": "deze zet trekt uit de zak {bag}: zonder seed moet het record zeggen wat "
                     "(`\"drawn\": [\"...\"]`)",
    "drawn/extra": "de zet zegt dat hij '{token}' trok, maar hij trok er niet meer",
    "figure-needs": "{kind}: staat alleen op een {feature} waar al een eigen volgeling "
                    "van de speler staat",
    "recall/and-follower": "een zet plaatst een figuur of neemt er een terug, niet allebei",
    "recall/no-tile": "geen tegel op {at} om een figuur van terug te nemen",
    "recall/none": "de speler heeft geen figuur om terug te nemen op {at} op {spot}",
    "elsewhere": "een {kind} mag nu niet op {spot} op {at}",
    "elsewhere/no-tile": "geen tegel op {at} om een figuur op te zetten",
    "elsewhere/no-segment": "de tegel op {at} heeft geen {spot}",
    "target": "niets op {at} op {spot} kan deze zet aanpakken in plaats van een figuur te "
              "plaatsen",
    "target/and-follower": "een zet plaatst een figuur of pakt er een op het bord aan, "
                           "niet allebei",
    "hold": "tegel {tile} wacht opzij tot de {figure} op het bord staat: leg hem weg (hij "
            "komt later terug)",
    "walk": "de {figure} mag niet naar {at}: hij mag naar {allowed}",
    "walk/missing": "deze zet moet zeggen waar de {figure} nu heen loopt (`walk`: de "
                    "vakken, op volgorde)",
    "walk/extra": "deze zet loopt naar {at}, maar er is daar geen tocht bezig",
    "moved": "de {figure} van {player} mag niet verder naar {spot} op {at} (af, bezet of te "
             "ver): hij mag naar {allowed}, of naar huis",
    "moved/whose": "deze zet laat de {named} van {owner} verder gaan, maar nu gaat de {figure} "
                   "van {player} verder",
    "moved/missing": "deze zet moet zeggen waar de {figure} van {player} heen gaat nu zijn "
                     "gebied geteld is (`moved`: zijn vak en plek, of geen voor naar huis)",
    "moved/extra": "deze zet laat een figuur verder gaan ({said}), maar er wacht geen getelde "
                   "figuur om verder te gaan",
    "capture": "de {kind} van {player} op {spot} op {at} kan met deze zet niet gevangen worden",
    "capture/none": "deze zet vangt niets (hij noemt {spot} op {at})",
    "ransom": "nu geen losgeld te betalen aan {player} voor een {kind}",
    "decision/pending": "het spel wacht op een beslissing voor de volgende zet",
    "recall/completed": "de figuur op {at} op {spot} kan niet terug: deze zet maakt zijn gebied af",
    "supply/tile": "geen {rule:tile} {tile} meer in de voorraad",
    "supply/hidden": "geen {rule:tile} {tile} meer in de voorraad: met deze seed is de laatste "
                     "weggelegd door een regel (`hide N tiles`); past de seed van het record bij "
                     "de zetten?",
    "supply/in-play": "geen {rule:tile} {tile} meer in het spel (in de voorraad of in een "
                      "hand)",
    "unknown-tile": "onbekende {rule:tile} '{tile}'",
    "rotation": "draaiing {rotation} is niet 0, 90, 180 of 270",
    "move/at": "het vak van een zet moet [x, y] zijn, twee gehele getallen (niet {got})",
    "move/rotation": "de draaiing van een zet moet het gehele getal 0, 90, 180 of 270 zijn "
                     "(niet {got})",
    "move/tile": "de {rule:tile} van een zet moet een niet-lege tekst zijn (niet {got})",
    "move/feature": "het gebied van een {rule:follower} moet een niet-lege tekst zijn "
                    "(niet {got})",
    "move/kind": "de soort van een {rule:follower} moet een niet-lege tekst of niets zijn "
                 "(niet {got})",
    "move/port": "de kant van een {rule:follower} moet een van " + _PORTS + " of niets zijn "
                 "(niet {got})",
    "move/index": "het volgnummer van een {rule:follower} moet een geheel getal vanaf 1 zijn, "
                  "en 1 als er een kant genoemd is (niet {got})",
    "move/recall": "het terugnemen van een zet moet een RecallSpec of niets zijn (kreeg {got})",
    "move/player": "een speler moet met een niet-lege tekst genoemd worden (kreeg {got})",
    "move/capture": "de vangst van een zet moet een CaptureSpec of niets zijn (kreeg {got})",
    "move/moved": "moved van een zet moet MovedSpecs of niets bevatten (kreeg {got})",
    "move/ransom": "het losgeld van een zet moet een RansomSpec of niets zijn (kreeg {got})",
    "move/follower": "de {rule:follower} van een zet moet een FollowerSpec of niets zijn "
                     "(niet {got})",
    "square-taken": "op vak {at} ligt al een {rule:tile}",
    "board": "vak {at} ligt buiten het bord",
    "board/span": "vak {at} ligt buiten het bord (x en y liggen tussen {low} en {high})",
    "board/printed": "vak {at} is een gedrukte {kind:word}: daar komt geen {rule:tile}",
    "board/named-printed": "vak {at} is een gedrukte {kind:word} ({name:word}): daar komt "
                           "geen {rule:tile}",
    "board/not-on-map": "vak {at} ligt niet op de kaart",
    "drawn-tile/place": "{player} trok {drawn}: een zet moet die {rule:tile} aanleggen, niet "
                        "{tile}",
    "drawn-tile/discard": "{player} trok {drawn}: een zet moet die {rule:tile} wegleggen, niet "
                          "{tile}",
    "adjacent": "vak {at} ligt niet naast een gelegde {rule:tile}",
    "sides-match": "{rule:tile} {tile} op {at}, {rotation}° gedraaid, past niet bij de "
                   "buurtegel aan zijde {sides}",
    "follower-supply": "{player} heeft geen {rule:followers} meer in de voorraad",
    "feature-occupied": "op de {feature:word} bij {port} staat al een {rule:follower}",
    "feature-occupied/centre": "op de {feature:word} in het midden staat al een {rule:follower}",
    "feature-occupied/index": "op de {feature:word} {spot} staat al een {rule:follower}",
    "follower-kind": "op een {feature:word} mogen geen {rule:followers} staan",
    "follower-kind/role": "een {kind:word} staat niet op een {feature:word} (een {role:word} "
                          "wel)",
    "follower-kind/no-role": "een {kind:word} staat niet op een {feature:word}",
    "follower-kind/unknown": "onbekende soort {rule:follower} '{kind}'; deze regelset heeft "
                             "één soort {rule:follower} ({known:roles})",
    "follower-kind/unknown-figure": "onbekende figuur '{kind}': de gewone {rule:follower} "
                                    "({known:roles}), of een van de figuren {figures}",
    "follower-kind/none": "onbekende soort {rule:follower} '{kind}'; deze regelset heeft "
                          "één soort {rule:follower} (geen: noem geen soort)",
    "follower-spot": "de {rule:tile} heeft geen {feature:word} om een {rule:follower} op te "
                     "zetten",
    "follower-spot/tile": "de {rule:tile} toont een {shown:word}: er komt geen {rule:follower} "
                          "of figuur op",
    "follower-spot/port": "de {rule:tile} heeft geen {feature:word}:{port} om een "
                          "{rule:follower} op te zetten",
    "follower-spot/index": "de {rule:tile} heeft geen {spot}: er zijn {count} segmenten "
                           "{feature:word} zonder aansluitpunten",
}
"""Illegal moves by the engine's rule code (``IllegalMoveError.rule``) and form."""

RECORDS: dict[str, str] = {
    "unreadable": "kan het verslag niet lezen: {reason}",
    "too-large": "te groot voor een verslag (meer dan {most} bytes)",
    "binary": "een binair bestand, geen JSON-verslag",
    "encoding": "geen UTF-8-tekst (foute byte op positie {offset})",
    "json": "geen geldige JSON op regel {line}, kolom {column}: {reason}",
    "constant": "geen geldige JSON: {name} is geen JSON-waarde",
    "duplicate-key": "sleutel {key} staat twee keer in een JSON-object",
    "json-nested": "de JSON is te diep genest",
    "nested": "het verslag is te diep genest",
    "unwritable": "kan het verslag niet schrijven: {reason}",
    "unwritable-device": "schrijft het verslag niet op een blokapparaat",
    "unwritable-socket": "kan het verslag niet in een socket schrijven",
    "expected/object": "{subject} moet een JSON-object zijn (niet {got})",
    "expected/players": "{subject} moet een lijst namen of een aantal spelers zijn (niet {got})",
    "expected/follower": "{subject} moet een tekst als \"city:S\" zijn of een object "
                         "{{\"at\": \"city:S\", \"kind\": ...}} (niet {got})",
    "expected/at": "{subject} moet [x, y] zijn, twee gehele getallen (niet {got})",
    "expected/digest": "{subject} moet \"sha256:\" met 64 hexadecimale cijfers zijn (niet {got})",
    "missing-key": "bij {subject} ontbreekt de sleutel {key}",
    "unknown-key": "onbekende sleutel {key} (verwacht: {allowed})",
    "unknown-key-in": "onbekende sleutel {key} in {subject} (verwacht: {allowed})",
    "unknown-key-discard": "onbekende sleutel {key} bij wegleggen (alleen 'discard' hoort "
                           "erbij)",
    "type": "{subject} moet {types:json-types} zijn (niet {got})",
    "enum": "{subject} moet een van {values} zijn (niet {got})",
    "const": "{subject} moet {value} zijn (niet {got})",
    "empty": "{subject} mag niet leeg zijn",
    "max-items": "{subject} mag hooguit {most} elementen hebben",
    "minimum": "{subject} moet minstens {least} zijn (niet {got})",
    "maximum": "{subject} mag hooguit {most} zijn (niet {got})",
    "unique": "{subject} mag geen naam herhalen (niet {got})",
    "pattern": "{subject} moet 'feature' of 'feature:PORT' zijn, met voor PORT een van "
               + _PORTS + " (niet {got})",
    "schema": "{subject} voldoet niet aan het schema ({reason})",
    "follower": "'follower' moet 'feature' of 'feature:PORT' zijn, met voor PORT een van "
                + _PORTS + ", of 'feature#K' met K vanaf 2 (niet {got})",
    "players-empty": "'players' moet minstens één speler noemen",
    "players-unique": "de namen in 'players' moeten verschillend zijn",
    "needs-seed": "noemt geen tegel, dus het verslag heeft een 'seed' nodig",
    "seed-range": "'seed' moet een geheel getal van {least} tot {most} zijn (niet {got})",
    "number-too-long": "{subject} is een getal van {digits} cijfers, meer dan enig getal in "
                       "een verslag mag hebben",
    "path-absolute": "{subject} moet een meegeleverde naam zijn of een pad ten opzichte van de "
                     "map van het verslag, geen absoluut pad (niet {got})",
    "path-bad": "{subject} noemt geen bestand dat er kan zijn (niet {got}): {reason}",
    "path-outside": "{subject} leidt uit de map van het verslag (niet {got}): een verslag "
                    "noemt meegeleverde regels en bestanden in zijn eigen map of daaronder",
    "rules": "de regels van het verslag laden niet: {problem}",
    "rules-digest": "de regels zijn veranderd sinds het verslag is geschreven: het is gespeeld "
                    "met regels {recorded}, ze laden nu als {now}",
    "illegal": "{reason}",
    "illegal-move": "zet {index} {move}: {reason} [regel: {code}]",
}
