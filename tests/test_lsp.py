"""`carcdsl lsp` end to end: a real client (pytest-lsp) talks to the server over stdio, on the
bundled files and on broken ones."""

from __future__ import annotations

import base64
import sys
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types as T  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "rules" / "base.carc"
BROKEN = ROOT / "tests" / "data" / "lsp" / "broken.carc"


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[sys.executable, "-m", "carcdsl", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(T.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
        root_uri=from_fs_path(str(ROOT))))
    yield
    await lsp_client.shutdown_session()


async def open_file(client: LanguageClient, path: Path, text: str | None = None) -> str:
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(
        uri, "carc", 1, text if text is not None else path.read_text(encoding="utf-8"))))
    await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


def at(path: Path, needle: str, offset: int = 0) -> T.Position:
    text = path.read_text(encoding="utf-8")
    i = text.index(needle) + offset
    line = text.count("\n", 0, i)
    return T.Position(line, i - (text.rfind("\n", 0, i) + 1))


@pytest.mark.asyncio
async def test_a_bundled_file_has_no_diagnostics(client: LanguageClient):
    uri = await open_file(client, BASE)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio
async def test_a_syntax_error_and_a_meaning_error_are_said_at_once(client: LanguageClient):
    uri = await open_file(client, BROKEN)
    found = {(d.code, d.range.start.line) for d in client.diagnostics[uri]}
    assert ("E001", 7) in found  # `tiles` where the end of `players 2..` was expected
    assert ("E111", 11) in found  # `villag`
    e111 = next(d for d in client.diagnostics[uri] if d.code == "E111")
    assert e111.range == T.Range(T.Position(11, 12), T.Position(11, 18))
    assert e111.severity == T.DiagnosticSeverity.Error
    actions = await client.text_document_code_action_async(T.CodeActionParams(
        T.TextDocumentIdentifier(uri), e111.range, T.CodeActionContext([e111])))
    assert actions is not None and actions[0].title == "Change to 'village'"
    edit = actions[0].edit.changes[uri][0]  # type: ignore[union-attr,index]
    assert (edit.range, edit.new_text) == (e111.range, "village")


@pytest.mark.asyncio
async def test_an_unsaved_edit_is_checked_as_typed(client: LanguageClient):
    uri = await open_file(client, BASE)
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(version=2, uri=uri),
        [T.TextDocumentContentChangePartial(range=
            T.Range(at(BASE, "geometry path"), at(BASE, "geometry path", len("geometry path"))),
            text="geometry pth")]))
    await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [diag] = client.diagnostics[uri]
    assert diag.code == "E112" and diag.data == {"hint": "path"}
    assert (diag.range.start.line, diag.range.start.character) == (at(BASE, "geometry pa").line,
                                                                   at(BASE, "path").character)


@pytest.mark.asyncio
async def test_hover(client: LanguageClient):
    uri = await open_file(client, BASE)
    kind = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), at(BASE, "feature road", 9)))
    assert kind is not None and "geometry `path`" in kind.contents.value  # type: ignore
    assert "score complete = tiles" in kind.contents.value  # type: ignore[union-attr]
    tile = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), at(BASE, "tile L", 5)))
    said = tile.contents.value  # type: ignore[union-attr]
    assert "**tile L** × 3" in said and "road E → village" in said
    data = said.split("data:image/svg+xml;base64,")[1].split(")")[0]
    assert base64.b64decode(data).startswith(b"<svg")
    word = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), at(BASE, "    players", 5)))
    assert "players: \"players\" INT" in word.contents.value  # type: ignore[union-attr]


def test_the_hover_picture_is_the_tile_as_render_draws_it_even_in_a_broken_file():
    from carcdsl.lsp.analysis import analyse
    from carcdsl.lsp.picture import tile_svg

    text = BASE.read_text(encoding="utf-8").replace("players 2..5", "players 0..1")
    analysis = analyse(BASE, text)
    assert any(d.code == "E120" for d in analysis.diagnostics)  # the file is broken ...
    svg = tile_svg(analysis.rules.tile("L"), analysis.rules)  # ... yet tile L draws
    assert svg is not None and svg.startswith("<svg")
    assert 'fill="#c98f4a"' in svg and 'class="landmark house"' in svg  # base.carc's looks
    broken = BASE.read_text(encoding="utf-8").replace("tile L  3  city N;", "tile L  3  city NN;")
    again = analyse(BASE, broken)
    assert tile_svg(again.rules.tile("L"), again.rules) is None  # no picture of nonsense


@pytest.mark.asyncio
async def test_hover_on_a_variant_tells_its_description(client: LanguageClient, tmp_path):
    mine = tmp_path / "mine.carc"
    mine.write_text("variant mine for base with farmers\n", encoding="utf-8")
    uri = await open_file(client, mine)
    said = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), T.Position(0, 30)))
    assert said is not None and "**farmers**" in said.contents.value  # type: ignore
    assert "Farmers" in said.contents.value or "farmer" in said.contents.value  # type: ignore


@pytest.mark.asyncio
async def test_completion(client: LanguageClient):
    uri = await open_file(client, BASE)
    inside = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), at(BASE, "    followers yes\n    follower highwayman", 4)))
    labels = {item.label for item in inside.items}  # type: ignore[union-attr]
    assert {"geometry", "ends", "score", "pennants", "colour", "look"} <= labels
    assert "tile" in labels  # `tile figures no`
    assert "supply" not in labels and "variant" not in labels  # not inside a feature block
    segment = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), at(BASE, "tile B  4  monastery", 11)))
    labels = {item.label for item in segment.items}  # type: ignore[union-attr]
    assert {"road", "city", "monastery"} <= labels  # a segment starts with its kind ...
    assert not labels & {"village", "NNE", "A", "tiles"}  # ... no landmark, port, tile


@pytest.mark.asyncio
async def test_completion_and_hover_of_colours_and_looks(client: LanguageClient, tmp_path):
    mine = tmp_path / "mine.carc"
    mine.write_text('rules mine\nextends base\noverride feature city {\n    colour "#c98f4a"\n'
                    "    look walls\n}\noverride feature road {\n    look track\n    colour tan\n"
                    "}\n", encoding="utf-8")
    uri = await open_file(client, mine)
    road = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), at(mine, "look track", 5)))
    labels = {item.label for item in road.items}  # type: ignore[union-attr]
    assert labels == {"track", "stream", "plain"}  # the looks of a path, no other word
    colours = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), at(mine, "colour tan", 7)))
    assert {"tan", "steelblue"} <= {item.label for item in colours.items}  # type: ignore
    look = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), at(mine, "walls", 2)))
    assert "**look walls** (area)" in look.contents.value  # type: ignore[union-attr]
    colour = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), at(mine, '"#c98f4a"', 3)))
    assert "colour `#c98f4a`" in colour.contents.value  # type: ignore[union-attr]
    assert "data:image/svg+xml;base64," in colour.contents.value  # type: ignore[union-attr]
    kind = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), at(mine, "feature road", 9)))
    assert "look `track`, colour `tan`" in kind.contents.value  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_definition_and_references_cross_files(client: LanguageClient):
    uri = await open_file(client, BROKEN)
    road = at(BROKEN, "feature road", 9)
    [found] = await client.text_document_definition_async(  # type: ignore[misc]
        T.DefinitionParams(T.TextDocumentIdentifier(uri), road))
    declared = BASE.read_text(encoding="utf-8").split("\n").index("feature road {")
    assert found.uri.endswith("rules/base.carc") and found.range.start.line == declared
    base = await client.text_document_definition_async(T.DefinitionParams(
        T.TextDocumentIdentifier(uri), at(BROKEN, "extends base", 9)))
    assert base[0].uri.endswith("rules/base.carc")  # type: ignore[index]
    refs = await client.text_document_references_async(T.ReferenceParams(
        context=T.ReferenceContext(include_declaration=True),
        text_document=T.TextDocumentIdentifier(uri), position=road))
    files = {r.uri.rsplit("/", 2)[-1] for r in refs}  # type: ignore[union-attr]
    assert {"base.carc", "broken.carc"} <= files
    assert len(refs) > 10  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_rename_a_kind_and_a_tile(client: LanguageClient):
    uri = await open_file(client, BROKEN)
    edit = await client.text_document_rename_async(T.RenameParams(
        T.TextDocumentIdentifier(uri), at(BROKEN, "road W", 1), "track"))
    changes = edit.changes  # type: ignore[union-attr]
    base_uri = next(u for u in changes if u.endswith("rules/base.carc"))
    assert len(changes[uri]) == 3 and len(changes[base_uri]) > 15
    assert all(e.new_text == "track" for e in changes[base_uri])
    tile = await client.text_document_rename_async(T.RenameParams(
        T.TextDocumentIdentifier(await open_file(client, BASE)), at(BASE, "start D", 6), "Dx"))
    tile_edits = next(iter(tile.changes.values()))  # type: ignore[union-attr]
    assert len(tile_edits) == 2  # `start D` and `tile D`, not the port D... nor `city N`
    port = await client.text_document_prepare_rename_async(T.PrepareRenameParams(
        T.TextDocumentIdentifier(uri), at(BROKEN, "road W", 5)))
    assert port is None  # a port is no name of the rule set's


@pytest.mark.asyncio
async def test_document_symbols(client: LanguageClient):
    uri = await open_file(client, BASE)
    found = await client.text_document_document_symbol_async(T.DocumentSymbolParams(
        T.TextDocumentIdentifier(uri)))
    names = [(s.name, s.detail) for s in found]  # type: ignore[union-attr]
    assert names[0] == ("base", "rules")
    # the descriptions: one in the rule set's own language (named by its text), one in Dutch
    assert [d for d in names[1:3] if d[1] == "about"] == names[1:3]
    assert names[1][0].startswith("The base game") and names[2][0] == "nl"
    assert names[3:6] == [("Carcassonne", "game"), ("village", "landmark"), ("road", "feature")]
    assert ("X", "tile") in names


@pytest.mark.asyncio
async def test_semantic_tokens(client: LanguageClient):
    uri = await open_file(client, BASE)
    tokens = await client.text_document_semantic_tokens_full_async(T.SemanticTokensParams(
        T.TextDocumentIdentifier(uri)))
    data = tokens.data  # type: ignore[union-attr]
    assert len(data) % 5 == 0 and len(data) > 1000
    legend = ["keyword", "type", "class", "enumMember", "variable", "parameter", "property",
              "number", "string", "comment", "namespace", "function", "operator"]
    first = [legend[data[i + 3]] for i in range(0, 25, 5)]
    assert first[0] == "comment"


@pytest.mark.asyncio
async def test_formatting(client: LanguageClient, tmp_path):
    messy = tmp_path / "messy.carc"
    # (a block written on one line stays on one: this one is not)
    messy.write_text("rules messy\nextends base\ngame { players 2..5\n}  # two to five\n",
                     encoding="utf-8")
    uri = await open_file(client, messy)
    [edit] = await client.text_document_formatting_async(  # type: ignore[misc]
        T.DocumentFormattingParams(T.TextDocumentIdentifier(uri), T.FormattingOptions(4, True)))
    assert edit.new_text == ("rules messy\nextends base\ngame {\n    players 2..5\n}"
                             "  # two to five\n")
    broken = await client.text_document_formatting_async(T.DocumentFormattingParams(
        T.TextDocumentIdentifier(await open_file(client, BROKEN)), T.FormattingOptions(4, True)))
    assert not broken
