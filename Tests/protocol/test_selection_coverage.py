"""Selection coverage over stdio (#37), with the capabilities of three editors: a lens on each field of an open
GraphQL document says how many tests set and read it, follows the edits of a test file (a client that can be asked is
asked for its lenses again), and its command opens the tests; `mockls coverage` says the same."""

import asyncio
import json
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_stdio import mockls_binary
from shared import require_shared
from test_pytest_lsp import start

TEST_FILE = "Tests/AnimalKingdomTests/AnimalTests.swift"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[mockls_binary()]), params=["visual-studio-code", "neovim", "emacs"])
async def client(lsp_client: LanguageClient, request):
    folder = require_shared("fixtures/scenarios/animalkingdom")
    lsp_client.folder = folder
    await start(lsp_client, request.param, root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, path, language):
    text = path.read_text()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=path.as_uri(), language_id=language, version=1, text=text)))
    return text


def expected_title(row):
    """The lens's title for a row of `mockls coverage --format json`."""
    set_, read, parts = row["set"], row["read"], []
    if set_ == 0 and read == 0:
        parts.append("no test sets or reads this")
    else:
        if set_:
            parts.append(f"set in {set_} test{'s' if set_ != 1 else ''}")
        if read:
            parts.append(f"read in {read}" if set_ else f"read in {read} test{'s' if read != 1 else ''}")
        else:
            parts.append("no test reads this")
    if row["unknown"]:
        parts.append(f"{row['unknown']} not followed")
    return " · ".join(parts)


def titles(lenses, text):
    """`line: field: title` for each lens, the field read from the document."""
    lines = text.splitlines()
    return {f"{lens.range.start.line}: {lines[lens.range.start.line][lens.range.start.character:lens.range.end.character]}": lens.command.title
            for lens in lenses}


async def lenses_of(client: LanguageClient, uri):
    return await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))


@pytest.mark.asyncio
async def test_lenses_count_the_tests_follow_edits_and_open_the_tests(client: LanguageClient):
    assert client.initialize_result.capabilities.code_lens_provider is not None
    query = require_shared("fixtures/apollo/AnimalKingdomAPI/graphql/AllAnimalsQuery.graphql")
    text = open_document(client, query, "graphql")
    found = titles(await lenses_of(client, query.as_uri()), text)
    assert found["3: id"] == "set in 3 tests · read in 1 · 1 not followed"
    assert found["5: feet"] == "set in 1 test · read in 2 · 1 not followed"
    assert found["11: skinCovering"] == "no test sets or reads this · 1 not followed"
    assert found["31: favoriteToy"] == "read in 1 test · 1 not followed"
    assert len(found) == 18
    # Every lens says what `mockls coverage` says of its field.
    rows = json.loads(subprocess.run([mockls_binary(), "coverage", "--workspace", str(client.folder), "--format", "json"],
                                     capture_output=True, text=True).stdout)
    lines = text.splitlines()
    by_place = {(row["line"] - 1, row["column"] - 1): row for row in rows if row["file"].endswith("/AllAnimalsQuery.graphql")}
    for lens in await lenses_of(client, query.as_uri()):
        row = by_place[(lens.range.start.line, lens.range.start.character)]
        assert lines[lens.range.start.line][lens.range.start.character:].startswith(row["path"].split(".")[-1])
        assert lens.command.title == expected_title(row), (row["path"], lens.command.title)

    # The test file is edited (not saved): one more test reads `skinCovering`.
    test_file = client.folder / TEST_FILE
    test_text = open_document(client, test_file, "swift")
    line = test_text.splitlines().index("    XCTAssertEqual(animal.species, \"Lab\")")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=test_file.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=line + 1, character=0), end=types.Position(line=line + 1, character=0)),
            text="    XCTAssertEqual(animal.skinCovering, nil)\n")]))
    if client.capabilities.workspace.code_lens and client.capabilities.workspace.code_lens.refresh_support:
        for _ in range(100):
            if client.lens_refreshes:
                break
            await asyncio.sleep(0.05)
        assert client.lens_refreshes > 0, "a client that can be asked for its lenses again is asked after a test changes"
    else:
        await asyncio.sleep(0.5)
        assert client.lens_refreshes == 0
    found = titles(await lenses_of(client, query.as_uri()), text)
    assert found["11: skinCovering"] == "read in 1 test · 1 not followed"

    # The lens's command opens the tests: shown (the first) where the client can show a document, and named.
    lens = next(lens for lens in await lenses_of(client, query.as_uri()) if lens.range.start.line == 3)
    if lens.command.command == "mockls.showTests":
        pytest.fail("only a client that says it runs mockls.showTests gets it")
    assert lens.command.command == "mockls.openTests"
    assert "mockls.openTests" in client.initialize_result.capabilities.execute_command_provider.commands
    locations = lens.command.arguments[2]
    # The lines of test_nestedDefault_isAnEmptyMock, test_emptyMock_thenAssigned, test_typeCase and test_fragment in
    # the file as edited: one line was added to the first.
    assert [location["range"]["start"]["line"] + 1 for location in locations] == [11, 26, 42, 49]
    assert {location["uri"] for location in locations} == {test_file.as_uri()}
    client.messages.clear()
    await client.workspace_execute_command_async(types.ExecuteCommandParams(command=lens.command.command, arguments=lens.command.arguments))
    for _ in range(100):
        if client.messages:
            break
        await asyncio.sleep(0.05)
    shows_documents = client.capabilities.window is not None and client.capabilities.window.show_document is not None
    if shows_documents:
        assert [shown.uri for shown in client.shown_documents] == [test_file.as_uri()]
        assert client.shown_documents[0].selection.start.line == locations[0]["range"]["start"]["line"]
    else:
        assert client.shown_documents == []
    assert client.messages and client.messages[-1].message.startswith("4 tests: AnimalTests.swift:"), client.messages


def test_the_command_line_says_what_the_lenses_say():
    folder = require_shared("fixtures/scenarios/animalkingdom")
    result = subprocess.run([mockls_binary(), "coverage", "--workspace", str(folder), "--format", "json"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    rows = {(row["operation"], row["path"]): row for row in json.loads(result.stdout)}
    row = rows[("AllAnimalsQuery", "allAnimals.id")]
    assert (row["set"], row["read"], row["unknown"], row["line"], row["column"]) == (3, 1, 1, 4, 5)
    assert sorted(test["name"] for test in row["tests"]) == [
        "AnimalTests.test_emptyMock_thenAssigned", "AnimalTests.test_fragment", "AnimalTests.test_nestedDefault_isAnEmptyMock",
        "AnimalTests.test_typeCase"]
    assert "mockls: 73 fields selected in 9 operations and 7 fragments" in result.stderr
    # --min: under the share of fields read fails, at or over it passes.
    assert subprocess.run([mockls_binary(), "coverage", "--workspace", str(folder), "--min", "50"], capture_output=True).returncode == 1
    assert subprocess.run([mockls_binary(), "coverage", "--workspace", str(folder), "--min", "10"], capture_output=True).returncode == 0
    from sarif_pydantic import Sarif

    output = subprocess.run([mockls_binary(), "coverage", "--workspace", str(folder), "--format", "sarif"], capture_output=True, text=True).stdout
    log = Sarif.model_validate_json(output)  # SARIF 2.1.0's object model, typed
    assert [rule.id for rule in log.runs[0].tool.driver.rules] == ["selection-untested", "selection-unread"]
    sarif = json.loads(output)
    results = sarif["runs"][0]["results"]
    # The documents are outside the workspace folder here (../../apollo): absolute file URIs.
    assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("file:///") for r in results)
    assert len(results) == 73 - sum(1 for row in rows.values() if row["read"] > 0)
    skin = next(r for r in results if "`allAnimals.skinCovering` of query `AllAnimalsQuery`" in r["message"]["text"])
    assert skin["ruleId"] == "selection-untested"
    region = skin["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"], region["endColumn"]) == (12, 5, 17)


def test_a_client_that_shows_the_tests_itself_gets_its_command():
    """VS Code as mockls's extension starts it shows a lens's tests in its peek view (`mockls.showTests`, declared in
    `experimental.mocklsCommands`): the lens carries that command with the same arguments; `workspace/executeCommand`
    refuses a command mockls does not run."""
    import time

    import lsp_stdio

    folder = require_shared("fixtures/scenarios/animalkingdom")
    query = require_shared("fixtures/apollo/AnimalKingdomAPI/graphql/AllAnimalsQuery.graphql")
    server = lsp_stdio.MocklsProcess()
    try:
        server.initialize(folder.as_uri(), {"experimental": {"mocklsCommands": ["mockls.showTests"]}})
        server.open_document(query, "graphql")
        request = server.request

        for _ in range(100):  # the workspace is indexed in the background
            lenses = request("textDocument/codeLens", {"textDocument": {"uri": query.as_uri()}})["result"]
            if lenses:
                break
            time.sleep(0.05)
        [lens] = [lens for lens in lenses if lens["range"]["start"] == {"line": 3, "character": 4}]
        assert lens["command"]["command"] == "mockls.showTests"
        uri, position, locations = lens["command"]["arguments"]
        assert (uri, position) == (query.as_uri(), {"line": 3, "character": 4})
        assert [location["range"]["start"]["line"] + 1 for location in locations] == [11, 25, 41, 48]
        # A field no test touches gets a title and no command to run.
        [untouched] = [lens for lens in lenses if lens["range"]["start"] == {"line": 11, "character": 4}]
        assert untouched["command"] == {"title": "no test sets or reads this · 1 not followed", "command": ""}
        refused = request("workspace/executeCommand", {"command": "mockls.showTests", "arguments": lens["command"]["arguments"]})
        assert refused["error"]["code"] == -32602 and "mockls runs no command mockls.showTests" in refused["error"]["message"]
    finally:
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
