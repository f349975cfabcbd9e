// Starts `carcdsl lsp` (the command is the setting carcdsl.command) for .carc files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace
    .getConfiguration("carcdsl")
    .get("command", ["carcdsl", "lsp"]);
  client = new LanguageClient(
    "carcdsl",
    "carcdsl",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "carc" }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
