"""The checks of a rule set's words in other languages: a name given for a word the rule set
does not have (W307), a word without a name in a language the rule set speaks (W306), over
every word a player reads (``visible_words``); and of its descriptions (``about``, E135).

``NameChecks`` is a mixin of ``checker._Checker``, as ``tiles.TileChecks`` is: methods only,
reporting through its ``warn``.
"""

from __future__ import annotations

from carcdsl.check.host import CheckerHost
from carcdsl.model.base import Loc
from carcdsl.model.rules import ABOUT_LONGEST

DEFAULT_LANGUAGE = "en"
"""The language of a rule set's own words: names given for it rename, none are missing."""


class NameChecks(CheckerHost):
    """Names of words in languages, for ``checker._Checker``."""

    __slots__ = ()

    # --- names in languages -------------------------------------------------------------
    def visible_words(self) -> dict[str, Loc | None]:
        """Every word of the rule set a player reads, with where it is declared (None for the
        tool's own words: "tile", "start-tile", "pennant", "neighbour"): kinds, follower roles,
        the follower and score marker, landmarks, tokens, markers."""
        rules = self.rules
        words: dict[str, Loc | None] = {}
        for k in rules.kinds:
            words.setdefault(k.name, k.loc)
        for k in rules.kinds:
            if k.role:
                words.setdefault(k.role, k.loc_of("role"))
        game = rules.game
        for prop in ("follower", "score_marker"):
            if getattr(game, prop):
                words.setdefault(getattr(game, prop), game.loc_of(prop))
        landmark_locs = dict(rules.landmark_locs)
        for name in rules.landmarks:
            words.setdefault(name, landmark_locs.get(name))
        for token in rules.tokens:
            words.setdefault(token.name, token.loc)
        for figure in rules.figures:
            words.setdefault(figure.name, figure.loc)
        for k in rules.kinds:
            for name, _ in k.attributes:
                words.setdefault(name, k.loc_of(f"attribute:{name}"))
        for sq in rules.board.squares:
            if sq.marker:
                words.setdefault(sq.marker, sq.loc)
        generic = ["tile", "start-tile"]
        if any(k.pennants for k in rules.kinds):
            generic.append("pennant")
        if any(k.geometry == "centre" for k in rules.kinds):
            generic.append("neighbour")
        if rules.game.ransom:
            generic.append("ransom")  # what a ransom's scoring events are called
        for word in generic:
            words.setdefault(word, None)
        return words

    def check_names(self) -> None:
        """W307: a name for a word the rule set does not have (in the rule set's own files).
        W306: a word without a name in a language the rule set speaks, at the word's
        declaration, when the file declaring it names words at all (has a `names` block): a
        file that adds words without naming any (a small example on top of `base`) owes none,
        unless the check is asked in that language (``asked``)."""
        words = self.visible_words()
        known = set(words) | {sq.name for sq in self.rules.board.squares if sq.name}
        naming: dict[str, Loc] = {}  # file -> its first names block
        first_block: dict[str, Loc] = {}  # lang -> its first names block
        own: dict[tuple[str, str], Loc] = {}
        for lang, word, loc in self.rules.names_locs:
            if loc is None:
                continue
            if word is None:
                naming.setdefault(loc.file, loc)
                first_block.setdefault(lang, loc)
            else:
                own.setdefault((lang, word), loc)
        for lang, entries in self.rules.names:
            given = {word for word, _, _ in entries}
            for word in sorted(given - known):
                loc = own.get((lang, word))
                if loc is not None:
                    self.warn("W307", loc, lang=lang, word=word,
                              hint=self.hint(word, "word", known))
            if lang == DEFAULT_LANGUAGE:
                continue
            for word, where in words.items():
                if word in given:
                    continue
                if where is None:
                    loc = first_block.get(lang)
                elif where.file in naming or lang == self.asked:
                    loc = where
                else:
                    continue
                self.warn("W306", loc, lang=lang, word=word)

    def check_about(self) -> None:
        """E135: a description (``about``) that is not one line of text: empty, of more than
        one line (a JSON rule set's text may hold a line break) or longer than
        ``ABOUT_LONGEST`` characters."""
        for about in self.rules.about:
            said = {"of": about.of, "lang": f" {about.lang}" if about.lang else ""}
            text = about.text
            if not text.strip():
                self.error("E135", about.loc, "empty", **said)
            elif "\n" in text or "\r" in text:
                self.error("E135", about.loc, "newline", **said)
            elif len(text) > ABOUT_LONGEST:
                self.error("E135", about.loc, "long", length=len(text), most=ABOUT_LONGEST,
                           **said)
