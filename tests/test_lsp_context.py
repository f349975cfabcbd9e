"""`carcdsl lsp` completion and hover know where the cursor is (over stdio): quantities in a
scoring expression, kinds in ``completed(``, ports after a segment's kind, kinds and landmarks
where a path ends, figures after ``with own``, kinds after ``on complete``; the lists are the
language's own (``model.QUANTITIES``, the ports, the rule set's names)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types as T  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

import carcdsl.model as m  # noqa: E402
from carcdsl.geometry import ports as P  # noqa: E402

pytestmark = pytest.mark.slow

MINE = """\
rules mine
extends base

figure big { each player 1  strength 2 }

override feature city {
    score final = tiles +\x20
}

override feature field {
    score final = 3 * completed(
}

tile Q  1  city N; road\x20
tile R  1  road W ->\x20
on complete\x20
figure small { each player 1  with own  }
"""


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[sys.executable, "-m", "carcdsl", "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("ws")
    await lsp_client.initialize_session(T.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
        root_uri=from_fs_path(str(root))))
    lsp_client.root = root  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient) -> tuple[str, Path]:
    path = client.root / "mine.carc"  # type: ignore[attr-defined]
    path.write_text(MINE, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(
        uri, "carc", 1, MINE)))
    await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri, path


def _end_of(needle: str) -> T.Position:
    i = MINE.index(needle) + len(needle)
    return T.Position(MINE.count("\n", 0, i), i - (MINE.rfind("\n", 0, i) + 1))


async def _labels(client: LanguageClient, uri: str, needle: str) -> set[str]:
    found = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), _end_of(needle)))
    return {item.label for item in found.items}  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_completion_knows_the_place(client: LanguageClient):
    uri, _ = await _open(client)
    expression = await _labels(client, uri, "score final = tiles + ")
    assert set(m.QUANTITIES) <= expression and "if" in expression
    assert not expression & {"N", "NNE", "A", "L", "road", "base"}  # no ports, tiles, kinds
    assert await _labels(client, uri, "3 * completed(") >= {"city", "road", "monastery"}
    assert not await _labels(client, uri, "3 * completed(") & {"tiles", "N", "L"}
    ports = await _labels(client, uri, "city N; road ")
    assert set(P.RING) <= ports and {"pennant", "touches"} <= ports
    assert not ports & {"city", "A", "tiles", "tile", "feature"}
    segment = await _labels(client, uri, "tile Q  1  city N; ")
    assert {"city", "road", "field"} <= segment and not segment & {"N", "L", "tiles"}
    ends = await _labels(client, uri, "road W -> ")
    assert {"village", "city", "monastery"} <= ends and "N" not in ends
    completes = await _labels(client, uri, "on complete ")
    assert {"city", "road"} <= completes and not completes & {"village", "N", "L"}
    figures = await _labels(client, uri, "with own ")
    assert {"follower", "big"} <= figures and not figures & {"city", "N", "L"}


@pytest.mark.asyncio
async def test_hover_of_a_quantity_is_the_quantity_not_the_game_keyword(client):
    uri, _ = await _open(client)
    said = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), _end_of("score final = ti")))
    assert said is not None
    assert said.contents.value == f"**tiles** (quantity): {m.QUANTITIES['tiles']}"  # type: ignore
