// Starts `carcdsl lsp` (the command is the setting carcdsl.command) for .carc files, with the
// folders of carcdsl.allowPaths.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("carcdsl");
  const [command, ...args] = config.get("command", ["carcdsl", "lsp"]);
  client = new LanguageClient(
    "carcdsl",
    "carcdsl",
    { command, args },
    {
      documentSelector: [{ scheme: "file", language: "carc" }],
      initializationOptions: { allowPaths: config.get("allowPaths", []) },
      synchronize: { configurationSection: "carcdsl" },
    }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
