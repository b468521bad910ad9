#!/usr/bin/env python3
"""A scripted LSP session against the bundled Bookshelf workspace: what `make run` shows.

It starts mockls as an editor does, prints every message both ways, and checks the answers as it goes.
"""

import json
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
sys.path.insert(0, str(EXAMPLES.parent / "Tests" / "protocol"))

from lsp_stdio import MocklsProcess  # noqa: E402

WORKSPACE = EXAMPLES / "Bookshelf"
TEST_FILE = WORKSPACE / "Tests" / "BookshelfTests" / "BookQueryTests.swift"


def show(direction: str, message: dict):
    text = json.dumps(message, ensure_ascii=False)
    if len(text) > 300:
        text = text[:300] + f"… ({len(text)} characters)"
    print(f"{direction} {text}")


def wait_for_diagnostics(server, uri):
    """The next publishDiagnostics for `uri`, printing every message on the way."""
    while True:
        message = server.receive(skip_logs=False)
        show("<--", message)
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            return message["params"]["diagnostics"]


def main() -> int:
    server = MocklsProcess(env={"MOCKLS_TEST_HOOKS": "1"})
    next_id = iter(range(1, 1000))

    def request(method, params):
        message = {"jsonrpc": "2.0", "id": next(next_id), "method": method, "params": params}
        show("-->", message)
        server.send(message)
        reply = server.receive(skip_logs=False)
        while reply.get("id") != message["id"]:
            show("<--", reply)
            reply = server.receive(skip_logs=False)
        show("<--", reply)
        if "error" in reply:
            raise SystemExit(f"mockls answered {method} with an error: {reply['error']}")
        return reply["result"]

    def notify(method, params):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        show("-->", message)
        server.send(message)

    uri = TEST_FILE.as_uri()
    text = TEST_FILE.read_text(encoding="utf-8")
    print(f"# mockls on {WORKSPACE.relative_to(EXAMPLES.parent)}\n")
    result = request("initialize", {
        "processId": None,
        "clientInfo": {"name": "scripted-session"},
        "rootUri": WORKSPACE.as_uri(),
        "workspaceFolders": [{"uri": WORKSPACE.as_uri(), "name": "Bookshelf"}],
        "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
        "trace": "messages",
    })
    print(f"\n# {result['serverInfo']['name']} {result['serverInfo']['version']}: positions in "
          f"{result['capabilities']['positionEncoding']}\n")
    notify("initialized", {})
    notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})

    # Once the workspace is indexed, the test file's crashing reads are reported.
    diagnostics = wait_for_diagnostics(server, uri)
    assert [d["code"] for d in diagnostics] == ["unset-field-read", "unset-field-read"], diagnostics
    for d in diagnostics:
        print(f"\n# {TEST_FILE.name}:{d['range']['start']['line'] + 1}: {d['message']}")
    print()

    # The quick fix of the first one: pass an author that sets `name`, where the book is built.
    actions = request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": diagnostics[0]["range"],
                                                  "context": {"diagnostics": [diagnostics[0]]}})
    fix = actions[0]
    [edit] = fix["edit"]["changes"][uri]
    assert fix["title"] == "Set `name` on the `Mock<Author>`" and "author: Mock<Author>(name: \"\")" in edit["newText"], fix
    print(f"\n# quick fix: {fix['title']}: insert `{edit['newText']}` at line {edit['range']['start']['line'] + 1}\n")

    # Ask what `data.book?.author.name` is, and complete the members of a mock.
    lines = text.splitlines(keepends=True)
    line = next(i for i, l in enumerate(lines) if "data.book?.author.name" in l)
    hover = request("textDocument/hover", {"textDocument": {"uri": uri},
                                           "position": {"line": line, "character": lines[line].index("author.name") + 8}})
    assert "Author.name: String!" in hover["contents"]["value"], hover
    print(f"\n# hover on `name`: {hover['contents']['value'].splitlines()[1]}\n")

    # Type a new argument into the first Mock<Book>(…) call, as an editor sends it: one incremental change.
    line = next(i for i, l in enumerate(lines) if "book: Mock<Book>(" in l)
    column = len(lines[line].rstrip("\n"))
    notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": line, "character": column},
                                      "end": {"line": line, "character": column}},
                            "text": "\n                genre: .case(.science),"}],
    })
    state = request("mockls/test/document", {"uri": uri, "includeText": False})
    expected = len(text.encode()) + len("\n                genre: .case(.science),".encode())
    assert state["version"] == 2 and state["utf8Length"] == expected, state
    print(f"\n# the server holds version {state['version']}: {state['utf8Length']} bytes, {state['lineCount']} lines\n")

    notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    # Misspell a field in a GraphQL operation: mockls checks it against the schema as you type.
    query = WORKSPACE / "graphql" / "BookQuery.graphql"
    query_uri = query.as_uri()
    query_text = query.read_text(encoding="utf-8")
    notify("textDocument/didOpen", {"textDocument": {"uri": query_uri, "languageId": "graphql", "version": 1,
                                                     "text": query_text.replace("published", "publishd")}})
    diagnostics = wait_for_diagnostics(server, query_uri)
    assert [d["code"] for d in diagnostics] == ["unknown-field"], diagnostics
    print(f"\n# {query.name}: {diagnostics[0]['message']}\n")
    notify("textDocument/didChange", {"textDocument": {"uri": query_uri, "version": 2},
                                      "contentChanges": [{"text": query_text}]})
    assert wait_for_diagnostics(server, query_uri) == []
    print(f"\n# fixed: no diagnostics left in {query.name}\n")
    notify("textDocument/didClose", {"textDocument": {"uri": query_uri}})
    request("shutdown", None)
    notify("exit", None)
    code = server.wait()
    print(f"\n# mockls exited with code {code}")
    return code


if __name__ == "__main__":
    sys.exit(main())
