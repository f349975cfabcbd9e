"""The language server on stdio (pygls): each feature asks ``analysis`` and says its answer
in the protocol's types."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from carcdsl import __version__
from carcdsl.errors import RuleError
from carcdsl.lang.format import FormatError, format_text
from carcdsl.lsp import analysis as A


class CarcServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("carcdsl", __version__)
        self.analyses: dict[str, A.Analysis] = {}

    def analysis(self, uri: str) -> A.Analysis:
        doc = self.workspace.get_text_document(uri)
        found = self.analyses.get(uri)
        if found is None or found.text != doc.source.replace("\r\n", "\n"):
            found = A.analyse(_path(uri), doc.source)
            self.analyses[uri] = found
        return found


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


def publish(ls: CarcServer, uri: str) -> None:
    analysis = ls.analysis(uri)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
        uri=uri, diagnostics=[_diagnostic(f) for f in A.place(analysis)]))


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CarcServer, params: T.DidOpenTextDocumentParams) -> None:
    publish(ls, params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CarcServer, params: T.DidChangeTextDocumentParams) -> None:
    publish(ls, params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CarcServer, params: T.DidSaveTextDocumentParams) -> None:
    ls.analyses.clear()  # a file others extend may have changed
    publish(ls, params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CarcServer, params: T.DidCloseTextDocumentParams) -> None:
    ls.analyses.pop(params.text_document.uri, None)


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
    analysis = ls.analysis(params.text_document.uri)
    pos = params.position
    said = A.hover(analysis, A.index(analysis), pos.line, pos.character)
    if said is None:
        return None
    text, rng = said
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, text), _range(rng))


@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=[" "]))
def completion(ls: CarcServer, params: T.CompletionParams) -> T.CompletionList:
    analysis = ls.analysis(params.text_document.uri)
    doc = ls.workspace.get_text_document(params.text_document.uri)
    offset = doc.offset_at_position(params.position)
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
    analysis = ls.analysis(uri)
    idx = A.index(analysis)
    return analysis, idx, idx.at(analysis.shown, pos.line, pos.character)


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
        return [T.Location(from_fs_path(str(target.resolve())) or "", T.Range(start, start))]
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
def document_symbols(ls: CarcServer, params: T.DocumentSymbolParams
                     ) -> list[T.DocumentSymbol]:
    analysis = ls.analysis(params.text_document.uri)
    return [T.DocumentSymbol(name=s.name, detail=s.detail,
                             kind=_SYMBOL_KINDS.get(s.detail, T.SymbolKind.Object),
                             range=_range(s.range), selection_range=_range(s.selection))
            for s in A.symbols(analysis.parsed_text)]


@server.feature(T.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                T.SemanticTokensLegend(token_types=list(A.TOKEN_TYPES), token_modifiers=[]))
def semantic_tokens(ls: CarcServer, params: T.SemanticTokensParams) -> T.SemanticTokens:
    analysis = ls.analysis(params.text_document.uri)
    return T.SemanticTokens(data=A.semantic_tokens(analysis.parsed_text, analysis.rules))


@server.feature(T.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: CarcServer, params: T.DocumentFormattingParams) -> list[T.TextEdit] | None:
    """The whole file through ``carcdsl fmt``; nothing while it has a syntax error."""
    doc = ls.workspace.get_text_document(params.text_document.uri)
    try:
        formatted = format_text(doc.source)
    except (RuleError, FormatError):
        return None
    if formatted == doc.source:
        return []
    end = T.Position(len(doc.lines), 0)
    return [T.TextEdit(T.Range(T.Position(0, 0), end), formatted)]


def serve() -> None:
    server.start_io()
