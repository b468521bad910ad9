"""Issue 47: a field no Swift code reads is an `unused-field` hint on the GraphQL document (severity 4, tagged
`Unnecessary`), with a quick fix that removes it; an unsaved edit of the app's Swift code that adds the last read
withdraws the hint, and one that removes it brings it back, with no save and no file event; a pulling client is asked
to pull again."""

import time

from cli import copy_bookshelf
from lsp_stdio import MocklsProcess
from test_unused_definitions import published

APP = """import Apollo
import BookshelfAPI

final class BookScreen {
    func load(client: ApolloClient) {
        client.fetch(query: BookQuery(id: "1")) { result in
            guard let book = try? result.get().data?.book else { return }
            print(book.published ?? 0, book.coAuthors.map(\\.name), book.fragments.bookDetails)
        }
    }
}
"""


def unused(diagnostics):
    return [d for d in diagnostics if d.get("code") == "unused-field"]


def start(tmp_path, capabilities=None):
    bookshelf = copy_bookshelf(tmp_path, own_app=False)
    (bookshelf / "App").mkdir()
    screen = bookshelf / "App" / "BookScreen.swift"
    screen.write_text(APP)
    server = MocklsProcess()
    server.initialize(bookshelf.as_uri(), capabilities=capabilities or {})
    return server, bookshelf, screen


def stop(server):
    server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=30)


def edit(server, uri, version, text):
    server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}})


def test_an_unused_field_is_a_faded_hint_with_a_fix_and_follows_unsaved_edits(tmp_path):
    server, bookshelf, screen = start(tmp_path, {"textDocument": {"codeAction": {"isPreferredSupport": True}}})
    book = (bookshelf / "graphql" / "BookQuery.graphql").as_uri()
    try:
        hints = unused(published(server, book, lambda diagnostics: bool(unused(diagnostics))))
        assert len(hints) == 1, hints
        hint = hints[0]
        assert hint["severity"] == 4 and hint["tags"] == [1], hint
        assert "coAuthors.born" in hint["message"], hint
        assert hint["range"] == {"start": {"line": 6, "character": 6}, "end": {"line": 6, "character": 10}}, hint

        # The quick fix, asked on the field's line of the open document.
        text = (bookshelf / "graphql" / "BookQuery.graphql").read_text()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": book, "languageId": "graphql", "version": 1, "text": text}}})
        actions = server.request("textDocument/codeAction", {
            "textDocument": {"uri": book}, "range": {"start": {"line": 6, "character": 0}, "end": {"line": 6, "character": 0}},
            "context": {"diagnostics": [hint]}})["result"]
        fixes = [a for a in actions if a["title"] == "Remove born from query Book"]
        assert len(fixes) == 1 and fixes[0]["kind"] == "quickfix" and fixes[0].get("isPreferred"), actions
        edits = fixes[0]["edit"]["changes"][book]
        assert edits == [{"range": {"start": {"line": 6, "character": 0}, "end": {"line": 7, "character": 0}}, "newText": ""}], edits

        # An unsaved edit of the app adds the last read: the hint goes; removing it again brings it back.
        uri = screen.as_uri()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "swift", "version": 1, "text": APP}}})
        edit(server, uri, 2, APP.replace("book.coAuthors.map(\\.name)", "book.coAuthors.map(\\.name), book.coAuthors.map(\\.born)"))
        published(server, book, lambda diagnostics: not unused(diagnostics))
        edit(server, uri, 3, APP)
        published(server, book, lambda diagnostics: bool(unused(diagnostics)))
    finally:
        stop(server)


def test_a_pulling_client_is_asked_to_pull_again_when_an_edit_changes_the_hints(tmp_path):
    capabilities = {"textDocument": {"diagnostic": {"dynamicRegistration": False}},
                    "workspace": {"diagnostics": {"refreshSupport": True}}}
    server, bookshelf, screen = start(tmp_path, capabilities)
    book = (bookshelf / "graphql" / "BookQuery.graphql").as_uri()
    try:
        text = (bookshelf / "graphql" / "BookQuery.graphql").read_text()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": book, "languageId": "graphql", "version": 1, "text": text}}})
        deadline = time.monotonic() + 30
        while True:
            report = server.request("textDocument/diagnostic", {"textDocument": {"uri": book}})["result"]
            if unused(report["items"]) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert [d["range"]["start"] for d in unused(report["items"])] == [{"line": 6, "character": 6}], report

        uri = screen.as_uri()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "swift", "version": 1, "text": APP}}})
        edit(server, uri, 2, APP.replace("book.coAuthors.map(\\.name)", "book.coAuthors.map(\\.name), book.coAuthors.map(\\.born)"))
        deadline = time.monotonic() + 30
        refreshed = False
        while time.monotonic() < deadline and not refreshed:
            message = server.receive(timeout=deadline - time.monotonic())
            if message.get("method") == "workspace/diagnostic/refresh":
                server.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                refreshed = True
        assert refreshed
        report = server.request("textDocument/diagnostic", {"textDocument": {"uri": book}})["result"]
        assert unused(report["items"]) == [], report
    finally:
        stop(server)
