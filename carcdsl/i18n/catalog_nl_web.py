"""The browser app's words in Dutch (``WEB``, ``carcdsl serve``): its pages' titles,
navigation and controls, and the messages of its API; part of ``catalog_nl``, which
gathers them.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_nl_table import TABLE
from carcdsl.i18n.catalog_nl_together import TOGETHER

WEB: dict[str, str] = {
    "title-home": "Carcassonne, regels als gegevens", "title-play": "Spelen",
    "title-replay": "Een verslag naspelen", "title-browse": "Regelsets bekijken",
    "title-author": "Regels schrijven",
    "nav-play": "Spelen", "nav-replay": "Naspelen", "nav-browse": "Bekijken",
    "nav-author": "Regels schrijven",
    "language": "taal",
    "home-heading": "Carcassonne, uit regels die als gegevens zijn geschreven",
    "home-lead": "Elke regelset hier is een bestand in de regeltaal: het spel dat je speelt, "
                 "de verslagen die je naspeelt en de tegels die je ziet komen er allemaal uit.",
    "home-play": "Speel tegen bots of met vrienden aan één scherm, of kijk hoe bots spelen.",
    "home-replay": "Speel een spelverslag zet voor zet na, met elke telling uitgelegd.",
    "home-browse": "Bekijk de tegels, gebieden en telling, figuren, voorraad, varianten en "
                   "open punten van een regelset.",
    "home-author": "Bewerk een regelbestand: het wordt gecontroleerd terwijl je typt, en de "
                   "tegels worden getekend.",
    "home-keys": "Toetsen tijdens het spel: de pijlen gaan over de vakken waar de tegel past, "
                 "r draait, Enter legt en bevestigt, Backspace gaat een stap terug; tijdens "
                 "het naspelen stappen de pijltjestoetsen.",
    "play-heading": "Een nieuw spel", "rule-set": "Regelset", "variants": "Varianten",
    "players": "Spelers", "add-player": "Speler toevoegen", "all-bots": "Alleen bots (kijken)",
    "remove-player": "Verwijderen", "seed": "Startgetal", "seed-random": "willekeurig",
    "start-game": "Begin het spel", "new-game": "Nieuw spel", "zoom-in": "Inzoomen",
    "zoom-out": "Uitzoomen", "board": "het speelveld", "you": "Jij",
    "player": "Speler", "score": "Score", "also": "Verder",
    "tiles-left": "Tegels over in de voorraad: {n}", "seed-is": "startgetal {seed}",
    "your-turn": "{player} is aan de beurt.", "again": "(nog een beurt)",
    "bot-to-move": "{player} (een bot) is aan de beurt.",
    "no-moves": "Er is geen zet mogelijk.", "tile-named": "tegel {name}",
    "rotate": "Draaien", "rotate-key": "Draaien (toets r; R draait terug)",
    "rotation-is": "{degrees}° (passende standen: {n})",
    "click-square": "Klik op een gemarkeerd vak om de tegel aan te leggen (de gestippelde "
                    "passen in een andere stand).",
    "choose-spot": "Kies wat je verder doet: een plek op de tegel, of niets.",
    "no-follower": "geen {follower}", "confirm": "Bevestigen", "undo": "Terug",
    "decide": "Beslis voordat het spel verdergaat (een gemarkeerd vak op het bord doet "
              "hetzelfde):",
    "before-tile": "Voordat je de tegel aanlegt, kun je:",
    "completes": "Voltooit", "feature-tiles": "{kind} (tegels: {n})",
    "scores-nothing": "Levert nu geen punten op.",
    "plays-again": "Daarna ben je nog een keer aan de beurt.",
    "game-ends": "Met deze zet is het spel afgelopen.",
    "step": "Stap", "auto-play": "Automatisch", "pause": "Pauze", "speed": "Snelheid (ms)",
    "log": "Zetten", "final-scoring": "Eindtelling", "in-play": "Tijdens het spel",
    "total": "Totaal", "final-breakdown": "De {n} tellingen aan het eind",
    "download-record": "Het verslag downloaden",
    "variant-for": "(voor {rules})", "your-file": "jouw bestand",
    # spelen: de toetsen, en een gebied waar de aanwijzer op rust (web/feature.py)
    "keys-hint": "Toetsen: de pijlen gaan over de vakken waar de tegel past, r draait (R "
                 "draait terug), Enter legt de tegel of bevestigt, Backspace zet een stap "
                 "terug; op de gelegde tegel kiezen de pijlen wat je er nog doet.",
    "cursor-at": "vak ({x}, {y})",
    "feature-head": "{kind} op {n} tegels, {state}",
    "feature-head-one": "{kind} op 1 tegel, {state}", "feature-complete": "af",
    "feature-open": "nog niet af", "feature-owner": "{player}: {figures}",
    "feature-nobody": "Van niemand: er staat geen figuur op.",
    "feature-worth-complete": "Waard {n} punten als voltooid.",
    "feature-worth-complete-one": "Waard 1 punt als voltooid.",
    "feature-worth-final": "Als het spel nu eindigde, {n} punten waard voor wie het bezette.",
    "feature-worth-final-one": "Als het spel nu eindigde, 1 punt waard voor wie het bezette.",
    "feature-scores-complete": "Levert nu op: {points}",
    "feature-scores-final": "Als het spel nu eindigde: {points}",
    "feature-points": "{player} {n}", "feature-no-points": "geen punten",
    "replay-heading": "Een verslag naspelen", "served-records": "Een verslag in de mappen",
    "open": "Openen", "or": "of", "upload-record": "Een bestand openen",
    "no-records": "(geen in de gedeelde mappen)", "first-move": "Begin",
    "prev-move": "Eén zet terug", "next-move": "Eén zet verder", "last-move": "Het eind",
    "timeline": "tijdlijn", "move-of": "na zet {n} (zetten 0 tot en met {last})",
    "at-start": "voor de eerste zet", "before-first": "Voor de eerste zet.",
    "browse-heading": "Een regelset bekijken", "rules-summary": "Wat de regels zeggen",
    "supply": "Tegels en figuren", "variants-for": "Varianten die ervoor geschreven zijn",
    "open-points": "Open punten", "notes": "Opmerkingen",
    "checker-warnings": "Waarschuwingen van de controle",
    "tile-sheet": "Tegelblad", "none": "geen",
    "file": "Bestand", "save": "Opslaan", "new-file": "Nieuw bestand uit een meegeleverd",
    "folder": "Map", "file-name": "Naam", "template": "Begin met", "create": "Maken",
    "rule-text": "regelbestand", "your-files": "Jouw bestanden",
    "bundled-read-only": "Meegeleverd (alleen lezen)",
    "no-folders": "carcdsl serve kreeg geen map: er kan niets worden opgeslagen (start het "
                  "met een map).",
    "unsaved": "niet opgeslagen wijzigingen", "saved-as": "opgeslagen: {name}",
    "read-only": "{name}: alleen lezen",
    "checking": "controleren…", "check-ok": "Geen problemen: de regels zijn in orde.",
    "check-warnings": "De regels zijn in orde, met {warnings} waarschuwing(en).",
    "check-errors": "{errors} fout(en), {warnings} waarschuwing(en)",
    "discard-changes": "De niet opgeslagen wijzigingen weggooien?",
    "created": "{name} gemaakt",
    # de tegeleditor
    "te-heading": "Tegeleditor",
    "te-hint": "Voeg een segment van een soort toe en klik dan de zijden (N E S W) of halve "
               "zijden (NNE ENE ...) die het beslaat. Sleep de zijde van een pad naar waar het "
               "eindigt, of klik dat onder de tegel. De tegelregel komt in het regelbestand "
               "hierboven.",
    "te-open": "Tegel", "te-new-tile": "(een nieuwe tegel)", "te-name": "Naam",
    "te-count": "Aantal", "te-kind": "Soort", "te-add": "Segment toevoegen",
    "te-segments": "Segmenten", "te-remove": "Weghalen", "te-ends": "eindigt bij",
    "te-ends-none": "(een andere zijde)", "te-pennants": "wapenschilden",
    "te-touches": "raakt", "te-no-ports": "geen poorten: het midden",
    "te-edit": "Segment {n} bewerken: {text}", "te-port": "{port}: {owner}",
    "te-free": "vrij", "te-drop": "Sleep de zijde van het pad hierheen, waar het eindigt:",
    "te-reload": "De soorten opnieuw lezen", "te-need": "Geef de tegel een naam en een segment.",
    "te-line-ok": "De controle zegt niets over deze regel.",
    "te-line-problems": "De controle: {n} probleem/problemen op deze regel.",
    "te-file-errors": "Het regelbestand heeft in totaal {errors} fout(en).",
    "te-no-picture": "Niet getekend:", "te-kinds-of": "Soorten van {name}",
    "err-network": "de app antwoordt niet: draait carcdsl serve nog?",
    "err-field-char":
        "{where} bevat een teken dat in geen tekst mag staan (een NUL of een los surrogaat)",
    "err-field-long": "{where} is langer dan {most} tekens",
    "err-field-many": "{where} heeft meer dan {most} elementen",
    "err-field-kind": "{where} is van de verkeerde soort: het moet {kinds} zijn",
    "err-field-deep": "{where} is dieper genest dan {most} niveaus",
    "err-json-type": "stuur JSON (Content-Type: application/json)",
    "err-json": "de inhoud van het verzoek is geen JSON",
    "err-json-object": "stuur een JSON-object",
    "err-rules": "de regels laden niet: {first}",
    "err-path-bad-ref": "{ref} noemt geen bestand in de gedeelde mappen",
    "err-path-outside": "{ref} leidt buiten de gedeelde mappen",
    "err-path-missing": "{ref}: bestand bestaat niet",
    "err-path-not-carc": "{ref} is geen .carc-bestand",
    "err-path-too-large": "{ref} is te groot",
    "err-unknown-rules": "onbekende regelset of variant: {ref}",
    "err-bad-move": "geen zet: {reason}",
    "err-move-shape": "geen zet: een zet is een object met \"tile\", \"at\": [x, y] "
                      "(twee gehele getallen) en \"rotation\" (0, 90, 180 of 270), en "
                      "misschien \"follower\" of \"recall\"",
    "err-upload-bundled": "een geüpload verslag mag alleen meegeleverde regelsets en "
                          "varianten noemen, niet {ref}: zet het verslag bij zijn "
                          "regelbestanden in een gedeelde map",
    "err-no-game": "hier is geen spel met deze id bewaard (in het bestand waarin deze server "
                   "zijn spellen bewaart: --db)",
    "err-no-record": "dit verslag is niet open (open het opnieuw)",
    "err-record-move": "het verslag heeft zetten 0 tot {n}",
    "err-record-what": "stuur een verslag, of de verwijzing naar een in een gedeelde map",
    "err-seed": "het startgetal moet een geheel getal van {least} tot {most} zijn",
    "err-seed-number": "het startgetal moet een geheel getal zijn",
    "err-players": "geef de spelers, minstens één",
    "err-player-name": "speler {n} heeft een naam nodig (hooguit 40 tekens)",
    "err-player-names-unique": "elke speler heeft een eigen naam nodig",
    "err-seat-kind": "onbekend soort speler '{kind}'; kies uit {kinds}",
    "err-no-target": "geen figuur waar deze zet nu iets mee kan doen: kies een van de zetten "
                     "uit de lijst",
    "err-no-decision": "geen beslissing die het spel nu aanbiedt: kies er een uit de lijst",
    "err-game-over": "het spel is afgelopen",
    "err-not-your-turn": "een bot is aan de beurt, geen mens",
    "err-person-to-move": "een mens is aan de beurt: een bot kan geen stap zetten",
    "err-stale": "die zet hoorde bij een andere beurt: het spel is bij zet {turn}",
    "err-text": "stuur de tekst van het regelbestand",
    "err-save-where": "bestanden worden alleen opgeslagen in de mappen waarmee carcdsl serve "
                      "is gestart",
    "err-save-failed": "kan niet opslaan: {reason}",
    "err-file-name": "geef het nieuwe bestand een naam",
    "err-file-exists": "{name} bestaat al",
    "err-not-json": "{name} is geen JSON",
    "err-tile-shape": "geen tegel: een tegel heeft een naam, een aantal (0 tot 999) en 1 tot 32 "
                      "segmenten, elk een soort met poorten, een eind, wapenschilden, attributen "
                      "en wat het raakt, elke naam zoals de regeltaal er een schrijft",
    "err-tile-rules": "het regelbestand is niet te lezen: {first}",
    "err-feature-param": "{name} moet een geheel getal van {least} tot {most} zijn",
    "err-no-feature": "geen tegel op vak ({x}, {y}) met een segment {segment}",
}
"""De woorden van de browser-app (``carcdsl serve``)."""

WEB.update(TABLE)  # table mode's words, kept in a file of their own
WEB.update(TOGETHER)  # seats, links and the games page, in a file of their own
