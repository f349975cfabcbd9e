"""Diagnostics latency of `carcdsl lsp`: an edit of rules/base.carc to its diagnostics.

    python bench/lsp_latency.py              # 30 edits, the median and the worst
    python bench/lsp_latency.py --edits 100 --json

A real client starts the server on stdio, opens rules/base.carc, then sends edits one at a
time (each a change of one word, every other one an error) and waits for the diagnostics each
time: the time from sending `didChange` to receiving `publishDiagnostics`, the whole round
trip through the protocol. The target: under 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "rules" / "base.carc"


async def measure(edits: int) -> list[float]:
    client = LanguageClient("bench", "1")
    received: asyncio.Queue = asyncio.Queue()

    @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params: T.PublishDiagnosticsParams) -> None:
        received.put_nowait(params)

    await client.start_io(sys.executable, "-m", "carcdsl", "lsp")
    await client.initialize_async(T.InitializeParams(capabilities=T.ClientCapabilities()))
    client.initialized(T.InitializedParams())
    uri = from_fs_path(str(BASE)) or ""
    text = BASE.read_text(encoding="utf-8")
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri, "carc", 1, text)))
    await received.get()
    line = text[: text.index("geometry path")].count("\n")
    times = []
    for i in range(edits):
        word = "pth" if i % 2 == 0 else "path"
        start = time.perf_counter()
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(version=i + 2, uri=uri),
            content_changes=[T.TextDocumentContentChangePartial(
                range=T.Range(T.Position(line, 13), T.Position(line, 13 + len(
                    "pth" if i % 2 else "path"))), text=word)]))
        said = await received.get()
        times.append((time.perf_counter() - start) * 1000)
        assert bool(said.diagnostics) == (i % 2 == 0), said.diagnostics
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    times = asyncio.run(measure(args.edits))
    result = {"edits": len(times), "median_ms": round(statistics.median(times), 1),
              "max_ms": round(max(times), 1), "target_ms": 200}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"diagnostics after an edit of rules/base.carc: median {result['median_ms']} ms, "
              f"worst {result['max_ms']} ms over {len(times)} edits (target < 200 ms)")


if __name__ == "__main__":
    main()
