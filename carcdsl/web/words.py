"""The app's own words in the user's language: the catalogues' ``WEB`` tables (English, then
the language's own over it), as ``i18n`` keeps every other phrase of the tool."""

from __future__ import annotations

import functools

from carcdsl.i18n.words import CATALOGS, DEFAULT, catalog, is_language_code


@functools.cache
def ui_words(lang: str) -> dict[str, str]:
    """Every word of the pages and of the app's messages, by key, in ``lang`` (English where
    the language has none)."""
    english = getattr(catalog(DEFAULT), "WEB", {})
    own = getattr(catalog(lang), "WEB", {}) if lang in CATALOGS else {}
    return {**english, **own}


def say(lang: str, key: str, **values: object) -> str:
    """One of the app's phrases, filled."""
    return ui_words(lang)[key].format(**values)


def pick_language(asked: str | None, default: str) -> str:
    """The language of a request: ``?lang=`` when it is a language code, else the one
    ``serve`` was started with."""
    if asked and is_language_code(asked):
        return asked
    return default
