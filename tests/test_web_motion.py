"""The app's animations are short (issue 28: at most 200 ms, never slowing a bot game), read
from the stylesheets themselves, and no page script waits for one to end; the browser test
(``test_browser_play_ux``) reads the computed styles of a live board as well."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).parent.parent / "carcdsl" / "web" / "static"
MOST_MS = 200
TIME = re.compile(r"(?<![\w.-])(\d*\.?\d+)(ms|s)\b")
MOTION = re.compile(r"(transition|animation)(-duration|-delay)?\s*:\s*([^;}]*)")


def motions(css: str) -> list[tuple[str, float]]:
    """Every transition or animation declaration's times (ms)."""
    out = []
    for match in MOTION.finditer(css):
        for number, unit in TIME.findall(match[3]):
            out.append((match[0], float(number) * (1000 if unit == "s" else 1)))
    return out


def test_the_reader_finds_times_in_both_units() -> None:
    found = motions(".a { transition: fill 120ms, stroke .3s; } .b { animation: x 2s 1ms; }")
    assert [ms for _, ms in found] == [120, 300, 2000, 1]


def test_every_animation_and_transition_takes_at_most_200_ms() -> None:
    found = [(path.name, text, ms) for path in sorted(STATIC.glob("*.css"))
             for text, ms in motions(path.read_text(encoding="utf-8"))]
    assert found, "the play page animates something: the test reads it"
    too_long = [item for item in found if item[2] > MOST_MS]
    assert not too_long, too_long


def test_no_script_waits_for_an_animation_to_end() -> None:
    for path in sorted(STATIC.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        assert "animationend" not in text and "transitionend" not in text, path.name
