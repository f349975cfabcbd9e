"""The HTML pages: a layout and a body per page (``pages/*.html``), their words filled in
the user's language. ``{{key}}`` is a word of the ``WEB`` table (escaped); the layout's
``{{body}}``, ``{{lang}}``, ``{{page}}`` and ``{{boot}}`` (what the page's script starts
from, as JSON: the language, the words scripts use, the page) are filled here."""

from __future__ import annotations

import functools
import json
import re
from html import escape
from pathlib import Path
from typing import Any

from carcdsl.web.words import ui_words

PAGES = ("home", "play", "replay", "browse", "author", "table", "games")
_FOLDER = Path(__file__).parent / "pages"
_FIELD = re.compile(r"\{\{([a-z0-9-]+)\}\}")


@functools.cache
def _template(name: str) -> str:
    return (_FOLDER / f"{name}.html").read_text(encoding="utf-8")


def _fill(template: str, words: dict[str, str], values: dict[str, str]) -> str:
    def field(match: re.Match[str]) -> str:
        key = match[1]
        if key in values:
            return values[key]
        return escape(words[key])  # a key no catalogue has is a bug the tests meet
    return _FIELD.sub(field, template)


def render_page(page: str, lang: str, languages: list[str], extra: dict[str, Any]) -> str:
    """Page ``page`` in ``lang``; ``extra`` goes to its script with the words."""
    words = ui_words(lang)
    boot = json.dumps({"lang": lang, "page": page, "words": words, **extra},
                      ensure_ascii=False).replace("</", "<\\/")
    choose = " ".join(
        f'<a href="?lang={escape(code)}" class="lang{" current" if code == lang else ""}"'
        f' hreflang="{escape(code)}">{escape(code)}</a>' for code in languages)
    body = _fill(_template(page), words, {"lang": escape(lang)})
    return _fill(_template("layout"), words, {
        "body": body, "lang": escape(lang), "page": page, "boot": boot, "languages": choose,
        "title": escape(words[f"title-{page}"])})
