"""The tool's English: its phrases, and the messages of the checker and of records by key.
The tables live in one module each, by what they word (``catalog_en_phrases``,
``catalog_en_diagnostics``, ``catalog_en_moves``, ``catalog_en_web``); this module gathers
them under the names every reader imports.

The source catalogue: every other language's catalogue (``catalog_nl``) has the same keys,
and each of its templates reads exactly the same arguments (the tests hold them to it). The
checker's messages are rendered from here (``diagnostics.error``), so the English a user reads
and the arguments a translation gets cannot drift apart. Illegal moves are worded here by the
engine's rule code and form (``ILLEGAL``): the engine raises data, never English.

A template's fields (see ``i18n.fill``): ``{name}`` an argument as given (a tuple joined with
", "); ``{hint}`` the did-you-mean clause of a suggestion (nothing without one); ``{x:word}``
an argument as a rule word; ``{rule:tile}`` the rule word ``tile`` itself; ``{x:or}`` a list
joined with "or"; ``{x:a}`` the same with "a" or "an" before it; ``{x:n}`` a number with
thousands grouped; ``{x:one|many}`` one word or another by the count (or length) of ``x``;
``{x:short}`` a long token cut; ``{x:tokens}`` the parser's expected tokens; ``{x:places}``
border places ("side N", "NNE"); ``{x:json}`` a JSON value as (type, text); ``{x:json-types}``
JSON type names. Literal braces are doubled.
"""

from __future__ import annotations

from carcdsl.i18n.catalog_en_diagnostics import DIAGNOSTICS
from carcdsl.i18n.catalog_en_moves import ILLEGAL, RECORDS
from carcdsl.i18n.catalog_en_phrases import JSON_ERRORS, JSON_TYPES, OS_ERRORS, PHRASES, TOKENS
from carcdsl.i18n.catalog_en_web import WEB

__all__ = ["DIAGNOSTICS", "ILLEGAL", "JSON_ERRORS", "JSON_TYPES", "OS_ERRORS", "PHRASES",
           "RECORDS", "TOKENS", "WEB"]
