// Starts mockls for Swift and GraphQL files. VS Code runs it beside the Swift extension's sourcekit-lsp: both answer
// in UTF-16 positions, and VS Code shows both servers' completions, diagnostics and quick fixes together.
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const command = vscode.workspace.getConfiguration("mockls").get<string>("path") || "mockls";
  const serverOptions: ServerOptions = { command, args: ["--stdio"], transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "swift" },
      { scheme: "file", language: "graphql" },
    ],
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher(
        "**/{*.graphql,*.graphqls,*.gql,apollo-codegen-config.json,.graphqlrc*,graphql.config.*,Package.resolved}"
      ),
    },
  };
  // The `mockls.trace.server` setting is read by the client itself (trace of the `mockls` client id).
  client = new LanguageClient("mockls", "mockls", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("mockls.path") && client) {
        await client.stop();
        await activate(context);
      }
    })
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
