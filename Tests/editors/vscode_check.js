// The VS Code extension's own logic (editors/vscode/src/server.ts), in Node: how it finds mockls, what it says when it
// cannot, and how it tells a mockls that stops at start-up. VS Code itself cannot run here (see README, VS Code), so
// this is what `make test` proves of the extension beyond its manifest. Run by Tests/protocol/test_editors.py:
//   node Tests/editors/vscode_check.js
// with MOCKLS_BIN (absolute), MOCKLS_SCRATCH (an empty folder) and MOCKLS_TYPESCRIPT (Debian's typescript module).
// Prints one "ok …" line per check, or "FAIL …" and exits non-zero.
//   node Tests/editors/vscode_check.js json
// checks instead which JSON files the extension serves (run by Tests/protocol/test_editor_json.py): the JSON files of
// Apollo projects and no other, and that its document filters, matched as VS Code matches glob patterns, agree.
"use strict";
const fs = require("fs");
const path = require("path");
const ts = require(process.env.MOCKLS_TYPESCRIPT);

const source = path.resolve(__dirname, "../../editors/vscode/src");
const scratch = process.env.MOCKLS_SCRATCH;
const binary = process.env.MOCKLS_BIN;

function fail(message) {
  console.log(`FAIL ${message}`);
  process.exit(1);
}

function expect(condition, message, detail) {
  if (!condition) {
    fail(`${message}: ${JSON.stringify(detail)}`);
  }
}

// Both sources parse (tsc's syntax check: the `vscode` API's types are not on this machine); server.ts is then run.
for (const file of ["extension.ts", "server.ts"]) {
  const result = ts.transpileModule(fs.readFileSync(path.join(source, file), "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
    reportDiagnostics: true,
    fileName: file,
  });
  expect(result.diagnostics.length === 0, `${file} does not parse`,
    result.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")));
  fs.writeFileSync(path.join(scratch, file.replace(/\.ts$/, ".js")), result.outputText);
}
console.log("ok parses");
const server = require(path.join(scratch, "server.js"));

// VS Code's glob patterns (vs/base/common/glob.ts), the part a document filter's relative pattern uses here: path
// segments, `**`, `*`, `?`, `{…,…}` and `[!…]`, turned into a regular expression as VS Code turns them.
const PATH_REGEX = "[/\\\\]";
const NO_PATH_REGEX = "[^/\\\\]";

function splitGlobAware(pattern, splitChar) {
  const segments = [];
  let inBraces = false;
  let inBrackets = false;
  let current = "";
  for (const char of pattern) {
    if (char === splitChar && !inBraces && !inBrackets) {
      segments.push(current);
      current = "";
      continue;
    }
    if (char === "{") inBraces = true;
    else if (char === "}") inBraces = false;
    else if (char === "[") inBrackets = true;
    else if (char === "]") inBrackets = false;
    current += char;
  }
  if (current) segments.push(current);
  return segments;
}

function escapeRegExpCharacters(value) {
  return value.replace(/[\\{}*+?|^$.[\]()]/g, "\\$&");
}

function globRegExp(pattern) {
  const segments = splitGlobAware(pattern, "/");
  if (segments.every((segment) => segment === "**")) return ".*";
  let regExp = "";
  let previousWasGlobStar = false;
  segments.forEach((segment, index) => {
    if (segment === "**") {
      if (!previousWasGlobStar) {
        const last = index === segments.length - 1;
        regExp += `(?:${PATH_REGEX}|${NO_PATH_REGEX}+${PATH_REGEX}${last ? `|${PATH_REGEX}${NO_PATH_REGEX}+` : ""})*?`;
      }
      previousWasGlobStar = true;
      return;
    }
    let inBraces = false;
    let braceValue = "";
    let inBrackets = false;
    let bracketValue = "";
    for (const char of segment) {
      if (char !== "}" && inBraces) {
        braceValue += char;
        continue;
      }
      if (inBrackets && (char !== "]" || !bracketValue)) {
        bracketValue += char === "-" ? char : (char === "^" || char === "!") && !bracketValue ? "^"
          : char === "/" ? "" : escapeRegExpCharacters(char);
        continue;
      }
      switch (char) {
        case "{": inBraces = true; continue;
        case "[": inBrackets = true; continue;
        case "}":
          regExp += `(?:${splitGlobAware(braceValue, ",").map(globRegExp).join("|")})`;
          inBraces = false;
          braceValue = "";
          break;
        case "]":
          regExp += `[${bracketValue}]`;
          inBrackets = false;
          bracketValue = "";
          break;
        case "?": regExp += NO_PATH_REGEX; continue;
        case "*": regExp += `${NO_PATH_REGEX}*?`; continue;
        default: regExp += escapeRegExpCharacters(char);
      }
    }
    if (index < segments.length - 1 && (segments[index + 1] !== "**" || index + 2 < segments.length)) {
      regExp += PATH_REGEX;
    }
    previousWasGlobStar = false;
  });
  return regExp;
}

// A document filter of the extension's (in the protocol's terms) against a JSON file, as VS Code matches a relative
// pattern: below its base, the rest of the path against the pattern.
function filterMatches(filter, file) {
  const base = require("url").fileURLToPath(filter.pattern.baseUri);
  if (filter.scheme !== "file" || filter.language !== "json" || !file.startsWith(base + path.sep)) return false;
  return new RegExp(`^${globRegExp(filter.pattern.pattern)}$`).test(file.slice(base.length).replace(/^[/\\]+/, ""));
}

async function checkJson() {
  // A repository with an Apollo project, a graphql-config one, JSON outside both; a repository below an Apollo
  // configuration (which is not its); JSON in no repository and no project.
  const files = {
    "repo/.git/HEAD": "", "repo/Bookshelf/apollo-codegen-config.json": "{}", "repo/Other/.graphqlrc.yml": "",
    "above/apollo-codegen-config.json": "{}", "above/repo2/.git/HEAD": "",
  };
  const served = [
    "repo/Bookshelf/apollo-codegen-config.json", "repo/Bookshelf/Tests/Fixtures/BookQuery.json",
    "repo/Bookshelf/Tests/Fixtures/BookQuery.variables.json", "repo/Bookshelf/Tests/Fixtures/package.x.json",
    "repo/Bookshelf/Tests/Fixtures/packages.json", "repo/Bookshelf/Tests/Fixtures/Contents2.json",
    "repo/Bookshelf/Tests/Fixtures/p.json", "repo/Bookshelf/Tests/Fixtures/package-lock2.json",
    "repo/Other/data/response.json",
  ];
  const notServed = [
    "repo/Bookshelf/package.json", "repo/Bookshelf/Tools/package-lock.json", "repo/Bookshelf/tsconfig.json",
    "repo/Bookshelf/App/Assets.xcassets/Contents.json", "repo/outside/settings.json", "repo/settings.json",
    "above/repo2/Fixtures/BookQuery.json", "loose/BookQuery.json",
  ];
  const root = path.join(scratch, "json");
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  for (const file of [...served, ...notServed]) {
    if (!fs.existsSync(path.join(root, file))) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "{}\n");
    }
  }
  const wrong = [...served.filter((file) => !server.servesJson(path.join(root, file))),
    ...notServed.filter((file) => server.servesJson(path.join(root, file)))];
  expect(wrong.length === 0, "servesJson is wrong about", wrong);
  expect(server.apolloProjectFolder(path.join(root, "repo/Bookshelf/Tests/Fixtures/BookQuery.json")) ===
    path.join(root, "repo/Bookshelf"), "the fixture's project", root);
  console.log("ok serves the JSON of Apollo projects");

  // The filters, from the markers VS Code would find in the workspace (here: everything), match what it serves.
  const markers = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (server.PROJECT_MARKERS.includes(entry.name)) markers.push(path.join(dir, entry.name));
    }
  };
  walk(root);
  const uriOf = (folder) => require("url").pathToFileURL(folder).toString();
  const check = (projects, files, what) => {
    const filters = server.jsonDocumentFilters(projects, uriOf);
    const disagree = files.filter((file) =>
      filters.some((filter) => filterMatches(filter, path.join(root, file))) !== server.servesJson(path.join(root, file)));
    expect(disagree.length === 0, `the document filters (${what}) disagree about`, disagree);
  };
  const projects = server.apolloProjects(markers, [root], []);
  expect(JSON.stringify(projects) === JSON.stringify(["above", "repo/Bookshelf", "repo/Other"].map((p) => path.join(root, p))),
    "the projects", projects);
  // (Not `above`'s filter: a repository inside a project's folder, here repo2, is below that filter, which cannot
  // leave it out; the workspace below is repo2 itself, whose JSON the extension rightly leaves alone.)
  check(projects.filter((project) => !project.endsWith("above")), [...served, ...notServed], "the whole tree open");
  // A workspace folder inside a project: its project, found above it. A JSON file of another project, opened from
  // outside the workspace: its project too.
  const inside = server.apolloProjects([], [path.join(root, "repo/Bookshelf/Tests")],
    [path.join(root, "repo/Other/data/response.json"), path.join(root, "repo/outside/settings.json")]);
  expect(JSON.stringify(inside) === JSON.stringify(["repo/Bookshelf", "repo/Other"].map((p) => path.join(root, p))),
    "the projects of a folder inside one, and of an open file", inside);
  check(inside, [...served, ...notServed], "a folder inside a project");
  // A repository below a configuration that is not its own: nothing of it.
  expect(server.apolloProjects([], [path.join(root, "above/repo2")], []).length === 0, "repo2's projects", "");
  console.log("ok document filters match what it serves");
}

if (process.argv[2] === "json") {
  checkJson().catch((error) => fail(error && error.stack ? error.stack : String(error)));
  return; // a CommonJS module's top level may return: the checks below are the other run's
}

(async () => {
  // Found: an absolute path, a path relative to the workspace folder, a name on PATH (the default, `mockls`).
  const bin = path.join(scratch, "bin");
  fs.mkdirSync(bin);
  fs.symlinkSync(binary, path.join(bin, "mockls"));
  expect(server.resolveServerPath(binary, "").path === binary, "an absolute path", binary);
  expect(server.resolveServerPath("bin/mockls", "", scratch).path === path.join(bin, "mockls"), "a relative path", scratch);
  expect(server.resolveServerPath("", `/nowhere:${bin}`).path === path.join(bin, "mockls"), "the default on PATH", bin);
  expect(server.resolveServerPath("mockls", `/nowhere:${bin}`).path === path.join(bin, "mockls"), "a name on PATH", bin);
  console.log("ok finds mockls");

  // Not found: each says what is wrong, naming the setting and the path.
  const text = path.join(scratch, "notes.txt");
  fs.writeFileSync(text, "not a program\n");
  const problems = {
    "does not exist": server.resolveServerPath(path.join(scratch, "missing", "mockls"), bin),
    "is a folder": server.resolveServerPath(bin, bin),
    "is not executable": server.resolveServerPath(text, bin),
  };
  for (const [what, resolved] of Object.entries(problems)) {
    expect(resolved.problem !== undefined && resolved.problem.includes(what) && resolved.problem.includes('"mockls.path"'),
      `a path that ${what}`, resolved);
  }
  const notOnPath = server.resolveServerPath("", "/nowhere");
  expect(notOnPath.problem !== undefined && notOnPath.problem.includes("not on PATH") &&
    notOnPath.problem.includes("/nowhere") && notOnPath.problem.includes('"mockls.path"'), "not on PATH", notOnPath);
  console.log("ok says why not");

  // The real mockls, started as the extension starts it, keeps running: it accepts the arguments.
  const started = await server.startServer(binary, scratch);
  const early = await Promise.race([started.exited, new Promise((resolve) => setTimeout(() => resolve(undefined), 1500))]);
  expect(early === undefined, "mockls exits at once with the extension's arguments", [early, started.stderrTail()]);
  started.child.stdin.end();
  const ended = await started.exited;
  expect(ended.signal === null, "mockls ends when its input closes", ended);
  console.log("ok starts mockls");

  // A server that exits at start-up: one message, with its status and the last line it wrote.
  const dies = path.join(scratch, "dies");
  fs.writeFileSync(dies, "#!/bin/sh\necho 'mockls: warning: starting' >&2\necho 'mockls: error: cannot read the workspace' >&2\nexit 3\n");
  fs.chmodSync(dies, 0o755);
  const dying = await server.startServer(dies, scratch);
  const exit = await dying.exited;
  await new Promise((resolve) => setTimeout(resolve, 100)); // the rest of standard error
  const message = server.startupFailureMessage(dies, exit, dying.stderrTail(), "connection closed");
  expect(message.includes("exited with status 3 at start-up: mockls: error: cannot read the workspace") &&
    message.includes("will not be restarted") && message.includes(dies), "the start-up failure", message);
  console.log("ok start-up failure");

  // Restarts after crashes while serving: three in three minutes, then none; later, again.
  const policy = new server.RestartPolicy();
  const decisions = [0, 10, 20, 30, 40].map((second) => policy.shouldRestart(second * 1000));
  expect(JSON.stringify(decisions) === JSON.stringify([true, true, true, false, false]), "restarts", decisions);
  expect(policy.shouldRestart(10 * 60 * 1000) === true, "a restart ten minutes later", decisions);
  console.log("ok restarts");
})().catch((error) => fail(error && error.stack ? error.stack : String(error)));
