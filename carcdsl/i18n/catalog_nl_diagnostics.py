"""The checker's messages in Dutch (``DIAGNOSTICS``): a template per diagnostic code and form,
from reading and syntax through composition, names, the game, the board and supply, tiles, to
the warnings; part of ``catalog_nl``, which gathers them.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_nl_tile_diagnostics import TILE_DIAGNOSTICS

_SEEN = "(eerst op regel {line})"
_GIVEN_AS = "{key}={value} opgegeven voor {target}: parameter '{key}'"
_ONCE = "elk bestand wordt één keer toegepast"

DIAGNOSTICS: dict[str, str] = {
    # --- lezen en syntaxis ---
    "E001": "syntaxfout: onverwacht '{token:short}'{hint}; verwacht: {expected:tokens}",
    "E001/name": "syntaxfout: onverwachte naam '{token:short}'{hint}; verwacht: "
                 "{expected:tokens}",
    "E001/number": "syntaxfout: onverwacht getal '{token:short}'{hint}; verwacht: "
                   "{expected:tokens}",
    "E001/string": "syntaxfout: onverwachte tekst tussen aanhalingstekens "
                   "'{token:short}'{hint}; verwacht: {expected:tokens}",
    "E001/segment-semicolon": "syntaxfout: '{token:short}' begint een nieuw segment: er "
                              "ontbreekt een ';' voor",
    "E001/end": "syntaxfout: onverwacht einde van het bestand; verwacht: {expected:tokens}",
    "E002": "syntaxfout: onverwacht teken '{char}'",
    "E207/amount-alone": "een getal na een segment telt een van zijn kenmerken: zet het "
                         "kenmerk ervoor (`city N+W wine 2`)",
    "E003/too-large": "bestand te groot ({size:n} bytes; hooguit {most:n})",
    "E003/too-many-tokens": "meer dan {most:n} woorden, getallen en tekens: een regelbestand "
                            "heeft er hooguit {most:n} (dit is het eerste daarboven)",
    "E003/too-many-values": "meer dan {most:n} waarden buiten de vakken van de kaart en de "
                            "tegels: een JSON-regelset heeft er hooguit {most:n}",
    "E003/export-too-large": "de JSON-vorm van de regelset zou meer dan {most:n} waarden "
                             "buiten de vakken van de kaart en de tegels hebben, meer dan de "
                             "JSON-vorm teruglezen kan ({part}: {count:n}); een regelset "
                             "heeft er hooguit {most:n}",
    "E003/unreadable": "kan het bestand niet lezen: {reason}",
    "E003/binary": "dit is een binair bestand, geen regelbestand",
    "E003/encoding": "geen UTF-8-tekst (byte {byte}); sla het bestand op als UTF-8",
    "E004": "onbekende regelset of onbekend bestand '{target}'{hint}",
    "E004/empty": "een lege naam: geef de naam van een regelset of variant, of een "
                  "regelbestand",
    "E004/not-a-file": "'{target}' is geen gewoon bestand (een apparaat of een pipe), geen "
                       "regelbestand",
    "E004/directory": "'{target}' is een map, geen regelbestand",
    "E004/no-file": "bestand bestaat niet: {target}",
    "E004/outside": "'{target}' ligt buiten de mappen waaruit regelbestanden mogen lezen "
                    "({folders}); geef de map met --allow-path MAP om het te lezen",
    "E004/allow-path": "--allow-path {folder}: geen map",
    "E004/bad-path": "het pad {target} kan niet worden opgezocht: {reason}",
    "E005": "kringloop van `extends`: {chain}",
    "E005/self": "een variant wordt niet met zichzelf toegepast",
    "E005/with": "kringloop van `with`: {chain}",
    "E006": "te diep genest",
    "E006/expression": "een telformule is dieper genest dan {most} niveaus",
    "E006/extends": "`extends` is dieper genest dan {most} niveaus",
    "E006/json": "de JSON is te diep genest",
    "E007": "geen geldige JSON: {reason}",
    "E007/missing-key": "{path}: sleutel {key} ontbreekt",
    "E007/unknown-key": "{path}: onbekende sleutel {key}{hint}",
    "E007/type": "{path}: verwacht {expected:json-types}, niet {got:json}",
    "E007/pattern": "{path}: {value} is geen naam (letters, cijfers en _, woorden verbonden "
                    "met -)",
    "E007/values": "{path}: verwacht {allowed:or}, niet {value}",
    "E007/items": "{path}: verwacht precies {size} elementen, niet {count}",
    "E007/description": "{path}: verwacht {description}, niet {value}",
    "E007/schema": "{path}: voldoet niet aan het schema ({reason})",
    "E008": "een getal van {digits:n} cijfers; getallen in een regelbestand hebben er hooguit "
            "{most}",
    "E008/json": "een getal van {digits:n} cijfers; getallen in een regelset hebben er hooguit "
                 "{most}",
    # --- samenstellen ---
    "E101/property": "{property} staat twee keer in dit {block}-blok " + _SEEN,
    "E101/title": "de titel staat twee keer in dit {block}-blok " + _SEEN,
    "E101/parameter": "parameter '{name}' is twee keer gedeclareerd " + _SEEN,
    "E101/about": "de beschrijving (`about{lang}`) staat twee keer in dit bestand " + _SEEN,
    "E101/name": "names {lang}: '{word}' krijgt twee keer een naam " + _SEEN,
    "E101/json": "'{name}' staat twee keer in {list} (eerst op {first})",
    "E101/game": "het spel is al gedeclareerd op {first}; wijzig het met "
                 "`override game {{ ... }}`",
    "E101/feature-differs": "soort '{name}' is al gedeclareerd op {first} en verschilt daar in "
                            "{props}: declareer haar op dezelfde manier om haar te delen, of "
                            "gebruik `override feature {name}` om haar te wijzigen",
    "E101/tile": "tegel '{name}' is al gedeclareerd op {first}; gebruik `override tile "
                 "{name} ...`",
    "E101/tile-again": "tegel '{name}' is al gedeclareerd; gebruik `override tile {name} ...`",
    "E101/token-differs": "fiche '{name}' is al gedeclareerd op {first} en verschilt daar in "
                          "{props}: declareer het op dezelfde manier om het te delen, of gebruik "
                          "`override token {name}` om het te wijzigen",
    "E101/figure-differs": "figuur '{name}' is al gedeclareerd op {first} en verschilt daar in "
                           "{props}: declareer het op dezelfde manier om het te delen, of gebruik "
                           "`override figure {name}` om het te wijzigen",
    "E101/group": "groep '{name}' is al gedeclareerd op {first} met andere tegels; een groep "
                  "die opnieuw wordt gedeclareerd, noemt dezelfde tegels",
    "E102/game": "`override game`, maar er is nog geen spel gedeclareerd",
    "E102/feature": "`override feature {name}`: er is geen soort '{name}' om te "
                    "wijzigen{hint}",
    "E102/tile": "`override tile {name}`: er is geen tegel '{name}'{hint}",
    "E102/token": "`override token {name}`: er is geen fiche '{name}'{hint}",
    "E102/figure": "`override figure {name}`: er is geen figuur '{name}' om te wijzigen{hint}",
    "E102/added-tiles": "`tiles += N` telt op bij het eerder opgegeven aantal tegels: het hoort "
                        "in een `override game` van een bestand dat wordt toegepast na een "
                        "bestand met `tiles N`",
    "E102/remove": "`remove tile {name}`: er is geen tegel '{name}'{hint}",
    "E102/remove-feature": "`remove feature {name}`: er is geen soort '{name}'{hint}",
    "E102/remove-figure": "`remove figure {name}`: er is geen figuur '{name}'{hint}",
    "E102/remove-token": "`remove token {name}`: er is geen fiche '{name}'{hint}",
    "E102/remove-group": "`remove group {name}`: er is geen groep '{name}'{hint}",
    "E103/empty": "'{target}' is leeg: een variant begint met `variant NAAM for REGELS`",
    "E103/record": "'{target}' is een spelverslag, geen regelset: speel het na met `carcdsl "
                   "replay {target}`",
    "E103/with-rules": "'{target}' is een regelset; `with` noemt de varianten die vóór deze "
                       "worden toegepast",
    "E103/variant": "'{target}' is een variant, geen regelset: een regelset bouwt voort op "
                    "regelsets (pas een variant toe met --variant, of schrijf `variant NAME "
                    "for RULES with {target}`)",
    "E103/rules": "'{target}' is een regelset, geen variant: een variant bouwt voort op andere "
                  "varianten en wordt toegepast op de regelset waarvoor (`for`) hij is",
    "E103/given": "'{target}' is een regelset, geen variant: geef hem op als de regels "
                  "(`carcdsl play {given}`; ook met parameters: RULES:key=value), of begin het "
                  "bestand met `variant NAME`",
    "E103/does-not-fit": "{variant} is een variant voor {target}, en {rules} bouwt niet voort "
                         "op {target}: de wijzigingen passen niet",
    "E103/does-not-fit-here": "{variant} is een variant voor {target}, en deze regelset bouwt "
                              "niet voort op {target}: de wijzigingen passen niet",
    "E104/header": "een bestand heeft één kop, en deze zegt al `{header}` (regel {line}); een "
                   "regelset die op een andere voortbouwt zegt `extends`, een variant die met "
                   "een andere wordt toegepast zegt `with`",
    "E104/rules": "regelset '{name}' is al toegepast; " + _ONCE,
    "E104/rules-line": "regelset '{name}' is al toegepast " + _SEEN + "; " + _ONCE,
    "E104/rules-at": "regelset '{name}' is al toegepast (eerst op {first}); " + _ONCE,
    "E104/variant": "variant '{name}' is al toegepast; " + _ONCE,
    "E104/variant-line": "variant '{name}' is al toegepast " + _SEEN + "; " + _ONCE,
    "E104/variant-at": "variant '{name}' is al toegepast (eerst op {first}); " + _ONCE,
    "E106": "geen kop: een regelbestand begint met `rules NAAM` (een regelset) of `variant NAAM "
            "for REGELS` (een variant)",
    "E106/empty": "het bestand is leeg: een regelbestand begint met `rules NAAM` (een regelset) of "
                  "`variant NAAM for REGELS` (een variant)",
    "E106/not-rules": "geen regelbestand: het begint niet met een declaratie (`rules NAAM`, "
                      "`variant NAAM for REGELS`), dus het wordt niet gelezen en er wordt niets "
                      "van getoond",
    "W106": "variant '{name}' vervangt `{prop}` van {kind}, dat variant '{earlier}' had gezet: "
            "de laatst gegeven variant wint, en '{earlier}' geldt daar niet meer",
    "W106/tile": "variant '{name}' vervangt tegel {tile}, die variant '{earlier}' had "
                 "veranderd: de laatst gegeven variant wint, en wat '{earlier}' de tegel gaf is "
                 "weg",
    "W109": "`{said}` staat twee keer in dit bestand (eerst op {first}): een `on`-regel werkt "
            "één keer, hoe vaak hij er ook staat; wil je meer, schrijf meer (`score 2`, "
            "`put 2 ...`)",
    "W108": "`when {name}`: er is geen meegeleverde variant '{name}' en er is er geen met die "
            "naam toegepast: het blok wordt nooit toegepast{hint}",
    "E108/header": "een `when`-blok bevat declaraties, geen kop `rules` of `variant`",
    "E108/extends": "een `when`-blok kan geen bestand `extends`: geef het als variant",
    "E108/param": "een `when`-blok kan geen parameter declareren: declareer die bovenaan het "
                  "bestand",
    "E108/about": "een `when`-blok kan niet zeggen wat het bestand doet: zet `about` bovenaan "
                  "het bestand",
    "W107": "eerst '{needs}' toegepast, want variant '{name}' heeft die nodig (`with {needs}`)",
    "W105": "variant '{name}' hoort na '{needs}' te komen (`with {needs}`), maar die is er niet "
            "eerder op toegepast: geef die eerst (`--variant {needs} --variant {name}`)",
    # --- namen ---
    "E110": "onbekende soort '{kind}'{hint}",
    "E110/hold": "`hold back {kind}`: er is geen soort '{kind}'{hint}",
    "E110/put": "`put ... on {kind}`: onbekende soort{hint}",
    "E110/shows": "`on place shows {kind}`: onbekende soort{hint}",
    "E110/stands": "figuur '{name}' staat op '{kind}': er is geen soort met die naam{hint}",
    "E110/complete": "`on complete {kind}`: onbekende soort{hint}",
    "E110/final": "`on final {kind}`: onbekende soort{hint}",
    "E110/complete-kind": "`on complete {kind}`: '{kind}' heeft geometrie {geometry}, en zo'n "
                          "stuk wordt nooit voltooid",
    "E110/extends": "`on place extends {kind}`: onbekende soort{hint}",
    "E110/extends-kind": "`on place extends {kind}`: '{kind}' heeft geometrie {geometry}; zo'n "
                         "stuk ligt op één tegel, en geen latere tegel breidt het uit",
    "E110/require": "`require {test} {kind}`: onbekende soort{hint}",
    "E110/require-path": "`require {test} {kind}`: '{kind}' heeft geometrie {geometry}; "
                         "`{test}` volgt paden en vraagt een soort met geometrie path",
    "E110/require-sides": "`require {test} {kind}`: '{kind}' heeft geometrie {geometry} en "
                          "reikt tot geen enkele zijde; `{test}` vraagt een soort die tot de "
                          "zijden van de tegel reikt",
    "E110/printed-name": "gedrukt vak '{name}': geen soort '{kind}' met geometrie "
                         "area{hint}",
    "E110/printed-kind": "gedrukt vak '{name}': '{kind}' heeft geometrie {geometry}; een "
                         "gedrukte grote stad vraagt een soort met geometrie area",
    "E110/border-name": "rand {side} van ({x}, {y}): geen soort '{kind}' met geometrie path "
                        "of area{hint}",
    "E110/border-kind": "rand {side} van ({x}, {y}): '{kind}' heeft geometrie {geometry}; een "
                        "rand vraagt een soort met geometrie path of area",
    "E110/first-name": "`first player draw most {kind}`: geen soort '{kind}' met geometrie "
                       "path of area{hint}",
    "E110/first-kind": "`first player draw most {kind}`: '{kind}' heeft geometrie {geometry}; "
                       "`first player draw most KIND` vraagt een soort met geometrie path of "
                       "area",
    "E111": "'{name}' eindigt bij '{terminal}', maar dat is geen landmark en geen "
            "soort{hint}",
    "E111/segment": "de {kind:word} eindigt bij '{terminal}', maar dat is geen landmark en "
                    "geen soort{hint}",
    "E112": "onbekende geometrie '{geometry}' voor soort '{name}'{hint}; verwacht een van "
            "{geometries}",
    "E112/none": "soort '{name}' heeft geen geometrie; schrijf `geometry G` met voor G een van "
                 "{geometries}",
    "E113": "onbekende grootheid '{name}' in de telling{hint}; verwacht een van {quantities}",
    "E113/elsewhere": "'{name}' is een eigenschap van {owner}, niet van {kind}: de telling van "
                      "een {kind} kan het niet lezen (een weide telt voltooide steden met "
                      "`completed(city)`)",
    "E113/marker": "markers({marker}): geen vak van de kaart heeft de markering "
                   "'{marker}'{hint}",
    "E113/own": "own({arg}): er is geen figuur '{arg}'{hint}; verwacht een van {known}",
    "E113/figures": "figures({arg}): er is geen figuur '{arg}'{hint}; verwacht een van {known}",
    "E113/argument": "'{name}' neemt geen argument: schrijf `{name}`, niet `{name}({arg})`",
    "E113/neighbours": "'neighbours' wordt alleen rond middenstukken geteld; '{name}' heeft "
                       "geometrie {geometry}",
    "E113/completed-kind": "'completed' moet weten welke soort het telt, bijvoorbeeld "
                           "`{example}`",
    "E113/completed-unknown": "completed({kind}): er is geen soort '{kind}'{hint}",
    "E113/token": "fiche '{name}': `score final = ...` telt `tokens` (hoeveel een speler er "
                  "heeft), niet `{quantity}`",
    "E113/strength-circular": "figuur '{name}': een kracht kan `{quantity}` niet tellen, dat de "
                              "krachten zelf telt",
    "E113/neighbours-unknown": "neighbours({kind}): er is geen soort '{kind}'{hint}",
    "E113/completed-geometry": "completed({kind}): '{kind}' heeft geometrie {geometry}; een "
                               "weide kan alleen soorten met geometrie area raken",
    "E113/completed-on": "'completed' wordt alleen op weiden geteld; '{name}' heeft "
                         "geometrie {geometry}",
    "E114": "onbekende {rule:start-tile} '{name}'{hint}",
    "E114/removed": "dit haalt {rule:tile} '{name}' weg, de {rule:start-tile} (`start {name}` "
                    "op {start}): houd die, of noem een andere (`override game {{ start X }}`)",
    "E115": "onbekende eindvoorwaarde '{end}'{hint}; verwacht een van {ends}",
    "E116": "onbekende regel voor wie telt: '{scorers}'{hint}; verwacht {known:or}",
    "E116/ties": "breaks ties by {ties}: onbekende telling{hint}; verwacht {known:or}",
    "E117": "'{name}' is zowel een landmark als een soort; het einde van een weg moet één ding "
            "noemen",
    "E117/figure": "'{name}' is zowel een figuur als een soort; een zet noemt beide bij hun "
                   "naam, dus elk heeft een eigen naam nodig",
    "E117/figure-follower": "figuur '{name}' heeft een naam van de gewone {rule:follower} "
                            "(`follower`, het woord van het spel ervoor of een rol); een "
                            "verslag kan ze niet uit elkaar houden: geef de figuur een eigen "
                            "naam",
    "E118": "onbekende kleur '{colour}'{hint}; schrijf `#rgb`, `#rrggbb` of een kleurnaam "
            "(steelblue, tan, ...)",
    "E118/hex": "kleur '{colour}' is geen kleur: na `#` komen 3 of 6 hexadecimale cijfers "
                "(`#c84`, `#c98f4a`)",
    "E119": "een soort met geometrie {geometry} heeft geen uiterlijk '{look}'{hint}: geef "
            "'{name}' een van de uiterlijken {looks}",
    # --- het spel ---
    "E120": "ongeldig aantal spelers {players}",
    "E120/too-few": "ongeldig aantal spelers {low}..{high}: minstens 1 speler",
    "E120/backwards": "ongeldig aantal spelers {low}..{high}: {low} is meer dan {high}",
    "E120/too-many": "ongeldig aantal spelers {low}..{high}: hooguit {most} spelers",
    "E121": "ongeldig aantal {rule:followers}: {count}; elke speler heeft er 0 tot {most}",
    "E121/supply": "followers {count} for {players}: spelersaantallen lopen van 1 tot "
                   "{most_players}, van klein naar groot, en {rule:followers} van 0 tot {most}",
    "E121/overlap": "twee voorraden {rule:followers} voor {players} spelers: followers {first} "
                    "for {first_players} (regel {line}) en followers {count} for "
                    "{these_players}",
    "E121/overlap-here": "twee voorraden {rule:followers} voor {players} spelers: followers "
                         "{first} for {first_players} en followers {count} for {these_players}",
    "E121/missing": "geen voorraad {rule:followers} voor {counts} spelers: schrijf `followers N "
                    "for ...` of een standaard `followers N`",
    "E121/each-supply": "figuur '{name}': `each player {count} for {players}`: spelersaantallen "
                        "lopen van 1 tot {most_players}, van klein naar groot, en elk van 0 tot "
                        "{most}",
    "E121/each-overlap": "figuur '{name}': twee voorraden voor {players} spelers: `each player "
                         "{first} for {first_players}` (regel {line}) en `each player {count} "
                         "for {these_players}`",
    "E121/each-overlap-here": "figuur '{name}': twee voorraden voor {players} spelers: `each "
                              "player {first} for {first_players}` en `each player {count} for "
                              "{these_players}`",
    "E121/each-missing": "figuur '{name}': geen voorraad voor {counts} spelers: schrijf `each "
                         "player N for ...` of een standaard `each player N`",
    "E121/with-both": "figuur '{name}': `with {figure}` en `with own {own}`: houd er één "
                      "(`with own F`: een eigen F van de speler; `with F`: van wie ook)",
    "E121/corner-anywhere": "figuur '{name}': `at corner` is een hoek van de zojuist gelegde "
                            "tegel, `anywhere` elke gelegde tegel: houd er één",
    "E121/figure": "figuur '{name}': elke speler heeft er 0 tot {most} van, niet {count}",
    "E121/strength": "figuur '{name}': sterkte {strength}: de sterkte van een figuur is 0 of "
                     "meer (0: die telt nooit mee voor de meerderheid)",
    "E121/own": "`with own {figure}`: er is geen figuur '{figure}'{hint}; verwacht een van "
                "{known}",
    "E121/strength-twice": "figuur '{name}' krijgt een getal en een uitdrukking als kracht: "
                           "houd er één (`strength = pennants` of `strength 2`)",
    "E121/on-figure": "`on figure {figure}`: er is geen figuur '{figure}'{hint}; verwacht een "
                      "van {known}",
    "E121/names-figure": "`{said}`: er is geen figuur '{figure}'{hint}; verwacht een van "
                         "{known}",
    "E121/ransom": "`ransom {points}`: losgeld is 0 tot 1000 punten",
    "E121/excludes": "`excludes {figure}`: er is geen figuur '{figure}'{hint}; verwacht een "
                     "van {known}",
    "E121/needs-itself": "figuur '{name}' mag alleen staan waar de eigen {name} van de speler "
                         "al staat (`with own {name}`), dus die kan nooit geplaatst worden: "
                         "noem een andere figuur, of `follower`",
    "E121/with-itself": "figuur '{name}' mag alleen staan waar al een {name} staat (`with "
                        "{name}`), dus de eerste kan nooit geplaatst worden: noem een andere "
                        "figuur, of `follower`",
    "E121/recall": "figuur '{name}': `recall score {recall}`: een teruggenomen figuur laat "
                   "het stuk tellen zoals aan het eind; schrijf `recall score final`, of "
                   "`recall` voor niets",
    "W122": "het spel noemt {declared} {rule:tiles} maar de aantallen tellen op tot "
            "{counted} ({diff} meer)",
    "W122/fewer": "het spel noemt {declared} {rule:tiles} maar de aantallen tellen op tot "
                  "{counted} ({diff} minder)",
    "W122/changed": "het spel noemt {declared} {rule:tiles} maar de aantallen tellen op "
                    "tot {counted} ({diff} meer): voeg `override game {{ tiles += {diff} }}` "
                    "toe aan dit bestand",
    "W122/changed-fewer": "het spel noemt {declared} {rule:tiles} maar de aantallen tellen "
                          "op tot {counted} ({diff} minder): voeg `override game {{ tiles "
                          "{counted} }}` toe aan dit bestand",
    "E123": "geen {rule:start-tile}: schrijf `start NAME` in het game-blok",
    "E124": "de regelset heeft geen tegels",
    # --- bord, voorraad, beurten, parameters ---
    "E130/reference": "kan de parameters in '{text}' niet lezen: schrijf "
                      "NAME:key=value,key=value (bijvoorbeeld table-edge:width=11,height=7)",
    "E130/twice": "'{target}': parameter '{key}' staat er twee keer ({key}={first} en "
                  "{key}={second})",
    "E130/unknown": "{target} heeft geen parameter '{key}'{hint}",
    "E130/unknown-known": "{target} heeft geen parameter '{key}' (wel: {known})",
    "E130/number": _GIVEN_AS + " vraagt een getal",
    "E130/word": _GIVEN_AS + " vraagt een woord",
    "E130/range": _GIVEN_AS + " vraagt {low} tot {high}",
    "E130/choice": _GIVEN_AS + " vraagt {allowed:or}",
    "E130/not-a-number": "'{name}' is geen getal en geen parameter van dit bestand{hint}",
    "E131": "het bord heeft geen rand: `edge closes` en `edge neighbours` vragen een begrensd "
            "bord (`board {{ bounds W x H }}`, bijvoorbeeld eerst de variant table-edge "
            "toegepast)",
    "E132/bounds-and-map": "een bord heeft grenzen of een kaart, niet allebei",
    "E132/bounds": "bordgrenzen {width} x {height}: elke zijde moet 1 tot {most} vakken zijn",
    "E132/start-areas": "start areas {areas}: de kaart heeft {starts} "
                        "startvak{starts:|ken}",
    "E132/map-edge": "{property} kan de rand van een gedrukte kaart niet veranderen: de kaart "
                      "op {map} zegt zelf hoe haar rand gebieden afsluit en buren telt "
                      "(randregels uit een ander bestand zijn voor een begrensde tafel: "
                      "`bounds W x H`)",
    "E132/edge-neighbours": "onbekende waarde voor edge neighbours: '{value}'{hint}; verwacht "
                            "een van {known}",
    "E132/draw": "onbekende manier van trekken '{value}'{hint}; verwacht een van {known}",
    "E132/start": "onbekende manier voor de starttegel '{value}'{hint}; verwacht een van "
                  "{known}",
    "E132/hand-visibility": "onbekende zichtbaarheid van de hand '{value}'{hint}; verwacht "
                            "een van {known}",
    "E132/first-player": "onbekende regel voor de eerste speler '{value}'{hint}; verwacht een "
                         "van {known}",
    "E121/neutral-prop": "figuur '{name}' is neutraal: niemand plaatst hem, dus `{prop}` zegt er "
                         "niets over (regels verplaatsen hem: `move F here`, `walk F N`)",
    "E121/names-placed": "`{said}`: '{figure}' is neutraal: niemand plaatst of heeft hem; "
                         "noem een figuur die spelers plaatsen ({known})",
    "E121/avoids-itself": "figuur '{name}' ontwijkt zichzelf: een tocht komt nooit op het "
                           "vak waar hij al staat; noem de figuren van wie hij wegblijft",
    "E121/names-neutral": "`{said}`: er is geen neutrale figuur '{figure}'{hint}; verwacht een "
                          "van {known}",
    "E132/enter-action": "`{said}`: na `on enter F` stuurt een regel de figuren op het vak naar "
                         "huis (`return figures here`); `{action}` kan er niet op volgen",
    "E132/return-here-where": "`{said}`: `return figures here` werkt op het vak waar een neutrale "
                              "figuur kwam: schrijf het na `on enter F`",
    "E132/neutral-where": "`{said}`: `{action}` begint bij de zojuist gelegde tegel: schrijf het "
                          "na `on place`",
    "E132/walk-steps": "walk {steps}: een tocht gaat over 1 tot {most} vakken",
    "E121/scored-figure": "`on scored {figure}`: er is geen figuur '{figure}' die spelers "
                          "plaatsen{hint}; verwacht een van {known}",
    "E132/scored-action": "`{said}`: na `on scored F` zegt een regel waar F heen gaat (`move F "
                          "within N to K`); `{action}` kan er niet op volgen",
    "E132/move-within-where": "`{said}`: `move {figure} within N` verplaatst een {figure} "
                              "waarvan het gebied net geteld is: schrijf het na `on scored "
                              "{figure}`",
    "E132/move-within-reach": "{said}: een figuur gaat verder binnen 1 tot {most} vakken",
    "E110/move-within-kind": "`{said} to {kind}`: onbekende soort gebied '{kind}'{hint}",
    "E141/move-within-never": "`{said} to {kind}`: een {figure} staat nooit op een {kind} (hij "
                              "staat op {kinds}), dus hij kan er nooit heen",
    "E121/neutral-only": "figuur '{name}': `{prop}` is voor een neutrale figuur, die regels "
                         "verplaatsen; voeg `neutral` toe of laat `{prop}` weg",
    "E121/beside-missing": "`{said}`: '{name}' komt nooit naast een figuur: geef hem `beside own "
                           "F`",
    "E132/beside-action": "`{said}`: een beurt of telling naast een neutrale figuur geeft punten "
                          "(`score N`); `{action}` kan er niet op volgen",
    "E134/shows-attribute": "soort '{kind}' heeft geen kenmerk '{attribute}'{hint}; verwacht een "
                            "van {known}",
    "E132/instead-where": "`{said}`: `instead return` stuurt een figuur naar huis van het gebied "
                          "van het segment van de gelegde tegel dat `on place shows K` noemt: "
                          "schrijf het daarna",
    "E132/targets": "{count} dingen die een zet kan doen in plaats van een figuur te plaatsen: "
                    "hoogstens {most}",
    "E132/capture-where": "`{said}`: `capture` vangt een figuur in lijn met de zojuist "
                          "geplaatste: schrijf het na `on figure F`",
    "E132/needs-feature": "`{said}`: `{action}` werkt op een gebied, en deze gebeurtenis heeft "
                          "er geen: gebruik het na `on figure F`, `on draw T`, `on place "
                          "extends ... with [own] F` of `on final KIND`",
    "E132/score-most": "`score {expr} to {figure}`: een uitdrukking gaat naar de spelers met de "
                       "meeste {figure} op het gebied: schrijf `score {expr} to most {figure}` "
                       "(alleen `score BAG to F` geeft elke houder de waarde van een zak)",
    "E132/final-action": "`{said}`: bij de eindtelling telt een regel het gebied voor wie er de "
                         "meeste van een figuur heeft: `on final KIND: score EXPR to most F`",
    "E132/choose-where": "`{said}`: een keuze hoort bij `on place extends ... with own F`, "
                         "waarvan een zet de opties noemt voor hij gespeeld wordt",
    "E132/options": "`choose {options}`: geef 2 tot {most} opties, elk één keer",
    "E132/option-action": "optie '{option}': `{action}` kan niet gekozen worden; een optie "
                          "trekt, geeft terug of telt een zak (`draw`, `return`, `score BAG "
                          "to F`)",
    "E132/hide": "hide {count} tiles: een regel legt 1 tot {most} tegels tegelijk weg",
    "E132/owned": "`each player owns {tile}`: deze regelset heeft geen tegel '{tile}'{hint}",
    "E132/owned-twice": "`each player owns`: tegel '{tile}' staat er twee keer",
    "E132/owned-count": "`each player owns {count} {tile}`: elke speler heeft 1 tot {most} van een "
                        "tegel",
    "E132/hold-hand": "`hold back {kind} ...` met een hand van {hand}: tegels worden nog niet "
                      "uit handen opzijgehouden (speel zonder hand, of zonder opzijhouden)",
    "E132/owned-in-pile": "`each player owns {tile}`: tegel '{tile}' zit ook in de stapel ({count} "
                           "exemplaren); een eigen tegel heeft aantal 0 (een verslag dat hem "
                           "noemt kan niet zeggen welk exemplaar gelegd is)",
    "E132/sets": "{sets} sets: de voorraad bevat 1 tot 100 exemplaren van de tegelset",
    "E132/hand": "hand van {hand}: een hand bevat 0 tot {most} tegels",
    "E132/hands": "een hand van {hand} voor {players} spelers vraagt {need} tegels of meer; de "
                  "voorraad heeft er {tiles}",
    "E132/covers": "`on place covers {marker}`: geen vak van het bord heeft de markering "
                   "'{marker}'{hint}",
    "E132/draw-needs-kind": "`first player draw` vraagt `most KIND` (de soort waarvan de "
                            "zijden tellen)",
    "E132/most-without-draw": "`most {kind}` hoort bij `first player draw`; `first player "
                              "{first}` neemt verder niets",
    "E132/group-rest": "een groep kan niet 'rest' heten: `order` noemt daarmee de tegels in "
                       "geen enkele groep",
    "E132/group-empty": "groep '{group}' heeft geen tegels",
    "E132/group-repeat": "groep '{group}' noemt tegel '{tile}' twee keer",
    "E132/group-tile": "groep '{group}': er is geen tegel '{tile}'{hint}",
    "E132/group-start": "groep '{group}': tegel '{tile}' is de {rule:start-tile}; die ligt voor "
                        "de eerste trekking al op tafel, dus in geen enkele groep",
    "E132/group-twice": "tegel '{tile}' zit in groep '{group}' en in groep '{other}': een tegel "
                        "hoort bij één groep",
    "E132/order-name": "`order {group}`: er is geen groep '{group}'{hint}; verwacht een van "
                       "{known}",
    "E132/order-twice": "`order` noemt '{group}' twee keer; elke groep wordt één keer getrokken",
    "E132/require": "`require {test}`: onbekende toets{hint}; verwacht een van {known}",
    "E132/require-kind": "`require {test}`: zeg welke soort (`require {test} road`)",
    "E132/require-where": "`require {test}` onder `{trigger}`: een eis toetst een plaatsing, "
                          "onder `on place shows`, `on place covers` of `on place surrounded`",
    "E132/require-around": "`{said}`: zeg hoeveel van de 8 tegels eromheen, 0 tot 8 (`require "
                           "at most 1 {kind} around`)",
    "E132/require-distance": "`require {test} {kind} {distance}`: alleen `look-ahead` neemt "
                             "een afstand",
    "E132/look-ahead": "`look-ahead` over {distance} vakken: die kijkt 1 tot {most} vakken "
                       "vooruit",
    "E133/too-large": "de kaart tekent {squares:n} vakken; een kaart tekent er hooguit {most:n} "
                      "(de tekens van haar rijen, ook vakken buiten de kaart)",
    "E133/no-map": "een kaart vraagt zowel `map`-rijen als een `legend`",
    "E133/legend-key": "een sleutel in de legenda is één teken, niet '{key}'",
    "E133/legend-twice": "de legenda verklaart '{key}' twee keer",
    "E133/no-start": "de kaart heeft geen startvak: geef een legenda-regel `\"R\" start NAME` "
                     "en zet R op de kaart",
    "E133/not-in-legend": "'{key}' op de kaart staat niet in de legenda",
    "E133/ragged": "deze rij heeft {width} vak{width:|ken}, de eerste rij {first}: teken "
                   "elke rij even breed (vakken buiten de kaart meegeteld)",
    "E133/start-twice": "startgebied '{name}' staat op twee vakken, ({first_x}, {first_y}) en "
                        "({x}, {y}): een startgebied is één vak; geef elk een eigen sleutel in "
                        "de legenda en een eigen naam",
    "E133/border-side": "randzijde '{side}': een rand ligt aan zijde N, E, S of W",
    "E133/border-faces": "de rand gedrukt aan zijde {side} van ({x}, {y}) grenst aan een ander "
                         "vak, niet aan de rand van de kaart",
    "E133/border-shared": "de rand aan zijde {side} van ({x}, {y}) is op hetzelfde vak buiten "
                          "de kaart gedrukt als de rand aan zijde {other_side} van ({other_x}, "
                          "{other_y}); laat er ruimte tussen",
    "E134/worth": "fiche '{name}': waarde {worth}; een fiche is 0 of meer waard",
    "E134/on-draw": "`on draw {token}`: er is geen fiche '{token}' in een zak{hint}; verwacht "
                    "een van {known}",
    "E134/return": "`return {name}`: er is geen zak of figuur '{name}'{hint}; verwacht een "
                   "van {known}",
    "E134/bag": "er is geen zak '{bag}'{hint} (een fiche zegt `bag NAME`); verwacht een van "
                "{known}",
    "E134/negative": "fiche '{name}': aantallen kunnen niet negatief zijn",
    "E134/set-up": "fiche '{name}': de opzet vraagt er tot {need} ({players} spelers × {each} "
                   "+ 4 zijden × {sides}), maar de voorraad heeft er {supply}",
    "E134/unknown": "`put {count} {token}`: er is geen fiche '{token}'{hint}; declareer het "
                    "met `token NAME {{ supply N }}`",
    "E134/most": "fiche '{name}': `score final most {points}`: de punten kunnen niet negatief "
                 "zijn",
    "E134/take": "`take {token}`: er is geen fiche '{token}'{hint}; declareer het met `token "
                 "NAME {{ supply N }}`",
    "E134/take-attribute": "`take {token}`: soort '{kind}' heeft geen attribuut '{token}' om "
                           "de fiches mee te tellen (`attribute {token} count` in feature "
                           "{kind})",
    "E135/empty": "`about{lang}` van {of} is leeg: zeg in één regel wat het bestand doet",
    "E135/newline": "`about{lang}` van {of} beslaat meer dan één regel: een beschrijving is "
                    "één regel tekst",
    "E135/long": "`about{lang}` van {of} heeft {length} tekens; een beschrijving is één regel "
                 "van hoogstens {most}",
    "E141/field": "'{name}' is een weide-achtige soort (field), en die worden nooit voltooid: "
                  "`score complete` zou nooit gelden (ze tellen aan het eind, `score final`)",
    "E141/pennants": "'{name}' zegt `pennants no`, dus `pennants` is daar altijd 0 (zet "
                     "`pennants yes` in feature {name}, of laat de grootheid weg)",
    "E141/ties-no-figures": "'{name}' beslist gelijke standen, maar zegt `tile figures no`: er "
                            "staat nooit een figuur op een tegel ermee, dus beslist hij er geen",
    "E141/require-always": "`{said}` geldt overal waar een tegel komt (hooguit 8 vakken eromheen): "
                           "het weigert nooit een plaatsing",
    "E141/token-zero": "fiche '{name}': de `score final = ...` is 0 hoeveel een speler er "
                       "ook heeft",
    "E141/score-zero": "`{trigger}: score 0` geeft niets; geef een ander getal dan 0",
    "E141/no-tile-attribute": "geen tegel van deze regels (met hun varianten) heeft een "
                              "'{kind}' met '{attribute}', dus `{said}` geldt nooit",
    "E141/neutral-unmoved": "neutrale figuur '{name}' komt nooit op het bord: geen regel zet hem "
                            "daar (`move {name} here`) en niemand zet hem naast een figuur "
                            "(`beside own F`), dus wat hij doet gebeurt nooit",
    "E141/hold-itself": "`hold back {kind} until {figure}`: alleen een tegel met een "
                         "'{kind}' brengt de {figure} op het bord, en die wachten opzij tot hij "
                         "er is: hij komt nooit, en zij komen nooit terug",
    "E141/return-never": "`{said}`: een {figure} staat alleen op {kinds}, nooit op een "
                         "'{kind}', dus dit stuurt er nooit een naar huis",
    "E141/no-tile": "geen tegel van deze regelset (met zijn varianten) heeft een '{kind}', dus "
                    "`{said}` geldt nooit: noem een soort die de tegels hebben, of voeg tegels "
                    "met een '{kind}' toe",
    "E141/no-tile-require": "geen tegel van deze regelset (met zijn varianten) heeft een "
                            "'{kind}', dus `require {test} {kind}` heeft niets om te toetsen: "
                            "noem een soort die de tegels hebben, of voeg tegels met een "
                            "'{kind}' toe",
    "E141/figure-no-tile": "figuur '{name}' staat alleen op {kinds}, en geen tegel (of vak van "
                           "de kaart) heeft er een: die kan nooit geplaatst worden; laat hem op "
                           "een soort staan die de tegels hebben",
    "E141/put-zero": "`put 0 {token}` legt niets op de tegel; leg er 1 of meer",
    "E142": "deze deler is 0 wat er ook geteld wordt, en `//` kan niet door 0 delen: deel door "
            "een ander getal dan 0 (een deler die in het spel 0 telt, geeft 0)",
    "E141/token-supply": "fiche '{name}' heeft een voorraad van 0 (zeg `supply N`): er kan er "
                         "nooit een gegeven, gelegd of genomen worden, dus er gebeurt nooit iets "
                         "mee",
    "E141/token-unused": "geen speler krijgt of ziet ooit een fiche '{name}': er wordt er geen "
                         "gegeven bij de opzet (`each player`, `start sides`) en geen regel legt "
                         "er een (`put`) of deelt er een uit (`take`); voeg zo'n regel toe, of "
                         "laat het fiche weg",
    "E141/token-final-zero": "`score final = 0` geeft niets (een fiche '{name}' in bezit is "
                             "zonder dat ook 0 waard): geef een ander getal dan 0, of laat het "
                             "weg",
    "E141/token-most-zero": "`score final most 0` geeft niets: geef de punten voor wie de "
                            "meeste '{name}' heeft, of laat het weg",
    "E141/add-zero": "deze term van `score {when} +=` is altijd 0 en voegt niets toe aan "
                     "'{name}': geef een term die meer dan 0 kan zijn, of laat hem weg",
    "E141/attribute-none": "geen tegel heeft een '{name}' met '{attribute}' (`{name} ... "
                           "{attribute} N` op een tegel), dus '{attribute}' is hier altijd 0: "
                           "voeg tegels toe die het dragen, of laat de grootheid weg",
    "E141/take-none": "`take {token}`: geen tegel heeft een '{kind}' met '{token}', dus een "
                      "voltooide '{kind}' deelt er nooit een uit: voeg tegels toe die "
                      "'{token}' dragen, of laat de regel weg",
    "E141/corner-centre": "figuur '{name}' staat alleen op middenstukken ({kinds}) en `at "
                          "corner`; een middenstuk reikt tot geen hoek van zijn tegel, dus die "
                          "kan nooit geplaatst worden: laat hem op weiden of gebieden staan, "
                          "of laat `at corner` weg",
    "E141/corner-path": "figuur '{name}' staat alleen op {kinds} (paden, middenstukken) en "
                        "`at corner`; een pad eindigt midden op een zijde en een middenstuk ligt "
                        "binnen zijn tegel: geen van beide reikt tot een hoek, dus die kan nooit "
                        "geplaatst worden: laat hem op weiden of gebieden staan, of laat `at "
                        "corner` weg",
    "E141/needs-centre": "figuur '{name}' staat alleen op middenstukken ({kinds}), en alleen "
                         "waar de eigen {needs} van de speler al staat (`with own {needs}`); "
                         "een middenstuk ligt op de tegel die net gelegd is, waar nog niets "
                         "staat, dus die kan nooit geplaatst worden: laat `with own` weg, of "
                         "laat hem op paden of gebieden staan",
    "E141/extends-own": "`on place extends {kind} with {own}{figure}`: geen {figure} kan ooit op "
                        "een '{kind}' staan, dus dit geldt nooit: noem een figuur die op "
                        "'{kind}' staat, of een andere soort",
    "E134/take-where": "`take {token}` onder `{trigger}`: wie de tegel legt krijgt zoveel "
                       "fiches als het attribuut van een voltooid stuk, dus `take` hoort onder "
                       "`on complete KIND`",
    **TILE_DIAGNOSTICS,
}
