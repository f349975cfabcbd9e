"""A score breakdown as records and JSON give it: ``3 tiles × 2 + 1 pennant × 2``, with the
rule set's own names (records never change language; ``Words.label`` and ``Words.trigger``
word the same terms in a player's language).

The engine keeps a scoring's breakdown as data (terms: ``("c", value)``, ``("q", count,
quantity, arg, factor)``, ``("g", terms, factor)``, and ``("t", condition, arg)`` for an ``on
place`` rule); this module words it, in English by default or through a ``Words``'
``label`` and ``trigger``. New with figures and products: ``("x", factors, factor)``, each
factor a tuple of terms (``1 own pig × 2 completed cities``); with division, ``("d", terms,
divisor, factor)`` (``5 tiles // 2``: rounded down).
"""

from __future__ import annotations

from collections.abc import Callable

from carcdsl.i18n.words import SINGULAR, plural


def label(name: str, arg: str | None, count: int) -> str:
    """``3 tiles``, ``1 pennant``, ``2 completed cities``."""
    if name == "completed":
        noun = f"completed {arg if count == 1 else plural(arg or '')}"
    elif name in ("markers", "tokens", "figures"):
        noun = (arg or "") if count == 1 else plural(arg or "")
    elif name == "own":
        noun = f"own {arg if count == 1 else plural(arg or '')}"
    elif name == "worth":
        noun = f"in the {arg}"
    elif name == "neighbours" and arg:
        noun = f"neighbouring {arg if count == 1 else plural(arg)}"
    else:
        noun = SINGULAR.get(name, name) if count == 1 else name
    return f"{count} {noun}"


Label = Callable[[str, "str | None", int], str]
Trigger = Callable[[str, "str | None"], str]


def trigger(condition: str, arg: str | None) -> str:
    """What an ``on place`` rule saw: ``covers a small-city``, ``fills a hole``, ``shows a
    forest``."""
    if condition == "surrounded":
        return "fills a hole"
    if condition == "most":
        return f"the most {plural(arg or '')}"
    if condition == "complete":
        return f"completes a {arg}"
    if condition == "extends":
        return f"extends own {arg}"
    if condition == "turn-beside":
        return f"turn starts beside the {arg}"
    if condition == "score-beside":
        return f"scored beside the {arg}"
    return f"{'covers' if condition == 'covers' else 'shows'} a {arg}"


def render(terms, labeller: Label = label, triggered: Trigger = trigger) -> str:
    """``3 tiles × 2 + 1 pennant × 2``: the breakdown, with quantities named by ``labeller``
    and ``on place`` rules (the term ("t", condition, arg)) by ``triggered``. A negative
    term after the first is subtracted: ``2 tiles - 1``, ``3 tiles - 1 pennant × 2``."""
    text = ""
    for i, term in enumerate(terms):
        minus = i > 0 and _negative(term)
        part = _render_term(_negated(term) if minus else term, labeller, triggered)
        text += part if not i else f" - {part}" if minus else f" + {part}"
    return text


def _negative(term) -> bool:
    """A constant below zero, or a quantity or group scaled by a factor below zero."""
    return term[0] == "c" and term[1] < 0 or term[0] in ("q", "g", "x", "d") and term[-1] < 0


def _negated(term):
    if term[0] == "c":
        return ("c", -term[1])
    return (*term[:-1], -term[-1])


def _render_term(term, labeller: Label, triggered: Trigger) -> str:
    if term[0] == "c":
        return str(term[1])
    if term[0] == "q":
        _, count, name, arg, factor = term
        text = labeller(name, arg, count)
        return text if factor == 1 else f"{text} × {factor}"
    if term[0] == "t":
        return triggered(term[1], term[2])
    if term[0] == "x":  # a product: (1 own pig) × (2 completed cities)
        parts = [render(factor, labeller, triggered) for factor in term[1]]
        text = " × ".join(f"({part})" if len(factor) > 1 else part
                          for part, factor in zip(parts, term[1]))
        return text if term[2] == 1 else f"({text}) × {term[2]}"
    if term[0] == "d":  # a quotient, rounded down: (5 tiles + 1 pennant) // 2
        inner = render(term[1], labeller, triggered)
        text = f"({inner}) // {term[2]}" if len(term[1]) > 1 else f"{inner} // {term[2]}"
        return text if term[3] == 1 else f"({text}) × {term[3]}"
    inner = render(term[1], labeller, triggered)
    if len(term[1]) > 1:
        inner = f"({inner})"
    return inner if term[2] == 1 else f"{inner} × {term[2]}"


def detail(points: int, terms) -> str:
    return render(terms) if terms else str(points)
