"""Composing rule files into one RuleSet (finding and reading them: ``sources``).

A rule set is built in order: the files a file ``extends`` (depth first), then the file's own
declarations, then each variant with its own ``extends``. New names must be new; changes to
existing names must say ``override``. Every problem becomes a Diagnostic.

Each file is applied at most once (a second time is E104). When any file cannot be found, read
or parsed, the composition stops short of a rule set: what is missing would only make follow-on
errors (an override of a tile the broken file declares, a rule set without a start tile).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from pathlib import Path

import attrs

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error, suggest, warning
from carcdsl.errors import RuleError
from carcdsl.lang.builder import Builder
from carcdsl.lang.decls import ParamDecl, Ref, RuleFile
from carcdsl.lang.jsonexport import too_large_for_json
from carcdsl.lang.parser import parse_text
from carcdsl.lang.sources import display_name, parse_ref, read_source, resolve
from carcdsl.lang.syntax import declaration_keywords, first_word

MAX_DEPTH = 32

Check = Callable[[m.RuleSet], Iterable[Diagnostic]]
"""The checks of meaning (``check.checker.check``), handed in: a variant written for another
rule set is tried on a copy, and kept only when its own lines check."""


def _composition_only(rules: m.RuleSet) -> list[Diagnostic]:
    """No checks of meaning: a trial fails only by what composing it says."""
    return []


@attrs.define
class Loader:
    """Reads and parses rule files once each, remembering their text for messages, and
    applies them to a builder, each at most once."""

    sources: dict[str, str] = attrs.Factory(dict)
    failed: bool = False
    """A file could not be found, read or parsed: the rule set would be incomplete."""
    _stack: list[Path] = attrs.Factory(list)
    _applied: dict[Path, m.Loc | None] = attrs.Factory(dict)
    _parsed: dict[Path, object] = attrs.Factory(dict)
    set_by: dict[tuple[str, str], tuple[str, Path]] = attrs.Factory(dict)
    """(kind, property) -> the variant given on its own (``--variant``, a record's list)
    that set it last, and its file."""
    pulled: set[Path] = attrs.Factory(set)
    """Variants applied because a variant given on its own is written ``with`` them
    (resolved paths): given again later, they are not applied twice."""
    check: Check = attrs.field(default=_composition_only, kw_only=True)
    """What a trial of a variant for another rule set is checked with (see ``Check``)."""
    roots: list[Path] = attrs.field(factory=list, kw_only=True)
    """The folders (resolved) a file's `extends` and `with` may read from, besides the
    bundled rules: the folder of each file the user named, and those allowed
    (``--allow-path``)."""

    def within(self) -> tuple[Path, ...]:
        return tuple(self.roots)

    def add_root(self, folder: Path) -> None:
        """Let files read from ``folder`` (and below)."""
        resolved = folder.resolve()
        if resolved not in self.roots:
            self.roots.append(resolved)

    def load_file(self, path: Path) -> RuleFile | m.RuleSet:
        """The parsed file (read once); RuleError when it cannot be read or parsed."""
        key = path.resolve()
        if key not in self._parsed:
            try:
                self._parsed[key] = self._read(path)
            except RuleError as exc:
                self._parsed[key] = exc
        found = self._parsed[key]
        if isinstance(found, RuleError):
            raise found
        return found  # type: ignore[return-value]

    def _read(self, path: Path) -> RuleFile | m.RuleSet:
        shown = display_name(path)
        text = read_source(path, shown)
        if path.suffix == ".json":
            from carcdsl.lang.jsonform import ruleset_from_json_text
            if text.lstrip()[:1] == "{":  # JSON that is not an object is no rule set
                self.sources[shown] = text
            return ruleset_from_json_text(text, shown)
        word = first_word(text)
        if word is not None and word not in declaration_keywords():
            said = error("E106", m.Loc(shown, 1, 1), "not-rules")
            raise RuleError(said.message, (said,))
        if word in (None, "rules", "variant"):  # only a rule file's lines are quoted
            self.sources[shown] = text
        return parse_text(text, shown, recover=True)

    def start_over(self) -> None:
        """A new rule set: nothing applied yet."""
        self._applied.clear()

    def is_applied(self, resolved: Path) -> bool:
        """Whether the file at ``resolved`` (a resolved path) is part of the rule set."""
        return resolved in self._applied

    def trial(self) -> Loader:
        """A loader to try a file with: it shares the files read and the texts shown, but
        what it applies and whether it fails are its own."""
        return Loader(self.sources, False, [], dict(self._applied), self._parsed,
                      check=self.check, roots=self.roots)

    def fail(self, builder: Builder, diagnostics) -> None:
        builder.diagnostics.extend(diagnostics)
        self.failed = True

    def apply(self, builder: Builder, path: Path, ref_loc: m.Loc | None = None,
              role: str | None = None, args: dict | None = None) -> RuleFile | None:
        """Apply one file (and what it extends) to ``builder``; None if it was not applied.

        With ``role``, a file of the other role is only returned, not applied.
        """
        resolved = path.resolve()
        if resolved in self._stack:
            chain = " -> ".join(display_name(p) for p in [*self._stack, resolved])
            self.fail(builder, [error("E005", ref_loc, chain=chain)])
            return None
        if len(self._stack) >= MAX_DEPTH:
            self.fail(builder, [error("E006", ref_loc, "extends", most=MAX_DEPTH)])
            return None
        try:
            loaded = self.load_file(path)
        except RuleError as exc:
            self.fail(builder, [attrs.evolve(d, loc=ref_loc) if d.key == "E103/record"
                                and ref_loc is not None else d for d in exc.diagnostics])
            return None
        if isinstance(loaded, m.RuleSet):
            if self._twice(builder, resolved, path, ref_loc):
                return None
            builder.replace_with(loaded, m.Loc(display_name(path)))
            builder.lineage.add(resolved)
            return RuleFile(display_name(path), "rules", loaded.name)
        if role is not None and loaded.role != role:
            return loaded
        if self._twice(builder, resolved, path, ref_loc, loaded):
            return None
        if loaded.header_loc is None:  # a rule set or a variant says which it is
            start = m.Loc(display_name(path), 1, 1)
            said = (error("E106", start, "empty") if loaded.is_empty
                    else error("E106", start))
            broken = any(kw in ("rules", "variant") for kw, _name in loaded.unread)
            self.fail(builder, [*loaded.problems, *(() if broken else (said,))])
            return None
        builder.diagnostics.extend(loaded.problems)
        builder.unread.extend(loaded.unread)
        if loaded.role == "rules":
            builder.lineage.add(resolved)
            builder.loc = builder.loc or loaded.header_loc
        self._stack.append(resolved)
        try:
            for ref in loaded.extends:
                self.apply_ref(builder, ref, path.parent, loaded.role)
            params = self._params(builder, loaded, args or {}, ref_loc)
            inherited = len(self._stack) > 1
            was, builder.in_variant = builder.in_variant, loaded.role == "variant"
            try:
                for decl in loaded.decls:
                    builder.apply(decl, params, inherited)
            finally:
                builder.in_variant = was
            builder.about.extend(loaded.abouts(loaded.name or path.stem))
        finally:
            self._stack.pop()
        return loaded

    def _twice(self, builder: Builder, resolved: Path, path: Path, ref_loc: m.Loc | None,
               loaded: RuleFile | None = None) -> bool:
        """E104 when ``path`` is already part of the rule set."""
        if resolved not in self._applied:
            self._applied[resolved] = ref_loc
            return False
        first = self._applied[resolved]
        name = (loaded.name if loaded is not None and loaded.name else None) or path.stem
        form = "variant" if loaded is not None and loaded.role == "variant" else "rules"
        if first is None or not first.line:
            builder.problem("E104", ref_loc, form, name=name)
        elif ref_loc is not None and ref_loc.file == first.file:
            builder.problem("E104", ref_loc, f"{form}-line", name=name, line=first.line)
        else:
            builder.problem("E104", ref_loc, f"{form}-at", name=name, first=first)
        return True

    def _params(self, builder: Builder, loaded: RuleFile, args: dict, ref_loc) -> dict:
        """The file's parameters: defaults, then the values given with the file's name."""
        decls = {d.name: d for d in loaded.decls if isinstance(d, ParamDecl)}
        params = {name: d.default for name, d in decls.items()}
        who = loaded.name or loaded.path
        for key, value in args.items():
            decl = decls.get(key)
            if decl is None:
                hint = suggest(key, params)
                where = ref_loc or loaded.header_loc or m.Loc(loaded.path)
                if params and not hint:
                    builder.problem("E130", where, "unknown-known", target=who, key=key,
                                    known=", ".join(params))
                else:
                    builder.problem("E130", where, "unknown", target=who, key=key, hint=hint)
                continue
            why = decl.why_not(value)
            if why is not None:
                form, args = why
                builder.problem("E130", ref_loc or decl.loc, form, key=key, value=value,
                                target=who, **args)
            else:
                params[key] = value
        return params

    def apply_ref(self, builder: Builder, ref: Ref, folder: Path, role: str) -> None:
        """``extends REF`` in a file of ``role``: a rule set extends rule sets, a variant
        variants."""
        try:
            target = resolve(ref.target, folder, ref.is_path, self.within())
        except RuleError as exc:
            self.fail(builder, [attrs.evolve(d, loc=ref.loc) for d in exc.diagnostics])
            return
        if role == "variant":
            with contextlib.suppress(RuleError):  # ``apply`` reports it
                extended = self.load_file(target)
                if isinstance(extended, RuleFile) and extended.role == "variant":
                    _check_with(self, builder, extended, target)
        loaded = self.apply(builder, target, ref.loc, role=role)
        if loaded is not None and loaded.role != role:
            if role == "variant" and loaded.is_empty:
                self.fail(builder, [error("E103", ref.loc, "empty", target=ref.target)])
            else:
                self.fail(builder, [_wrong_role(ref.target, loaded.role, ref.loc)])

    def apply_with(self, builder: Builder, variant: RuleFile, path: Path,
                   chain: tuple[Path, ...]) -> None:
        """The variants ``variant`` is applied with (``with A, B``), each after its own, in
        order and once each; a cycle is E005."""
        for ref in variant.applies_with:
            try:
                target = resolve(ref.target, path.parent, ref.is_path, self.within())
            except RuleError as exc:
                self.fail(builder, [attrs.evolve(d, loc=ref.loc) for d in exc.diagnostics])
                continue
            resolved = target.resolve()
            if resolved in chain:
                shown = " -> ".join(display_name(p) for p in (*chain, resolved))
                cycle = (error("E005", ref.loc, "self") if resolved == chain[-1]
                         else error("E005", ref.loc, "with", chain=shown))
                self.fail(builder, [cycle])
                continue
            if resolved in self._applied:
                continue  # two variants with the same one: it is applied once
            try:
                dep = self.load_file(target)
            except RuleError as exc:
                self.fail(builder, exc.diagnostics)
                continue
            if isinstance(dep, RuleFile) and dep.role == "variant":
                self.apply_with(builder, dep, target, (*chain, resolved))
                applied = self.apply(builder, target, ref.loc, role="variant")
                if applied is not None:
                    builder.variants.append(applied.name or target.stem)
            elif isinstance(dep, RuleFile) and dep.is_empty:
                self.fail(builder, [error("E103", ref.loc, "empty", target=ref.target)])
            else:
                self.fail(builder, [error("E103", ref.loc, "with-rules", target=ref.target)])


def _wrong_role(target: str, role: str, loc: m.Loc | None) -> Diagnostic:
    return error("E103", loc, "variant" if role == "variant" else "rules", target=target)


def compose(rules: str | Path, variants: tuple[str | Path, ...] | list = (),
            relative_to: Path | None = None, *,
            check: Check, allow: Iterable[str | Path] = ()
            ) -> tuple[m.RuleSet | None, list[Diagnostic], dict]:
    """Compose a rule set and its variants. Returns (rule set or None, diagnostics, sources).
    ``check`` judges a variant written for another rule set (see ``Check``);
    ``pipeline.compose`` hands in the checker.

    A file's `extends` and `with` read only inside the folder of a file named here (``rules``
    or a variant), the bundled rules, or a folder of ``allow`` (E004/outside).

    ``rules`` may carry parameters (``maps-germany:areas=3``), as variants do. The rule set
    is None when a file could not be found, read or parsed (its diagnostics say why; follow-on
    problems are left out).
    """
    loader = Loader(check=check)
    for folder in allow:
        try:
            is_dir = Path(folder).is_dir()
        except (OSError, ValueError):
            is_dir = False
        if not is_dir:
            return None, [error("E004", None, "allow-path", folder=str(folder))], {}
        loader.add_root(Path(folder))
    builder = Builder()
    target, args, problems = parse_ref(str(rules)) if not isinstance(rules, Path) \
        else (str(rules), {}, [])
    try:
        path = resolve(target, relative_to, isinstance(rules, Path) or None)
    except RuleError as exc:
        return None, [*problems, *exc.diagnostics], loader.sources
    loader.add_root(path.parent)
    builder.diagnostics.extend(problems)
    first = loader.apply(builder, path, role="rules", args=args)
    if first is not None and first.role == "variant":
        builder = _variant_alone(loader, first, path, args)
        builder.diagnostics[:0] = problems  # the parameters' own problems, kept
    elif first is not None:
        builder.name = first.name or path.stem
    for variant in variants:
        _apply_variant(loader, builder, variant, relative_to)
    if loader.failed:
        return None, [d for d in builder.diagnostics if d.code != "E102"], loader.sources
    built = builder.build()
    return built, [*builder.diagnostics, *too_large_for_json(built)], loader.sources


def _variant_alone(loader: Loader, first: RuleFile, path: Path, args: dict) -> Builder:
    """A variant checked alone is applied to the rule set it is `for` (default: base), after
    the variants it is `with`."""
    base_ref = first.applies_to or Ref("base", False, first.header_loc)
    builder = Builder()
    builder.diagnostics.extend(first.problems)
    loader.start_over()
    loader.apply_ref(builder, base_ref, path.parent, "rules")
    loader.apply_with(builder, first, path, (path.resolve(),))
    applied = loader.apply(builder, path, role="variant", args=args)
    if applied is not None:
        builder.variants.append(first.name or path.stem)
    builder.name = base_ref.target if not base_ref.is_path else Path(base_ref.target).stem
    builder.diagnostics = [d for d in builder.diagnostics if d not in first.problems] \
        + list(first.problems)
    return builder


def _apply_variant(loader: Loader, builder: Builder, variant, relative_to,
                   chain: tuple[Path, ...] = ()) -> None:
    """Apply one variant given on its own (``--variant``, a record's list, or one another
    such variant is written ``with``: ``chain``, the variants that need it)."""
    target, args, problems = parse_ref(str(variant))
    builder.diagnostics.extend(problems)
    try:
        path = resolve(target, relative_to, isinstance(variant, Path) or None)
    except RuleError as exc:
        loader.fail(builder, exc.diagnostics)
        return
    loader.add_root(path.parent)
    if path.resolve() in loader.pulled and not chain:
        return  # applied already, before the variant that needs it (W107 said so)
    try:
        loaded = loader.load_file(path)
    except RuleError as exc:
        loader.fail(builder, exc.diagnostics)
        return
    if isinstance(loaded, RuleFile) and loaded.is_empty:
        builder.problem("E103", m.Loc(display_name(path)), "empty", target=target)
        loader.failed = True
        return
    if isinstance(loaded, RuleFile) and loaded.header_loc is None:
        builder.problem("E106", m.Loc(display_name(path), 1, 1))
        loader.failed = True
        return
    if isinstance(loaded, m.RuleSet) or loaded.role != "variant":
        name = target if isinstance(loaded, m.RuleSet) else (loaded.name or target)
        builder.problem("E103", None if isinstance(loaded, m.RuleSet) else loaded.header_loc,
                        "given", target=name, given=variant)
        loader.failed = True
        return
    for_path = _for_path(loader, loaded, path)
    foreign = for_path is not None and for_path not in builder.lineage
    if foreign and not _fits(loader, builder, path, loaded, args):
        return
    _apply_needed(loader, builder, loaded, path, chain)
    before = _kind_setters(builder)
    values = {key: _kind_value(builder, *key) for key in before}
    tiles = dict(builder.tiles)
    applied = loader.apply(builder, path, None, role="variant", args=args)
    if applied is not None:
        name = applied.name or path.stem
        _check_replaced(loader, builder, (before, values), (name, path.resolve()), loaded)
        _check_replaced_tiles(loader, builder, tiles, (name, path.resolve()))
        builder.variants.append(name)


def _apply_needed(loader: Loader, builder: Builder, variant: RuleFile, path: Path,
                  chain: tuple[Path, ...]) -> None:
    """The variants ``variant`` is written ``with`` that are not applied yet are applied
    first, in order, each saying so (W107): ``--variant rich-farmers`` alone plays with
    farmers, as its author wrote. A cycle is left to the variant's own check (E005)."""
    chain = (*chain, path.resolve())
    for ref in variant.applies_with:
        try:
            needed = resolve(ref.target, path.parent, ref.is_path)
        except RuleError:
            continue  # checked alone, the variant reports it
        if loader.is_applied(needed.resolve()) or needed.resolve() in chain:
            continue
        builder.diagnostics.append(warning("W107", ref.loc, name=variant.name or path.stem,
                                           needs=ref.target))
        loader.pulled.add(needed.resolve())
        _apply_variant(loader, builder, needed, None, chain)


def _kind_setters(builder: Builder) -> dict[tuple[str, str], m.Loc | None]:
    """(kind, property) -> where it was written last."""
    return {(kind, prop): at for kind, (_, locs, _) in builder.kinds.items()
            for prop, at in locs.items()}


def _kind_value(builder: Builder, kind: str, prop: str) -> object:
    """What kind ``kind``'s property ``prop`` (as ``_kind_setters`` keys it) says now."""
    props = builder.kinds[kind][0]
    if prop.startswith(("attribute:", "attribute-merge:")):
        name = prop.split(":", 1)[1]
        return next((a for a in props.get("attributes", ()) if a[0] == name), None)
    return props.get(prop)


_ADDING = frozenset({"terminals_added", "complete_extra", "final_extra"})
"""Kind properties a variant adds to (``ends at += K``, ``score complete += ...``): two
variants that both add replace nothing of each other's."""


def _check_replaced(loader: Loader, builder: Builder, snapshot: tuple[dict, dict],
                    variant: tuple[str, Path], loaded: RuleFile) -> None:
    """W106 where a variant replaces a feature rule that an earlier variant set with another
    one, unless it is written `with` that one (``incomplete-zero`` then
    ``small-city-roads``: the roads' final scoring of the second replaces the zero of the
    first). Setting it again to what it was (two tile sets that both declare an inn) is
    no replacement."""
    before, values = snapshot
    withs = set()
    for ref in loaded.applies_with:
        with contextlib.suppress(RuleError):
            withs.add(resolve(ref.target, variant[1].parent, ref.is_path,
                              loader.within()).resolve())
    for key, at in _kind_setters(builder).items():
        if at is before.get(key, at) and key in before:
            continue  # not changed by this variant
        if key[1] in _ADDING:
            continue  # `ends at +=`, `score ... +=`: it adds to what the other said
        earlier = loader.set_by.get(key)
        same = key in values and values[key] == _kind_value(builder, *key)
        if earlier is not None and earlier[1] != variant[1] and earlier[1] not in withs \
                and not same:
            kind, prop = key
            builder.diagnostics.append(warning(
                "W106", at, name=variant[0], prop=_RULE_WORDS.get(prop, prop), kind=kind,
                earlier=earlier[0]))
        loader.set_by[key] = variant


def _check_replaced_tiles(loader: Loader, builder: Builder, before: dict,
                          variant: tuple[str, Path]) -> None:
    """W106 where a variant's ``override tile`` replaces a tile that an earlier variant
    changed, with another one: the order of the variants would change the game."""
    for name, tile in builder.tiles.items():
        if before.get(name) is tile:
            continue  # not changed by this variant
        key = ("tile", name)
        earlier = loader.set_by.get(key)
        if earlier is not None and earlier[1] != variant[1] and name in before \
                and before[name] != tile:
            builder.diagnostics.append(warning("W106", tile.loc, "tile", name=variant[0],
                                               tile=name, earlier=earlier[0]))
        loader.set_by[key] = variant


_RULE_WORDS = {"complete": "score complete", "final": "score final", "terminals": "ends at",
               "role": "follower"}
"""How a feature property is written in a rule file."""


def _check_with(loader: Loader, builder: Builder, variant: RuleFile, path: Path) -> None:
    """A variant written `with` others (applied with ``--variant``, or extended by another
    variant) expects them applied before it: W105 for each one that is not. It is still
    applied (a rule set may itself give what they would, such as a bounded board), and the
    checks of what it needs say the rest."""
    for ref in variant.applies_with:
        try:
            needed = resolve(ref.target, path.parent, ref.is_path, loader.within()).resolve()
        except RuleError:
            continue  # checked alone, the variant reports it
        if not loader.is_applied(needed):
            builder.diagnostics.append(warning("W105", ref.loc, name=variant.name or path.stem,
                                               needs=ref.target))


def _for_path(loader: Loader, variant: RuleFile, path: Path) -> Path | None:
    """The rule set a variant is written for, as a resolved path (None: cannot tell)."""
    ref = variant.applies_to or Ref("base", False, None)
    try:
        return resolve(ref.target, path.parent, ref.is_path, loader.within()).resolve()
    except RuleError:
        return None


def _fits(loader: Loader, builder: Builder, path: Path, variant: RuleFile, args: dict) -> bool:
    """A variant written for another rule set may still fit (a bag changes only the supply):
    try it; when its own lines do not fit, one E103 says why instead of each follow-on."""
    trial = builder.snapshot()
    probe = loader.trial()
    probe.apply(trial, path, None, role="variant", args=args)
    shown = display_name(path)
    found = trial.diagnostics[len(builder.diagnostics):]
    if not probe.failed:
        found += loader.check(trial.build())
    if not any(d.is_error and d.loc is not None and d.loc.file == shown for d in found):
        return True
    ref = variant.applies_to or Ref("base", False, None)
    name = variant.name or path.stem
    if builder.name:
        builder.problem("E103", variant.header_loc, "does-not-fit", variant=name,
                        target=ref.target, rules=builder.name)
    else:
        builder.problem("E103", variant.header_loc, "does-not-fit-here", variant=name,
                        target=ref.target)
    loader.failed = True
    return False
