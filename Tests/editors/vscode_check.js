// The VS Code extension's own logic (editors/vscode/src/server.ts), in Node: how it finds mockls, what it says when it
// cannot, and how it tells a mockls that stops at start-up. VS Code itself cannot run here (see README, VS Code), so
// this is what `make test` proves of the extension beyond its manifest. Run by Tests/protocol/test_editors.py:
//   node Tests/editors/vscode_check.js
// with MOCKLS_BIN (absolute), MOCKLS_SCRATCH (an empty folder) and MOCKLS_TYPESCRIPT (Debian's typescript module).
// Prints one "ok …" line per check, or "FAIL …" and exits non-zero.
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
