"""What a new user meets first: a folder without a project, and the scenarios opened from any folder inside them."""

import json
import subprocess
import time
from pathlib import Path

from lsp_stdio import MocklsProcess, mockls_binary
from scenarios import expected, workspace


def start(folder: Path) -> MocklsProcess:
    server = MocklsProcess()
    server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}, "rootUri": folder.as_uri()}})
    assert "result" in server.receive(timeout=30)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    return server


def open_file(server: MocklsProcess, path: Path):
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": path.as_uri(), "languageId": "swift", "version": 1, "text": path.read_text()}}})


def messages_until(server: MocklsProcess, done, settle: float = 1.5, timeout: float = 60) -> list:
    """The server's messages until `done(messages)` holds (they follow the first indexing, however long a busy machine
    takes), then for `settle` seconds more: what should come only once, or never, has the time to show."""
    found = []

    def read(seconds: float, until=lambda messages: False):
        deadline = time.time() + seconds
        while time.time() < deadline and not until(found):
            try:
                found.append(server.receive(timeout=max(0.01, deadline - time.time()), skip_logs=False))
            except AssertionError:
                return

    read(timeout, until=done)
    read(settle)
    return found


def shown_message(messages: list) -> bool:
    return any(m.get("method") == "window/showMessage" for m in messages)


def published_for(path: Path):
    """Whether `messages` hold a publication for `path` (and a shown message)."""
    return lambda messages: shown_message(messages) and any(
        m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == path.as_uri() for m in messages)


def test_a_test_file_of_no_project_is_told_once_and_gets_no_diagnostics(tmp_path):
    (tmp_path / ".git").mkdir()
    tests = tmp_path / "Tests"
    tests.mkdir()
    for name in ["DogTests", "CatTests"]:
        (tests / f"{name}.swift").write_text("import XCTest\nimport ApolloTestSupport\nlet dog = Mock<Dog>(speceis: \"Lab\")\n")
    server = start(tmp_path)
    try:
        open_file(server, tests / "DogTests.swift")
        open_file(server, tests / "CatTests.swift")
        messages = messages_until(server, shown_message)
        shown = [m for m in messages if m.get("method") == "window/showMessage"]
        assert len(shown) == 1, shown
        assert "no Apollo project" in shown[0]["params"]["message"] and shown[0]["params"]["type"] == 2
        published = [m for m in messages if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["diagnostics"]]
        assert published == [], published
    finally:
        server.kill()


def test_the_scenario_opened_from_its_test_folder_reports_exactly_its_diagnostics():
    folder = workspace("animalkingdom", Path("/unused"))
    inner = folder / "Tests" / "AnimalKingdomTests"
    test_file = inner / "AnimalTests.swift"
    server = start(inner)
    try:
        open_file(server, test_file)
        deadline = time.time() + 60
        diagnostics = None
        while time.time() < deadline:
            message = server.receive(timeout=deadline - time.time(), skip_logs=False)
            assert message.get("method") != "window/showMessage", message
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == test_file.as_uri():
                diagnostics = message["params"]["diagnostics"]
                if diagnostics:
                    break
        lines = sorted((d["range"]["start"]["line"] + 1, d["code"]) for d in diagnostics or [])
        wanted = sorted((e["line"], e["code"]) for e in expected("animalkingdom") if e["file"].endswith("AnimalTests.swift"))
        assert lines == wanted
    finally:
        server.kill()


def test_a_configured_project_without_a_schema_says_so(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "apollo-codegen-config.json").write_text(
        '{"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["*.graphql"]}}')
    # The schema the configuration names is not there (not generated yet, a wrong path).
    tests = tmp_path / "Tests"
    tests.mkdir()
    (tests / "DogTests.swift").write_text("import ApolloTestSupport\nlet dog = Mock<Dog>(speceis: \"Lab\")\n")
    server = start(tmp_path)
    try:
        open_file(server, tests / "DogTests.swift")
        messages = messages_until(server, published_for(tmp_path / "apollo-codegen-config.json"))
        shown = [m["params"]["message"] for m in messages if m.get("method") == "window/showMessage"]
        # The message names the configuration and the path that matched nothing.
        assert len(shown) == 1, shown
        assert "apollo-codegen-config.json" in shown[0] and 'no schema file matches "graphql/*.graphqls"' in shown[0], shown
        swift_diagnostics = [m for m in messages if m.get("method") == "textDocument/publishDiagnostics"
                             and m["params"]["uri"].endswith(".swift") and m["params"]["diagnostics"]]
        assert swift_diagnostics == [], swift_diagnostics
        # And the configuration file gets it as a diagnostic on the key, though it is not open.
        [configuration] = [m["params"]["diagnostics"] for m in messages if m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"]["uri"] == (tmp_path / "apollo-codegen-config.json").as_uri()]
        [diagnostic] = configuration
        assert diagnostic["code"] == "no-schema" and "graphql/*.graphqls" in diagnostic["message"], diagnostic
        assert diagnostic["range"]["start"] == {"line": 0, "character": 40}, diagnostic  # "schemaSearchPaths"
    finally:
        server.kill()


def test_a_schema_downloaded_at_build_time_says_how_to_get_it(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "PetAPI",
        "input": {"schemaSearchPaths": ["graphql/schema.graphqls"], "operationSearchPaths": ["**/*.graphql"]},
        "schemaDownloadConfiguration": {
            "downloadMethod": {"introspection": {"endpointURL": "https://example.com/graphql"}},
            "outputPath": "./graphql/schema.graphqls"},
    }, indent=2))
    check = subprocess.run([mockls_binary(), "check", "--workspace", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 2
    # A finding on the configuration, where CI reads findings (standard output, in every format).
    assert "apollo-codegen-config.json" in check.stdout and 'no schema file matches "graphql/schema.graphqls"' in check.stdout, check.stdout
    assert "apollo-ios-cli fetch-schema" in check.stdout and "[no-schema]" in check.stdout, check.stdout
    assert "no apollo-codegen-config.json" not in check.stderr, check.stderr


def test_a_configuration_that_is_not_json_is_reported_where_it_breaks(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "apollo-codegen-config.json").write_text(
        '{\n  "schemaNamespace": "PetAPI",\n  "input": {\n    schemaSearchPaths: ["*.graphqls"]\n  }\n}\n')
    (tmp_path / "schema.graphqls").write_text("type Query { dog: Dog }\ntype Dog { id: ID! }\n")
    tests = tmp_path / "Tests"
    tests.mkdir()
    (tests / "DogTests.swift").write_text("import ApolloTestSupport\nlet dog = Mock<Dog>()\n")
    check = subprocess.run([mockls_binary(), "check", "--workspace", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 2
    # The unquoted key: json-c stops at it, line 4, column 5. (A trailing comma is not an error: Apollo's CLI takes it.)
    assert f"{tmp_path / 'apollo-codegen-config.json'}:4:5: error: not valid JSON" in check.stdout, check.stdout
    server = start(tmp_path)
    try:
        open_file(server, tests / "DogTests.swift")
        messages = messages_until(server, published_for(tmp_path / "apollo-codegen-config.json"))
        shown = [m["params"]["message"] for m in messages if m.get("method") == "window/showMessage"]
        assert len(shown) == 1 and "apollo-codegen-config.json:4:5: not valid JSON" in shown[0], shown
        assert "found no Apollo project" not in shown[0]
        [configuration] = [m["params"]["diagnostics"] for m in messages if m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"]["uri"] == (tmp_path / "apollo-codegen-config.json").as_uri()]
        [diagnostic] = configuration
        assert diagnostic["code"] == "invalid-configuration" and diagnostic["severity"] == 1, diagnostic
        assert diagnostic["range"]["start"] == {"line": 3, "character": 4}, diagnostic
    finally:
        server.kill()


def test_make_run_shows_what_the_readme_says():
    """`make run`, the README's first command: the scripted session against Examples/Bookshelf checks its answers as
    it goes and ends cleanly, and `mockls check` of the example finds the tests that would crash (exit status 1). An
    answer of the example that changes (its app code gave a misspelled field an `unused-field` hint too) fails here."""
    import os
    import subprocess
    import sys

    from lsp_stdio import ROOT, mockls_binary

    environment = dict(os.environ, MOCKLS_BIN=mockls_binary())
    session = subprocess.run([sys.executable, "Examples/scripted-session.py"], cwd=ROOT, env=environment,
                             capture_output=True, text=True, timeout=300)
    assert session.returncode == 0, session.stdout[-3000:] + session.stderr[-3000:]
    assert "# mockls exited with code 0" in session.stdout, session.stdout[-2000:]
    check = subprocess.run([mockls_binary(), "check", "--workspace", "Examples/Bookshelf"], cwd=ROOT, env=environment,
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 1 and "[unset-field-read]" in check.stdout, check.stdout + check.stderr
