"""The checker's messages on tiles and its warnings, in Dutch: the part of
``catalog_nl_diagnostics``' ``DIAGNOSTICS`` that checks tile lines and warns (a module of its
own, so that each stays small); keys as there.
"""

from __future__ import annotations

_UNREACHABLE = "is onbereikbaar: geen reeks vakken verbindt het met een startgebied"

TILE_DIAGNOSTICS: dict[str, str] = {
    # --- tegels ---
    "E201": "tegel '{name}' heeft aantal {count}; een tegelsoort heeft 1 tot {most:n} "
            "exemplaren",
    "E201/zero": "tegel '{name}' heeft aantal 0; een tegelsoort heeft 1 tot {most:n} "
                 "exemplaren, of 0 als alleen spelers hem bezitten (`supply {{ each player owns "
                 "{name} }}`)",
    "E201/types": "tegelsoort nummer {count:n}: een regelset heeft hooguit {most:n} "
                  "tegelsoorten",
    "E201/supply": "de voorraad bevat {tiles:n} tegels (de aantallen per tegel maal {sets} "
                   "set{sets:|s}); hooguit {most:n}, overschreden bij tegel '{name}'",
    "E201/segments": "de tegelsoorten hebben {count:n} segmenten tot en met tegel '{name}'; "
                     "alle tegelsoorten samen hebben er hooguit {most:n}",
    "E202": "onbekend aansluitpunt '{port}'{hint}; aansluitpunten zijn de zijden N E S W en de "
            "halve zijden NNW NNE ENE ESE SSE SSW WSW WNW",
    "E202/touches": "onbekend aansluitpunt '{port}'{hint} na `touches`",
    "E203": "tegel '{name}': {places:places} {places:wordt|worden} twee keer bedekt: deze "
            "{kind:word} noemt het twee keer",
    "E203/other": "tegel '{name}': {places:places} {places:wordt|worden} twee keer bedekt: "
                  "door deze {kind:word} en door de {other:word} op {ports}",
    "E204": "tegel '{name}': {places} in geen enkele weide; geef een weide voor elke halve "
            "zijde die niet onder een gebied met geometrie area ligt",
    "E204/derived": "tegel '{name}': {places} in geen enkele weide; weiden kunnen alleen "
                    "worden afgeleid als de regelset één soort met geometrie field heeft (deze "
                    "heeft {kinds}): geef de weiden van deze tegel op",
    "E204/no-field-kind": "tegel '{name}': {sides} in geen enkel segment; de regelset heeft "
                          "geen soort met geometrie field, dus elke zijde vraagt een area of "
                          "een path (of declareer er een: `feature field {{ geometry field }}`)",
    "E205/area": "{ports}: een {what} bedekt alleen hele zijden (N, E, S, W)",
    "E205/path": "{ports}: een {what} loopt alleen door het midden van zijden (N, E, S, W)",
    "E205/field": "{ports}: een {what} bedekt alleen halve zijden (NNW, NNE, ENE, ...)",
    "E205/area-no-ports": "een {kind:word} bedekt hele zijden: noem er minstens één "
                          "(`{kind} N`)",
    "E205/field-no-ports": "een {kind:word} bestaat uit halve zijden: noem er minstens één "
                           "(`{kind} NNW+NNE`)",
    "E205/centre-ports": "een {kind:word} ligt in het midden van de tegel en noemt geen "
                         "aansluitpunten; haal '{ports}' weg",
    "E206/no-side": "een {kind:word} loopt door minstens één zijde: noem die (`{kind} S -> "
                    "...` of `{kind} W-E`)",
    "E206/nowhere": "`{kind} {sides}` eindigt nergens: een {kind:word} door één zijde moet "
                    "ergens eindigen (`{kind} {sides} -> {terminal}`)",
    "E206/through": "`{kind} {sides}` loopt door {count} zijden en kan niet ook eindigen bij "
                    "'{end}'",
    "E206/ends-twice": "`{kind} {sides}` eindigt twee keer ({ends}); een {kind:word} eindigt "
                       "per tegel bij één ding",
    "E206/missing-end": "`{kind} {sides}` eindigt bij een {end:word}, maar tegel '{tile}' heeft "
                        "geen {end:word}",
    "E206/runs-on": "`{kind} {sides}` loopt door '{end}' heen ('{kind}' eindigt daar niet), "
                    "maar geen andere {kind:word} op tegel '{tile}' loopt er verder: de "
                    "{kind:word} eindigt nergens",
    "E207/fits-any": "soort '{name}' heeft geometrie {geometry}: alleen een soort met geometrie "
                      "area kan `fits any` (zijn kanten passen tegen elke kant)",
    "E207/kind": "soort '{name}' heeft geometrie {geometry}: alleen soorten met geometrie area "
                 "en path kunnen wapenschilden dragen",
    "E207/negative": "een segment kan geen {count} wapenschilden dragen",
    "E207/segment": "een {kind:word} draagt geen wapenschilden (soort '{kind}' zegt niet "
                    "`pennants yes`)",
    "E207/printed": "gedrukt vak '{name}' toont {pennants} wapenschild{pennants:|en}, maar "
                    "soort '{kind}' zegt niet `pennants yes`",
    "E207/border": "rand {side} van ({x}, {y}) toont {pennants} wapenschild{pennants:|en}, "
                   "maar soort '{kind}' zegt niet `pennants yes`",
    "E207/attribute": "een {kind:word} draagt geen attribuut '{name}'{hint}; soort '{kind}' "
                      "declareert {known}",
    "E207/attribute-amount": "attribuut '{name}' {count}: een segment draagt er 1 of meer van",
    "E207/merge": "attribuut '{name}' {merge}: onbekend soort attribuut{hint}; verwacht een van "
                  "{known}",
    "E207/quantity-name": "attribuut '{name}' heeft de naam van een grootheid in de telling; "
                          "geef het een eigen naam",
    "E208": "`{kind} {ports}` raakt {port}, maar tegel '{tile}' heeft geen gebied met "
            "geometrie area op {port}",
    "E208/side": "`{kind} {ports}` raakt {port}, maar tegel '{tile}' heeft geen gebied met "
                 "geometrie area op {port} (noem de zijde: '{side}')",
    "E208/enclosed": "de {kind:word} zonder aansluitpunten raakt {port}, maar tegel '{tile}' "
                     "heeft geen gebied met geometrie area op {port}",
    "E208/enclosed-side": "de {kind:word} zonder aansluitpunten raakt {port}, maar tegel "
                          "'{tile}' heeft geen gebied met geometrie area op {port} (noem de "
                          "zijde: '{side}')",
    "E210/ends-at": "`ends at` geldt alleen voor soorten met geometrie path; '{name}' heeft "
                    "geometrie {geometry}",
    "E210/arrow": "`->` laat een pad eindigen; een {kind:word} heeft geometrie {geometry}",
    "E210/touches": "`touches` zegt welke gebieden een weide raakt; een {kind:word} heeft "
                    "geometrie {geometry}",
    # --- waarschuwingen ---
    "W301": "tegel '{name}': geen zijde van een andere tegel, hoe ook gedraaid, past tegen "
            "zijde {sides}",
    "W302": "tegel '{name}' is dezelfde als tegel '{other}'; geef hem liever een aantal",
    "W302/turned": "tegel '{name}' is dezelfde als tegel '{other}', {degrees}° gedraaid; geef "
                   "hem liever een aantal",
    "W303": "soort '{name}' is gedeclareerd, maar geen tegel heeft er een",
    "W309/dead-ends": "elke '{name}' op elke tegel heeft één poort en geen eind bij een "
                      "landmark waar die soort eindigt, dus een eind van elke '{name}' blijft "
                      "open: die wordt nooit voltooid, en `score complete` geldt nooit (laat er "
                      "enkele eindigen bij een landmark waar de soort eindigt)",
    "W309/board": "'{name}' is een midden (centre), voltooid als de 8 vakken eromheen gevuld "
                  "zijn; op een tafel smaller of lager dan 3 vakken waarvan de rand niet sluit "
                  "gebeurt dat nooit: `score complete` geldt nooit",
    "W310/not-ordered": "groep '{group}' staat niet in `supply {{ order ... }}`: zijn "
                        "tegels worden met de rest getrokken (noem hem in de volgorde, of laat "
                        "de groep weg)",
    "W310/no-order": "groep '{group}' verandert niets zonder `supply {{ order ... }}` (zeg "
                     "welke groepen eerst getrokken worden: `supply {{ order {group}, rest }}`)",
    "W304": "{rule:followers} mogen op '{name}' staan, maar die heeft `score complete` noch "
            "`score final`: ze zouden nooit punten krijgen",
    "W304/figure": "figuur '{name}' staat alleen op {kinds}, en geen `score complete` of "
                   "`score final` telt een daarvan: die zou nooit punten krijgen",
    "W311/kept": "fiche '{token}' is niet `collected yes`: wat op een '{kind}' gelegd wordt "
                 "blijft daar, geen speler krijgt het ooit, en `score final` telt het nooit "
                 "(zeg `collected yes` in token {token})",
    "W311/kept-start": "fiche '{name}' is niet `collected yes`: wat op de zijden van de "
                       "starttegel gelegd wordt blijft daar, en `score final` telt het nooit "
                       "(zeg `collected yes` in token {name})",
    "W311/nobody": "fiches '{token}' op een '{kind}' worden nooit verzameld: niemand kan op een "
                   "'{kind}' staan (`followers no`, en geen figuur staat erop), dus geen ervan "
                   "komt bij een speler of telt voor `score final`",
    "W312": "'{name}' krijgt punten, maar geen volger (`followers no`) en geen "
            "figuur (`stands on`) kan er ooit op staan, en een stuk telt voor wie "
            "erop staat: die puntentelling geldt nooit; zeg `followers yes`, of "
            "noem de soort in `stands on` van een figuur",
    "W313": "figuur '{name}': `each player 0` geeft niemand er een, dus die wordt nooit "
                 "geplaatst",
    "W305/legend": "de legenda verklaart '{key}', maar geen vak van de kaart toont het",
    "W305/city": "gedrukte stad {name} " + _UNREACHABLE,
    "W305/square": "vak ({x}, {y}) " + _UNREACHABLE,
    "W305/squares": "vak ({x}, {y}) en nog {more} zijn onbereikbaar: geen reeks vakken "
                    "verbindt ze met een startgebied",
    "W306": "geen naam in taal {lang} voor '{word}' (het blijft '{word}')",
    "W307": "names {lang}: '{word}' is geen woord van deze regelset{hint}",
    "W308/supply": "followers {count} for {players}: het spel is voor {range} spelers",
    "W308/each-supply": "figuur '{name}': `each player {count} for {players}`: het spel is voor "
                        "{range} spelers",
    "W308/hands": "een hand van {hand} voor {players} spelers vraagt {need} tegels of meer; de "
                  "voorraad heeft er {tiles}: zulke spellen kunnen niet beginnen",
}
