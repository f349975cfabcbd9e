"""`carcdsl lsp` as far as a client can trust it, over stdio: every request answered (bad
ones with an error), the diagnostics `carcdsl check` gives, no file read outside the
workspace and the folders allowed, and long documents checked while requests are answered."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

pytest.importorskip("pytest_lsp")
from lsprotocol import types as T  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SERVER = [sys.executable, "-m", "carcdsl", "lsp"]


@asynccontextmanager
async def session(root: Path, command: list[str] = SERVER, options: object = None,
                  ) -> AsyncIterator[tuple[LanguageClient, list[T.PublishDiagnosticsParams]]]:
    """A client over stdio, with every diagnostics notification it receives, in order."""
    client = LanguageClient("test", "1")
    published: list[T.PublishDiagnosticsParams] = []

    @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params: T.PublishDiagnosticsParams) -> None:
        published.append(params)

    await client.start_io(*command)
    await client.initialize_async(T.InitializeParams(
        capabilities=T.ClientCapabilities(), root_uri=from_fs_path(str(root)),
        initialization_options=options))
    client.initialized(T.InitializedParams())
    try:
        yield client, published
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()


async def diagnostics_of(published: list, uri: str, version: int) -> list[T.Diagnostic]:
    """The diagnostics published last for ``uri``, once those of ``version`` have come (a
    bound on the wait turns a server that never publishes into a failure, not a hang)."""
    for _ in range(2400):
        if any(p.uri == uri and p.version == version for p in published):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError(f"no diagnostics of version {version} of {uri}")
    return list(next(p for p in reversed(published) if p.uri == uri).diagnostics)


def open_text(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    """Open ``path`` (saved with ``text``: a document is checked as the file it is)."""
    path.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri, "carc", version, text)))
    return uri


# -- every request answered ------------------------------------------------------------

def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_every_request_is_answered_bad_ones_with_an_error(tmp_path):
    rule = tmp_path / "mine.carc"
    rule.write_text("rules mine\nextends base\n", encoding="utf-8")
    uri = from_fs_path(str(rule))
    doc = {"textDocument": {"uri": uri}}
    asked = {
        2: ("textDocument/hover", {**doc, "position": {"line": -1, "character": -5}}),
        3: ("textDocument/hover", {**doc, "position": {"line": "x"}}),
        4: ("textDocument/hover", None),
        5: ("textDocument/completion", {**doc, "position": {"line": 99999, "character": 7}}),
        6: ("textDocument/definition", {**doc, "position": {"line": 1, "character": 99999}}),
        7: ("textDocument/hover", {"textDocument": {"uri": "file:///nowhere/x.carc"},
                                   "position": {"line": 0, "character": 0}}),
        8: ("textDocument/documentSymbol", {"textDocument": {"uri": "untitled:Untitled-1"}}),
        9: ("textDocument/rename", {**doc, "position": {"line": 5000, "character": 0},
                                    "newName": "x"}),
        10: ("textDocument/semanticTokens/full", {"textDocument": 7}),
        11: ("carcdsl/nothing", {}),
    }
    stream = _frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"capabilities": {}, "rootUri": from_fs_path(str(tmp_path))}})
    stream += _frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    stream += _frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "carc", "version": 1,
                         "text": rule.read_text(encoding="utf-8")}}})
    stream += _frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                      "params": {"textDocument": {"uri": uri}, "contentChanges": "?"}})
    for number, (method, params) in asked.items():
        stream += _frame({"jsonrpc": "2.0", "id": number, "method": method, "params": params})
    stream += _frame({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
    stream += _frame({"jsonrpc": "2.0", "method": "exit"})
    out = subprocess.run(SERVER, input=stream, capture_output=True, timeout=120).stdout
    answers = {m["id"]: m for m in map(json.loads, re.split(
        rb"Content-Length: \d+\r\n(?:[^\r\n]+\r\n)*\r\n", out)[1:]) if "id" in m}
    assert set(asked) <= set(answers)
    for number in (2, 3, 4, 10):  # params that cannot be read
        assert answers[number]["error"]["code"] == -32602, answers[number]
    assert answers[11]["error"]["code"] == -32601  # no such method
    for number in (7, 8):  # a document that is not open
        assert "is not open" in answers[number]["error"]["message"]
    for number in (5, 6, 9):  # a position past the end: an answer, not silence
        assert "result" in answers[number], answers[number]


# -- the diagnostics of `carcdsl check` --------------------------------------------------

BROKEN = {
    "syntax-in-a-kind.carc": (
        "rules mine\n\ngame {\n    players 2..5\n    followers 7\n    tiles 3\n"
        "    start A\n    end supply-empty\n}\n\nfeature road {\n    geometry path\n"
        "    followers yes\n    score complete = tiles +\n    score final = tiles\n}\n\n"
        "tile A  3  road W-E\n"),
    "two-mistakes.carc": (
        "rules mine\nextends base\n\noverride game {\n    players 2..\n    tiles 74\n}\n\n"
        "override feature road {\n    ends at villag, city, monastery\n}\n\n"
        "tile Y  2  road W -> village; road E -> village\n"),
    "meaning-only.carc": "rules mine\nextends base\n\ntile Z  1  roads W-E; city NN\n",
    "six-mistakes.carc": (  # the "5 mistakes, one a syntax error": all said, once
        "rules five\nextends base\n\noverride game {\n    players 2..\n}\n\n"
        "override feature road {\n    ends at villag\n    geometry pth\n}\n\n"
        "override feature city {\n    score final = tiles + pennant\n}\n\n"
        "tile Y  2  roads W-E; city NN\n"),
}


def _cli_diagnostics(path: Path) -> set[tuple[str, int, int, str]]:
    out = subprocess.run([sys.executable, "-m", "carcdsl", "check", path.name],
                         capture_output=True, text=True, cwd=path.parent, timeout=120).stdout
    return {(code, int(line), int(col), message) for line, col, code, message in re.findall(
        r"^[^\s:]+:(\d+):(\d+): (?:error|warning)\[(\w+)\]: (.*)$", out, re.M)}


@pytest.mark.asyncio
async def test_diagnostics_are_carcdsl_checks_even_after_a_syntax_error(tmp_path):
    async with session(tmp_path) as (client, published):
        for name, text in BROKEN.items():
            path = tmp_path / name
            path.write_text(text, encoding="utf-8")
            expected = _cli_diagnostics(path)
            assert expected, name
            if name == "six-mistakes.carc":
                assert {code for code, *_ in expected} == {
                    "E001", "E111", "E112", "E113", "E110", "E202"}
            found = await diagnostics_of(published, open_text(client, path, text), 1)
            said = {(d.code, d.range.start.line + 1, d.message) for d in found}
            assert said == {(code, line, message) for code, line, _, message in expected}
            assert len(found) == len(expected)
            for diag in found:  # the column the CLI gives is in the range (or a hint's word)
                [col] = [c for code, line, c, message in expected if code == diag.code
                         and line == diag.range.start.line + 1 and message == diag.message]
                assert diag.data or diag.range.start.character <= col - 1 <= \
                    diag.range.end.character
            assert not any("unknown feature kind 'road'" in d.message for d in found)


# -- only the workspace, the folders allowed and the bundled rules ----------------------

@pytest.mark.asyncio
@pytest.mark.parametrize("allowed", [False, True])
async def test_extends_reads_only_the_workspace_and_the_folders_allowed(tmp_path, allowed):
    workspace, library = tmp_path / "my ws", tmp_path / "library"  # a space: %20 in URIs
    workspace.mkdir()
    library.mkdir()
    (library / "lib.carc").write_text("# A library rule set.\nrules lib\nextends base\n",
                                      encoding="utf-8")
    text = 'rules mine\nextends "../library/lib.carc"\nextends "/etc/passwd"\n'
    options = {"allowPaths": [str(library)]} if allowed else None
    async with session(workspace, options=options) as (client, published):
        uri = open_text(client, workspace / "mine.carc", text)
        found = await diagnostics_of(published, uri, 1)
        outside = {d.range.start.line for d in found if d.code == "E004"}
        assert outside == ({2} if allowed else {1, 2})
        doc = T.TextDocumentIdentifier(uri)
        passwd = await client.text_document_definition_async(
            T.DefinitionParams(doc, T.Position(2, 10)))
        assert not passwd
        assert await client.text_document_hover_async(T.HoverParams(doc, T.Position(2, 10))) \
            is None
        lib = await client.text_document_definition_async(
            T.DefinitionParams(doc, T.Position(1, 12)))
        said = await client.text_document_hover_async(T.HoverParams(doc, T.Position(1, 12)))
        if allowed:
            assert lib and lib[0].uri.endswith("/library/lib.carc")  # type: ignore[index]
            assert said is not None and "A library rule set." in said.contents.value  # type: ignore
        else:
            assert not lib and said is None


# -- long documents off the main thread -------------------------------------------------

HELD = """\
import sys, time
from pathlib import Path
import carcdsl.lsp.analysis as A
from carcdsl.lsp.server import serve

release, real = Path(sys.argv[1]), A.analyse

def held(path, text, allow=()):
    while "# hold" in text and not release.exists():  # the test lets it go
        time.sleep(0.02)
    return real(path, text, allow)

A.analyse = held
serve()
"""


@pytest.mark.asyncio
async def test_a_long_check_answers_requests_and_a_newer_edit_supersedes_it(tmp_path):
    release = tmp_path / "release"
    command = [sys.executable, "-c", HELD, str(release)]
    path = tmp_path / "mine.carc"
    long = "rules mine\nextends base\n# hold\n" + "# padding\n" * 6000 + \
        "override game {\n    players 2..9\n}\n"
    async with session(tmp_path, command) as (client, published):
        uri = open_text(client, path, long)
        said = await client.text_document_hover_async(T.HoverParams(
            T.TextDocumentIdentifier(uri), T.Position(6004, 5)))  # while the check is held
        assert said is not None and "players" in said.contents.value  # type: ignore[union-attr]
        assert published == []
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [T.TextDocumentContentChangeWholeDocument(
                "rules mine\nextends base\noverride feature road {\n    geometry pth\n}\n")]))
        release.write_text("", encoding="utf-8")
        found = await diagnostics_of(published, uri, 2)
        assert [d.code for d in found] == ["E112"]
        assert [p.version for p in published] == [2]  # version 1's check never published


@pytest.mark.asyncio
async def test_saving_a_file_another_extends_checks_the_other_again(tmp_path):
    lib, mine = tmp_path / "lib.carc", tmp_path / "mine.carc"
    broken = "rules lib\nextends base\noverride game {\n    players 0..1\n}\n"
    async with session(tmp_path) as (client, published):
        lib_uri = open_text(client, lib, broken)
        mine_uri = open_text(client, mine, 'rules mine\nextends "lib.carc"\n')
        assert {d.code for d in await diagnostics_of(published, mine_uri, 1)} == {"E120"}
        fixed = broken.replace("0..1", "2..5")
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(version=2, uri=lib_uri),
            [T.TextDocumentContentChangeWholeDocument(fixed)]))
        lib.write_text(fixed, encoding="utf-8")
        published.clear()
        client.text_document_did_save(T.DidSaveTextDocumentParams(
            T.TextDocumentIdentifier(lib_uri)))
        assert await diagnostics_of(published, mine_uri, 1) == []


def test_a_loop_of_links_is_no_error_for_the_analysis(tmp_path):
    """An allowed folder or a document behind a loop of links: the analysis goes on (Python
    3.11's ``Path.resolve`` raised RuntimeError on a loop), the loop is in no folder."""
    from carcdsl.lsp.analysis import analyse
    from carcdsl.lsp.names import path_of

    (tmp_path / "loop").symlink_to("loop")
    assert path_of(str(tmp_path / "loop")) == tmp_path / "loop"
    doc = tmp_path / "v.carc"
    doc.write_text("variant v for base\n", encoding="utf-8")
    found = analyse(doc, doc.read_text(), allow=(tmp_path / "loop",))
    assert [d.code for d in found.diagnostics] == ["E004"]  # not a folder: said, not raised
    assert tmp_path / "loop" in found.within
