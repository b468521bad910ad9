"""A client that registers no file watchers (Neovim 0.7, eglot, Helix): the server watches the workspace folders
itself, so what changes on disk with no word from the editor (a `git checkout`, another editor's save, a generator)
reaches its answers: a type added to the schema is found, a Swift file written in is among the references."""

import time

from cli import copy_bookshelf
from lsp_stdio import MocklsProcess


def until(ask, accept, timeout=30):
    deadline = time.monotonic() + timeout
    answer = ask()
    while not accept(answer) and time.monotonic() < deadline:
        time.sleep(0.1)
        answer = ask()
    return answer


def test_changes_on_disk_reach_a_client_that_watches_nothing(tmp_path):
    bookshelf = copy_bookshelf(tmp_path)
    server = MocklsProcess()
    try:
        server.initialize(bookshelf.as_uri())  # no capabilities: no watchers, no pulls
        symbols = lambda: server.request("workspace/symbol", {"query": "Magazine"})["result"] or []
        assert until(symbols, lambda found: found != [], timeout=3) == [], "not there yet"
        schema = bookshelf / "graphql" / "schema.graphqls"
        schema.write_text(schema.read_text() + '\n"A periodical."\ntype Magazine implements Node {\n  id: ID!\n}\n')
        assert [symbol["name"] for symbol in until(symbols, lambda found: found != [])] == ["Magazine (Mock<Magazine>)"]

        # A test file written in that reads `published`: among the references of the field, as the server found it.
        book = bookshelf / "graphql" / "BookQuery.graphql"
        line = book.read_text().split("\n").index("    published")

        def readers():
            found = server.request("textDocument/references", {
                "textDocument": {"uri": book.as_uri()}, "position": {"line": line, "character": 5},
                "context": {"includeDeclaration": False}})["result"] or []
            return sorted({location["uri"].rsplit("/", 1)[-1] for location in found if location["uri"].endswith(".swift")})

        server.open_document(book, "graphql")
        before = until(readers, lambda found: found != [], timeout=10)
        (bookshelf / "Tests" / "BookshelfTests" / "PublishedTests.swift").write_text(
            "import ApolloTestSupport\nimport BookshelfAPI\nimport BookshelfAPITestMocks\nimport XCTest\n\n"
            "final class PublishedTests: XCTestCase {\n    func testPublished() {\n"
            '        let data = BookQuery.Data.from(Mock<Query>(book: Mock<Book>(published: "1974")))\n'
            '        XCTAssertEqual(data.book?.published, "1974")\n    }\n}\n')
        after = until(readers, lambda found: "PublishedTests.swift" in found)
        assert "PublishedTests.swift" in after and set(before) <= set(after), (before, after)
    finally:
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
