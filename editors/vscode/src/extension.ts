// Starts mockls for Swift and GraphQL files, and for JSON files inside an Apollo project (response fixtures,
// `X.variables.json`, `apollo-codegen-config.json`: checked against the operations, with quick fixes). Other JSON is
// not sent to it: JSON outside the Apollo projects of the workspace (a project is the folder of an
// apollo-codegen-config.json or graphql-config file), and package.json, package-lock.json, tsconfig.json and
// Contents.json. VS Code runs it beside the Swift extension's sourcekit-lsp and the JSON language server: they answer
// in UTF-16 positions, and VS Code shows all servers' completions, diagnostics and quick fixes together.
// A mockls that is not there, or that stops at start-up, is said once, in one notification, and not restarted; one
// that stops later is restarted at most three times in three minutes.
import * as vscode from "vscode";
import {
  ClientCapabilities,
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandlerResult,
  FeatureState,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  StaticFeature,
} from "vscode-languageclient/node";
import * as path from "path";
import {
  PROJECT_MARKERS,
  RestartPolicy,
  SERVER_ARGS,
  SETTING,
  ServerExit,
  ServerProcess,
  apolloProjectFolder,
  apolloProjects,
  jsonDocumentFilters,
  resolveServerPath,
  servesJson,
  startServer,
  startupFailureMessage,
} from "./server";

/**
 * While mockls has not answered `initialize`, the client's own notifications ("couldn't create connection to
 * server", "Connection to server got closed") go to the output only: the extension says what went wrong, once.
 */
class MocklsClient extends LanguageClient {
  public error(message: string, data?: unknown, showNotification: boolean | "force" = true): void {
    super.error(message, data, this.isRunning() ? showNotification : false);
  }
}

/**
 * Tells mockls which of its commands this client runs itself: "Copy the JSON response" (a code action on the line of
 * an `X.Data.from(mock)`) asks `mockls/response` and puts the answer on the clipboard; a coverage lens's tests (on a
 * field of a GraphQL document) open in VS Code's peek view.
 */
class MocklsCommandsFeature implements StaticFeature {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    capabilities.experimental = { ...(capabilities.experimental ?? {}), mocklsCommands: [COPY_RESPONSE, SHOW_TESTS, SHOW_READS] };
  }
  initialize(): void {}
  getState(): FeatureState {
    return { kind: "static" };
  }
  clear(): void {}
}

const COPY_RESPONSE = "mockls.copyResponse";
const SHOW_TESTS = "mockls.showTests";
const SHOW_READS = "mockls.showReads";

let output: vscode.OutputChannel;
let watcher: vscode.FileSystemWatcher;
let client: MocklsClient | undefined;
let server: ServerProcess | undefined;
const restarts = new RestartPolicy();
// The Apollo projects whose JSON files the running client serves.
let projects: string[] = [];
let refreshing: Promise<void> = Promise.resolve();

/** The Apollo projects of the workspace, of its folders, and of the JSON files open now. */
async function findProjects(): Promise<string[]> {
  const markers = await vscode.workspace.findFiles(
    `**/{${PROJECT_MARKERS.join(",")}}`,
    "**/{node_modules,.build,DerivedData,Pods,.git}/**",
    1000
  );
  const openJson = vscode.workspace.textDocuments
    .filter((document) => document.uri.scheme === "file" && document.languageId === "json")
    .map((document) => document.uri.fsPath);
  return apolloProjects(
    markers.map((uri) => uri.fsPath),
    (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath),
    openJson
  );
}

function refreshOnMarker(uri: vscode.Uri): void {
  if (PROJECT_MARKERS.includes(path.basename(uri.fsPath))) {
    refreshProjects();
  }
}

/** A project appeared (a JSON file of one opened, a configuration created) or went: the client starts again with it. */
function refreshProjects(): void {
  refreshing = refreshing.then(async () => {
    const found = await findProjects();
    if (client !== undefined && found.join("\n") !== projects.join("\n")) {
      output.appendLine(`Apollo projects now: ${found.join(", ") || "none"}`);
      await restart();
    }
  }).catch((error) => output.appendLine(`mockls: ${error instanceof Error ? error.message : String(error)}`));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("mockls");
  watcher = vscode.workspace.createFileSystemWatcher(
    "**/{*.graphql,*.graphqls,*.gql,*.json,apollo-codegen-config.json,.graphqlrc*,graphql.config.*,Package.resolved}"
  );
  context.subscriptions.push(
    output,
    watcher,
    vscode.commands.registerCommand("mockls.restartServer", restart),
    vscode.commands.registerCommand(COPY_RESPONSE, copyResponse),
    vscode.commands.registerCommand(SHOW_TESTS, showLocations),
    vscode.commands.registerCommand(SHOW_READS, showLocations),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SETTING)) {
        void restart();
      }
    }),
    // A JSON file of an Apollo project the client does not serve yet (one outside the workspace folders).
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (document.uri.scheme === "file" && document.languageId === "json" && servesJson(document.uri.fsPath)) {
        const project = apolloProjectFolder(document.uri.fsPath);
        if (project !== undefined && !projects.includes(project)) {
          refreshProjects();
        }
      }
    }),
    // A configuration created or deleted.
    watcher.onDidCreate(refreshOnMarker),
    watcher.onDidDelete(refreshOnMarker)
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

async function stop(): Promise<void> {
  const stopping = client;
  const stoppingServer = server;
  client = undefined;
  server = undefined;
  try {
    await stopping?.dispose();
  } catch {
    // A client whose start failed cannot be stopped: its process is ended below.
  }
  stoppingServer?.child.kill();
}

async function start(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const resolved = resolveServerPath(vscode.workspace.getConfiguration("mockls").get<string>("path"), process.env.PATH, folder);
  if ("problem" in resolved) {
    report(resolved.problem);
    return;
  }
  const command = resolved.path;
  projects = await findProjects();
  output.appendLine(`Starting ${command} ${SERVER_ARGS.join(" ")}${folder ? ` in ${folder}` : ""}` +
    (projects.length > 0 ? `, for the JSON files of ${projects.join(", ")}` : ""));
  let answered = false;
  const serverOptions: ServerOptions = async () => {
    const started = await startServer(command, folder);
    server = started;
    return started.child;
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "swift" },
      { scheme: "file", language: "graphql" },
      // JSON: only below the Apollo projects, and not package.json and the like (a pattern of the names it serves).
      ...jsonDocumentFilters(projects, (project) => vscode.Uri.file(project).toString()),
    ],
    outputChannel: output,
    synchronize: { fileEvents: watcher },
    // A failed `initialize` is not retried: start() below says why, once.
    initializationFailedHandler: () => false,
    errorHandler: {
      error: (_error, _message, count): ErrorHandlerResult => ({
        action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown,
        handled: true,
      }),
      closed: (): CloseHandlerResult => {
        if (!answered) {
          return { action: CloseAction.DoNotRestart, handled: true };
        }
        if (restarts.shouldRestart()) {
          return { action: CloseAction.Restart, message: "mockls stopped: starting it again", handled: true };
        }
        const message = 'mockls stopped four times in three minutes and will not be restarted: see the "mockls" ' +
          'output, then run "mockls: Restart Server".';
        report(message);
        return { action: CloseAction.DoNotRestart, message, handled: true };
      },
    },
  };
  const created = new MocklsClient("mockls", "mockls", serverOptions, clientOptions);
  created.registerFeature(new MocklsCommandsFeature());
  client = created;
  try {
    await created.start();
    answered = true;
  } catch (error) {
    if (client !== created) {
      return; // stopped meanwhile: the setting changed
    }
    const failed = server;
    const reason = error instanceof Error ? error.message : String(error);
    if (failed === undefined) {
      report(reason); // it could not be started at all
      return;
    }
    const exit = await Promise.race([failed.exited, delay(1000)]);
    if (exit === undefined) {
      failed.child.kill();
    }
    report(startupFailureMessage(command, exit, failed.stderrTail(), reason));
  }
}

/** "Copy the JSON response": what mockls writes for the mock at the position, on the clipboard. */
async function copyResponse(uri: string, position: { line: number; character: number }): Promise<void> {
  if (!client) {
    void vscode.window.showErrorMessage("mockls is not running: run \"mockls: Restart Server\".");
    return;
  }
  try {
    const result = await client.sendRequest<{ name: string; json: string }>("mockls/response", { textDocument: { uri }, position });
    await vscode.env.clipboard.writeText(result.json);
    void vscode.window.showInformationMessage(`Copied the JSON response of ${result.name}.`);
  } catch (error) {
    void vscode.window.showErrorMessage(`mockls: ${error instanceof Error ? error.message : String(error)}`);
  }
}

interface WirePosition {
  line: number;
  character: number;
}

/** A coverage lens's places (the tests that set or read the field, or the app's reads of it), in the peek view. */
async function showLocations(
  uri: string,
  position: WirePosition,
  locations: Array<{ uri: string; range: { start: WirePosition; end: WirePosition } }>
): Promise<void> {
  const at = (p: WirePosition) => new vscode.Position(p.line, p.character);
  await vscode.commands.executeCommand(
    "editor.action.showReferences",
    vscode.Uri.parse(uri),
    at(position),
    locations.map((l) => new vscode.Location(vscode.Uri.parse(l.uri), new vscode.Range(at(l.range.start), at(l.range.end))))
  );
}

function delay(milliseconds: number): Promise<ServerExit | undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), milliseconds));
}

/** One notification, also written to the output, with the two places to go from it. */
function report(message: string): void {
  output.appendLine(message);
  void vscode.window.showErrorMessage(message, "Open Settings", "Show Output").then((choice) => {
    if (choice === "Open Settings") {
      void vscode.commands.executeCommand("workbench.action.openSettings", SETTING);
    } else if (choice === "Show Output") {
      output.show(true);
    }
  });
}
