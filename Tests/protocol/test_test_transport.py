"""Issue 63: the `TestNetworkTransport` `mockls test-transport` writes, run end to end on Apollo iOS's own runtime, and
the whole responses `mockls fill` writes, parsed there.

For each release, the file mockls writes for a workspace of that release (the idiom corpus's 1.25 and 2.3 workspaces)
is compiled with `Tests/protocol/transport/TransportTests-<major>.swift` against the real `Apollo`, `ApolloAPI` and
`ApolloTestSupport` (1.25.7; 2.4.0 with the Linux patch of `runtime_oracle.py`) and the AnimalKingdomAPI Apollo's
codegen wrote, and each test runs alone through a real `ApolloClient`: a registered mock's data reaches the caller,
a registration missing a required field fails as Apollo's parser fails it, variables and the queue pick the
response, a JSON fixture and an error are answered, an unregistered operation fails its fetch at once. The tests
named `…FailsTheTest` must fail, with the message a user reads (the operation's name and variables, the
registrations never asked for, at their lines)."""

import json
import os
import shutil
import re
import subprocess
from pathlib import Path

import pytest

from lsp_stdio import ROOT, mockls_binary
from runtime_oracle import API_1, API_2, package, prepare_runtime
from shared import require_shared

TESTS = Path(__file__).with_name("transport")
# A fixture the suites register, as real apps write them (a placeholder `__typename` where Apollo reads none).
FIXTURE = TESTS / "AllAnimalsIncludeSkipQuery.json"

# Tests that must fail, with what their failure must say.
FAILING = {
    "testUnregisteredFailsTheTest": [
        r"TestNetworkTransport: no response registered or enqueued for AllAnimalsIncludeSkipQuery with variables "
        r'\{"getCat":false,"getWarmBlooded":false,"includeSpecies":true,"skipHeightInMeters":false,"varA":false\}',
    ],
    "testNotAllUsedFailsTheTest": [
        r"TransportTests\.swift:\d+: error: .*TestNetworkTransport: DogQuery was registered and never asked for",
        r"TransportTests\.swift:\d+: error: .*TestNetworkTransport: ClassroomPets was enqueued and never asked for",
    ],
}

RELEASES = [
    ("transport-1.25", ROOT / "Tests" / "corpus" / "apollo-1.25", API_1, "TransportTests-1.swift", "1.x"),
    ("transport-2.3", ROOT / "Tests" / "corpus" / "apollo-2.3", API_2, "TransportTests-2.swift", "2.x"),
]


@pytest.mark.parametrize("suite, workspace, api, tests, release", RELEASES, ids=[r[0] for r in RELEASES])
def test_the_transport_answers_apollo_client(suite, workspace, api, tests, release, tmp_path):
    """Each test of the release's TransportTests and, in FillTests, each operation answered with what `mockls fill`
    writes for it, which Apollo's parser must take whole (a field fill leaves out fails the fetch)."""
    shared = require_shared("apollo-runtime")
    prepare_runtime(shared.parent)
    written = subprocess.run([mockls_binary(), "test-transport", "--workspace", str(workspace), "--output", str(tmp_path) + "/"],
                             capture_output=True, text=True, timeout=120)
    assert written.returncode == 0, written.stderr
    assert f"(Apollo iOS {release})" in written.stderr
    transport = (tmp_path / "TestNetworkTransport.swift").read_bytes()
    run_transport_suite(suite, api, transport, (TESTS / tests).read_bytes(), fill_test_file(workspace, release))


def test_the_1x_transport_tests_migrated_answer_apollo_client_on_2(tmp_path):
    """Issue 65: `mockls migrate --to 2 --write` over the 1.x TransportTests (callback fetches, `GraphQLResult`) and the
    1.x transport `mockls test-transport` wrote: the transport is written again for 2.x, the tests compile against
    Apollo iOS 2.4.0 with no hand edit, and each passes (or fails, saying what it must) as on 1.25.7."""
    from test_migration_runtime import copy_workspace
    shared = require_shared("apollo-runtime")
    prepare_runtime(shared.parent)
    workspace = copy_workspace(ROOT / "Tests" / "corpus" / "apollo-1.25", tmp_path / "workspace")
    tests = workspace / "Tests" / "TransportTests" / "TransportTests.swift"
    tests.parent.mkdir(parents=True)
    tests.write_bytes((TESTS / "TransportTests-1.swift").read_bytes())
    written = subprocess.run([mockls_binary(), "test-transport", "--output", str(tests.parent) + "/"], cwd=workspace,
                             capture_output=True, text=True, timeout=120)
    assert "(Apollo iOS 1.x)" in written.stderr, written.stderr
    migrated = subprocess.run([mockls_binary(), "migrate", "--to", "2", "--write", str(tests.parent)], cwd=workspace,
                              capture_output=True, text=True, timeout=120)
    assert migrated.returncode == 0 and "migrated 2 files" in migrated.stderr, migrated.stderr
    transport = (tests.parent / "TestNetworkTransport.swift").read_bytes()
    assert b"(Apollo iOS 2.x)" in transport
    run_transport_suite("transport-1.25-migrated-2", API_2, transport, tests.read_bytes(), None)


def test_a_hand_written_1x_transport_migrated_runs_on_2_as_on_1(tmp_path):
    """Issue 65: a suite testing through `ApolloClient` over its own 1.x `NetworkTransport` (callback fetches and
    performs waited on, the cache policies the client sent recorded) passes on Apollo iOS 1.25.7; `mockls migrate --to 2
    --write` leaves nothing in it, and the migrated suite passes on 2.4.0, test by test: the transport answers 2.x
    through its 1.x `send`, with the cache policy 1.x's client sent for the same request."""
    from test_migration_runtime import copy_workspace
    shared = require_shared("apollo-runtime")
    prepare_runtime(shared.parent)
    original = (TESTS / "HandWrittenTransportTests-1.swift").read_bytes()
    names = xctest_functions(original.decode())
    assert len(names) == 6, names
    run_suite_each("hand-written-transport-1.25", API_1, {"HandWrittenTransportTests.swift": original}, names)

    workspace = copy_workspace(ROOT / "Tests" / "corpus" / "apollo-1.25", tmp_path / "workspace")
    tests = workspace / "Tests" / "HandWritten" / "HandWrittenTransportTests.swift"
    tests.parent.mkdir(parents=True)
    tests.write_bytes(original)
    migrated = subprocess.run([mockls_binary(), "migrate", "--to", "2", "--write", str(tests.parent)], cwd=workspace,
                              capture_output=True, text=True, timeout=120)
    assert migrated.returncode == 0 and "left" not in migrated.stderr, migrated.stderr
    text = tests.read_text()
    assert "sendThroughApolloOneSend" in text and "await fulfillment(of: [performed], timeout: 5)" in text, text
    run_suite_each("hand-written-transport-1.25-migrated-2", API_2, {"HandWrittenTransportTests.swift": text.encode()}, names)


def test_a_fake_of_apollo_client_protocol_migrated_runs_on_2_as_on_1(tmp_path):
    """Issue 65: `Tests/corpus/migration-1.x`'s fake of `ApolloClientProtocol` (Pocket's `MockApolloClient`: stubs per
    operation, recorded calls) and the tests of a service that takes the protocol pass on Apollo iOS 1.25.7; `mockls
    migrate --to 2 --write` declares the protocol for 2.x beside the fake (`ClientProtocolShim`), moves the models the
    stubs build out of their closures, awaits the response fixture's parse in a `Task` around the stub's `queue.async`,
    and leaves nothing in those files; the migrated tests pass on 2.4.0, test by test (the stub that calls back at once
    still does: `test_adopt_graphQLErrorsStillDeliverData` reads the result right after the call)."""
    from test_migration_runtime import copy_workspace
    shared = require_shared("apollo-runtime")
    prepare_runtime(shared.parent)
    corpus = ROOT / "Tests" / "corpus" / "migration-1.x"
    files = ["Fixtures.swift", "MockApolloClient.swift", "PetServiceTests.swift"]
    original = {name: (corpus / "Tests" / "MigrationTests" / name).read_bytes() for name in files}
    names = xctest_functions(original["PetServiceTests.swift"].decode())
    assert len(names) == 5, names
    run_suite_each("client-protocol-fake-1.25", API_1, original, names)

    workspace = copy_workspace(corpus, tmp_path / "workspace")
    folder = workspace / "Tests" / "MigrationTests"
    migrated = subprocess.run([mockls_binary(), "migrate", "--to", "2", "--write", *[str(folder / name) for name in files]],
                              cwd=workspace, capture_output=True, text=True, timeout=120)
    assert migrated.returncode == 0 and "left" not in migrated.stderr, migrated.stderr
    texts = {name: (folder / name).read_bytes() for name in files}
    assert b"protocol ApolloClientProtocol: AnyObject" in texts["MockApolloClient.swift"]
    assert b"extension ApolloClient: ApolloClientProtocol" in texts["MockApolloClient.swift"]
    assert b"await fulfillment(of: [fetched], timeout: 1)" in texts["PetServiceTests.swift"]
    assert b"let graphQLResult = await fixture.asGraphQLResult(from: query)" in texts["PetServiceTests.swift"]
    run_suite_each("client-protocol-fake-1.25-migrated-2", API_2, texts, names)


def built_suite(suite: str, api: str, sources: dict[str, bytes]) -> tuple[Path, Path]:
    """The suite's package, built against the API's Apollo release, and its test binary."""
    folder = package(suite, api, sources)
    build = subprocess.run(["swift", "build", "--build-tests"], cwd=folder, capture_output=True, text=True, errors="replace", timeout=1800)
    assert build.returncode == 0, f"{suite} does not compile:\n" + "\n".join(
        line for line in build.stdout.splitlines() + build.stderr.splitlines() if "error:" in line)
    return folder, folder / ".build" / "debug" / "OraclePackageTests.xctest"


def run_alone(binary: Path, folder: Path, suite_class: str, name: str) -> tuple[int, str]:
    """One test of the built suite, run alone: its exit status and output."""
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", NO_COLOR="1")
    result = subprocess.run([str(binary), f"OracleTests.{suite_class}/{name}"], cwd=folder, env=environment,
                            capture_output=True, text=True, errors="replace", timeout=120)
    output = result.stdout + result.stderr
    assert "Executed 1 test" in output, f"{name} did not run (exit {result.returncode}): {output[-800:]}"
    return result.returncode, output


def run_suite_each(suite: str, api: str, sources: dict[str, bytes], names: list[tuple[str, str]]) -> None:
    """Builds `sources` against the API's Apollo release and runs each test alone: each must pass."""
    folder, binary = built_suite(suite, api, sources)
    wrong = []
    for suite_class, name in names:
        status, output = run_alone(binary, folder, suite_class, name)
        if status != 0:
            wrong.append(f"{suite}: {name} (exit {status}):\n{output[-1500:]}")
    assert not wrong, "\n\n".join(wrong)


def run_transport_suite(suite: str, api: str, transport: bytes, test_file: bytes, fill_tests: str | None) -> None:
    """Builds the suite against the API's Apollo release and runs each test alone: each passes, but FAILING's, which
    fail saying what they must."""
    sources = {"TestNetworkTransport.swift": transport, "TransportTests.swift": test_file, FIXTURE.name: FIXTURE.read_bytes()}
    if fill_tests is not None:
        sources["FillTests.swift"] = fill_tests.encode()
    folder, binary = built_suite(suite, api, sources)
    names = xctest_functions(test_file.decode())
    assert len(names) >= 9, names
    if fill_tests is not None:
        names += xctest_functions(fill_tests)
        assert len(names) >= 9 + len(FILLED), names
    wrong = []
    for suite_class, name in names:
        status, output = run_alone(binary, folder, suite_class, name)
        if name in FAILING:
            missing = [pattern for pattern in FAILING[name] if not re.search(pattern, output)]
            if status != 1 or missing:
                wrong.append(f"{name}: expected to fail saying {missing or FAILING[name]} (exit {status}):\n{output[-1500:]}")
        elif status != 0:
            wrong.append(f"{name} (exit {status}):\n{output[-1500:]}")
    assert not wrong, "\n\n".join(wrong)


def xctest_functions(source: str) -> list[tuple[str, str]]:
    """Each `func test…(` of `source` with the class it is in."""
    found, current = [], None
    for line in source.splitlines():
        declared = re.match(r"^(?:@\w+\s+)?(?:final\s+)?class (\w+)", line)
        if declared:
            current = declared.group(1)
        test = re.match(r"^\s*func (test\w+)\(", line)
        if test and current:
            found.append((current, test.group(1)))
    return found


# Every operation of the generated AnimalKingdomAPI (but 2.3's deferred one: mockls does not model `@defer`), as a
# test makes it, with the Boolean variables `mockls fill --variables` gets.
FILLED = [
    ("AllAnimalsQuery()", {}),
    ("DogQuery()", {}),
    ("ClassroomPetsQuery()", {}),
    ("PetSearchQuery()", {}),
    ('FindPetQuery(input: .ownerID("o1"))', {}),
    ("AllAnimalsIncludeSkipQuery(includeSpecies: true, skipHeightInMeters: false, getCat: true, getWarmBlooded: true, varA: true)",
     {"includeSpecies": True, "skipHeightInMeters": False, "getCat": True, "getWarmBlooded": True, "varA": True}),
    ("AllAnimalsIncludeSkipQuery(includeSpecies: false, skipHeightInMeters: true, getCat: false, getWarmBlooded: false, varA: false)",
     {"includeSpecies": False, "skipHeightInMeters": True, "getCat": False, "getWarmBlooded": False, "varA": False}),
    ('PetAdoptionMutation(input: PetAdoptionInput(ownerID: "o1", petID: "p1", favoriteToy: "ball"))', {}),
]


def fill_test_file(workspace: Path, release: str) -> str:
    """A test per operation of FILLED: its response registered as `mockls fill` writes it, fetched (or performed)
    through a real `ApolloClient`; the test fails when Apollo's parser rejects the response."""
    tests = []
    for number, (operation, variables) in enumerate(FILLED):
        name = operation.split("(")[0]
        arguments = [mockls_binary(), "fill", name, "--workspace", str(workspace)]
        if variables:
            arguments += ["--variables", json.dumps(variables)]
        filled = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
        assert filled.returncode == 0, filled.stderr
        mock = filled.stdout.strip().replace("\n", "\n    ")
        is_mutation = name.endswith("Mutation")
        if release == "2.x":
            call = (f"try await client.perform(mutation: operation)" if is_mutation
                    else f"try await client.fetch(query: operation, cachePolicy: .networkOnly)")
            tests.append(f"""
  func test{number}_{name}() async throws {{
    let transport = TestNetworkTransport()
    let operation = {operation}
    transport.register({name}.self, data: {mock})
    let client = ApolloClient(networkTransport: transport, store: ApolloStore())
    let response = {call}
    XCTAssertNotNil(response.data)
  }}
""")
        else:
            call = ("client.perform(mutation: operation) { outcome = $0; done.fulfill() }" if is_mutation
                    else "client.fetch(query: operation, cachePolicy: .fetchIgnoringCacheCompletely) { outcome = $0; done.fulfill() }")
            tests.append(f"""
  func test{number}_{name}() throws {{
    let transport = TestNetworkTransport()
    let operation = {operation}
    transport.register({name}.self, data: {mock})
    let client = ApolloClient(networkTransport: transport, store: ApolloStore())
    let done = expectation(description: "answered")
    var outcome: Result<GraphQLResult<{name}.Data>, any Error>?
    {call}
    wait(for: [done], timeout: 10)
    XCTAssertNotNil(try XCTUnwrap(outcome).get().data)
  }}
""")
    return ("import Apollo\nimport ApolloAPI\nimport ApolloTestSupport\nimport AnimalKingdomAPI\nimport AnimalKingdomAPITestMocks\n"
            "import Foundation\nimport XCTest\n\nfinal class FillTests: XCTestCase {" + "".join(tests) + "}\n")


def test_a_file_mockls_did_not_write_is_kept(tmp_path):
    """`--output` onto a hand-written TestNetworkTransport.swift: refused, exit 2, the file unchanged (the example
    workspace, which a lone clone has)."""
    own = tmp_path / "TestNetworkTransport.swift"
    own.write_text("// our own transport\nfinal class TestNetworkTransport {}\n")
    result = subprocess.run([mockls_binary(), "test-transport", "--workspace", str(ROOT / "Examples" / "Bookshelf"),
                             "--output", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "--force" in result.stderr and str(own) in result.stderr
    assert own.read_text() == "// our own transport\nfinal class TestNetworkTransport {}\n"
    forced = subprocess.run([mockls_binary(), "test-transport", "--workspace", str(ROOT / "Examples" / "Bookshelf"),
                             "--output", str(tmp_path), "--force"], capture_output=True, text=True, timeout=120)
    assert forced.returncode == 0, forced.stderr
    assert own.read_text().startswith("// @generated by mockls test-transport")


@pytest.mark.parametrize("suite, workspace, api, tests, release", RELEASES, ids=[r[0] for r in RELEASES])
def test_the_warning_is_where_apollo_rejects_the_response(suite, workspace, api, tests, release, tmp_path):
    """`incomplete-response` on exactly the registrations marked `// expect: incomplete-response`, in a workspace of
    the documents Apollo's codegen wrote the runtime's AnimalKingdomAPI from. The run above proves the judgement:
    each marked registration's test passes only because Apollo rejected the response (`missingValue`), and every
    other registration's test passes only because Apollo parsed it."""
    shared = require_shared("apollo-runtime")
    shutil.copytree(shared / api / "graphql", tmp_path / "graphql")
    (tmp_path / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "AnimalKingdomAPI",
        "input": {"schemaSearchPaths": ["graphql/AnimalSchema.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
        "output": {"schemaTypes": {"path": "Generated", "moduleType": {"swiftPackageManager": {}}},
                   "testMocks": {"swiftPackage": {}}},
    }))
    (tmp_path / "Tests").mkdir()
    source = (TESTS / tests).read_text()
    (tmp_path / "Tests" / "TransportTests.swift").write_text(source)
    shutil.copy(FIXTURE, tmp_path / "Tests" / FIXTURE.name)
    expected = sorted(number for number, line in enumerate(source.splitlines(), 1) if "// expect: incomplete-response" in line)
    assert expected, "the suite judges nothing"
    result = subprocess.run([mockls_binary(), "check", "--workspace", str(tmp_path), "--mock-format", "2.x" if release == "2.x" else "1.23+"],
                            capture_output=True, text=True, timeout=120)
    warned = sorted(int(m.group(1)) for m in re.finditer(r"TransportTests\.swift:(\d+):\d+: warning: .*\[incomplete-response\]", result.stdout))
    assert warned == expected, result.stdout + result.stderr
    # The fixture Apollo parsed in the run above checks clean.
    assert FIXTURE.name not in result.stdout, result.stdout
    assert "registered-fixture" not in result.stdout, result.stdout
    # Recall over every response Apollo rejects in the run above: the registrations marked `// runtime: rejected` are
    # rejected too, and not warned (a helper's registration of its parameter). No false warning: every other
    # registration's response parsed.
    missed = [number for number, line in enumerate(source.splitlines(), 1) if "// runtime: rejected" in line]
    registrations = len(re.findall(r"\.(?:register|enqueue)\(\w+\.self", source))
    print(f"{suite}: {registrations} registrations, {len(expected) + len(missed)} rejected by Apollo, "
          f"{len(warned)} warned (recall {len(warned)}/{len(expected) + len(missed)}), 0 false warnings")
    assert len(missed) <= 1, "a known miss more: follow it, or say why not"
    # References from the operation list its registrations, with the reads of its models.
    registered = sorted(number for number, line in enumerate(source.splitlines(), 1) if re.search(r"\.(register|enqueue)\(DogQuery\.self", line))
    assert registered
    found = subprocess.run([mockls_binary(), "references", str(tmp_path / "graphql" / "DogQuery.graphql") + ":1:7", "--workspace", str(tmp_path)],
                           capture_output=True, text=True, timeout=120)
    listed = {int(m.group(1)) for m in re.finditer(r"TransportTests\.swift:(\d+):\d+", found.stdout)}
    assert set(registered) <= listed, found.stdout + found.stderr
    # What `mockls fill` writes is a whole response, which Apollo parsed in the run above: no warning either.
    (tmp_path / "Tests" / "FillTests.swift").write_text(fill_test_file(workspace, release))
    filled = subprocess.run([mockls_binary(), "check", "--workspace", str(tmp_path), "--mock-format", "2.x" if release == "2.x" else "1.23+"],
                            capture_output=True, text=True, timeout=120)
    assert "FillTests.swift" not in filled.stdout, filled.stdout


def test_the_server_writes_the_transport_for_a_client_that_creates_no_files_and_never_over_the_users(tmp_path):
    """A client without resource operations gets "Create TestNetworkTransport.swift" as the command the server runs
    (`mockls.writeTestTransport`). What is at the destination when it runs decides: a file the user put there since
    the offer is left as it is and the command fails saying so; with it gone, the file is written and the action is
    no longer offered."""
    from cli import copy_bookshelf
    from lsp_stdio import MocklsProcess

    bookshelf = copy_bookshelf(tmp_path)
    folder = bookshelf / "Tests" / "BookshelfTests"
    written = folder / "TestNetworkTransport.swift"
    written.unlink()
    test = folder / "BookDetailViewModelTests.swift"
    line = next(number for number, text in enumerate(test.read_text().splitlines()) if "= TestNetworkTransport()" in text)
    at = {"line": line, "character": 4}
    server = MocklsProcess()
    try:
        server.initialize(bookshelf.as_uri())
        server.open_document(test, "swift")

        def offered():
            actions = server.request("textDocument/codeAction", {"textDocument": {"uri": test.as_uri()}, "range": {"start": at, "end": at},
                                                                 "context": {"diagnostics": []}})["result"]
            return [action for action in actions if "TestNetworkTransport" in action["title"]]

        import time
        for _ in range(600):  # the workspace is indexed in the background
            if actions := offered():
                break
            time.sleep(0.05)
        [action] = actions
        assert action["title"] == "Create TestNetworkTransport.swift (Apollo iOS 1.x)" and "edit" not in action, action
        command = action["command"]
        assert command["command"] == "mockls.writeTestTransport", command
        own = "import Apollo\n\n// The team's own.\nfinal class TestNetworkTransport {}\n"
        written.write_text(own)
        refused = server.request("workspace/executeCommand", {"command": command["command"], "arguments": command["arguments"]})
        assert refused["error"]["code"] == -32803 and "mockls did not write it" in refused["error"]["message"], refused
        assert written.read_text() == own
        written.unlink()
        ran = server.request("workspace/executeCommand", {"command": command["command"], "arguments": command["arguments"]})
        assert ran.get("result", "missing") is None, ran
        assert written.read_text().startswith("// @generated by mockls test-transport")
        assert "public final class TestNetworkTransport" in written.read_text()
        for _ in range(600):  # the written file is read into the workspace in the background
            if not offered():
                break
            time.sleep(0.05)
        assert offered() == [], "the workspace declares it now"
    finally:
        server.close_stdin()
        server.wait()


def test_the_transport_is_written_before_the_schema_is_downloaded(tmp_path):
    """The file depends on the project's Apollo iOS release and access only: a configuration whose schema is fetched
    at build time (as Pocket's iOS app does) still gets it; a folder with no Apollo project gets exit 2."""
    empty, tmp_path = tmp_path / "empty", tmp_path / "app"
    empty.mkdir()
    tmp_path.mkdir()
    (tmp_path / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "PocketGraph",
        "input": {"schemaSearchPaths": ["Schema/*.graphqls"], "operationSearchPaths": ["**/*.graphql"]},
        "output": {"schemaTypes": {"path": "PocketGraph", "moduleType": {"swiftPackageManager": {}}}, "testMocks": {"swiftPackage": {}}},
    }))
    result = subprocess.run([mockls_binary(), "test-transport", "--workspace", str(tmp_path), "--output", str(tmp_path / "Tests") + "/"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "no schema file matches" in result.stderr and "(Apollo iOS 1.x)" in result.stderr, result.stderr
    assert (tmp_path / "Tests" / "TestNetworkTransport.swift").read_text().startswith("// @generated by mockls test-transport")
    nothing = subprocess.run([mockls_binary(), "test-transport", "--workspace", str(empty)], capture_output=True, text=True, timeout=120)
    assert nothing.returncode == 2 and "no Apollo project found" in nothing.stderr, nothing.stderr
