"""compose -> check -> compile: the one place the front end, the checker and the engine meet.

``lang`` composes rule files into a RuleSet, ``check`` finds every problem in it and the engine
compiles a checked rule set into a Game; none of the three imports another. The CLI, and later
the language server and the web UI, come in here.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from carcdsl.check.checker import check
from carcdsl.diagnostics import Diagnostic, unique
from carcdsl.engine.game import Game
from carcdsl.errors import CarcError, RuleError
from carcdsl.i18n.words import languages, plural
from carcdsl.lang import compose as _compose
from carcdsl.model.rules import RuleSet


@contextmanager
def gc_paused() -> Iterator[None]:
    """Composing and checking make many small objects and no garbage cycles: with the
    collector paused, the time stays linear in the number of tile types (measured by
    bench/check_scaling.py: 12-15x for 10x the types with it running, ~10x paused)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def compose(rules: str | Path, variants: Iterable[str | Path] = (),
            relative_to: Path | None = None, allow: Iterable[str | Path] = (),
            ) -> tuple[RuleSet | None, list[Diagnostic], dict[str, str]]:
    """``lang.compose.compose`` with the checker handed in (to try a variant written for
    another rule set): (rule set or None, diagnostics, sources). ``allow``: folders besides
    those of the files named that a rule file's `extends` and `with` may read from."""
    return _compose.compose(rules, tuple(variants), relative_to, check=check,
                            allow=tuple(allow))


def check_files(rules: str | Path, variants: Iterable[str | Path] = (),
                relative_to: Path | None = None, lang: str | None = None,
                allow: Iterable[str | Path] = (),
                ) -> tuple[RuleSet | None, list[Diagnostic], dict[str, str]]:
    """Compose ``rules`` (a bundled name or a path) with ``variants`` and check the result.

    Returns (rule set or None, diagnostics, sources): what composing found, then what
    checking found (not sorted, duplicates kept); the rule set is None when composing stopped
    short. With ``lang``, the checker also says which words have no name in that language.
    """
    with gc_paused():
        composed, found, sources = compose(rules, variants, relative_to, allow)
        if composed is not None:
            found = [*found, *check(composed, lang)]
    return composed, found, sources


def load_checked(
    rules: str | Path, variants: Iterable[str | Path] = (), relative_to: Path | None = None,
    allow: Iterable[str | Path] = (),
) -> tuple[RuleSet, list[Diagnostic], dict[str, str]]:
    """Compose ``rules`` with ``variants`` and check the result.

    Returns (rule set, warnings, sources). Raises RuleError carrying every diagnostic (sorted,
    duplicates removed), the text of each file read, the target and the rule set as far as it
    came, when anything is an error.
    """
    composed, found, sources = check_files(rules, variants, relative_to, allow=allow)
    found = unique(found)
    errors = [d for d in found if d.is_error]
    if composed is None or errors:
        warnings = len(found) - len(errors)
        summary = f"{rules}: {_plural(len(errors), 'error')}"
        if warnings:
            summary += f", {_plural(warnings, 'warning')}"
        if errors:
            summary += f"; first: {errors[0].message}"
        # the rule set as far as it came: a summary in another language uses its words
        raise RuleError(summary, tuple(found), sources=sources, target=str(rules),
                        rules=composed)
    return composed, found, dict(sources)


def _plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else plural(word)}"


def check_language(rules: RuleSet | None, lang: str) -> None:
    """Raise CarcError unless the tool or the rule set speaks ``lang``."""
    known = languages(rules)
    if lang not in known:
        whose = f"{rules.name} has no names in it" if rules is not None else "unknown"
        raise CarcError(f"--lang {lang}: {whose}; choose from {', '.join(known)}")


def load(rules: str | Path = "base", variants: Sequence[str | Path] = (),
         relative_to: Path | None = None, allow: Iterable[str | Path] = ()) -> Game:
    """Load, check and compile a rule set (a bundled name or a path) with its variants.

    Raises RuleError with every diagnostic when the rules do not check; the warnings are the
    game's ``warnings``.
    """
    checked, warnings, _sources = load_checked(rules, tuple(variants), relative_to, allow)
    return Game.from_rules(checked, str(rules), tuple(str(v) for v in variants), warnings)
