"""`carcdsl lsp` knows neutral figures (over stdio): completion after ``avoids``, ``move``,
``walk``, ``on enter``, ``on turn beside``, ``on score beside`` and ``until`` lists the
neutral figures only, after ``beside own`` and ``instead return`` any figure; hover says what
a neutral figure is and avoids, and what ``walk`` and ``move`` do (the grammar's words)."""

from __future__ import annotations

import sys

import pytest

from carcdsl.lsp.context import Place, place_of

pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types as T  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

NEUTRAL = """\
rules dragons
extends base
feature volcano { geometry centre  followers no  tile figures no }
figure fairy { neutral  beside own follower }
figure dragon { neutral  avoids fairy  blocks }
figure big { each player 1  strength 2 }
on place shows volcano: move dragon here
on place shows monastery: walk dragon 6
on enter dragon: return figures here
on turn beside fairy: score 1
on score beside fairy: score 3
tile PD01  3  volcano
override game { tiles += 3 }
supply { hold back monastery until dragon }
"""


@pytest.mark.parametrize("before, place", [
    ("figure d { neutral  avoids ", Place("neutral-figure", "avoids")),
    ("figure d { neutral  avoids fairy, ", Place("neutral-figure", "avoids")),
    ("on place shows volcano: move ", Place("neutral-figure", "move")),
    ("on place shows volcano: score 1, walk ", Place("neutral-figure", "walk")),
    ("on enter ", Place("neutral-figure", "on enter")),
    ("on turn  beside ", Place("neutral-figure", "turn beside")),
    ("on score beside ", Place("neutral-figure", "score beside")),
    ("supply { hold back volcano until ", Place("neutral-figure", "until")),
    ("supply { hold back ", Place("kind", "hold back")),
    ("figure f { neutral  beside own ", Place("figure", "beside own")),
    ("on place shows city princess: instead return ", Place("figure", "instead return")),
    ("on place shows volcano: walk dragon ", Place("other")),
    ("on enter dragon: return ", Place("other")),
])
def test_the_place_after_the_words_of_neutral_figures(before, place):
    assert place_of(before + "dra", len(before)) == place


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


async def _open(client: LanguageClient) -> str:
    path = client.root / "dragons.carc"  # type: ignore[attr-defined]
    path.write_text(NEUTRAL, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(
        uri, "carc", 1, NEUTRAL)))
    found = await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert not found.diagnostics
    return uri


def _end_of(needle: str) -> T.Position:
    i = NEUTRAL.index(needle) + len(needle)
    return T.Position(NEUTRAL.count("\n", 0, i), i - (NEUTRAL.rfind("\n", 0, i) + 1))


async def _labels(client: LanguageClient, uri: str, needle: str) -> set[str]:
    found = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), _end_of(needle)))
    return {item.label for item in found.items}  # type: ignore[union-attr]


async def _hover(client: LanguageClient, uri: str, needle: str) -> str:
    said = await client.text_document_hover_async(T.HoverParams(
        T.TextDocumentIdentifier(uri), _end_of(needle)))
    assert said is not None
    return said.contents.value  # type: ignore[union-attr]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_completion_names_neutral_figures_where_they_go(client: LanguageClient):
    uri = await _open(client)
    for needle in ("avoids ", "move ", "walk ", "on enter ", "on turn beside ",
                   "on score beside ", "until "):
        assert await _labels(client, uri, needle) == {"dragon", "fairy"}, needle
    assert {"follower", "big", "dragon"} <= await _labels(client, uri, "beside own ")


@pytest.mark.slow
@pytest.mark.asyncio
async def test_hover_says_what_a_neutral_figure_is_and_what_moves_it(client: LanguageClient):
    uri = await _open(client)
    dragon = await _hover(client, uri, "walk dra")
    assert dragon.startswith("**figure dragon** (neutral)")
    assert "fairy" in dragon and "no figure is placed" in dragon and "each" not in dragon
    fairy = await _hover(client, uri, "avoids fa")
    assert "beside their own follower" in fairy
    assert "strength 2" in await _hover(client, uri, "figure bi")
    assert "walk dragon 6" in await _hover(client, uri, "monastery: wa")
    assert "neutral figure goes to the tile just placed" in await _hover(
        client, uri, "volcano: mo")
    assert "came to a square" in await _hover(client, uri, "on ent")
