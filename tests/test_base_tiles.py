"""The bundled tiles against the tile tables in tests/data (copies of shared/data).

Every expectation comes from parsing the markdown: the table's columns for each tile type, and
the totals in its prose. Nothing about a tile is copied into Python. A tile of a rule set is
reduced to a plain description (sides, cities, roads, centre, fields) that both the model and a
table row produce, and the two are compared.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import attrs
import pytest

from carcdsl.geometry import ports as P
from carcdsl.model.rules import RuleSet
from carcdsl.model.tiles import Tile
from carcdsl.pipeline import compose

DATA = Path(__file__).parent / "data"
BASE_MD = (DATA / "base-tiles.md").read_text(encoding="utf-8")
PNP_MD = (DATA / "pnp-demo-tiles.md").read_text(encoding="utf-8")
DASHES = "–-"
NONE = ("–", "-", "")


# --- a tile as plain facts -----------------------------------------------------------------------

Sides = frozenset  # of "N", "E", "S", "W"


@attrs.frozen
class Facts:
    """What a tile shows, independent of how it was written down."""

    count: int
    sides: str
    """Side types N, E, S, W: C (city), R (road) or F (field), e.g. ``CRFR``."""
    cities: tuple
    """Sorted (sides, pennants) per city."""
    roads: tuple
    """Sorted (sides, what the road ends at on the tile) per road."""
    centre: tuple
    """Sorted names of centre features (``monastery``)."""
    fields: tuple
    """Sorted (half-sides, side sets of the cities it touches) per field."""
    pennants: int
    """Pennants on all the tile's segments (the table shows them on cities only)."""
    others: tuple
    """Segments of any other geometry (none in the tables)."""


def _sorted(items) -> tuple:
    """A canonical order (a set's repr depends on its history, so sort by sorted contents)."""
    return tuple(sorted(items, key=lambda item: repr(_canonical(item))))


def _canonical(value):
    if isinstance(value, (set, frozenset)):
        return ("set", sorted((_canonical(v) for v in value), key=repr))
    if isinstance(value, tuple):
        return tuple(_canonical(v) for v in value)
    return value


def side_types(cities, roads) -> str:
    covered = {side: "C" for sides, _ in cities for side in sides}
    for sides, _ in roads:
        for side in sides:
            covered.setdefault(side, "R")
    return "".join(covered.get(side, "F") for side in P.SIDES)


def facts_of_tile(tile: Tile, rules: RuleSet) -> Facts:
    geometry = {k.name: k.geometry for k in rules.kinds}
    by_geometry: dict[str, list] = {}
    for seg in tile.segments:
        by_geometry.setdefault(geometry.get(seg.kind), []).append(seg)
    areas = by_geometry.get("area", [])
    city_of_port = {port: Sides(a.ports) for a in areas for port in a.ports}
    cities = [(Sides(a.ports), a.pennants) for a in areas]
    roads = [(Sides(r.ports), tuple(sorted(r.ends))) for r in by_geometry.get("path", [])]
    fields = [(frozenset(f.ports),
               frozenset(city_of_port.get(t, f"no city at {t}") for t in f.touches))
              for f in by_geometry.get("field", [])]
    others = [s.kind for g, segs in by_geometry.items()
              if g not in ("area", "path", "centre", "field") for s in segs]
    return Facts(tile.count, side_types(cities, roads), _sorted(cities), _sorted(roads),
                 _sorted(s.kind for s in by_geometry.get("centre", [])), _sorted(fields),
                 sum(s.pennants for s in tile.segments), _sorted(others))


# --- the markdown --------------------------------------------------------------------------------

def table(markdown: str, first_column: str) -> list[dict[str, str]]:
    """The rows of the markdown table whose first column header is ``first_column``."""
    lines = [line.strip() for line in markdown.splitlines()]
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("|") and _cells(line)[0] == first_column)
    header = _cells(lines[start])
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(dict(zip(header, _cells(line), strict=True)))
    return rows


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def parse_sides(text: str) -> Sides:
    """``N+E+W`` or ``W–E`` -> {N, E, W}."""
    parts = re.split(rf"[+{DASHES}]", text.strip())
    assert all(p in P.SIDES for p in parts), text
    return Sides(parts)


def parse_cities(text: str) -> list[tuple[Sides, int]]:
    """``N+E+S+W (1)``, ``E; W (two cities)``, ``N``, ``–``."""
    if text in NONE:
        return []
    cities = []
    for part in text.split(";"):
        pennants = re.search(r"\((\d+)\)", part)
        sides = re.sub(r"\(.*?\)", "", part).strip()
        cities.append((parse_sides(sides), int(pennants[1]) if pennants else 0))
    return cities


def parse_roads(text: str) -> list[tuple[Sides, tuple[str, ...]]]:
    """``W–E, straight through``, ``E, S, W each end at a village``, ``S, ends at the city``,
    ``N–S straight``, ``E–S curve``, ``–``."""
    if text in NONE:
        return []
    each = re.fullmatch(r"(.+?),? each ends? at (?:a|an|the) (\w+)", text)
    if each:
        return [(parse_sides(side), (each[2],)) for side in each[1].split(",")]
    one = re.fullmatch(rf"([NESW](?:[{DASHES}][NESW])*)(?:,? (.*))?", text)
    assert one, text
    sides, rest = parse_sides(one[1]), one[2] or ""
    ends = re.fullmatch(r"ends at (?:a|an|the) (\w+)", rest)
    if ends:
        return [(sides, (ends[1],))]
    _check_shape(sides, rest, text)
    return [(sides, ())]


def _check_shape(sides: Sides, words: str, text: str) -> None:
    """``straight`` roads join opposite sides, ``curve`` roads neighbouring ones."""
    if len(sides) != 2:
        return
    a, b = (P.SIDES.index(s) for s in sides)
    if "straight" in words:
        assert (a - b) % 4 == 2, text
    elif "curve" in words:
        assert (a - b) % 2 == 1, text


def parse_fields(text: str) -> list[tuple[frozenset, frozenset]]:
    """``{WNW, ENE} → N; {ESE, SSE} → none``, ``all 8 half-sides → none``,
    ``{NNW, NNE, SSE, SSW} → E and W``, ``{A}, {B} → none``, ``none``."""
    if text in (*NONE, "none"):
        return []
    fields = []
    for clause in text.split(";"):
        groups, arrow, target = clause.partition("→")
        assert arrow, clause
        fields += [(half_sides, parse_targets(target)) for half_sides in parse_groups(groups)]
    return fields


def parse_groups(text: str) -> list[frozenset]:
    if text.strip() == "all 8 half-sides":
        return [frozenset(P.HALF_SIDES)]
    groups = [frozenset(p.strip() for p in g.split(",")) for g in re.findall(r"\{(.*?)\}", text)]
    assert groups and all(g <= set(P.HALF_SIDES) for g in groups), text
    return groups


def parse_targets(text: str) -> frozenset:
    """``none`` -> {}; ``N+E+W`` -> {{N, E, W}} (one city); ``E and W`` -> {{E}, {W}}."""
    text = text.strip()
    if text == "none":
        return frozenset()
    return frozenset(parse_sides(city) for city in text.split(" and "))


def facts_of_row(row: dict[str, str], count: int | None = None) -> Facts:
    """A row of the base tile table."""
    cities = parse_cities(row["cities (pennants)"])
    roads = parse_roads(row["roads"])
    centre = [] if row["centre"] in NONE else [row["centre"]]
    fields = parse_fields(row["fields → cities each field touches"])
    facts = Facts(int(row["#"]) if count is None else count,
                  "".join(row[side] for side in P.SIDES), _sorted(cities),
                  _sorted(roads), _sorted(centre), _sorted(fields),
                  sum(p for _, p in cities), ())
    assert facts.sides == side_types(cities, roads), f"the table row {row['L']} contradicts itself"
    return facts


def facts_of_description(text: str, count: int) -> Facts:
    """A ★ row of the PnP table: ``monastery; roads W and E both end at it; fields {..} and
    {..}, no cities`` or ``city N; road S ends at the city; fields {..} → N and {..} → N``."""
    cities, roads, centre, fields = [], [], [], []
    for part in (p.strip() for p in text.split(";")):
        if part in ("monastery",):
            centre.append(part)
        elif part.startswith("city "):
            cities += parse_cities(part.removeprefix("city "))
        elif match := re.fullmatch(r"roads? (.+?) (?:both |each )?ends? at (?:the )?(\w+)", part):
            end = centre[-1] if match[2] == "it" else match[2]
            roads += [(parse_sides(s), (end,)) for s in re.split(r",| and ", match[1])]
        elif part.startswith("fields "):
            body, _, rest = part.removeprefix("fields ").partition(", no cities")
            for group in re.finditer(r"\{(.*?)\}(?:\s*→\s*([NESW+]+))?", body):
                (half_sides,) = parse_groups("{" + group[1] + "}")
                fields.append((half_sides, parse_targets(group[2] or "none")))
        else:
            raise AssertionError(f"cannot read {part!r}")
    return Facts(count, side_types(cities, roads), _sorted(cities), _sorted(roads),
                 _sorted(centre), _sorted(fields), sum(p for _, p in cities), ())


def number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, pattern
    return int(found[1])


# --- the expectations ----------------------------------------------------------------------------

BASE_ROWS = {row["L"]: row for row in table(BASE_MD, "L")}
BASE_EXPECTED = {letter: facts_of_row(row) for letter, row in BASE_ROWS.items()}

PNP_ROWS = {row["PnP letter"]: row for row in table(PNP_MD, "PnP letter")}


def pnp_expected(row: dict[str, str]) -> Facts:
    base_type = row["base type (see base-tiles.md)"]
    if base_type.startswith("★"):
        return facts_of_description(row["what it shows"], int(row["#"]))
    return facts_of_row(BASE_ROWS[base_type], int(row["#"]))


PNP_EXPECTED = {letter: pnp_expected(row) for letter, row in PNP_ROWS.items()}


def composed(name: str) -> RuleSet:
    rules, diagnostics, _ = compose(name)
    assert rules is not None and not diagnostics, diagnostics
    return rules


@pytest.fixture(scope="module")
def base() -> RuleSet:
    return composed("base")


@pytest.fixture(scope="module")
def pnp() -> RuleSet:
    return composed("pnp-demo")


ASPECTS = [f.name for f in attrs.fields(Facts)]


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize("letter", sorted(BASE_EXPECTED))
def test_base_tile(base, letter, aspect):
    tile = base.tile(letter)
    assert tile is not None, f"tile {letter} is missing"
    actual = facts_of_tile(tile, base)
    assert getattr(actual, aspect) == getattr(BASE_EXPECTED[letter], aspect)


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize("letter", sorted(PNP_EXPECTED))
def test_pnp_demo_tile(pnp, letter, aspect):
    tile = pnp.tile(letter)
    assert tile is not None, f"tile {letter} is missing"
    actual = facts_of_tile(tile, pnp)
    assert getattr(actual, aspect) == getattr(PNP_EXPECTED[letter], aspect)


def test_no_tiles_besides_the_tables(base, pnp):
    assert [t.name for t in base.tiles] == list(BASE_ROWS)
    assert [t.name for t in pnp.tiles] == list(PNP_ROWS)


def totals(expected: dict[str, Facts]) -> Counter:
    out: Counter = Counter()
    for facts in expected.values():
        out["tiles"] += facts.count
        out["pennants"] += facts.count * facts.pennants
        out["monasteries"] += facts.count * facts.centre.count("monastery")
    return out


def test_base_totals(base):
    declared = {
        "types": number(r"the (\d+) tile types", BASE_MD),
        "tiles": number(r"(\d+) tiles, \d+ pennants", BASE_MD),
        "pennants": number(r"(\d+) pennants", BASE_MD),
        "monasteries": number(r"(\d+) monasteries", BASE_MD),
    }
    assert totals(BASE_EXPECTED) == {k: declared[k] for k in ("tiles", "pennants", "monasteries")}
    assert declared["types"] == len(BASE_ROWS)
    assert totals({t.name: facts_of_tile(t, base) for t in base.tiles}) == totals(BASE_EXPECTED)
    assert len(base.tiles) == declared["types"]
    assert base.tile_count == base.game.total_tiles == declared["tiles"]
    assert base.game.start == base_start_letter()


def test_pnp_demo_totals(pnp):
    line = next(line for line in PNP_MD.splitlines() if line.startswith("Totals:"))
    declared = {
        "tiles": number(r"(\d+) tiles", line),
        "pennants": number(r"(\d+) pennants", line),
        "monasteries": number(r"(\d+) monasteries", line),
    }
    assert totals(PNP_EXPECTED) == declared
    assert totals({t.name: facts_of_tile(t, pnp) for t in pnp.tiles}) == declared
    assert pnp.tile_count == pnp.game.total_tiles == declared["tiles"]
    assert pnp.game.followers == number(r"played with (\d+) followers per player", PNP_MD)
    start = re.search(r"that (\w) is the\s+start-tile type", PNP_MD)
    assert start and pnp.game.start == start[1]
    assert PNP_ROWS[start[1]]["base type (see base-tiles.md)"] == base_start_letter()


def base_start_letter() -> str:
    found = re.search(r"One of the \w+ (\w) tiles is the\s+start tile", BASE_MD)
    assert found
    return found[1]


def test_the_parsers_read_every_form_in_the_tables():
    assert parse_cities("E; W (two cities)") == [(Sides("E"), 0), (Sides("W"), 0)]
    assert parse_cities("N+E+S+W (1)") == [(Sides("NESW"), 1)]
    assert parse_roads("E, S, W each end at a village") == [
        (Sides("E"), ("village",)), (Sides("S"), ("village",)), (Sides("W"), ("village",))]
    assert parse_roads("S, ends at the monastery") == [(Sides("S"), ("monastery",))]
    assert parse_roads("W–E, straight through") == [(Sides("WE"), ())]
    assert parse_fields("{NNW, WNW}, {NNE, ENE} → none") == [
        (frozenset({"NNW", "WNW"}), frozenset()), (frozenset({"NNE", "ENE"}), frozenset())]
    assert parse_fields("{SSE} → E and W") == [
        (frozenset({"SSE"}), frozenset({Sides("E"), Sides("W")}))]
    with pytest.raises(AssertionError):
        parse_roads("N–S curve")


@pytest.mark.parametrize("letter", sorted(PNP_ROWS))
def test_pnp_demo_descriptions_agree_with_the_base_types(letter):
    """The "what it shows" column mentions pennants and monasteries exactly when the type has
    them (a check on the letter mapping, which the table only infers)."""
    row, facts = PNP_ROWS[letter], PNP_EXPECTED[letter]
    shows = row["what it shows"]
    assert ("pennant" in shows) == (facts.pennants > 0)
    assert ("monastery" in shows) == ("monastery" in facts.centre)


# --- the tables are the shared ones -------------------------------------------------------------

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.mark.parametrize("name", ["base-tiles.md", "pnp-demo-tiles.md"])
def test_the_tables_are_the_shared_ones(name):
    """tests/data keeps a copy of the shared tile tables (so that the tests run anywhere);
    where the shared ones exist, the copy must not have drifted from them."""
    shared = SHARED / name
    if not shared.is_file():
        pytest.skip(f"{shared} not found: the shared tile tables sit beside the repository "
                    f"(../shared); only there is tests/data/{name} compared with them")
    assert (DATA / name).read_bytes() == shared.read_bytes()
