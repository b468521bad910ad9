"""Workspaces that used to end, hang or bloat mockls: deep nesting, link loops, re-announced folders, bursts of file
events, missing output folders. Each runs the real binary, as `mockls check` and as the server."""

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from lsp_stdio import MocklsProcess, mockls_binary
from scenarios import SCENARIOS, require_scenarios
from shared import require_shared

DEPTH = 100_000
SHAPES = {
    # Selection sets, list and object argument values, input-object values, list types in a schema.
    "selections.graphql": "query Deep " + "{ a " * DEPTH + "}" * DEPTH + "\nquery Shallow { id }\n",
    "arguments.graphql": "query Args { f(x: " + "[{a: " * DEPTH + "}]" * DEPTH + ") { id } }\nquery Shallow2 { id }\n",
    "objects.graphql": "query Objects { f(x: " + "{a: " * DEPTH + "}" * DEPTH + ") { id } }\n",
    "types.graphqls": "type Deep { f: " + "[" * DEPTH + "Int" + "]" * DEPTH + " }\n",
}
SCHEMA = "type Query { id: ID a: Query f(x: In): Query }\ninput In { a: In }\n"
DEEP_SWIFT = "import ApolloTestSupport\nfunc testDeep() {\n  let x = " + "(" * DEPTH + "1" + ")" * DEPTH + "\n}\n"


def check(folder: Path, *args, timeout=120):
    return subprocess.run([mockls_binary(), "check", "--workspace", str(folder), "--format", "json", *args],
                          capture_output=True, text=True, timeout=timeout)


def deep_workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "schema.graphqls").write_text(SCHEMA)
    for name, text in SHAPES.items():
        (folder / name).write_text(text)
    (folder / "Deep.swift").write_text(DEEP_SWIFT)
    return folder


def test_deep_nesting_in_check(tmp_path):
    folder = deep_workspace(tmp_path)
    result = check(folder)
    assert result.returncode == 1, result.stderr[-2000:]
    records = json.loads(result.stdout)
    deep = [r for r in records if "nested more than 500 levels" in r["message"]]
    # One diagnostic at the spot per shape, and nothing else about the skipped nesting.
    assert sorted(r["file"] for r in deep) == sorted(SHAPES), records
    assert all(r["code"] == "syntax" for r in deep)
    assert len(records) < 20, records
    # Every other definition is kept: the shallow operations after the deep ones are read and valid.
    assert not any(r["file"] == "selections.graphql" and r["line"] == 2 for r in records)


def test_fragment_chains_and_deep_valid_selections_in_check(tmp_path):
    """A chain of 20,000 fragments, each spreading the next, and a valid operation 495 levels deep, read from a test:
    the selection-set builder recurses through both."""
    folder = tmp_path / "chain"
    folder.mkdir()
    (folder / "schema.graphqls").write_text("type Query { dog: Dog }\ntype Dog { id: ID friend: Dog }\n")
    chain = ["query Q { dog { ...F0 } }"] + [f"fragment F{i} on Dog {{ id ...F{i + 1} }}" for i in range(19_999)]
    chain.append("fragment F19999 on Dog { id }")
    (folder / "chain.graphql").write_text("\n".join(chain) + "\n")
    depth = 495
    (folder / "deep.graphql").write_text("query D { dog " + "{ friend " * depth + "{ id }" + " }" * depth + " }\n")
    (folder / "T.swift").write_text(
        "import ApolloTestSupport\nfunc testQ() {\n"
        "  let q = QQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: \"1\")))\n  _ = q.dog?.fragments.f0.id\n"
        "  let d = DQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: \"1\")))\n  _ = d.dog?.friend?.friend?.friend\n}\n")
    result = check(folder, timeout=120)
    assert result.returncode in (0, 1), result.stderr[-2000:]
    json.loads(result.stdout)


def start_server(folder: Path, trace=True) -> MocklsProcess:
    server = MocklsProcess()
    server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "capabilities": {"workspace": {"workspaceFolders": True}}, "rootUri": folder.as_uri(),
        "trace": "messages" if trace else "off"}})
    assert "result" in server.receive(timeout=30)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    return server


def shutdown(server: MocklsProcess):
    server.send({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
    while server.receive(timeout=30).get("id") != 999:
        pass
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.wait(timeout=30) == 0


def open_document(server: MocklsProcess, path: Path, text: str, language="graphql", version=1):
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": path.as_uri(), "languageId": language, "version": version, "text": text}}})


def test_deep_nesting_in_the_server(tmp_path):
    folder = deep_workspace(tmp_path)
    server = start_server(folder)
    try:
        server.wait_for_log("indexed 1 project(s)")
        # Opened by the client too, as a GraphQL document and as a Swift test file.
        open_document(server, folder / "opened.graphql", SHAPES["selections.graphql"])
        open_document(server, folder / "Deep.swift", DEEP_SWIFT, language="swift")
        # The workspace's documents are published in the order of their URIs, and the open may supersede the
        # first indexing's publication: wait for every one, not for the opened one to come last.
        expected = set(SHAPES) | {"opened.graphql"}
        deadline = time.time() + 60
        seen = set()
        while time.time() < deadline and not seen >= expected:
            message = server.receive(timeout=max(deadline - time.time(), 0.1))
            if message.get("method") == "textDocument/publishDiagnostics":
                if any("nested more than 500" in d["message"] for d in message["params"]["diagnostics"]):
                    seen.add(Path(message["params"]["uri"]).name)
        assert seen >= expected, seen
        server.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/completion", "params": {
            "textDocument": {"uri": (folder / "Deep.swift").as_uri()}, "position": {"line": 2, "character": 10}}})
        while (reply := server.receive(timeout=60)).get("id") != 5:
            pass
        assert "result" in reply
        shutdown(server)
    finally:
        server.kill()


def loop_workspace(tmp_path: Path, configured: bool) -> Path:
    folder = tmp_path / ("configured" if configured else "bare")
    (folder / "graphql").mkdir(parents=True)
    (folder / "graphql" / "schema.graphqls").write_text("type Query { id: ID name: String }\n")
    (folder / "graphql" / "Q.graphql").write_text("query Q { id nam }\n")
    (folder / "graphql" / "loop").symlink_to(".")
    (folder / "graphql" / "up").symlink_to("..")
    if configured:
        (folder / "apollo-codegen-config.json").write_text(json.dumps({
            "schemaNamespace": "Loops",
            "input": {"schemaSearchPaths": ["**/*.graphqls"], "operationSearchPaths": ["**/*.graphql"]}}))
    return folder


@pytest.mark.parametrize("configured", [True, False], ids=["globs", "folder-discovery"])
def test_link_loops_in_check(tmp_path, configured):
    folder = loop_workspace(tmp_path, configured)
    result = check(folder, timeout=60)
    records = json.loads(result.stdout)
    # Each document is read once, whatever links lead to it: one unknown field, not one per path.
    assert [(r["file"], r["code"]) for r in records] == [("graphql/Q.graphql", "unknown-field")], records


@pytest.mark.parametrize("configured", [True, False], ids=["globs", "folder-discovery"])
def test_link_loops_in_the_server(tmp_path, configured):
    folder = loop_workspace(tmp_path, configured)
    server = start_server(folder)
    try:
        log = server.wait_for_log("indexed", timeout=60)
        assert "indexed 1 project(s), 2 GraphQL document(s)" in log["params"]["message"], log
        shutdown(server)
    finally:
        server.kill()


def resident_kilobytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def bench_workspace(tmp_path: Path) -> Path:
    """GitHub's schema and operations (../shared/bench), as a project: large enough that copies would show."""
    source = require_shared("bench/github")
    folder = tmp_path / "github"
    shutil.copytree(source, folder)
    (folder / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "GitHub",
        "input": {"schemaSearchPaths": ["schema.graphqls"], "operationSearchPaths": ["operations-githawk/**/*.graphql"]}}))
    tests = folder / "Tests"
    tests.mkdir()
    (tests / "RepoTests.swift").write_text(
        "import XCTest\nimport ApolloTestSupport\n\nfinal class RepoTests: XCTestCase {\n"
        "  func testRepo() {\n    let repo = Mock<Repository>(\n  }\n}\n")
    return folder


def test_re_adding_an_open_folder_changes_nothing(tmp_path):
    folder = bench_workspace(tmp_path)
    broken = folder / "operations-githawk" / "Broken.graphql"
    broken.write_text("query Broken { viewer { loginn } }\n")
    server = start_server(folder)
    try:
        published = {}

        def wait_for_diagnostics(uri, predicate, timeout=60.0):
            deadline = time.time() + timeout
            while time.time() < deadline:
                if uri in published and predicate(published[uri]):
                    return
                message = server.receive(timeout=deadline - time.time(), skip_logs=False)
                if message.get("method") == "textDocument/publishDiagnostics":
                    published[message["params"]["uri"]] = message["params"]["diagnostics"]
            raise AssertionError(f"no such diagnostics for {uri}: {published.get(uri)}")

        wait_for_diagnostics(broken.as_uri(), lambda found: any("loginn" in d["message"] for d in found))
        before = resident_kilobytes(server.process.pid)
        folder_event = {"uri": folder.as_uri(), "name": "github"}
        inner_event = {"uri": (folder / "Tests").as_uri(), "name": "tests"}
        for index in range(100):
            added = [folder_event] if index % 2 == 0 else [inner_event, {"uri": folder.as_uri() + "/", "name": "again"}]
            server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders",
                         "params": {"event": {"added": added, "removed": []}}})
        # The configuration rewritten on disk (the server watches the folders of a client that watches nothing):
        # it loads again, and finds one project still.
        configuration = folder / "apollo-codegen-config.json"
        configuration.write_text(configuration.read_text())
        log = server.wait_for_log("indexed")
        assert "indexed 1 project(s)" in log["params"]["message"], log
        after = resident_kilobytes(server.process.pid)
        assert after < before * 1.3 + 10_000, (before, after)
        # Removing every folder drops the project: its documents' diagnostics are cleared. (The inner folder alone
        # would keep it: a folder without a configuration belongs to the project configured above it.)
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders",
                     "params": {"event": {"added": [], "removed": [folder_event, inner_event]}}})
        published.pop(broken.as_uri(), None)
        wait_for_diagnostics(broken.as_uri(), lambda found: found == [])
        shutdown(server)
    finally:
        server.kill()


def start_with_open_test_file(tmp_path):
    """A server on the GitHub corpus workspace, indexed, with its Swift test file open."""
    folder = bench_workspace(tmp_path)
    server = start_server(folder)
    test_file = folder / "Tests" / "RepoTests.swift"
    try:
        server.wait_for_log("indexed 1 project(s)")
        open_document(server, test_file, test_file.read_text(), language="swift")
    except BaseException:
        server.kill()
        raise
    return folder, server, test_file


def test_a_burst_of_file_events_keeps_completion_and_open_text(tmp_path):
    folder, server, test_file = start_with_open_test_file(tmp_path)
    try:
        # An operation open in the editor, with a field the file on disk does not have.
        operations = sorted((folder / "operations-githawk").rglob("*.graphql"))
        opened = operations[0]
        editor_text = opened.read_text() + "\nquery EditorOnly { viewer { loginn } }\n"
        open_document(server, opened, editor_text)
        # A checkout rewrites every operation on disk (the open one included) and announces them at once.
        for operation in operations:
            operation.write_text(operation.read_text() + "\n")
        events = [{"uri": operation.as_uri(), "type": 2} for operation in operations]
        events = (events * (320 // len(events) + 1))[:320]
        id = 100
        answered = []
        latest = {}

        def complete():
            nonlocal id
            id += 1
            server.send({"jsonrpc": "2.0", "id": id, "method": "textDocument/completion", "params": {
                "textDocument": {"uri": test_file.as_uri()}, "position": {"line": 5, "character": 30}}})
            while (reply := server.receive(timeout=30)).get("id") != id:
                if reply.get("method") == "textDocument/publishDiagnostics":
                    latest[reply["params"]["uri"]] = reply["params"]["diagnostics"]
            return reply

        for start in range(0, 320, 16):
            server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                         "params": {"changes": events[start:start + 16]}})
            answered.append(len(complete()["result"]["items"]))
        assert min(answered) > 0, answered
        # The open operation is indexed from the editor's text, not from the disk: once the burst is indexed, its
        # diagnostics still name the field only the editor's text has.
        deadline = time.time() + 30
        found = False
        while time.time() < deadline and not found:
            time.sleep(0.5)
            complete()
            found = any("loginn" in d["message"] for d in latest.get(opened.as_uri(), []))
        assert found, "the editor's text of the open operation was replaced by the disk's"
        shutdown(server)
    finally:
        server.kill()


def test_requests_on_other_files_are_answered_while_a_huge_document_indexes(tmp_path):
    folder, server, test_file = start_with_open_test_file(tmp_path)
    try:
        completion = {"textDocument": {"uri": test_file.as_uri()}, "position": {"line": 5, "character": 30}}
        server.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/completion", "params": completion})
        while server.receive(timeout=30).get("id") != 1:
            pass
        # A generated document of 20 MB (about 300,000 operations) opened in the editor.
        huge = "".join(f"query Huge{i} {{ viewer {{ login name }} }}\n" for i in range(300_000))
        open_document(server, folder / "operations-githawk" / "Huge.graphql", huge)
        started = time.time()
        server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": completion})
        while (reply := server.receive(timeout=60)).get("id") != 2:
            pass
        assert reply["result"]["items"], reply
        assert time.time() - started < 5, time.time() - started
        shutdown(server)
    finally:
        server.kill()


def test_output_folders_are_created_and_errors_are_one_line(tmp_path):
    require_scenarios()
    workspace = SCENARIOS / "animalkingdom"
    target = tmp_path / "Missing" / "Folder" / "Placeholders.swift"
    result = subprocess.run([mockls_binary(), "placeholders", "--workspace", str(workspace), "--output", str(target)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert target.read_text().startswith("// @generated by mockls")
    blocker = tmp_path / "file"
    blocker.write_text("")
    for command in (["placeholders", "--output", str(blocker / "P.swift")], ["mocks", "--format", "swift", "--output", str(blocker)]):
        result = subprocess.run([mockls_binary(), *command, "--workspace", str(workspace)],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, result
        lines = result.stderr.strip().splitlines()
        assert lines == [f"mockls: {blocker}: exists and is not a folder"], lines


def test_thousands_of_folders_that_do_not_exist_cost_a_log_line_of_the_change(tmp_path):
    """Issue 45: a client adding folders that do not exist, one at a time, made every change cost time and a log line
    in proportion to all the folders (each change logged every folder: a thousand changes, 13 MB of log). Now a change
    logs its count and what it added or removed, and the server keeps serving."""
    bookshelf = Path(__file__).resolve().parents[2] / "Examples" / "Bookshelf"
    server = start_server(bookshelf)
    try:
        server.wait_for_log("indexed")
        count = 1000
        for index in range(count):
            server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": {
                "added": [{"uri": f"file:///nonexistent/folder{index}", "name": f"f{index}"}], "removed": []}}})
        log = server.wait_for_log(f"workspace folders: {count + 1};")
        # The last change logged may hold several of the announced ones (changes queued meanwhile are merged): it
        # names a few of what it added, whichever they are.
        assert len(log["params"]["message"]) < 300 and "added /nonexistent/folder" in log["params"]["message"], log
        removed = [{"uri": f"file:///nonexistent/folder{index}", "name": f"f{index}"} for index in range(count)]
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": {"added": [], "removed": removed}}})
        log = server.wait_for_log("workspace folders: 1;")
        assert f"and {count - 3} more" in log["params"]["message"] and len(log["params"]["message"]) < 300, log
        query = bookshelf / "graphql" / "BookQuery.graphql"
        server.open_document(query, "graphql")
        assert "result" in server.request("textDocument/documentSymbol", {"textDocument": {"uri": query.as_uri()}})
        shutdown(server)
    finally:
        server.kill()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.parametrize("uri", ["file://", "file://?x", "file://localhost", "file:relative/folder"])
def test_a_folder_uri_without_a_path_ends_its_walk(tmp_path, uri):
    """Issue 62: a folder whose URI has an empty path set a thread spinning in the walk up to the enclosing
    configuration (15 CPU-seconds in 15 s, until the server exited). Now such a folder is no folder: the change is
    taken, nothing is walked, and the server sits idle and keeps serving."""
    bookshelf = Path(__file__).resolve().parents[2] / "Examples" / "Bookshelf"
    server = start_server(bookshelf)
    try:
        server.wait_for_log("indexed")
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": {
            "added": [{"uri": uri, "name": "w"}], "removed": []}}})
        query = bookshelf / "graphql" / "BookQuery.graphql"
        server.open_document(query, "graphql")
        assert "result" in server.request("textDocument/documentSymbol", {"textDocument": {"uri": query.as_uri()}})
        before = cpu_seconds(server.process.pid)
        time.sleep(2)
        spent = cpu_seconds(server.process.pid) - before
        assert spent < 0.5, f"the server spent {spent:.2f} CPU-seconds idle after {uri!r} was added"
        shutdown(server)
    finally:
        server.kill()
