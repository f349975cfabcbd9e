"""The JSON-RPC side of the language server: a request whose params cannot be read (a
position of -1, a string where a number goes, no params at all) is answered with an
InvalidParams error, not dropped (a client waits for its answer forever); a notification
that cannot be read is left out, said in the log in one line."""

from __future__ import annotations

import logging
from typing import Any

from pygls.exceptions import JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol

log = logging.getLogger(__name__)


class Refused:
    """A message that could not be read, already answered."""

    jsonrpc = None


class CarcProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        if "jsonrpc" not in data or "method" not in data:
            return super().structure_message(data)  # a nested object, or a response
        kind = self.get_message_type(data["method"])
        if kind is None:
            return super().structure_message(data)  # JSON-RPC's own: MethodNotFound
        try:
            return self._converter.structure(data, kind)
        except Exception:  # the reason is the params' shape: said in one line, no traceback
            method = data.get("method")
            if "id" in data and method is not None:
                said = JsonRpcInvalidParams(f"{method}: params that cannot be read")
                self._send_response(data["id"], None, said.to_response_error())
            else:
                log.warning("left out: a %s that cannot be read", method or "message")
            return Refused()

    def handle_message(self, message: Any) -> None:
        if isinstance(message, Refused):
            return
        super().handle_message(message)
