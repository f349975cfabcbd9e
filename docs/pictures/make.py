"""Draw the README's pictures with `carcdsl render`, from the bundled rules and a golden record.

    python docs/pictures/make.py            # rewrite docs/pictures/*.svg
    python docs/pictures/make.py --check    # compare with them instead (exit 1 on a difference)

The pictures are the project's own output, never drawn by hand: tests/test_svg_render.py
draws them again and fails when a change to the rules or to the drawing makes them differ,
so that the README never shows a picture the code no longer draws. After such a change,
run this script and look at the new pictures before committing them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from carcdsl.cli.main import main as carcdsl  # noqa: E402

RECORD = str(ROOT / "tests" / "data" / "records" / "final-scoring-8-4-3-3.json")

PICTURES: dict[str, list[str]] = {
    # every tile type of the base game, as its rule file says it looks
    "base-tiles.svg": ["render", "base", "--tiles", "{out}", "--lang", "en"],
    # five players' followers on a board, before the last move of a golden record
    "board.svg": ["render", RECORD, "--move", "10", "{out}", "--lang", "en"],
}
"""Each picture's file name and the `carcdsl render` arguments that draw it."""


def draw(folder: Path) -> dict[str, bytes]:
    """Draw every picture into ``folder``; each file's bytes by name."""
    drawn = {}
    for name, argv in PICTURES.items():
        out = folder / name
        status = carcdsl([a.replace("{out}", str(out)) for a in argv])
        if status != 0:
            raise SystemExit(f"carcdsl {' '.join(argv)} failed ({status})")
        drawn[name] = out.read_bytes()
    return drawn


def run(check: bool) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        drawn = draw(Path(tmp))
    stale = [name for name, data in drawn.items()
             if not (HERE / name).exists() or (HERE / name).read_bytes() != data]
    if check:
        for name in stale:
            print(f"docs/pictures/{name} differs from what `carcdsl render` draws now: run "
                  "python docs/pictures/make.py", file=sys.stderr)
        return 1 if stale else 0
    for name, data in drawn.items():
        (HERE / name).write_bytes(data)
    print(f"{len(drawn)} pictures written to docs/pictures ({len(stale)} changed)")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    raise SystemExit(run(parser.parse_args().check))
