"""`textDocument/documentHighlight` as Emacs asks it while the cursor rests (eglot and lsp-mode both do): the
occurrences of the mock field or GraphQL name under the cursor in the document, an empty list on anything else, and
never an error in the echo area."""

import time

from lsp_stdio import ROOT, MocklsProcess

BOOKSHELF = ROOT / "Examples" / "Bookshelf"


def test_document_highlight_in_a_test_and_a_graphql_document():
    server = MocklsProcess()
    try:
        reply = server.request("initialize", {"rootUri": BOOKSHELF.as_uri(), "capabilities": {}})
        assert reply["result"]["capabilities"]["documentHighlightProvider"] is True
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        test = BOOKSHELF / "Tests" / "BookshelfTests" / "BookQueryTests.swift"
        query = BOOKSHELF / "graphql" / "BookQuery.graphql"
        for path, language in [(test, "swift"), (query, "graphql")]:
            server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": path.as_uri(), "languageId": language, "version": 1, "text": path.read_text()}}})
        lines = test.read_text().split("\n")
        # `title` in `Mock<Book>(title: "Kindred")`, at its first letter.
        line = next(index for index, text in enumerate(lines) if 'Mock<Book>(title: "Kindred")' in text)
        at = {"line": line, "character": lines[line].index("title:")}
        found = []
        for _ in range(100):  # the workspace is indexed in the background
            found = server.request("textDocument/documentHighlight", {"textDocument": {"uri": test.as_uri()}, "position": at})["result"]
            if found:
                break
            time.sleep(0.05)
        texts = [lines[h["range"]["start"]["line"]][h["range"]["start"]["character"]:h["range"]["end"]["character"]] for h in found]
        assert texts and set(texts) == {"title"}, found
        assert {"range": {"start": at, "end": {"line": line, "character": at["character"] + 5}}} in found
        # On a keyword: an empty list, not an error.
        keyword = {"line": line, "character": lines[line].index("let")}
        assert server.request("textDocument/documentHighlight", {"textDocument": {"uri": test.as_uri()}, "position": keyword})["result"] == []
        # A GraphQL fragment spread and its other uses in the document.
        graphql = query.read_text().split("\n")
        spread = next(index for index, text in enumerate(graphql) if "...BookDetails" in text)
        position = {"line": spread, "character": graphql[spread].index("BookDetails")}
        highlights = server.request("textDocument/documentHighlight", {"textDocument": {"uri": query.as_uri()}, "position": position})["result"]
        assert highlights and all(graphql[h["range"]["start"]["line"]][h["range"]["start"]["character"]:h["range"]["end"]["character"]] == "BookDetails" for h in highlights), highlights
    finally:
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
