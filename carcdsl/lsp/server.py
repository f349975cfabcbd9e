"""The language server on stdio (pygls): each feature asks ``analysis`` and says its answer
in the protocol's types.

Documents are checked in a worker thread (``checks``); a request is answered from the newest
check of the document's text, or, for a short document not checked yet, from one made there
and then; a long document not checked yet is answered from its previous check, or from its
text alone (keywords). A request about a document that is not open is an error: the server
reads no file the client has not sent, beyond what checking one reads.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

import attrs
from lsprotocol import types as T
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument

from carcdsl import __version__
from carcdsl.errors import RuleError
from carcdsl.lang.format import FormatError, format_text
from carcdsl.lang.syntax import normalise_newlines
from carcdsl.lsp import analysis as A
from carcdsl.lsp.checks import Checked, Checks
from carcdsl.lsp.protocol import CarcProtocol

log = logging.getLogger(__name__)

SHORT = 50_000
"""A document of at most this many characters that has not been checked yet is checked
while a request waits (a fraction of a second); a longer one is not."""


class CarcServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("carcdsl", __version__, protocol_cls=CarcProtocol)
        self.checks = Checks(self.check_text, self.checked_in_worker)
        self.allow_paths: tuple[Path, ...] = ()
        self.loop: asyncio.AbstractEventLoop | None = None

    def allowed(self) -> tuple[Path, ...]:
        """The folders a document's `extends` and `with` may read besides its own and the
        bundled rules: the workspace folders and the user's ``allowPaths``."""
        folders = [_path(f.uri) for f in self.workspace.folders.values()]
        if self.workspace.root_path:
            folders.append(Path(self.workspace.root_path))
        return tuple(dict.fromkeys(f for f in (*folders, *self.allow_paths) if f.is_dir()))

    def check_text(self, uri: str, text: str,
                   wanted: Callable[[], bool] = lambda: True) -> Checked | None:
        """The document checked and indexed; None when ``wanted()`` is false after the check
        (a newer edit came: indexing a long document takes as long again)."""
        analysis = A.analyse(_path(uri), text, self.allowed())
        if not wanted():
            return None
        return Checked(-1, analysis, A.index(analysis))

    def checked_in_worker(self, uri: str, checked: Checked) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(publish, self, uri, checked)

    def document(self, uri: str) -> TextDocument:
        if unquote(uri) not in self.workspace.text_documents:  # pygls keys them unquoted
            raise JsonRpcInvalidParams(f"{uri} is not open")
        return self.workspace.get_text_document(uri)

    def checked(self, uri: str) -> Checked:
        doc = self.document(uri)
        text = normalise_newlines(doc.source)
        version = doc.version if doc.version is not None else 0
        found = self.checks.latest(uri)
        if found is not None and found.analysis.text == text:
            return found
        if len(text) <= SHORT:
            ticket = self.checks.ticket(uri)
            made = self.check_text(uri, text)
            assert made is not None  # always wanted here
            found = attrs.evolve(made, version=version, ticket=ticket)
            self.checks.keep(uri, found)
            return found
        if found is not None:
            return found
        bare = A.Analysis(_path(uri), text, None, [], {}, text)
        return Checked(version, bare, A.Index({}))

    def analysis(self, uri: str) -> A.Analysis:
        return self.checked(uri).analysis

    def submit(self, uri: str) -> None:
        self.loop = asyncio.get_running_loop()
        doc = self.document(uri)
        version = doc.version if doc.version is not None else 0
        self.checks.submit(uri, version, normalise_newlines(doc.source))


server = CarcServer()


def _path(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri)


def _uri(shown: str) -> str:
    return from_fs_path(str(A.path_of(shown))) or shown


def _range(r: A.Range) -> T.Range:
    return T.Range(T.Position(r.line, r.start), T.Position(r.end_line, r.end))


def _diagnostic(found: A.Found) -> T.Diagnostic:
    diag = found.diagnostic
    message = diag.message
    related = None
    if found.elsewhere is not None and found.elsewhere.line:
        message = f"{found.elsewhere}: {message}"
        at = T.Position(found.elsewhere.line - 1, max(found.elsewhere.column - 1, 0))
        related = [T.DiagnosticRelatedInformation(
            T.Location(_uri(found.elsewhere.file), T.Range(at, at)), diag.message)]
    hint = str(diag.args.get("hint") or "")
    return T.Diagnostic(
        range=_range(found.range), message=message, code=diag.code, source="carcdsl",
        severity=(T.DiagnosticSeverity.Error if diag.is_error
                  else T.DiagnosticSeverity.Warning),
        related_information=related, data={"hint": hint} if hint else None)


def publish(ls: CarcServer, uri: str, checked: Checked) -> None:
    """The diagnostics of a check, unless a newer edit has come since (on the loop)."""
    if not ls.checks.is_current(uri, checked.ticket):
        return
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
        uri=uri, version=checked.version,
        diagnostics=[_diagnostic(f) for f in A.place(checked.analysis)]))


@server.feature(T.INITIALIZE)
def initialize(ls: CarcServer, params: T.InitializeParams) -> None:
    ls.allow_paths = _allow_paths(params.initialization_options)


@server.feature(T.WORKSPACE_DID_CHANGE_CONFIGURATION)
def did_change_configuration(ls: CarcServer, params: T.DidChangeConfigurationParams) -> None:
    settings = params.settings.get("carcdsl") if isinstance(params.settings, dict) else None
    if isinstance(settings, dict) and "allowPaths" in settings:
        ls.allow_paths = _allow_paths(settings)
        ls.checks.forget_all_done()
        for uri in list(ls.workspace.text_documents):
            ls.submit(uri)


def _allow_paths(options: object) -> tuple[Path, ...]:
    """``allowPaths``: a list of folders (``~`` is the home folder); anything else is left
    out, said in the log."""
    given = options.get("allowPaths", []) if isinstance(options, dict) else []
    if not isinstance(given, list) or not all(isinstance(p, str) and p for p in given):
        log.warning("allowPaths: a list of folder names is expected; left out")
        return ()
    return tuple(Path(p).expanduser() for p in given)


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CarcServer, params: T.DidOpenTextDocumentParams) -> None:
    ls.submit(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CarcServer, params: T.DidChangeTextDocumentParams) -> None:
    ls.submit(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CarcServer, params: T.DidSaveTextDocumentParams) -> None:
    ls.checks.forget_all_done()  # a file the others extend may have changed: all again
    for uri in list(ls.workspace.text_documents):
        ls.submit(uri)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CarcServer, params: T.DidCloseTextDocumentParams) -> None:
    ls.checks.forget(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
def code_action(ls: CarcServer, params: T.CodeActionParams) -> list[T.CodeAction]:
    """Did-you-mean as a quick fix: the suggested word replaces the misspelt one."""
    actions = []
    for diag in params.context.diagnostics:
        hint = (diag.data or {}).get("hint") if isinstance(diag.data, dict) else None
        if not hint:
            continue
        edit = T.WorkspaceEdit(changes={params.text_document.uri: [
            T.TextEdit(diag.range, hint)]})
        actions.append(T.CodeAction(title=f"Change to '{hint}'", kind=T.CodeActionKind.QuickFix,
                                    diagnostics=[diag], edit=edit, is_preferred=True))
    return actions


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: CarcServer, params: T.HoverParams) -> T.Hover | None:
    checked = ls.checked(params.text_document.uri)
    pos = params.position
    said = A.hover(checked.analysis, checked.index, pos.line, pos.character)
    if said is None:
        return None
    text, rng = said
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, text), _range(rng))


@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=[" "]))
def completion(ls: CarcServer, params: T.CompletionParams) -> T.CompletionList:
    analysis = ls.analysis(params.text_document.uri)
    offset = _offset(analysis.text, params.position)
    kinds = {"keyword": T.CompletionItemKind.Keyword, "feature kind": T.CompletionItemKind.Class,
             "tile": T.CompletionItemKind.Struct, "port": T.CompletionItemKind.EnumMember,
             "landmark": T.CompletionItemKind.Constant, "token": T.CompletionItemKind.Variable,
             "parameter": T.CompletionItemKind.Variable,
             "rule set or variant": T.CompletionItemKind.Module}
    items = [T.CompletionItem(label=label, detail=what,
                              kind=kinds.get(what, T.CompletionItemKind.Text))
             for label, what in A.completions(analysis, offset)]
    return T.CompletionList(is_incomplete=False, items=items)


def _at(ls: CarcServer, uri: str, pos: T.Position) -> tuple[A.Analysis, A.Index,
                                                            A.Occurrence | None]:
    checked = ls.checked(uri)
    idx = checked.index
    return checked.analysis, idx, idx.at(checked.analysis.shown, pos.line, pos.character)


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: CarcServer, params: T.DefinitionParams) -> list[T.Location] | None:
    analysis, idx, occ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    if occ.family == "file":
        target = A.file_of(occ, analysis)
        if target is None:
            return None
        start = T.Position(0, 0)
        return [T.Location(from_fs_path(str(target)) or "", T.Range(start, start))]
    return [T.Location(_uri(d.file), _range(d.range)) for d in idx.definitions(occ)] or None


@server.feature(T.TEXT_DOCUMENT_REFERENCES)
def references(ls: CarcServer, params: T.ReferenceParams) -> list[T.Location] | None:
    _, idx, occ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    keep = params.context.include_declaration
    return [T.Location(_uri(o.file), _range(o.range)) for o in idx.all_of(occ)
            if keep or not o.is_def]


_RENAMED = ("name", "tile")


@server.feature(T.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: CarcServer, params: T.PrepareRenameParams) -> T.Range | None:
    _, _, occ = _at(ls, params.text_document.uri, params.position)
    return _range(occ.range) if occ is not None and occ.family in _RENAMED else None


@server.feature(T.TEXT_DOCUMENT_RENAME)
def rename(ls: CarcServer, params: T.RenameParams) -> T.WorkspaceEdit | None:
    """A kind (or landmark, token) or a tile, renamed in every file of the rule set."""
    _, idx, occ = _at(ls, params.text_document.uri, params.position)
    if occ is None or occ.family not in _RENAMED:
        return None
    changes: dict[str, list[T.TextEdit]] = {}
    for found in idx.all_of(occ):
        changes.setdefault(_uri(found.file), []).append(
            T.TextEdit(_range(found.range), params.new_name))
    return T.WorkspaceEdit(changes=changes)


_SYMBOL_KINDS = {"rules": T.SymbolKind.Namespace, "variant": T.SymbolKind.Namespace,
                 "feature": T.SymbolKind.Class, "override feature": T.SymbolKind.Class,
                 "tile": T.SymbolKind.Struct, "override tile": T.SymbolKind.Struct,
                 "landmark": T.SymbolKind.Constant, "token": T.SymbolKind.Variable,
                 "param": T.SymbolKind.TypeParameter}


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@server.thread()
def document_symbols(ls: CarcServer, params: T.DocumentSymbolParams
                     ) -> list[T.DocumentSymbol]:
    analysis = ls.analysis(params.text_document.uri)
    return [T.DocumentSymbol(name=s.name, detail=s.detail,
                             kind=_SYMBOL_KINDS.get(s.detail, T.SymbolKind.Object),
                             range=_range(s.range), selection_range=_range(s.selection))
            for s in A.symbols(analysis.parsed_text)]


@server.feature(T.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                T.SemanticTokensLegend(token_types=list(A.TOKEN_TYPES), token_modifiers=[]))
@server.thread()
def semantic_tokens(ls: CarcServer, params: T.SemanticTokensParams) -> T.SemanticTokens:
    analysis = ls.analysis(params.text_document.uri)
    return T.SemanticTokens(data=A.semantic_tokens(analysis.parsed_text, analysis.rules))


@server.feature(T.TEXT_DOCUMENT_FORMATTING)
@server.thread()
def formatting(ls: CarcServer, params: T.DocumentFormattingParams) -> list[T.TextEdit] | None:
    """The whole file through ``carcdsl fmt``; nothing while it has a syntax error."""
    doc = ls.document(params.text_document.uri)
    try:
        formatted = format_text(doc.source)
    except (RuleError, FormatError):
        return None
    if formatted == doc.source:
        return []
    end = T.Position(len(doc.lines), 0)
    return [T.TextEdit(T.Range(T.Position(0, 0), end), formatted)]


def _offset(text: str, pos: T.Position) -> int:
    """The offset of a position in ``text`` (characters counted as the protocol's UTF-16
    units are not: rule files are ASCII but for strings and comments); a position past a
    line's end or past the text is its end."""
    rows = text.split("\n")
    if pos.line >= len(rows):
        return len(text)
    return sum(len(r) + 1 for r in rows[:pos.line]) + min(pos.character, len(rows[pos.line]))


def serve() -> None:
    server.start_io()
