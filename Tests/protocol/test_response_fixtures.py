"""JSON response fixtures over stdio (#36): a fixture named after an operation gets diagnostics whether or not it is
open, they follow its edits, its quick fixes apply, and `mockls check` reports the same."""

import ast
import asyncio
import json
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_stdio import ROOT, mockls_binary
from test_pytest_lsp import start

BOOK = """{
  "data": {
    "book": {
      "__typename": "Book",
      "id": "1",
      "title": "Kindred",
      "rating": "4.5",
      "genre": "Fiction",
      "author": {"__typename": "Author", "name": "Octavia E. Butler"},
      "coAuthors": [],
      "isbn": "978-0807083697"
    }
  }
}
"""


@pytest.fixture
def bookshelf_copy(tmp_path):
    folder = tmp_path / "Bookshelf"
    shutil.copytree(ROOT / "Examples" / "Bookshelf", folder, ignore=shutil.ignore_patterns(".build"))
    (folder / "Tests" / "Fixtures").mkdir(parents=True)
    (folder / "Tests" / "Fixtures" / "BookQuery.json").write_text(BOOK)
    # Correct, with its variables: `books` is included.
    (folder / "Tests" / "Fixtures" / "shelves.json").write_text(json.dumps({"data": {"shelves": [
        {"__typename": "Shelf", "id": "s", "label": "To read", "books": [{"__typename": "Book", "title": "Piranesi"}]}]}}))
    (folder / "Tests" / "Fixtures" / "shelves.variables.json").write_text(json.dumps({"withBooks": True}))
    # A response named after no operation but close to one gets a hint; other JSON stays silent.
    (folder / "Tests" / "Fixtures" / "Shelfs.json").write_text(json.dumps({"data": {"shelves": []}}))
    (folder / "Tests" / "Fixtures" / "settings.json").write_text(json.dumps({"data": {"theme": "dark"}}))
    # A fixture named after no operation, read by a test into ShelvesQuery with `withBooks: true`: its shelf lacks
    # `books`, which those variables select.
    (folder / "Tests" / "Fixtures" / "one-shelf.json").write_text(json.dumps({"data": {"shelves": [
        {"__typename": "Shelf", "id": "s", "label": "Read"}]}}))
    (folder / "Tests" / "BookshelfTests" / "ShelvesTests.swift").write_text(
        'import XCTest\n@testable import BookshelfAPI\n\nfinal class ShelvesTests: XCTestCase {\n'
        '  func testShelves() throws {\n'
        '    let url = try XCTUnwrap(Bundle.module.url(forResource: "one-shelf", withExtension: "json"))\n'
        '    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]\n'
        '    let data = try ShelvesQuery.Data(data: json["data"] as! [String: Any], variables: ["withBooks": true])\n'
        '    XCTAssertEqual(data.shelves.count, 1)\n  }\n}\n')
    return folder


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[mockls_binary()]), params=["neovim", "visual-studio-code", "pulling-client"])
async def client(lsp_client: LanguageClient, request, bookshelf_copy):
    lsp_client.folder = bookshelf_copy
    await start(lsp_client, request.param, root_uri=bookshelf_copy.as_uri())
    yield
    await lsp_client.shutdown_session()


async def published(client: LanguageClient, uri: str, count: int | None = None):
    for _ in range(200):
        found = client.diagnostics.get(uri)
        if found is not None and (count is None or len(found) == count):
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"no diagnostics for {uri}: {client.diagnostics.keys()}")


async def shown(client: LanguageClient, uri: str, count: int):
    """What the client shows of an open document: pulled from a server that answers pulls, else as pushed."""
    if client.initialize_result.capabilities.diagnostic_provider is None:
        return await published(client, uri, count)
    found = []
    for _ in range(200):
        report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        found = report.items
        if len(found) == count:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"pulled {found}")


def summary(diagnostics):
    return sorted((d.range.start.line, d.code, d.severity) for d in diagnostics)


@pytest.mark.asyncio
async def test_fixture_diagnostics_follow_edits_and_fixes_apply(client: LanguageClient):
    path = client.folder / "Tests" / "Fixtures" / "BookQuery.json"
    uri = path.as_uri()
    # Published from the workspace, before the file is opened.
    expected = [
        (2, "fixture-missing-field", types.DiagnosticSeverity.Warning),  # `published` (nullable) is missing
        (6, "fixture-wrong-type", types.DiagnosticSeverity.Error),  # rating "4.5" for a Float
        (7, "fixture-unknown-enum-value", types.DiagnosticSeverity.Warning),  # "Fiction"
        (10, "fixture-unselected-field", types.DiagnosticSeverity.Warning),  # isbn
    ]
    assert summary(await published(client, uri, 4)) == expected
    # One publication sends its documents in the order of their URIs, `shelves.json` after `BookQuery.json`: time for
    # it to come if it were (wrongly) given any.
    await asyncio.sleep(0.5)
    assert (client.folder / "Tests" / "Fixtures" / "shelves.json").as_uri() not in client.diagnostics or \
        client.diagnostics[(client.folder / "Tests" / "Fixtures" / "shelves.json").as_uri()] == []

    # Opened and edited: the rating becomes a number.
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=BOOK)))
    edited = BOOK.replace('"rating": "4.5"', '"rating": 4.5')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)]))
    after = await shown(client, uri, 3)
    assert summary(after) == [expected[0], expected[2], expected[3]]
    if client.initialize_result.capabilities.diagnostic_provider is not None:
        # Pulled while open, the pushed ones are withdrawn: the client shows each once.
        assert not client.diagnostics.get(uri), client.diagnostics.get(uri)

    # The enum value's quick fix, asked at the start of its line.
    genre = next(d for d in after if d.code == "fixture-unknown-enum-value")
    start = types.Position(line=genre.range.start.line, character=0)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=start, end=start),
        context=types.CodeActionContext(diagnostics=[genre])))
    assert [a.title for a in actions] == ['Replace with "FICTION"'], [a.title for a in actions]
    [edit] = actions[0].edit.changes[uri]
    lines = edited.split("\n")
    line = lines[edit.range.start.line]
    lines[edit.range.start.line] = line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:]
    fixed = "\n".join(lines)
    assert '"genre": "FICTION"' in fixed
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    assert summary(await shown(client, uri, 2)) == [expected[0], expected[3]]


def test_check_reports_fixtures_in_every_format(bookshelf_copy):
    import subprocess

    def check(*arguments):
        return subprocess.run([mockls_binary(), "check", "--workspace", str(bookshelf_copy), *arguments],
                              capture_output=True, text=True, timeout=120)

    text = check()
    lines = [line.removeprefix(f"{bookshelf_copy}/") for line in text.stdout.splitlines() if "Fixtures/" in line]
    assert lines == [
        "Tests/Fixtures/BookQuery.json:3:13: warning: `published` (`Date`) is selected but missing: Apollo's JSON reading fails on a missing key; write `null` for no value [fixture-missing-field]",
        "Tests/Fixtures/BookQuery.json:7:17: error: `rating` is a string, but its type `Float` takes a number [fixture-wrong-type]",
        "Tests/Fixtures/BookQuery.json:8:16: warning: \"Fiction\" is not a case of `Genre` (FICTION, SCIENCE, HISTORY, POETRY): Apollo reads it as `.unknown(\"Fiction\")` [fixture-unknown-enum-value]",
        "Tests/Fixtures/BookQuery.json:11:7: warning: `isbn` is not selected here by the operation: Apollo ignores it [fixture-unselected-field]",
        "Tests/Fixtures/Shelfs.json:1:2: information: Shelfs.json reads like a GraphQL response, but no operation is named Shelfs: the closest is `Shelves` (name the file Shelves.json, or add \"@operation\": \"Shelves\" to it, to check it against it) [fixture-unknown-operation]",
        "Tests/Fixtures/one-shelf.json:1:23: error: `books` (`[Book!]!`) is selected but missing: Apollo cannot read this response [fixture-missing-field]",
    ], text.stdout
    records = [r for r in json.loads(check("--format", "json").stdout) if r["file"].endswith("BookQuery.json")]
    assert [(r["line"], r["code"]) for r in records] == [
        (3, "fixture-missing-field"), (7, "fixture-wrong-type"), (8, "fixture-unknown-enum-value"), (11, "fixture-unselected-field")]
    sarif = json.loads(check("--format", "sarif").stdout)
    results = [r for r in sarif["runs"][0]["results"] if r["ruleId"].startswith("fixture-")]
    files = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].rsplit("/", 1)[-1] for r in results)
    assert files == ["BookQuery.json"] * 4 + ["Shelfs.json", "one-shelf.json"], files
    enum_value = next(r for r in results if r["ruleId"] == "fixture-unknown-enum-value")
    replacement = enum_value["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert replacement["insertedContent"]["text"] == '"FICTION"', replacement


MOCK_TEST = """import XCTest
import ApolloTestSupport
import BookshelfAPITestMocks

final class KindredTests: XCTestCase {
  func testKindred() {
    let author = Mock<Author>(born: nil, name: "Octavia E. Butler")
    let book = Mock<Book>(author: author, coAuthors: [], genre: .case(.fiction), id: "7", published: "1979-06-01", rating: 4.5, title: "Kindred")
    let data = BookQuery.Data.from(Mock<Query>(book: book))
    XCTAssertEqual(data.book?.title, "Kindred")
  }
}
"""


def test_response_of_a_mock_reads_back_as_its_fixture(bookshelf_copy):
    """`mockls response` writes the JSON a mock stands for; saved as the operation's fixture, `mockls check` has
    nothing to say of it. A mock that leaves a non-null field unset gets an error naming it, and no file."""
    import subprocess

    test = bookshelf_copy / "Tests" / "BookshelfTests" / "KindredTests.swift"
    test.write_text(MOCK_TEST)
    (bookshelf_copy / "Tests" / "Fixtures" / "BookQuery.json").unlink()
    written = subprocess.run([mockls_binary(), "response", f"{test}:9:16", "--workspace", str(bookshelf_copy)],
                             capture_output=True, text=True, timeout=60)
    assert written.returncode == 0, written.stderr
    response = json.loads(written.stdout)
    assert response == {"data": {"book": {
        "__typename": "Book", "id": "7", "title": "Kindred", "rating": 4.5, "genre": "FICTION",
        "author": {"__typename": "Author", "name": "Octavia E. Butler"}, "published": "1979-06-01", "coAuthors": []}}}
    output = bookshelf_copy / "Tests" / "Fixtures" / "BookQuery.json"
    subprocess.run([mockls_binary(), "response", f"{test}:9:16", "--workspace", str(bookshelf_copy), "--output", str(output)],
                   check=True, timeout=60)
    assert json.loads(output.read_text()) == response
    check = subprocess.run([mockls_binary(), "check", "--workspace", str(bookshelf_copy), "--format", "json"],
                           capture_output=True, text=True, timeout=120)
    assert [r for r in json.loads(check.stdout) if r["file"].endswith("BookQuery.json")] == []

    # Examples/Bookshelf's own test leaves `author.name` unset: an error naming it, exit 1.
    failed = subprocess.run([mockls_binary(), "response", f"{bookshelf_copy}/Tests/BookshelfTests/BookQueryTests.swift:25:20",
                             "--workspace", str(bookshelf_copy)], capture_output=True, text=True, timeout=60)
    assert failed.returncode == 1 and failed.stdout == ""
    assert "`book.author.name` (`String!`) is not set on the mock" in failed.stderr, failed.stderr


@pytest.mark.asyncio
async def test_write_the_json_response_code_action(client: LanguageClient):
    test = client.folder / "Tests" / "BookshelfTests" / "KindredTests.swift"
    uri = test.as_uri()
    # A file of that name beside the test already: the new one never replaces it. Created after the server read the
    # workspace, it is announced as an editor's file watcher does.
    (test.parent / "BookQuery.json").write_text("{}")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=(test.parent / "BookQuery.json").as_uri(), type=types.FileChangeType.Created)]))
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="swift", version=1, text=MOCK_TEST)))
    position = types.Position(line=8, character=4)
    actions = []
    for _ in range(100):  # the workspace is indexed, and the file event applied, in the background
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=position, end=position),
            context=types.CodeActionContext(diagnostics=[])))
        if any(a.title.endswith("BookQuery2.json") for a in actions or []):
            break
        await asyncio.sleep(0.05)
    titles = [a.title for a in actions or []]
    edits = client.capabilities.workspace.workspace_edit
    if not (edits and edits.document_changes and edits.resource_operations and "create" in edits.resource_operations):
        # A client that creates no files: the action carries a command the server runs, writing the file itself.
        [action] = [a for a in actions if a.title == "Write the JSON response to BookQuery2.json"]
        command = action if isinstance(action, types.Command) else action.command
        # lsprotocol reads a code action with a command as a bare `Command` holding the action's command as text.
        carried = ast.literal_eval(command.command) if command.command.startswith("{") else {"command": command.command, "arguments": command.arguments}
        assert carried["command"] == "mockls.writeResponse", carried
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command=carried["command"], arguments=carried["arguments"]))
        written = test.parent / "BookQuery2.json"
        response = json.loads(written.read_text())
        assert response["data"]["book"]["author"] == {"__typename": "Author", "name": "Octavia E. Butler"}
        # Not named after its operation: it names it inside, so that mockls checks it as that operation's fixture.
        assert response["@operation"] == "BookQuery", response
        assert (test.parent / "BookQuery.json").read_text() == "{}", "an existing file is never replaced"
        assert not [path.name for path in test.parent.iterdir() if path.name.startswith(".")], "no temporary file is left"
        for _ in range(100):
            if any(str(written) in message.message for message in client.messages):
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError([message.message for message in client.messages])
        return
    matching = [a for a in actions if a.title == "Write the JSON response to BookQuery2.json"]
    assert len(matching) == 1, titles
    [action] = matching
    create, edit = action.edit.document_changes
    assert create.kind == "create" and create.uri.endswith("/Tests/BookshelfTests/BookQuery2.json"), create.uri
    response = json.loads(edit.edits[0].new_text)
    assert response["data"]["book"]["author"] == {"__typename": "Author", "name": "Octavia E. Butler"}
    assert response["@operation"] == "BookQuery", response


def test_copy_the_json_response_for_a_client_that_runs_the_command(bookshelf_copy):
    """VS Code as mockls's extension starts it runs `mockls.copyResponse` itself: the code action carries the command
    (raw JSON here: lsprotocol reads a code action with a command as a bare `Command`), and `mockls/response` answers
    what the extension copies, or fails naming the fields that keep a response from being written."""
    import lsp_stdio

    server = lsp_stdio.MocklsProcess()
    try:
        server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "rootUri": bookshelf_copy.as_uri(),
            "capabilities": {"experimental": {"mocklsCommands": ["mockls.copyResponse"]}}}})
        server.receive(timeout=60)
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        test = bookshelf_copy / "Tests" / "BookshelfTests" / "KindredTests.swift"
        book_tests = bookshelf_copy / "Tests" / "BookshelfTests" / "BookQueryTests.swift"
        for path, text in [(test, MOCK_TEST), (book_tests, book_tests.read_text())]:
            server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": path.as_uri(), "languageId": "swift", "version": 1, "text": text}}})
        request = server.request

        at = {"line": 8, "character": 4}
        for _ in range(100):  # the workspace is indexed in the background
            actions = request("textDocument/codeAction", {"textDocument": {"uri": test.as_uri()},
                                                           "range": {"start": at, "end": at}, "context": {"diagnostics": []}})["result"]
            if actions:
                break
            import time
            time.sleep(0.05)
        [copy] = [a for a in actions if a["title"] == "Copy the JSON response"]
        assert "edit" not in copy and copy["command"] == {
            "title": "Copy the JSON response", "command": "mockls.copyResponse", "arguments": [test.as_uri(), at]}
        # No client without the command gets it: no file-creating client here either, so nothing else is offered.
        assert [a["title"] for a in actions if "JSON" in a["title"]] == ["Copy the JSON response"]
        document, position = copy["command"]["arguments"]
        result = request("mockls/response", {"textDocument": {"uri": document}, "position": position})["result"]
        assert result["name"] == "BookQuery" and json.loads(result["json"])["data"]["book"]["title"] == "Kindred"
        failed = request("mockls/response", {"textDocument": {"uri": book_tests.as_uri()}, "position": {"line": 24, "character": 20}})
        assert failed["error"]["code"] == -32803 and "`book.author.name` (`String!`) is not set on the mock" in failed["error"]["message"]
    finally:
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
