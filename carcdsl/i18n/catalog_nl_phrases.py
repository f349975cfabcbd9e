"""The tool's Dutch phrases (``PHRASES``: the command line, the game log, the human seat,
the language server, ``serve``), the compass (``PORTS``) and the generic rule words
(``WORDS``), and its words for what the parser expects (``TOKENS``), JSON types
(``JSON_TYPES``) and the system's and the JSON decoder's complaints (``OS_ERRORS``,
``JSON_ERRORS``); part of ``catalog_nl``, which gathers them.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_nl_together import SERVE

PHRASES: dict[str, str] = {
    "fmt-unformatted": "{file} is niet opgemaakt", "fmt-formatted": "{file} opgemaakt",
    "lsp-missing": "de taalserver heeft pygls nodig: pip install 'carcdsl[lsp]'",
    "at": "op", "rotated": "{degrees}° gedraaid", "on": "op",
    "kept": "gehouden: niet gelegd in de laatste beurt",
    "discarded": "past nergens: weggelegd",
    "set-aside": "past nergens: opzij gelegd, na de volgende aanleg terug in de zak",
    "final": "eindtelling", "winner": "winnaar", "winners": "winnaars",
    "seed": "startgetal", "replayed": "{n} zet{ten} nagespeeld",
    "final-ran": "eindtelling gehouden", "not-finished": "spel niet afgelopen",
    "leading": "aan kop", "move": "zet", "completed": "voltooide", "setup": "voorbereiding",
    "followers-each": "{n} {followers} per speler",
    "empty-board": "leeg bord",
    "no-points": "nog geen punten gescoord", "level": "gelijk met {points}",
    "draw-off": "{player} begint (na loting)",
    "games-of": "{n} spellen {rules}", "bots": "bots", "seeds": "startgetallen",
    "seat": "speler", "mean": "gem. score", "win-rate": "gewonnen",
    "games-per-s": "spellen/s",
    "bot-random": "willekeurig", "bot-greedy": "gretig", "bot-human": "mens",
    "bot-strength-beginner": "beginner", "bot-strength-club": "clubniveau",
    "bot-strength-strong": "sterk", "bot-with-strength": "{bot} ({strength})",
    "error": "fout", "warning": "waarschuwing", "ok": "in orde",
    "errors": "{n} fout{en}", "warnings": "{n} waarschuwing{en}",
    "not-shown": "{file}: nog {n} melding{en} niet getoond (per bestand hooguit {most})",
    "holds": "{player} heeft {count} {token}",
    "extra": "{player} is nog een keer aan de beurt",
    "put-tokens": "{count} {token} neergelegd", "collects": "{player} pakt {count} {token}",
    "token-put": "{count} {token} op de {feature} bij {at} gelegd",
    "token-drawn": "{count} {token} getrokken op de {feature} bij {at}",
    "token-returned": "{count} {token} terug van de {feature} bij {at}",
    "chooses": "kiest {option}",
    "captures": "vangt de {kind} van {player} op {where} ({x}, {y})",
    "neutral-at": "{figure} op ({x}, {y})",
    "held-back": "wacht opzij tot de {figure} op het bord staat",
    "walks": "tocht naar {squares}",
    "walk-step": "{figure} naar ({x}, {y})",
    "moves-on": "de {figure} van {player} gaat naar {where} ({x}, {y})",
    "goes-home": "de {figure} van {player} gaat naar huis",
    "captures-nothing": "vangt niets",
    "sends-home": "stuurt de {kind} van {player} op {where} ({x}, {y}) naar huis",
    "puts-beside": "zet de {figure} naast {where} ({x}, {y})",
    "holds-prisoner": "{player} houdt de {kind} van {owner} gevangen",
    "pays-ransom": "betaalt {points} losgeld aan {player} voor een {kind}",
    "in-the": "in de",
    "token-given": "{player} krijgt {count} {token}",
    "end-supply-empty": "geen {tile} meer om te spelen: het spel is afgelopen",
    "end-tile-unplaceable": "{tile} {name} past nergens voor {player}: het spel is afgelopen",
    "end-stopped": "eindtelling met nog {n} {tiles} over",
    "end-other": "het spel is afgelopen ({reason})",
    "draw-round": "loting, ronde {n} (zijden met {kind})",
    "to-decide": "{player} beslist, in de beurt van {mover}",
    "to-move": "{player} is aan de beurt met {tiles}", "scores": "stand",
    "left": "nog {n} {followers}", "holds-tiles": "{player} heeft {tiles}",
    "nothing": "niets", "ask": "zet (0-{last}, of x y [draaiing] [soort:POORT [figuur]]; q om te "
                               "stoppen): ",
    "not-a-move": "'{answer}' is geen zetnummer en geen zet uit de lijst",
    "moves-at": "{n} zetten op ({x}, {y}); antwoord met een nummer of meer van de zet:",
    "about-game": "{low}–{high} spelers, elk {followers} volgelingen; {tiles} tegels van {types} "
                  "soorten, de starttegel {start} op (0, 0)",
    "about-kind": "{kind} ({geometry}): levert {complete} op als die af is, {final} aan het eind",
    "about-kind-followers": "{kind} ({geometry}, volgelingen mogen erop): levert {complete} op "
                            "als die af is, {final} aan het eind",
    "about-attributes": "{kind}-segmenten kunnen dragen: {names}",
    "about-rule": "regel: {rule}",
    "about-neutral": "{figure}: neutraal: één in het spel, van niemand, aan het begin niet op "
                     "het bord; alleen regels verplaatsen hem{extra}",
    "about-neutral-avoids": "; loopt nooit naar een vak waar een {figures} staat",
    "about-neutral-beside": "; in plaats van een figuur te plaatsen mag een speler hem naast "
                            "een eigen {figure} zetten",
    "about-neutral-blocks": "; op het vak waar hij staat wordt geen figuur geplaatst",
    "about-move-here": "de {figure} gaat naar de zojuist gelegde tegel",
    "about-move-within": "als een gebied met een {figure} tijdens het spel af is en geteld "
                         "wordt, mag de eigenaar hem in plaats van naar huis verplaatsen naar "
                         "een {kinds} die niet af is en geen meetellende figuur heeft, op zijn "
                         "tegel of een tegel tot {n} ver eromheen; meerdere worden om de "
                         "beurt beslist, de zetter eerst",
    "about-walk": "de {figure} loopt tot {steps} vakken, één per stap, naar een gelegde tegel "
                  "waar hij in deze tocht nog niet stond; de spelers kiezen om de beurt een "
                  "stap, de zetter eerst",
    "about-return-here": "elke figuur van een speler op het vak waar de {figure} komt, gaat "
                         "terug naar huis, zonder punten",
    "about-instead-return": "in plaats van een figuur te plaatsen mag de speler één {figure}, "
                            "van wie ook, naar huis sturen uit de {kind} van het segment",
    "about-place-anywhere": "de {figure} van de speler mag in plaats daarvan op elke gelegde "
                            "tegel, op een gebied dat vrij en niet af is",
    "about-turn-beside": "een speler naast wiens figuur de {figure} staat als zijn beurt begint, "
                         "krijgt {points}",
    "about-score-beside": "als het gebied van de figuur naast de {figure} geteld wordt, krijgt "
                          "de eigenaar {points}",
    "about-hold": "een getrokken tegel met een {kind} wacht opzij zolang de {figure} niet op het "
                  "bord staat; zodra de {figure} komt, gaan die terug in de stapel",
    "about-fits-any": "de kanten van {kinds} passen tegen elke kant, sluiten nergens op aan en "
                      "sluiten af wat ertegenover ligt",
    "about-owned": "elke speler heeft {count} van tegel {tile}, gelegd in plaats van een "
                   "getrokken tegel; is de stapel leeg, dan krijgt wie er nog een heeft een "
                   "laatste beurt",
    "keeps-tile": "tegel {tiles} houden: niet leggen",
    "about-tile-figures": "op een tegel met een {kind} komt geen volgeling of figuur",
    "about-ties-presence": "spelers die gelijk staan in een gebied: wie een figuur heeft op een "
                           "tegel met een {kind} wint",
    "about-ties-count": "spelers die gelijk staan in een gebied: wie de meeste figuren heeft "
                        "op tegels met een {kind} wint",
    "about-figure": "{figure}: {count} per speler, kracht {strength}, staat op {kinds}{extra}",
    "about-figure-needs": "; alleen waar de speler een {figure} heeft",
    "about-figure-recall": "; kan teruggenomen worden in plaats van een figuur te plaatsen",
    "about-figure-excludes": "; komt nooit bij een gebied waar een {figures} staat",
    "about-figure-anywhere": "; op elke gelegde tegel, niet alleen de zojuist gelegde",
    "about-figure-with": "; alleen waar een {figure} staat, van wie ook",
    "about-figure-corner": "; alleen op een hoek van de zojuist gelegde tegel waar vier tegels "
                           "zijn soort tonen",
    "about-figure-keeps-out": "; daarna komt er geen {figures} meer bij zijn gebied",
    "about-score-most": "voor de spelers met de meeste {figure} op het gebied",
    "about-count-for": "{count} bij {players} spelers",
    "about-kind-anywhere": "volgelingen mogen op een {kind} op elke gelegde tegel",
    "about-ransom": "een speler mag {points} punten betalen om een figuur terug te nemen die "
                    "een ander vasthoudt",
    "about-where-followers": "waar volgelingen op staan",
    "about-token-most": "wie de meeste {token} heeft, scoort aan het eind {points}",
    "about-order": "de tegels worden in groepen getrokken: {groups}",
    "about-nothing": "niets",
    "about-variants": "toegepaste varianten: {names}",
    "list-rules": "regelset",
    "list-variant-for": "variant voor {rules}",
    "list-with": "met {names}",
    "which-move": "'{answer}' past bij {n} zetten: {numbers}",
    "tokens-left": "{tokens} in de voorraad: {n}", "abandoned": "het spel is afgebroken",
    "no-input": "geen invoer meer: het spel is afgebroken",
    "key": "legenda", "empty-square": "leeg vak", "off-board": "buiten het bord",
    "start-area": "startgebied",
    "followers-of": "{followers} van {players}", "path-ends": "wegen eindigen",
    "printed-edge": "{kinds} gedrukt aan de rand", "big-cities": "grote steden",
    "fits-here": "hier past de getrokken {tile}",
    "fits-here-hand": "hier past een {tile} uit de hand",
    "fits-here-owned": "hier past de getrokken {tile}, of een eigen {tile} van de speler",
    "last-tile": "de laatst gelegde {tile}",
    "tokens-on": "{tokens} op het bord: {where}", "token-at": "{count} op de {feature} bij {at}",
    "tiles-sets": "{tiles} ({n} sets)", "tile-types": "soorten {tiles}",
    "centres": "middenstukken", "sides": "zijden per soort",
    "segments": "delen per soort", "map": "kaart", "map-squares": "vakken",
    "enclosed": "delen zonder aansluitpunten per soort", "attributes": "attributen",
    "neutral": "neutrale figuren in het spel", "owned": "eigen tegels per speler",
    "figures": "figuren per speler", "groups": "tegels per groep",
    "big-city-squares": "vakken van grote steden", "start-areas": "startgebieden",
    "start-areas-used": "startgebieden in gebruik", "border-segments": "randstukken",
    "marker-squares": "vakken met {what}",
    "takes-back": "neemt terug:",
    "turn-beside": "beurt begint naast de {what}", "score-beside": "geteld naast de {what}",
    "completes-a": "maakt een {what} af", "extends-own": "breidt eigen {what} uit",
    "most-of": "de meeste {what}", "own": "eigen",
    "neighbouring": "naburige",
    "covers-a": "bedekt een {what}", "fills-a-hole": "vult een gat",
    "shows-a": "toont een {what}", "rule": "regel",
    "did-you-mean": " (bedoel je '{word}'?)", "or": "of", "a": "een", "an": "een",
    "vowels": "", "thousands": ".", "decimal": ",", "cut": "{start}... ({n} tekens)",
    "more": "nog {n}", "side": "zijde {side}", "the-string": "de tekst {text}",
    "a-record": "een verslag", "a-move": "een zet",
    "first": "eerste: {message}", "role-on": "{role} op een {kind}", "rule-word": "{word}",
    "interrupted": "onderbroken",
    "ended-by-signal": "beëindigd door {signal}",
    "output-failed": "kan de uitvoer niet schrijven: {reason}",
    "names-bad": "--names vraagt verschillende namen, niet leeg, gescheiden door komma's",
    "bot-no-name": "bot '{spec}': geen bot genoemd (schrijf NAAM[:OPTIE=WAARDE]...)",
    "bot-not-option": "bot '{spec}': '{part}' is geen OPTIE=WAARDE (opties worden gescheiden "
                      "door ':', zoals in mcts:playouts=500:c=0.7)",
    "bot-option-twice": "bot '{spec}': optie '{option}' staat er twee keer",
    "bot-refused": "bot '{spec}': {reason}",
    "bot-not-function": "bot '{spec}': de fabriek gaf {returned}, geen functie van de stand",
    "bot-no-option": "bot '{spec}': geen optie '{option}' (de opties: {options})",
    "bot-takes-no-options": "bot '{spec}': geen optie '{option}' (deze bot heeft geen opties)",
    "bot-entry-failed": "bot '{kind}' (entry point {entry}) kon niet geladen worden: {reason}",
    "bot-import-failed": "bot '{kind}': kan '{module}' niet importeren: {reason}",
    "bot-no-factory": "bot '{kind}': module '{module}' heeft geen fabriek '{factory}'",
    "bot-option-bool": "bot '{spec}': optie '{option}' moet ja of nee zijn, niet '{value}'",
    "bot-option-int": "bot '{spec}': optie '{option}' moet een geheel getal zijn, niet "
                      "'{value}'",
    "bot-option-float": "bot '{spec}': optie '{option}' moet een getal zijn, niet '{value}'",
    "bot-option-str": "bot '{spec}': optie '{option}' kan geen '{value}' zijn",
    "bot-illegal": "bot '{spec}' speelde {move}, geen geldige zet (een zet is een tupel uit "
                   "state.iter_moves())",
    "unknown-bot": "onbekende bot '{kind}'; kies uit {kinds}",
    "too-many-bots": "{kinds} keer --bot voor {n} speler{s}: geef er hooguit één per speler",
    "games-at-least": "--games moet minstens 1 zijn",
    "games-at-most": "--games kan hoogstens {most} zijn: de rij van elk spel wordt bewaard "
                     "voor het verslag",
    "games-at-most-summed": "--games kan hoogstens {most} zijn",
    "record-one-game": "--record bewaart één spel: gebruik het met --games 1",
    "seed-range": "--seed moet een geheel getal van {least} tot {most} zijn, zoals een "
                  "verslag het bewaart",
    "saved-so-far": "{reason}; het spel tot nu toe is bewaard in {file} (carcdsl play "
                    "--resume {file} speelt verder)",
    "output-closed": "de uitvoer is gesloten",
    "resumed": "hervat vanuit {file} na {n} zetten",
    "resume-alone": "--resume speelt verder met de regels, spelers en seed van het verslag: "
                    "geef geen {option}",
    "play-needs-rules": "play vraagt RULES, of --resume RECORD",
    "resume-over": "het spel in {file} is afgelopen: er valt niets te hervatten",
    "resume-needs-seed": "{file} heeft geen seed: alleen een spel met een seed kan verder",
    "record-empty": "--record vraagt een bestandsnaam",
    "render-needs-what": "render vraagt --tiles BESTAND met regels, of --move N BESTAND of "
                         "--all MAP met een verslag",
    "render-record-variants": "een verslag noemt zijn eigen regels en varianten: geef geen "
                              "--variant",
    "render-move-range": "zet {move} staat niet in het verslag: de zetten zijn 0 tot en met "
                         "{last}, en start is voor de eerste",
    "render-no-moves": "zet {move} staat niet in het verslag: het heeft geen zetten, en start "
                       "is voor de eerste",
    "render-move-what": "--move vraagt het nummer van een zet (0 is de eerste) of start, niet "
                        "{value}",
    "render-unwritable": "kan {file} niet schrijven: {reason}",
    "file-unwritable": "kan {file} niet schrijven: {reason}",
    "render-suffix": "{file}: {option} schrijft {kinds}; geef een BESTAND dat op een daarvan "
                     "eindigt",
    "render-not-folder": "{file} is geen map: --all schrijft een plaatje per zet in een map "
                         "(die wordt gemaakt als ze er niet is)",
    "render-wrote": "{n} bord{en} geschreven naar {file}",
    "render-start": "voor de eerste zet",
    "render-png-missing": "PNG schrijven vraagt resvg-py: pip install 'carcdsl[png]'",
    "render-png-all": "--png hoort bij --all MAP; bij --tiles en --move wordt een BESTAND dat "
                      "op .png eindigt als PNG geschreven",
    "human-one-game": "een menselijke speler speelt één spel tegelijk: gebruik --games 1",
    "compiled-engine": "gecompileerde engine",
    "compiled-compiling": "gecompileerde engine: bezig met compileren, eenmalig ({seconds} "
                          "s)...",
    "compiled-fallback": "gecompileerde engine: {reason}; de Python-engine speelt in plaats "
                         "daarvan",
    "compiled-compiled": "gecompileerde engine: gecompileerd in {seconds} s, bewaard voor de "
                         "volgende keer in {cache}",
    "compiled-needs-numba": "heeft Numba nodig (pip install 'carcdsl[fast]')",
    "compiled-broken": "kan niet worden geladen ({reason})",
    "compiled-cannot-run": "kan {what} niet spelen",
    "compiled-bots": "speelt alleen willekeurige bots, niet {bots}",
    "compiled-bots-roll-out": "speelt alleen willekeurige bots; {searchers} spelen er hun "
                              "proefpartijen op uit",
    "compiled-one-game": "speelt spellen in reeksen (--games 2 of meer), niet één enkel spel",
    "gpu-engine": "GPU-engine",
    "gpu-fallback": "GPU-engine: {reason}; de gecompileerde engine speelt in plaats daarvan "
                    "op de CPU",
    "gpu-compiled": "GPU-engine: gecompileerd in {seconds} s",
    "gpu-needs-numba-cuda": "heeft numba-cuda nodig (pip install 'carcdsl[gpu]')",
    "gpu-no-device": "geen GPU hier ({reason})",
    "gpu-simulator-needs-no-jit": "de CUDA-simulator van Numba speelt de kernel als Python: "
                                  "zet ook NUMBA_DISABLE_JIT=1",
    "gpu-broken": "kan niet op deze GPU spelen ({reason})",
    "usage-no-command": "geen opdracht gegeven; kies uit {commands}",
    "usage-unknown-command": "onbekende opdracht '{value}'; kies uit {commands}",
    "usage-required": "{args} ontbreekt",
    "usage-int": "{option} vraagt een geheel getal, niet {value}",
    "usage-needs-value": "{option} vraagt een waarde",
    "usage-exclusive": "{option} gaat niet samen met {other}",
    "usage-unrecognized": "onbekende argumenten: {args}",
    "usage-choice": "{option}: {value} is niet een van {choices}",
    "usage-ambiguous": "{option} is dubbelzinnig: het kan {matches} zijn",
    "usage-lang": "--lang '{value}' is geen taalcode (en, nl, de, ...)",
    "usage-help": "zie {prog} --help",
    "usage-other": "{message}",
    "open-points": "Open punten ({n}): regels waarover de auteur nog niet heeft beslist",
    "no-open-points": "Geen open punten.", "note": "Notitie ({lang})",
    "warnings-heading": "Waarschuwingen ({n})",
    # serve
    "serve-missing": "de browser-app heeft Starlette en uvicorn nodig: pip install "
                     "'carcdsl[web]'",
    "serve-no-folder": "{folder} is geen map",
    "serve-port": "--port moet van 0 tot 65535 zijn, niet {port}",
    "serve-lang": "--lang {lang}: geen catalogus en geen meegeleverde regelset spreekt die "
                  "taal; kies uit {langs}",
    "serve-listening": "carcdsl serve: open {url} in een browser (Ctrl-C stopt)",
    "serve-exposed": "luistert op {host}: wie dat adres bereikt kan spelen, en regelbestanden "
                     "schrijven in de opgegeven mappen",
    "serve-cannot-listen": "kan niet luisteren op {host} poort {port}: {reason}",
}
PHRASES.update(SERVE)  # serve's games database

PORTS: dict[str, str] = {
    "N": "N", "E": "O", "S": "Z", "W": "W",
    "NNE": "NNO", "ENE": "ONO", "ESE": "OZO", "SSE": "ZZO",
    "SSW": "ZZW", "WSW": "WZW", "WNW": "WNW", "NNW": "NNW",
}
"""The compass in Dutch, for the game log and a person's prompts only: records and JSON keep
the spec's English ports (a person may type either)."""

OS_ERRORS: dict[str, str] = {
    "ENOENT": "bestand niet gevonden", "EACCES": "geen toegang",
    "EPERM": "niet toegestaan", "EISDIR": "is een map",
    "ENOTDIR": "een deel van het pad is geen map", "ENOSPC": "geen ruimte meer op het apparaat",
    "EROFS": "alleen-lezen bestandssysteem", "ENAMETOOLONG": "bestandsnaam te lang",
    "ELOOP": "te veel symbolische koppelingen", "EIO": "invoer-/uitvoerfout",
    "EDQUOT": "schijfquotum overschreden", "EBUSY": "apparaat of bron is bezet",
    "ENXIO": "apparaat of adres bestaat niet", "EEXIST": "het bestand bestaat al",
    "ETXTBSY": "het bestand is een draaiend programma", "EMFILE": "te veel open bestanden",
    "EFBIG": "bestand te groot", "EINVAL": "ongeldig argument", "EPIPE": "verbroken pijp",
    "EAGAIN": "tijdelijk niet beschikbaar",
    "not-a-file/fifo": "een named pipe, geen gewoon bestand",
    "not-a-file/char": "een apparaat, geen gewoon bestand",
    "not-a-file/block": "een apparaat, geen gewoon bestand",
    "not-a-file/socket": "een socket, geen gewoon bestand",
    "not-a-file/other": "geen gewoon bestand",
    "bad-name/nul": "een NUL-teken in de naam",
    "bad-name/surrogate": "een los surrogaat in de naam",
}

JSON_ERRORS: dict[str, str] = {
    "Expecting value": "een waarde verwacht",
    "Expecting property name enclosed in double quotes": "een sleutel tussen dubbele "
                                                         "aanhalingstekens verwacht",
    "Expecting ':' delimiter": "':' verwacht", "Expecting ',' delimiter": "',' verwacht",
    "Unterminated string starting at": "een tekst zonder einde",
    "Invalid control character at": "een stuurteken in een tekst",
    "Invalid \\escape": "een ongeldige escape (\\)",
    "Invalid \\uXXXX escape": "een ongeldige \\u-escape",
    "Extra data": "nog tekst na de JSON-waarde",
    "Illegal trailing comma before end of object": "een komma vlak voor het einde van een "
                                                   "object",
    "Illegal trailing comma before end of array": "een komma vlak voor het einde van een lijst",
}

WORDS: dict[str, tuple[str, str]] = {
    "tile": ("tegel", "tegels"), "start-tile": ("starttegel", "starttegels"),
    "follower": ("meeple", "meeples"), "pennant": ("wapenschild", "wapenschilden"),
    "neighbour": ("buurtegel", "buurtegels"),
}
"""The tool's generic rule words, where the rule set names them in neither Dutch nor its own
language (a rule set without a ``names`` block)."""

TOKENS: dict[str, str] = {
    "NAME": "een naam", "INT": "een getal",
    "STRING": 'een tekst tussen aanhalingstekens ("...")', "BOOL": "yes of no",
    "WHEN": "complete of final", "CMP": "een vergelijking (<, <=, ==, ...)",
    "$END": "het einde van het bestand",
}

JSON_TYPES: dict[str, str] = {
    "object": "een object", "array": "een lijst", "string": "een tekst",
    "integer": "een geheel getal", "number": "een getal", "boolean": "true of false",
    "null": "null",
}
