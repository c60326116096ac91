// Vaultwright for VS Code: the grammars come from package.json; this file
// starts the language server (`vaultwright lsp`, over stdio) for every
// language the extension knows, and restarts it when its settings change.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

const LANGUAGES = ["nethack-des", "nethack-dungeon", "dcss-des", "powder-map", "rlg327-monsters", "rlg327-objects"];
let client;

/** The server's initializationOptions from the user's settings. */
function initializationOptions(config) {
  const options = { names: config.get("names", []) };
  const target = config.get("target", "");
  if (target) options.target = target;
  if (config.get("noGuidelines", false)) options.noGuidelines = true;
  return options;
}

async function start() {
  const config = vscode.workspace.getConfiguration("vaultwright");
  const command = config.get("path", "vaultwright") || "vaultwright";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient("vaultwright", "Vaultwright", server, {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: "file", language },
      { scheme: "untitled", language },
    ]),
    initializationOptions: initializationOptions(config),
  });
  try {
    await client.start();
  } catch (e) {
    vscode.window.showErrorMessage(`Vaultwright: could not start \`${command} lsp\` (${e.message}). Set vaultwright.path to the binary.`);
  }
}

async function stop() {
  const c = client;
  client = undefined;
  if (c) await c.stop().catch(() => {});
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("vaultwright.restart", async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration("vaultwright")) return;
      await stop();
      await start();
    }),
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
