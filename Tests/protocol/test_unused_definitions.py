"""Issue 47: an operation whose generated type no Swift file of the workspace names is an `unused-operation` hint in
the editor (severity 4, tagged `Unnecessary` so that editors fade it), published for the workspace's documents and
withdrawn when a file event brings a Swift file that names the type."""

import time

from cli import copy_bookshelf
from lsp_stdio import MocklsProcess


def published(server, uri, until, timeout=30):
    """The diagnostics of `uri` in the first `publishDiagnostics` for it that `until` accepts."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = server.receive(timeout=deadline - time.monotonic())
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            if until(message["params"]["diagnostics"]):
                return message["params"]["diagnostics"]
    raise AssertionError(f"no accepted diagnostics for {uri}")


def test_an_unused_operation_is_a_faded_hint_until_the_app_names_it(tmp_path):
    # The app's code is the test's own: the example's view model names every operation.
    bookshelf = copy_bookshelf(tmp_path, own_app=False)
    app = bookshelf / "App"
    app.mkdir()
    (app / "BookScreen.swift").write_text("import BookshelfAPI\n\nlet query = BookQuery(id: \"1\")\n")
    rate = (bookshelf / "graphql" / "RateMutation.graphql").as_uri()
    server = MocklsProcess()
    try:
        server.initialize(bookshelf.as_uri(), capabilities={"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}})
        unused = lambda diagnostics: [d for d in diagnostics if d.get("code") == "unused-operation"]
        hints = unused(published(server, rate, lambda diagnostics: bool(unused(diagnostics))))
        assert len(hints) == 1, hints
        hint = hints[0]
        assert hint["severity"] == 4 and hint["tags"] == [1], hint
        assert "RateMutation" in hint["message"], hint
        assert hint["range"]["start"] == {"line": 0, "character": 9}, hint  # `Rate` of `mutation Rate(…)`

        screen = app / "RatingScreen.swift"
        screen.write_text("import BookshelfAPI\n\nlet rate = RateMutation(input: input)\n")
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                     "params": {"changes": [{"uri": screen.as_uri(), "type": 1}]}})
        published(server, rate, lambda diagnostics: not unused(diagnostics))
    finally:
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
