// Where mockls is, how it is started, and what to tell the user when it is not there or stops at once. No `vscode`
// import here: `make test` runs this file in Node (Tests/protocol/test_editors.py).
import { ChildProcess, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export const SETTING = "mockls.path";

/** The arguments the extension starts mockls with: `serve` is its default subcommand, `--stdio` its only transport. */
export const SERVER_ARGS = ["--stdio"];

export type ServerPath = { path: string } | { problem: string };

/**
 * The executable the setting names: a path (absolute, `~/…`, or relative to `base`, the workspace folder) is taken
 * as it is; a bare name (the default, `mockls`) is looked up on `searchPath`, the PATH VS Code was started with.
 */
export function resolveServerPath(setting: string | undefined, searchPath: string | undefined, base?: string): ServerPath {
  const configured = (setting ?? "").trim();
  const name = configured === "" ? "mockls" : configured;
  if (name.includes("/") || name.includes(path.sep) || path.isAbsolute(name) || name === "~") {
    const expanded = name === "~" || name.startsWith("~/") ? path.join(os.homedir(), name.slice(1)) : name;
    const file = path.resolve(base ?? process.cwd(), expanded);
    const problem = executableProblem(file);
    if (problem === undefined) {
      return { path: file };
    }
    return {
      problem: `mockls: the setting "${SETTING}" names ${file}, which ${problem}. Set it to the mockls executable ` +
        "(`make install` puts it in /usr/local/bin), or clear it to use mockls from PATH.",
    };
  }
  for (const folder of (searchPath ?? "").split(path.delimiter)) {
    if (folder !== "" && executableProblem(path.join(folder, name)) === undefined) {
      return { path: path.join(folder, name) };
    }
  }
  return {
    problem: `mockls: "${name}" is not on PATH (${searchPath || "empty"}). Install mockls (\`make install\`), or set ` +
      `"${SETTING}" to its absolute path.`,
  };
}

function executableProblem(file: string): string | undefined {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch {
    return "does not exist";
  }
  if (stats.isDirectory()) {
    return "is a folder, not the mockls executable";
  }
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    return "is not executable";
  }
  return undefined;
}

export interface ServerExit {
  code: number | null;
  signal: string | null;
}

/** A started mockls: the process, when it exits, and the end of what it wrote to standard error. */
export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<ServerExit>;
  stderrTail(): string;
}

/** Starts mockls; rejects, saying why, when the process cannot be started at all (a file that is no program). */
export function startServer(command: string, cwd?: string): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, SERVER_ARGS, { cwd, stdio: "pipe" });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer | string) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const exited = new Promise<ServerExit>((done) => child.on("exit", (code, signal) => done({ code, signal })));
    child.once("spawn", () => resolve({ child, exited, stderrTail: () => stderr }));
    child.on("error", (error) => reject(new Error(`mockls: ${command} could not be started: ${error.message}`)));
  });
}

/**
 * The one notification for a mockls that stopped before it answered `initialize` (`exit`), or that is still running
 * but did not start (`exit` undefined: `reason`, the client's error, says why).
 */
export function startupFailureMessage(command: string, exit: ServerExit | undefined, stderr: string, reason: string): string {
  const lastLine = stderr.split("\n").map((line) => line.trim()).filter((line) => line !== "").pop();
  const how = exit === undefined ? `did not start (${reason})`
    : exit.signal !== null ? `was killed by ${exit.signal} at start-up`
    : `exited with status ${exit.code} at start-up`;
  return `mockls (${command}) ${how}${lastLine ? `: ${lastLine}` : ""}. It will not be restarted: see the "mockls" ` +
    `output, fix "${SETTING}" or the cause, then run "mockls: Restart Server".`;
}

/**
 * After mockls stopped while serving: start it again, up to `limit` times in `windowMs`; past that it stays
 * stopped (a server that crashes on every request must not restart forever).
 */
export class RestartPolicy {
  private crashes: number[] = [];

  constructor(private readonly limit = 3, private readonly windowMs = 3 * 60 * 1000) {}

  shouldRestart(now: number = Date.now()): boolean {
    this.crashes = this.crashes.filter((time) => now - time < this.windowMs);
    this.crashes.push(now);
    return this.crashes.length <= this.limit;
  }
}

// JSON files inside an Apollo project: response fixtures, `X.variables.json`, the configuration itself.

/** A folder holding one of these is an Apollo project (or a graphql-config one). */
export const PROJECT_MARKERS = [
  "apollo-codegen-config.json",
  ".graphqlrc",
  ".graphqlrc.yml",
  ".graphqlrc.yaml",
  ".graphqlrc.json",
  "graphql.config.yml",
  "graphql.config.yaml",
  "graphql.config.json",
];

/** JSON files that are never a response fixture (mockls ignores them too). */
export const IGNORED_JSON = ["package.json", "package-lock.json", "tsconfig.json", "Contents.json"];

function fileExists(file: string): boolean {
  return fs.existsSync(file);
}

/**
 * The Apollo project `file` is in: the nearest folder at or above the file's own that holds one of PROJECT_MARKERS,
 * not looking past the repository's top (a folder with `.git`) or the file system's root; undefined when there is
 * none. `folder` true: `file` is a folder, and the search starts there.
 */
export function apolloProjectFolder(file: string, exists = fileExists, folder = false): string | undefined {
  let dir = folder ? path.resolve(file) : path.dirname(path.resolve(file));
  for (;;) {
    if (PROJECT_MARKERS.some((marker) => exists(path.join(dir, marker)))) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir || exists(path.join(dir, ".git"))) {
      return undefined;
    }
    dir = parent;
  }
}

/** Whether mockls serves the JSON file `file`: one inside an Apollo project, other than IGNORED_JSON. */
export function servesJson(file: string, exists = fileExists): boolean {
  const name = path.basename(file);
  return name.endsWith(".json") && !IGNORED_JSON.includes(name) && apolloProjectFolder(file, exists) !== undefined;
}

/**
 * A glob of one path segment: the `.json` file names other than `excluded` (each `<stem>.json`). VS Code's globs have
 * no negation but that of a character class (`[!…]`), so the names are spelled out as alternatives, from the tree of
 * the excluded stems: at each prefix of one, the prefix itself (when it is no excluded stem), the names that turn away
 * from every excluded stem at the next character, and, past a whole excluded stem with nothing longer excluded, the
 * longer names.
 */
export function jsonNamesExcept(excluded: string[]): string {
  const stems = excluded.map((name) => name.slice(0, -".json".length));
  const alternatives: string[] = [];
  const visit = (prefix: string): void => {
    const next = [...new Set(stems.filter((stem) => stem.length > prefix.length && stem.startsWith(prefix))
      .map((stem) => stem[prefix.length]))].sort((a, b) => (a === "-" ? -1 : b === "-" ? 1 : a < b ? -1 : 1));
    if (prefix !== "" && !stems.includes(prefix)) {
      alternatives.push(prefix);
    }
    if (next.length === 0) {
      alternatives.push(`${prefix}?*`);
      return;
    }
    alternatives.push(`${prefix}[!${next.join("")}]*`); // `-` first: not a range
    next.forEach((character) => visit(prefix + character));
  };
  visit("");
  return `{${alternatives.map((alternative) => `${alternative}.json`).join(",")}}`;
}

/** The pattern, relative to an Apollo project's folder, of the JSON files mockls serves in it. */
export const JSON_FILES_PATTERN = `**/${jsonNamesExcept(IGNORED_JSON)}`;

/**
 * The Apollo projects to serve JSON files of: the folders of the project markers found in the workspace
 * (`markerFiles`), the project each workspace folder is in, and the project of each open JSON file mockls serves.
 */
export function apolloProjects(markerFiles: string[], workspaceFolders: string[], openJsonFiles: string[],
  exists = fileExists): string[] {
  const projects = new Set(markerFiles.map((file) => path.dirname(path.resolve(file))));
  for (const folder of workspaceFolders) {
    const project = apolloProjectFolder(folder, exists, true);
    if (project !== undefined) {
      projects.add(project);
    }
  }
  for (const file of openJsonFiles) {
    const project = servesJson(file, exists) ? apolloProjectFolder(file, exists) : undefined;
    if (project !== undefined) {
      projects.add(project);
    }
  }
  return [...projects].sort();
}

/** A document filter (in the protocol's terms, which vscode-languageclient takes) for each project's JSON files. */
export function jsonDocumentFilters(projects: string[], uriOf: (folder: string) => string):
  Array<{ scheme: string; language: string; pattern: { baseUri: string; pattern: string } }> {
  return projects.map((project) => ({
    scheme: "file",
    language: "json",
    pattern: { baseUri: uriOf(project), pattern: JSON_FILES_PATTERN },
  }));
}
