"""Het Nederlands van de tool: its Dutch phrases and messages, by the keys of ``catalog_en``.
As there, the tables live in one module each, by what they word (``catalog_nl_phrases``,
``catalog_nl_diagnostics``, ``catalog_nl_moves``, ``catalog_nl_web``); this module gathers
them under the names every reader imports.

Words from the Dutch demo rules (seed 001): landtegel, starttegel, weg, stad, klooster,
weide, meeple, struikrover, ridder, monnik, aanleggen, afgebouwd. The rule set's own words
come from its ``names nl`` block through ``{rule:...}`` and ``{x:word}``; the rule language's
keywords (``feature``, ``geometry area``, ``override``) stay as they are written.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_nl_diagnostics import DIAGNOSTICS
from carcdsl.i18n.catalog_nl_moves import ILLEGAL, RECORDS
from carcdsl.i18n.catalog_nl_phrases import (
    JSON_ERRORS,
    JSON_TYPES,
    OS_ERRORS,
    PHRASES,
    PORTS,
    TOKENS,
    WORDS,
)
from carcdsl.i18n.catalog_nl_web import WEB

__all__ = ["DIAGNOSTICS", "ILLEGAL", "JSON_ERRORS", "JSON_TYPES", "OS_ERRORS", "PHRASES", "PORTS",
           "RECORDS", "TOKENS", "WEB", "WORDS"]
