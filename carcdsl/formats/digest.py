"""The digest a record carries of the rules it was played with (``rules_digest``): what the
rules say, not where or how they are written (``formats.record.check_rules_digest`` refuses a
record played with other rules)."""

from __future__ import annotations

import hashlib
import json

from carcdsl.model.rules import RuleSet

_DIGESTS: dict[int, tuple[RuleSet, str]] = {}
"""Digests of the rule sets seen last, by identity (a game records many states)."""


PICTURE_KEYS = ("colour", "look")
"""A kind's keys in the JSON form that say how pictures draw it: they change no rule, so the
digest leaves them out (a record replays after a rule file changes a colour, and records
written before kinds had looks keep their digests)."""


DESCRIPTIVE_KEYS = ("about",)
"""Keys of the rule set's JSON form that describe it and change no rule (what each file says
it does): the digest leaves them out, so a description written or reworded later leaves the
digests of the records played before it unchanged."""


LATER_KIND_KEYS = {"tile_figures": True, "ties": "", "followers_anywhere": False,
                   "followers_with": None, "fits_any": False}
"""Keys of a kind's JSON form added after records carried digests: left out of the digest at
their default, so that every record written before them keeps replaying."""
LATER_FIGURE_KEYS: dict[str, object] = {"excludes": [], "strength_expr": None,
                                        "anywhere": False, "with_any": None,
                                        "each_player_by_players": [], "neutral": False,
                                        "avoids": [], "beside": None, "blocks": False,
                                        "corner": False, "keeps_out": []}
"""The same for a figure's keys."""
LATER_TOKEN_KEYS: dict[str, object] = {"final_expr": None, "bag": None, "worth": 1}
"""The same for a token's keys."""
LATER_GAME_KEYS: dict[str, object] = {"ransom": 0}
"""The same for the game's keys."""
LATER_TRIGGER_KEYS: dict[str, object] = {"attribute": None, "own": True}
"""The same for a trigger's keys."""
LATER_SUPPLY_KEYS: dict[str, object] = {"hold": None, "owned": []}
"""The same for the supply's keys."""


def rules_digest(rules: RuleSet) -> str:
    """``sha256:<hex>`` of the composed rule set (rules, variants and parameters applied): the
    SHA-256 of its JSON form (``carcdsl-rules/1``, ``lang.jsonform.ruleset_to_json``) without
    the kinds' ``PICTURE_KEYS``, written canonically: keys sorted, no spaces, UTF-8. The JSON
    form holds no file path, comment or layout, so the digest depends on what the rules say,
    not on where or how they are written, nor on how pictures draw them; the one definition
    of the digest records carry."""
    cached = _DIGESTS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    from carcdsl.lang.jsonform import ruleset_to_json  # the rule language, when needed

    data = ruleset_to_json(rules)
    for key in DESCRIPTIVE_KEYS:
        data.pop(key, None)
    for kind in data["kinds"]:
        for key in PICTURE_KEYS:
            kind.pop(key, None)
        for key, default in LATER_KIND_KEYS.items():
            if kind.get(key) == default:
                kind.pop(key)
    for later, items in ((LATER_FIGURE_KEYS, data["figures"]),
                         (LATER_TOKEN_KEYS, data["tokens"]), (LATER_GAME_KEYS, [data["game"]]),
                         (LATER_TRIGGER_KEYS, data["triggers"]),
                         (LATER_SUPPLY_KEYS, [data["supply"]])):
        for item in items:
            for key, default in later.items():
                if item.get(key) == default:
                    item.pop(key)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False)
    digest = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
    if len(_DIGESTS) >= 8:
        _DIGESTS.clear()
    _DIGESTS[id(rules)] = (rules, digest)
    return digest
