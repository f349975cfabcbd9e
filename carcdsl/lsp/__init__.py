"""The language server for rule files (``carcdsl lsp``): diagnostics, hover, completion,
definitions and references, rename, outline, colours and formatting."""
