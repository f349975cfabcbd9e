"""A feature kind's properties as the declarations of one file and the files before it give
them (``feature`` and ``override feature``): what replaces what came before, what adds to it
(attributes, score additions, ``ends at +=``), and what a kind ends at once composed.
"""

from __future__ import annotations

from carcdsl.lang.decls import FeatureDecl

KIND_PROPS = {"geometry", "followers", "pennants", "tile_figures", "terminals",
              "terminals_added", "complete", "final", "scorers", "role", "attributes",
              "complete_extra", "final_extra", "colour", "look", "ties", "followers_anywhere",
              "followers_with", "fits_any"}
"""The properties a kind's declarations collect (``terminals_added``: the builder's own)."""
_ADDED_PROPS = {"attribute": "attributes", "complete_extra": "complete_extra",
                "final_extra": "final_extra"}
"""Kind properties that add to what earlier files said instead of replacing it."""


def kind_props(decl: FeatureDecl, props: dict, locs: dict) -> tuple[dict, dict]:
    """``props`` and ``locs`` with what ``decl`` says applied."""
    for prop in decl.props:
        added = _ADDED_PROPS.get(prop.name)
        if prop.name == "followers":  # `followers yes/no` replaces `followers anywhere`
            for key in ("followers_anywhere", "followers_with"):
                props.pop(key, None)
                locs.pop(key, None)
        if prop.name == "terminals":  # a whole list replaces what was added to one
            props.pop("terminals_added", None)
        if prop.name == "terminals_added":  # `ends at += K`: in any order, the same
            props[prop.name] = tuple(sorted({*props.get(prop.name, ()), *prop.value}))
            locs[prop.name] = prop.loc
            continue
        if added is None:
            props[prop.name] = prop.value
            locs[prop.name] = prop.loc
            continue
        items = props.get(added, ())
        if added == "attributes":
            name = prop.value[0]
            items = tuple(a for a in items if a[0] != name)  # a later merge rule wins
            locs[f"attribute:{name}"] = prop.loc
            locs[f"attribute-merge:{name}"] = prop.item_locs or prop.loc
        else:
            locs[f"{added}:{len(items)}"] = prop.loc
        props[added] = (*items, prop.value)
    return props, locs


def terminals(props: dict) -> tuple[str, ...]:
    """What a path kind ends at: its ``ends at`` list, then what ``ends at +=`` added, in
    name order (so that variants adding ends give the same kind in any order)."""
    said = tuple(props.get("terminals", ()))
    return said + tuple(t for t in props.get("terminals_added", ()) if t not in said)

