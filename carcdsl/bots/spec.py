"""A bot named on the command line, with its options: ``mcts:playouts=2000:c=0.7``.

A spec is ``NAME[:OPTION=VALUE]...``. ``NAME`` is a kind registered with ``bots.register``
(the built-ins, ``human``), a name in the ``carcdsl.bots`` entry-point group of an installed
package, or a factory in a module, ``package.module:factory`` (the module must be
importable: installed, or on ``PYTHONPATH``). Options are separated by ``:`` because ``,``
already separates the bots of several seats (``--bot mcts:playouts=200,greedy``).

An option is one of the factory's keyword parameters whose default (or annotation) is an
``int``, ``float``, ``bool`` or ``str``; its value is converted to that type (a bool from
``yes``/``no``, ``true``/``false``, ``on``/``off``, ``1``/``0``). Other keyword parameters
(``words=None``) are for what a front end hands every seat, never set by a spec. Anything
wrong is one ``BotError`` that says what and what would do.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import inspect
import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from carcdsl.engine.state import State
from carcdsl.errors import CarcError

Move = tuple[int, int, int, int]
Bot = Callable[[State], Move]
BotFactory = Callable[..., Bot]
"""``factory(rng: random.Random, **options) -> Bot``."""

ENTRY_POINTS = "carcdsl.bots"
"""The entry-point group an installed package names its bots in."""

BOTS: dict[str, BotFactory] = {}
"""Kind of seat -> its factory, in the order registered."""

_TRUE, _FALSE = ("yes", "true", "on", "1"), ("no", "false", "off", "0")


class BotError(CarcError):
    """An unknown bot, a bad option or a bot that broke the rules. An unknown bot's error
    has ``key`` ``unknown-bot`` and ``values`` (``kind``, ``kinds``), for a front end that
    words it in another language."""

    def __init__(self, message: str, key: str = "", **values: str):
        super().__init__(message)
        self.key, self.values = key, values


@attrs.frozen
class BotSpec:
    """A bot as named: what to find (``name``) and the options as written."""

    name: str
    """A registered kind, an entry point's name, or ``module:factory``."""
    options: tuple[tuple[str, str], ...] = ()
    """``(option, value)`` in the order written; values are converted by ``resolve``."""

    @property
    def text(self) -> str:
        return ":".join([self.name, *(f"{k}={v}" for k, v in self.options)])


def register(kind: str, factory: BotFactory) -> None:
    """Make ``kind`` a name ``make_bots`` (and ``--bot``) knows. ``factory(rng, **options)``
    returns the bot of one seat; a class whose instances are called with the state is a
    factory too. Its keyword parameters are the options a spec may set."""
    if not kind or ":" in kind or "," in kind or "=" in kind:
        raise ValueError(f"a bot's kind is a name without ':', ',' or '=', not {kind!r}")
    BOTS[kind] = factory
    _resolved.cache_clear()


def parse_bot(text: str) -> BotSpec:
    """``NAME[:OPTION=VALUE]...`` (``module:factory[:OPTION=VALUE]...``) -> a ``BotSpec``;
    raises ``BotError`` for a spec that cannot be read."""
    parts = [part.strip() for part in text.strip().split(":")]
    name = parts.pop(0)
    if parts and "=" not in parts[0] and name not in BOTS \
            and name not in _entry_points():  # module:factory
        name = f"{name}:{parts.pop(0)}"
    if not name or name.endswith(":"):
        raise BotError(f"bot {text!r}: no bot named (write NAME[:OPTION=VALUE]...)",
                       "bot-no-name", spec=text)
    options = []
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise BotError(f"bot {text!r}: {part!r} is not OPTION=VALUE (options are "
                           f"separated by ':', as in mcts:playouts=500:c=0.7)",
                           "bot-not-option", spec=text, part=part)
        options.append((key.strip(), value.strip()))
    keys = [k for k, _ in options]
    for key in keys:
        if keys.count(key) > 1:
            raise BotError(f"bot {text!r}: option {key!r} is given twice",
                           "bot-option-twice", spec=text, option=key)
    return BotSpec(name, tuple(options))


def known_kinds() -> list[str]:
    """Every name a spec may use: the registered kinds, then installed entry points."""
    return [*BOTS, *(name for name in _entry_points() if name not in BOTS)]


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINTS)}


@attrs.frozen
class Resolved:
    """A spec found and its options converted: what ``make_bots`` calls per seat."""

    spec: BotSpec
    factory: BotFactory
    options: Mapping[str, Any]
    """The options, converted to their parameters' types."""
    context: frozenset[str] | None
    """Context keywords the factory takes (None: any, it has ``**kwargs``)."""
    plugin: bool
    """Loaded from outside carcdsl (a module path, an entry point): its moves are checked."""

    def make(self, rng: random.Random, context: Mapping[str, object]) -> Bot:
        given = {k: v for k, v in context.items()
                 if (self.context is None or k in self.context) and k not in self.options}
        try:
            bot = self.factory(rng, **given, **self.options)
        except (ValueError, TypeError) as exc:  # a factory refusing an option's value
            raise BotError(f"bot {self.spec.text!r}: {exc}", "bot-refused",
                           spec=self.spec.text, reason=str(exc)) from None
        if not callable(bot):
            raise BotError(f"bot {self.spec.text!r}: its factory returned "
                           f"{type(bot).__name__}, not a function of the state",
                           "bot-not-function", spec=self.spec.text,
                           returned=type(bot).__name__)
        return _checked(bot, self.spec.text) if self.plugin else bot


def resolve(text: str) -> Resolved:
    """The factory a spec names, with its options converted; ``BotError`` when the bot is
    unknown, cannot be loaded, or an option is not one of its own or of the wrong type."""
    return _resolved(text.strip())


@functools.lru_cache(maxsize=256)
def _resolved(text: str) -> Resolved:
    spec = parse_bot(text)
    factory, plugin = _find(spec)
    params = _parameters(factory)
    options: dict[str, Any] = {}
    settable = {name: param for name, param in params.items() if _is_option(param)}
    for key, value in spec.options:
        param = settable.get(key)
        if param is None:
            takes = f"its options: {', '.join(settable)}" if settable else "it takes no options"
            raise BotError(f"bot {spec.text!r}: no option {key!r} ({takes})",
                           "bot-no-option" if settable else "bot-takes-no-options",
                           spec=spec.text, option=key, options=", ".join(settable))
        options[key] = _convert(spec, key, value, param)
    context = None if any(p.kind == p.VAR_KEYWORD for p in params.values()) \
        else frozenset(params)
    return Resolved(spec, factory, options, context, plugin)


def _find(spec: BotSpec) -> tuple[BotFactory, bool]:
    """The factory and whether it comes from outside carcdsl."""
    if spec.name in BOTS:
        return BOTS[spec.name], False
    module_name, colon, attribute = spec.name.partition(":")
    if not colon:
        entry = _entry_points().get(spec.name)
        if entry is None:
            hint = " (a bot in a module is named module:factory)" if "." in spec.name else ""
            kinds = ", ".join(known_kinds())
            raise BotError(f"unknown bot '{spec.name}'; choose from {kinds}{hint}",
                           "unknown-bot", kind=spec.name, kinds=kinds)
        try:
            return entry.load(), True
        except Exception as exc:  # a plugin's import failing is its own: say which
            raise BotError(f"bot {spec.name!r} (entry point {entry.value}) could not be "
                           f"loaded: {type(exc).__name__}: {exc}", "bot-entry-failed",
                           kind=spec.name, entry=str(entry.value),
                           reason=f"{type(exc).__name__}: {exc}") from None
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # ModuleNotFoundError, or the module's own error
        raise BotError(f"bot {spec.name!r}: cannot import {module_name!r}: "
                       f"{type(exc).__name__}: {exc}", "bot-import-failed", kind=spec.name,
                       module=module_name, reason=f"{type(exc).__name__}: {exc}") from None
    factory = getattr(module, attribute, None)
    if factory is None or not callable(factory):
        raise BotError(f"bot {spec.name!r}: module {module_name!r} has no factory "
                       f"{attribute!r}", "bot-no-factory", kind=spec.name, module=module_name,
                       factory=attribute)
    return factory, True


def _parameters(factory: BotFactory) -> dict[str, inspect.Parameter]:
    """The factory's parameters after the generator."""
    try:
        params = list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):  # a builtin without a signature: no options
        return {}
    if params and params[0].kind in (params[0].POSITIONAL_ONLY,
                                     params[0].POSITIONAL_OR_KEYWORD):
        params = params[1:]
    return {p.name: p for p in params}


def _is_option(param: inspect.Parameter) -> bool:
    """A keyword parameter whose default (or annotation) is a bool, int, float or str: one a
    spec may set. Others (``words=None``) are what a front end hands every seat."""
    return param.kind in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY) \
        and _type_of(param) is not None


def _convert(spec: BotSpec, key: str, value: str, param: inspect.Parameter) -> Any:
    kind = _type_of(param)
    try:
        if kind is bool:
            if value.lower() not in _TRUE + _FALSE:
                raise ValueError
            return value.lower() in _TRUE
        if kind is int:
            return int(value)
        if kind is float:
            return float(value)
        return value
    except ValueError:
        what = "yes or no" if kind is bool else "a whole number" if kind is int else "a number"
        code = f"bot-option-{getattr(kind, '__name__', 'str')}"
        raise BotError(f"bot {spec.text!r}: option {key!r} must be {what}, not {value!r}",
                       code, spec=spec.text, option=key, value=value) from None


def _type_of(param: inspect.Parameter) -> type | None:
    default = param.default
    if default is not param.empty and default is not None:
        return type(default) if type(default) in (bool, int, float, str) else None
    note = param.annotation
    if isinstance(note, str):
        note = {"bool": bool, "int": int, "float": float, "str": str}.get(note)
    return note if note in (bool, int, float, str) else None


def _checked(bot: Bot, name: str) -> Bot:
    """A plugin's bot whose every move must be one of the legal moves (``apply_fast`` does
    not check): a wrong one is a ``BotError`` naming the bot, not a corrupted game."""
    def choose(state: State) -> Move:
        move = bot(state)
        try:
            fast = tuple(move)
        except TypeError:
            fast = ()
        if len(fast) != 4 or fast not in set(state.iter_moves()):
            raise BotError(f"bot {name!r} played {move!r}, which is not a legal move "
                           "(a move is a tuple of state.iter_moves())", "bot-illegal",
                           spec=name, move=repr(move))
        return fast
    return choose
