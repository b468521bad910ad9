"""The mockls command line, as a user or an editor runs it."""

import subprocess
from pathlib import Path

from lsp_stdio import ROOT, MocklsProcess, frame, mockls_binary


def run(*args, cwd=None):
    binary = Path(mockls_binary())
    binary = binary if binary.is_absolute() else (ROOT / binary).resolve()
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=30, cwd=cwd)


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip().count(".") == 2, result.stdout


def test_help_names_the_subcommands():
    result = run("--help")
    assert result.returncode == 0
    assert "serve" in result.stdout and "Apollo" in result.stdout


def test_unknown_option_is_a_usage_error():
    result = run("serve", "--log-level", "loud")
    assert result.returncode != 0
    assert "loud" in result.stderr


def test_serve_and_stdio_flag_speak_lsp():
    for args in (("serve",), ("serve", "--stdio"), ("--stdio",)):
        server = MocklsProcess(args=args)
        try:
            server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
            assert server.receive()["result"]["serverInfo"]["name"] == "mockls", args
            server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
            assert server.receive()["result"] is None
            server.send_raw(frame(b'{"jsonrpc":"2.0","method":"exit"}'))
            assert server.wait() == 0
        finally:
            server.kill()


def test_complete_prints_mock_arguments(tmp_path):
    from lsp_stdio import ROOT

    test_file = tmp_path / "BookTests.swift"
    test_file.write_text("import BookshelfAPITestMocks\nlet b = Mock<Book>(id: \"1\", \n")
    workspace = str(ROOT / "Examples" / "Bookshelf")
    text = run("complete", f"{test_file}:2:29", "--workspace", workspace)
    assert text.returncode == 0, text.stderr
    # After `id:`, only the parameters that follow it (Swift never reorders arguments).
    assert [line.split("\t")[0] for line in text.stdout.splitlines()] == ["published", "rating", "title"]
    result = run("complete", f"{test_file}:2:15", "--workspace", workspace, "--format", "json")
    items = __import__("json").loads(result.stdout)
    assert {"label", "kind", "detail", "insertText", "documentation"} == set(items[0])
    assert "Book" in [item["label"] for item in items]
    assert run("complete", "nowhere.swift:1", "--workspace", workspace).returncode != 0


def test_complete_counts_columns_in_utf8_bytes_and_completes_members(tmp_path):
    from lsp_stdio import ROOT

    test_file = tmp_path / "BookTests.swift"
    # `名前.` is 7 bytes: the cursor after the dot is at byte column 8 (1-based); in UTF-16 it would be 4.
    test_file.write_text("import BookshelfAPITestMocks\nlet 名前 = Mock<Book>(title: \"本\")\n名前.")
    workspace = str(ROOT / "Examples" / "Bookshelf")
    result = run("complete", f"{test_file}:3:8", "--workspace", workspace, "--format", "json")
    assert result.returncode == 0, result.stderr
    items = __import__("json").loads(result.stdout)
    assert [item["label"] for item in items][:2] == ["author", "coAuthors"]
    assert items[0]["kind"] == "member" and items[0]["detail"] == "Mock<Author>?"


import json as _json

import pytest

from scenarios import expected, expected_from_markers, matches, own_scenario, workspace
from shared import require_shared


@pytest.mark.parametrize("name", ["animalkingdom", "animalkingdom-1.15", "animalkingdom-1.15-cocoapods", "animalkingdom-2.x"])
def test_check_finds_exactly_the_scenario_diagnostics(name, tmp_path):
    # -cocoapods: the 1.15 scenario with Apollo pinned by a Podfile.lock instead of a Package.resolved. 2.x: pinned
    # to apollo-ios 2.3.0, async tests.
    folder = workspace(name, tmp_path)
    # animalkingdom pins nothing; its configuration's moduleType `swiftPackageManager` is Apollo iOS 1.x's (deprecated
    # in 1.x for `swiftPackage`, gone in 2.x), so the newest 1.x, not 2.x (its tests are 1.x tests: no `await`).
    formats = {"animalkingdom": "1.23+", "animalkingdom-2.x": "2.x"}
    assert _json.loads(run("mocks", "--workspace", str(folder)).stdout)["format"] == formats.get(name, "pre-1.23")
    result = run("check", "--workspace", str(folder), "--format", "json")
    assert result.returncode == 1, result.stderr
    records = _json.loads(result.stdout)
    assert {"file", "line", "column", "endLine", "endColumn", "severity", "code", "message"} == set(records[0])
    assert matches(expected(name), records) == []


@pytest.mark.parametrize("inner", ["Tests", "Tests/AnimalKingdomTests"])
@pytest.mark.parametrize("name", ["animalkingdom", "animalkingdom-1.15", "animalkingdom-2.x"])
def test_check_from_a_folder_inside_the_scenario_finds_the_project_above(name, inner, tmp_path):
    # An editor or CI job rooted in any folder inside the scenario: the project (and the 1.15 pin) is found in the
    # folders above, and exactly the scenario's diagnostics come out, no other.
    folder = workspace(name, tmp_path)
    result = run("check", "--workspace", str(folder / inner), "--format", "json")
    assert result.returncode == 1, result.stderr
    records = _json.loads(result.stdout)
    inside = [dict(e, file=e["file"][len(inner) + 1:]) for e in expected(name) if e["file"].startswith(inner + "/")]
    assert inside and matches(inside, records) == []


def test_check_and_complete_say_when_there_is_no_project(tmp_path):
    tests = tmp_path / "Tests"
    tests.mkdir()
    (tmp_path / ".git").mkdir()  # the repository's top: the search for a configuration stops here
    test_file = tests / "DogTests.swift"
    test_file.write_text("import ApolloTestSupport\nlet dog = Mock<Dog>(id: \"1\")\n")
    result = run("check", "--workspace", str(tmp_path))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "no Apollo project found" in result.stderr
    assert result.stdout == ""
    complete = run("complete", f"{test_file}:2:21", "--workspace", str(tmp_path))
    assert complete.returncode == 2 and "no Apollo project found" in complete.stderr


def test_complete_says_why_it_has_nothing(tmp_path):
    from lsp_stdio import ROOT

    test_file = tmp_path / "BookTests.swift"
    test_file.write_text("import BookshelfAPITestMocks\nlet b = 1 + 2\n")
    result = run("complete", f"{test_file}:2:9", "--workspace", str(ROOT / "Examples" / "Bookshelf"))
    assert result.returncode == 0 and result.stdout == ""
    assert "nothing to complete at 2:9" in result.stderr


def test_check_text_github_and_exit_codes(tmp_path):
    folder = workspace("animalkingdom", tmp_path)
    text = run("check", "--workspace", str(folder))
    assert text.returncode == 1
    first = text.stdout.splitlines()[0]
    assert first.endswith("[unset-field-read]") and ":15:" in first and ": warning: " in first, first
    github = run("check", "--workspace", str(folder), "--format", "github")
    assert github.stdout.startswith("::warning file="), github.stdout
    assert "title=unset-field-read::" in github.stdout
    # A clean file: nothing to report, exit 0.
    clean = tmp_path / "CleanTests.swift"
    clean.write_text("import ApolloTestSupport\nlet dog = Mock<Dog>(id: \"1\")\n")
    result = run("check", "--workspace", str(folder), str(clean))
    assert result.returncode == 0, result.stdout + result.stderr
    assert run("check", "--workspace", str(tmp_path / "missing")).returncode == 2
    assert run("check", "--workspace", str(folder), str(tmp_path / "nowhere.swift")).returncode == 2


def test_standard_error_carries_warnings_only_and_information_goes_to_the_client():
    # Editors show a server's standard error as errors (Neovim's lsp.log writes each line as [ERROR]): by default
    # mockls writes warnings and errors there, and tells the client the rest as window/logMessage, trace or not.
    import time

    from lsp_stdio import ROOT, MocklsProcess

    folder = ROOT / "Examples" / "Bookshelf"
    server = MocklsProcess()
    try:
        server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}, "rootUri": folder.as_uri()}})
        assert "result" in server.receive(timeout=30)
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        deadline = time.time() + 30
        while True:
            message = server.receive(timeout=deadline - time.time(), skip_logs=False)
            if message.get("method") == "window/logMessage" and "indexed" in message["params"]["message"]:
                break
        server.send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
        while server.receive(timeout=30).get("id") != 1:
            pass
        server.send({"jsonrpc": "2.0", "method": "exit"})
        assert server.wait() == 0
        assert "info" not in server.stderr, server.stderr
    finally:
        server.kill()
    verbose = MocklsProcess(env={"MOCKLS_LOG": "info"})
    try:
        verbose.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}, "rootUri": folder.as_uri()}})
        verbose.receive(timeout=30)
        verbose.send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
        while verbose.receive(timeout=30).get("id") != 1:
            pass
        verbose.send({"jsonrpc": "2.0", "method": "exit"})
        verbose.wait()
        deadline = time.time() + 10  # the standard-error reader may still be draining the pipe
        while "mockls info:" not in verbose.stderr and time.time() < deadline:
            time.sleep(0.05)
        assert "mockls info:" in verbose.stderr, verbose.stderr
    finally:
        verbose.kill()


def test_check_finds_exactly_the_diagnostics_of_tests_written_in_closures():
    # Quick specs (describe/context/it, beforeEach), runActivity, forEach, map, filter: what the test files say.
    folder = own_scenario("closures")
    result = run("check", "--workspace", str(folder), "--format", "json")
    assert result.returncode == 1, result.stderr
    expectations = expected_from_markers(folder)
    assert len(expectations) >= 7
    assert matches(expectations, _json.loads(result.stdout)) == []


@pytest.mark.parametrize("name,count", [("factories", 10), ("renames", 2)])
def test_check_follows_factories_fixtures_and_lists_across_files(name, count):
    # Factories (Mock<Dog>.mock(…), .mock(), Cat.empty, free functions), stored fixtures and lists, declared in
    # another file; what mockls cannot follow (closures, disk, escapes, fixtures changed elsewhere) stays silent.
    # renames: the scenario of the rename test, with its own operations.
    folder = own_scenario(name)
    result = run("check", "--workspace", str(folder), "--format", "json")
    assert result.returncode == 1, result.stderr
    expectations = expected_from_markers(folder)
    assert len(expectations) >= count
    assert matches(expectations, _json.loads(result.stdout)) == []


def test_check_writes_sarif_that_a_sarif_reader_accepts():
    from sarif_pydantic import Sarif

    folder = workspace("animalkingdom", None)
    result = run("check", "--workspace", str(folder), "--format", "sarif")
    assert result.returncode == 1, result.stderr
    log = Sarif.model_validate_json(result.stdout)  # SARIF 2.1.0's object model, typed
    assert log.version == "2.1.0" and len(log.runs) == 1
    run_ = log.runs[0]
    rules = [rule.id for rule in run_.tool.driver.rules]
    assert {"unset-field-read", "unknown-mock-field", "mock-type-mismatch", "unknown-fragment"} <= set(rules)
    assert all(rule.help and rule.help.text for rule in run_.tool.driver.rules)
    raw = _json.loads(result.stdout)["runs"][0]
    assert raw["columnKind"] == "utf16CodeUnits"
    assert raw["originalUriBaseIds"]["WORKSPACE"]["uri"] == folder.absolute().as_uri() + "/"
    records = []
    for found in raw["results"]:
        assert rules[found["ruleIndex"]] == found["ruleId"]
        location = found["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uriBaseId"] == "WORKSPACE"
        records.append({"file": location["artifactLocation"]["uri"], "line": location["region"]["startLine"],
                        "code": found["ruleId"], "message": found["message"]["text"]})
    assert matches(expected("animalkingdom"), records) == []
    # The quick fixes: the crash on line 15 is fixed by setting `feet` on the Mock<Height> (an edit of the file).
    feet = next(r for r in raw["results"] if r["locations"][0]["physicalLocation"]["region"]["startLine"] == 15)
    change = feet["fixes"][0]["artifactChanges"][0]
    assert feet["fixes"][0]["description"]["text"].startswith("Set `feet`")
    assert change["artifactLocation"]["uri"] == "Tests/AnimalKingdomTests/AnimalTests.swift"
    assert "feet:" in change["replacements"][0]["insertedContent"]["text"]


def test_check_for_xcode_prints_what_xcode_and_clang_print(tmp_path):
    # Xcode's build log reads `/absolute/path:line:column: warning|error: message` lines into the issue navigator.
    import re

    folder = workspace("animalkingdom", None)
    result = run("check", "--workspace", str(folder), "--format", "xcode", cwd=str(tmp_path))
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(expected("animalkingdom"))
    pattern = re.compile(r"^(/[^:]+):(\d+):(\d+): (error|warning|note): (.+) \[([a-z-]+)\]$")
    for line in lines:
        found = pattern.match(line)
        assert found, line
        assert Path(found.group(1)).is_file(), line


def test_convert_prints_applies_or_refuses_the_conversion(tmp_path):
    import shutil

    folder = tmp_path / "repo" / "Tests" / "scenarios" / "conversions"
    shutil.copytree(ROOT / "Tests" / "scenarios" / "conversions", folder)
    (tmp_path / "shared").symlink_to(require_shared())
    folder = folder / "StarWars"
    test_file = folder / "Tests" / "ConversionTests" / "ResponseDictionaryTests.swift"
    lines = test_file.read_text().split("\n")
    number = next(i for i, l in enumerate(lines, start=1) if "HeroNameQuery.Data(data:" in l)
    column = lines[number - 1].index("(data:") + 2
    where = f"{test_file}:{number}:{column}"
    common = ("--workspace", str(folder), "--mock-format", "1.23+")
    text = run("convert", where, *common)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("Convert the response dictionary to Mock<Query>\n"), text.stdout
    # HeroName selects only `name` on the hero: nothing the initializer defaults is set back to nil.
    assert '  |     let mock = Mock<Query>(hero: Mock<Droid>(name: "R2-D2"))' in text.stdout, text.stdout
    assert "= nil" not in text.stdout, text.stdout
    edits = _json.loads(run("convert", where, *common, "--format", "json").stdout)
    assert [edit["start"]["line"] for edit in edits] == [number, number]
    assert edits[1]["newText"] == 'HeroNameQuery.Data.from(mock, withVariables: ["episode": "JEDI"])'
    assert run("convert", where, *common, "--write").returncode == 0
    written = test_file.read_text()
    assert 'let model = HeroNameQuery.Data.from(mock, withVariables: ["episode": "JEDI"]) // convert' in written
    assert 'let mock = Mock<Query>(hero: Mock<Droid>(name: "R2-D2"))' in written
    # Converted already: nothing left there.
    again = run("convert", where, *common)
    assert again.returncode == 1 and "no response dictionary" in again.stderr

    refused_file = folder / "Tests" / "ConversionTests" / "RefusedResponseTests.swift"
    lines = refused_file.read_text().split("\n")
    number = next(i for i, l in enumerate(lines, start=1) if '"nickname": "Artoo"' in l)
    refused = run("convert", f"{refused_file}:{number}:{lines[number - 1].index('(data:') + 2}", *common)
    assert refused.returncode == 1 and 'cannot convert: no field `nickname` on `Droid`' in refused.stderr


def test_snapshot_tests_writes_the_file_once_and_lists_what_it_leaves_out(tmp_path):
    import shutil

    folder = tmp_path / "previews"
    shutil.copytree(ROOT / "Tests" / "scenarios" / "previews", folder)
    written = folder / "Tests" / "PaymentsTests" / "PreviewSnapshotTests.swift"
    first = run("snapshot-tests", "--workspace", str(folder), "--devices", "iPhone13,iPadPro11")
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == f"wrote {written}: 6 snapshot tests, on iPhone13, iPadPro11", first.stdout
    assert first.stderr.splitlines() == [
        'mockls: no snapshot test for Sources/Payments/BalanceView.swift, #Preview("Sample"): it uses `SampleBalance`, which is private to its file',
        'mockls: no snapshot test for Sources/Payments/BalanceView.swift, #Preview("Live"): it sets its state in `.task`, which a snapshot does not wait for',
    ]
    assert written.read_text() == (ROOT / "Tests" / "goldens" / "snapshot-tests" / "xctest.swift").read_text()
    # Again, from the same previews: nothing changes, not even the file's time.
    before = written.stat().st_mtime_ns
    again = run("snapshot-tests", "--workspace", str(folder), "--devices", "iPhone13,iPadPro11")
    assert again.returncode == 0 and again.stdout.strip() == f"{written} is up to date (6 preview states)", again.stdout
    assert written.stat().st_mtime_ns == before
    # The same file, now for swift-testing; and to standard output.
    assert run("snapshot-tests", "--workspace", str(folder), "--framework", "swift-testing").returncode == 0
    assert written.read_text() == (ROOT / "Tests" / "goldens" / "snapshot-tests" / "swift-testing.swift").read_text()
    printed = run("snapshot-tests", "--workspace", str(folder), "--framework", "swift-testing", "--output", "-")
    assert printed.stdout == written.read_text()
    bad = run("snapshot-tests", "--workspace", str(folder), "--devices", "iPhone 13")
    assert bad.returncode == 2 and "--devices" in bad.stderr


def test_capitalization_rules_rename_labels_and_members(tmp_path):
    # Apollo iOS 2.3+'s options.additionalCapitalizationRules: `userId` is `userID` on mocks and models, and the
    # enum case ADMIN_USER_ID is `adminUserID`; writing the raw key is the error Swift would give.
    import json

    (tmp_path / ".git").mkdir()
    (tmp_path / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "API",
        "input": {"schemaSearchPaths": ["*.graphqls"], "operationSearchPaths": ["*.graphql"]},
        "options": {"additionalCapitalizationRules": [
            {"term": {"string": "id"}, "strategy": "upper"},
            {"term": {"regex": "^[Uu]rl$"}, "strategy": "upper"},
        ]},
    }))
    (tmp_path / "schema.graphqls").write_text(
        "type Query { user: User! }\ntype User { userId: ID!, avatarUrl: String!, role: Role! }\nenum Role { ADMIN_USER_ID, MEMBER }\n")
    (tmp_path / "UserQuery.graphql").write_text("query UserQuery { user { userId avatarUrl role } }\n")
    tests = tmp_path / "Tests"
    tests.mkdir()
    (tests / "UserTests.swift").write_text(
        "import XCTest\nimport ApolloTestSupport\nimport APITestMocks\n\n"
        "final class UserTests: XCTestCase {\n"
        "  func test_user() async {\n"
        "    let user = Mock<User>(avatarURL: \"a\", userID: \"1\")\n"
        "    user.role = .case(.adminUserID)\n"
        "    let data = await UserQuery.Data.from(Mock<Query>(user: user))\n"
        "    XCTAssertEqual(data.user.userID, \"1\")\n"
        "    _ = Mock<User>(userId: \"2\")\n"
        "    _ = Mock<User>()\n"
        "  }\n"
        "}\n")
    result = run("check", "--workspace", str(tmp_path), "--format", "json")
    findings = json.loads(result.stdout)
    assert [(f["line"], f["code"]) for f in findings] == [(11, "unknown-mock-field")], findings
    assert "userID" in findings[0]["message"], findings
    completion = run("complete", f"{tests / 'UserTests.swift'}:12:20", "--workspace", str(tmp_path))
    assert "avatarURL" in completion.stdout and "userID" in completion.stdout, completion.stdout
    assert "userId" not in completion.stdout and "avatarUrl" not in completion.stdout, completion.stdout
