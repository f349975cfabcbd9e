"""One move numbering everywhere: move N is a record's ``moves[N]`` (its index, as
``carcdsl replay`` and a refused record name it). The log of ``carcdsl play``, ``carcdsl
render --move N`` and the replay page's move N all name the same placement; and the final
board keeps the followers that stood on it until the final scoring has been shown."""

from __future__ import annotations

import contextlib
import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from carcdsl.cli.main import main
from carcdsl.formats.record import load_record

SVG = "{http://www.w3.org/2000/svg}"
RECORDS = Path(__file__).parent / "data" / "records"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> tuple[Path, dict[int, str]]:
    """A whole game of pnp-demo, recorded, and its log: move index -> the line's text."""
    folder = tmp_path_factory.mktemp("game")
    record = folder / "game.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", "pnp-demo", "--names", "Ann,Bob", "--seed", "7",
                     "--record", str(record)]) == 0
    log = {int(m[1]): m[2] for m in re.finditer(r"^\s*(\d+)\. (.+)$", out.getvalue(), re.M)}
    return record, log


def caption_and_frame(svg: str) -> tuple[list[str], str | None, int, int]:
    """A board's caption lines, the square framed as the last move (``x,y``), how many
    tiles and how many followers it shows."""
    root = ET.fromstring(svg)
    captions = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")
                if t.get("class") == "caption"]
    tiles = [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "").split()]
    framed = None
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("class") == "last-move":
            x, y = float(rect.get("x")) - 1.5, float(rect.get("y")) - 1.5
            framed = next(g.get("data-square") for g in tiles
                          if g.get("transform") == f"translate({x:g},{y:g})")
    followers = [g for g in root.iter(f"{SVG}g") if g.get("class") == "follower"]
    return captions, framed, len(tiles), len(followers)


def test_the_log_render_and_the_replay_page_name_the_same_move(game, tmp_path, capsys):
    record_path, log = game
    record = load_record(record_path)
    count = len(record.moves)
    assert sorted(log) == list(range(count))  # the log numbers the record's moves 0..count-1
    starlette = pytest.importorskip("starlette.testclient")
    from carcdsl.web.app import Settings, create_app
    from carcdsl.web.files import Folders

    client = starlette.TestClient(create_app(Settings(Folders.of([record_path.parent]))))
    opened = client.post("/api/records", json={"ref": "@0/game.json"}).json()
    for n in (0, 1, count // 2, count - 1):
        move = record.moves[n]
        square = f"{move.at[0]},{move.at[1]}"
        # render --move N: the board after move N, move N framed, told as the log tells it
        board = tmp_path / f"b{n}.svg"
        assert main(["render", str(record_path), "--move", str(n), str(board)]) == 0, \
            capsys.readouterr().err
        captions, framed, tiles, _ = caption_and_frame(board.read_text(encoding="utf-8"))
        assert captions[0] == f"{n}. {log[n]}"
        assert (framed, tiles) == (square, n + 2)  # the start tile and moves 0..n
        # the replay page's move N: the step after it, which says it shows move N
        step = client.get(f"/api/records/{opened['id']}/at/{n + 1}").json()
        assert step["move"] == n
        entry = step["state"]["log"][-1]
        assert (entry["n"], f"{entry['player']}: {entry['text']}") == (n, log[n])
        _, framed, tiles, _ = caption_and_frame(step["board"]["svg"])
        assert (framed, tiles) == (square, n + 2)
    assert client.get(f"/api/records/{opened['id']}/at/0").json()["move"] is None


def test_render_start_draws_the_board_before_the_first_move(game, tmp_path, capsys):
    record_path, _ = game
    board = tmp_path / "start.svg"
    assert main(["render", str(record_path), "--move", "start", str(board)]) == 0
    captions, framed, tiles, _ = caption_and_frame(board.read_text(encoding="utf-8"))
    assert (captions, framed, tiles) == (["before the first move"], None, 1)


def test_render_all_names_each_file_by_its_move(game, tmp_path, capsys):
    record_path, log = game
    folder = tmp_path / "all"
    assert main(["render", str(record_path), "--all", str(folder)]) == 0
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"move-{n:03d}.svg" for n in sorted(log)]
    captions, *_ = caption_and_frame((folder / "move-005.svg").read_text(encoding="utf-8"))
    assert captions[0] == f"5. {log[5]}"


@pytest.mark.parametrize(("move", "said"), [
    ("12", "move 12 is not in the record: its moves are 0 to 11, and start is before the "
           "first"),
    ("-1", "move -1 is not in the record"),
    ("two", "--move takes a move's number (0 is the first) or start, not two"),
])
def test_a_move_not_in_the_record_is_one_message(tmp_path, capsys, move, said):
    record = RECORDS / "final-scoring-8-4-3-3.json"
    assert main(["render", str(record), "--move", move, str(tmp_path / "b.svg")]) == 1
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    assert not (tmp_path / "b.svg").exists()


def test_the_final_board_keeps_its_followers_with_the_final_scores(tmp_path, capsys):
    """final-scoring-8-4-3-3 ends with six followers standing; the final scoring returns them
    and scores 8, 0, 4, 3, 3. Its last board shows both."""
    record = RECORDS / "final-scoring-8-4-3-3.json"
    board = tmp_path / "last.svg"
    assert main(["render", str(record), "--move", "11", str(board)]) == 0
    svg = board.read_text(encoding="utf-8")
    _, _, _, followers = caption_and_frame(svg)
    assert followers == 6
    scores = "".join(next(t for t in ET.fromstring(svg).iter(f"{SVG}text")
                          if t.get("class") == "scores").itertext())
    assert re.findall(r": (\d+)", scores) == ["8", "0", "4", "3", "3"]
    starlette = pytest.importorskip("starlette.testclient")
    from carcdsl.web.app import Settings, create_app
    from carcdsl.web.files import Folders

    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "final.json").write_text(record.read_text(encoding="utf-8"))
    client = starlette.TestClient(create_app(Settings(Folders.of([tmp_path / "r"]))))
    opened = client.post("/api/records", json={"ref": "@0/final.json"}).json()
    last = client.get(f"/api/records/{opened['id']}/at/{opened['count']}").json()
    assert last["state"]["result"] is not None  # the final scoring is shown ...
    assert caption_and_frame(last["board"]["svg"])[3] == 6  # ... beside its followers
