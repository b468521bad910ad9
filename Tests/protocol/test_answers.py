"""The answer checker (answers.py) that judges every reply `MocklsProcess.request` gets: it rejects what a client
cannot apply, so that a test passing means valid answers."""

import pytest

import answers


def documents(text: str, uri="file:///t.swift", version=3) -> answers.Documents:
    known = answers.Documents()
    known.sent({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": version, "text": text}}})
    return known


def position(line, character):
    return {"line": line, "character": character}


def span(start, end):
    return {"start": position(*start), "end": position(*end)}


def test_overlapping_edits_of_a_code_action_are_rejected():
    known = documents("let hotel = Mock<Hotel>(); hotel.id = \"h1\"\n")
    overlapping = [{"title": "Build", "edit": {"changes": {"file:///t.swift": [
        {"range": span((0, 12), (0, 25)), "newText": "Mock<Hotel>(id: \"h1\")"},
        {"range": span((0, 0), (1, 0)), "newText": ""}]}}}]
    with pytest.raises(answers.AnswerError, match="overlap"):
        answers.check(known, "textDocument/codeAction", {"textDocument": {"uri": "file:///t.swift"}}, {"result": overlapping})
    apart = [{"title": "Build", "edit": {"changes": {"file:///t.swift": [
        {"range": span((0, 12), (0, 25)), "newText": "x"}, {"range": span((0, 25), (0, 42)), "newText": ""}]}}}]
    answers.check(known, "textDocument/codeAction", {"textDocument": {"uri": "file:///t.swift"}}, {"result": apart})


def test_a_completion_edit_off_the_cursors_line_is_rejected():
    known = documents("  a @include(if: $\n  \n")
    at = position(1, 2)
    bad = {"isIncomplete": False, "items": [{"label": "$id", "textEdit": {"range": span((0, 17), (1, 2)), "newText": "$id"}}]}
    with pytest.raises(answers.AnswerError, match="several lines"):
        answers.check(known, "textDocument/completion", {"textDocument": {"uri": "file:///t.swift"}, "position": at}, {"result": bad})
    off = {"items": [{"label": "x", "textEdit": {"range": span((1, 0), (1, 1)), "newText": "x"}}]}
    with pytest.raises(answers.AnswerError, match="does not contain"):
        answers.check(known, "textDocument/completion", {"textDocument": {"uri": "file:///t.swift"}, "position": at}, {"result": off})
    defaults = {"itemDefaults": {"editRange": span((1, 0), (1, 5))}, "items": []}
    with pytest.raises(answers.AnswerError, match="outside"):
        answers.check(known, "textDocument/completion", {"textDocument": {"uri": "file:///t.swift"}, "position": at}, {"result": defaults})


def test_ranges_outside_the_document_and_stale_versions_are_rejected():
    known = documents("one\ntwo\n")
    with pytest.raises(answers.AnswerError, match="outside"):
        answers.check(known, "textDocument/documentHighlight", {"textDocument": {"uri": "file:///t.swift"}, "position": position(0, 0)},
                      {"result": [{"range": span((5, 0), (5, 1))}]})
    stale = {"documentChanges": [{"textDocument": {"uri": "file:///t.swift", "version": 2}, "edits": []}]}
    with pytest.raises(answers.AnswerError, match="version 2"):
        answers.check(known, "textDocument/rename", {"textDocument": {"uri": "file:///t.swift"}}, {"result": stale})


def test_the_documents_follow_incremental_edits_in_utf16():
    known = documents("let 😀 = 1\n")
    known.sent({"method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///t.swift", "version": 4},
                "contentChanges": [{"range": span((0, 6), (0, 6)), "text": "x"}]}})
    assert known.texts["file:///t.swift"] == ["let 😀x = 1", ""]
    assert known.line_length("file:///t.swift", 0) == 11


def test_a_position_outside_the_document_is_invalid_params_and_past_a_lines_end_is_clamped():
    """Found by the message fuzzer's answer check: a completion asked on a line the document does not have was answered
    with edits at the document's end, which contain no position the client asked at."""
    from lsp_stdio import ROOT, MocklsProcess

    bookshelf = ROOT / "Examples" / "Bookshelf"
    query = bookshelf / "graphql" / "BookQuery.graphql"
    server = MocklsProcess()
    try:
        server.initialize(bookshelf.as_uri())
        server.open_document(query, "graphql", text="query Q {\n  book(id: 1) {\n    ti\n")
        past_the_end = server.request("textDocument/completion", {"textDocument": {"uri": query.as_uri()}, "position": {"line": 19, "character": 19}})
        assert past_the_end["error"]["code"] == -32602 and "outside the document" in past_the_end["error"]["message"], past_the_end
        for method in ("textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/documentHighlight"):
            reply = server.request(method, {"textDocument": {"uri": query.as_uri()}, "position": {"line": 40, "character": 0}, "context": {"includeDeclaration": True}})
            assert reply.get("error", {}).get("code") == -32602, (method, reply)
        # A character past its line's end is the line's end (LSP): answered, and judged valid by the checker.
        clamped = server.request("textDocument/completion", {"textDocument": {"uri": query.as_uri()}, "position": {"line": 2, "character": 40}})
        assert "result" in clamped, clamped
        # The server keeps serving.
        assert "result" in server.request("textDocument/hover", {"textDocument": {"uri": query.as_uri()}, "position": {"line": 0, "character": 1}})
    finally:
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)


def test_an_edit_outside_the_document_is_refused_and_logged_and_a_version_going_back_is_logged():
    """Issue 45: a `didChange` that breaks what the client promised gets the error it is (InvalidParams, as a logged
    error: a notification has no reply) and the server's state stays valid. An edit on a line the text does not have
    is refused whole (the document keeps its last good text and version); a version that goes back is applied, since
    its changes are what the client's text went through. The line just past the end is the document's end, as
    Neovim addresses it when it deletes a whole buffer (neovim#27383)."""
    from lsp_stdio import ROOT, MocklsProcess

    bookshelf = ROOT / "Examples" / "Bookshelf"
    query = bookshelf / "graphql" / "BookQuery.graphql"
    uri = query.as_uri()
    server = MocklsProcess()

    def change(version, start, end, text):
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": span(start, end), "text": text}]}})

    def logged_error(containing):
        while True:
            message = server.receive(timeout=10, skip_logs=False)
            if message.get("method") == "window/logMessage" and containing in message["params"]["message"]:
                return message["params"]

    def symbols():
        # The operations as the server has the text: their names and where they are.
        return server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]

    try:
        server.initialize(bookshelf.as_uri())
        server.open_document(query, "graphql", text="query Q {\n  shelves { name }\n}\n")
        pulled = lambda: server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})["result"]["items"]
        before = pulled()
        change(2, (9, 0), (9, 0), "garbage")
        error = logged_error("outside the document")
        assert error["type"] == 1 and "-32602" in error["message"] and "not applied" in error["message"], error
        # The text is as before: nothing was appended at its end (`garbage` there would not parse), and `Q` is still
        # on line 0.
        assert pulled() == before
        assert [(symbol["name"], symbol["selectionRange"]) for symbol in symbols()] == [("Q", span((0, 6), (0, 7)))], symbols()
        hover = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 0}})
        assert "result" in hover, hover  # line 3 is the end of the text the server kept (three lines and a break)

        # The line just past the last is the end: deleting the whole text as Neovim does is applied.
        change(2, (0, 0), (4, 0), "query Other {\n  shelves { name }\n}\n")
        assert [symbol["name"] for symbol in symbols()] == ["Other"], symbols()

        # A version that goes back: applied, and logged as the error it is.
        change(1, (0, 6), (0, 11), "Back")
        error = logged_error("does not follow")
        assert error["type"] == 1, error
        assert [symbol["name"] for symbol in symbols()] == ["Back"], symbols()
    finally:
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)


def test_a_command_the_server_did_not_advertise_or_arguments_that_are_no_list_are_rejected():
    known = documents("let x = 1\n")
    answers.check(known, "initialize", {}, {"result": {"capabilities": {"executeCommandProvider": {"commands": ["mockls.writeResponse"]}}}})
    ask = {"textDocument": {"uri": "file:///t.swift"}, "range": span((0, 0), (0, 0))}
    good = [{"title": "Write", "command": {"title": "Write", "command": "mockls.writeResponse", "arguments": [{"uri": "file:///t.swift"}]}}]
    answers.check(known, "textDocument/codeAction", ask, {"result": good})
    unknown = [{"title": "Write", "command": {"title": "Write", "command": "mockls.writeEverything", "arguments": []}}]
    with pytest.raises(answers.AnswerError, match="neither advertised"):
        answers.check(known, "textDocument/codeAction", ask, {"result": unknown})
    not_a_list = [{"title": "Run", "command": "mockls.writeResponse", "arguments": {"uri": "file:///t.swift"}}]
    with pytest.raises(answers.AnswerError, match="no list"):
        answers.check(known, "textDocument/codeAction", ask, {"result": not_a_list})
    # A command the client declared it runs itself (the VS Code extension's `mockls.showTests`) is one it can run.
    client = documents("let x = 1\n")
    answers.check(client, "initialize", {"capabilities": {"experimental": {"mocklsCommands": ["mockls.showTests"]}}},
                  {"result": {"capabilities": {"executeCommandProvider": {"commands": ["mockls.openTests"]}}}})
    shown = [{"range": span((0, 0), (0, 3)), "command": {"title": "3 tests", "command": "mockls.showTests", "arguments": []}}]
    answers.check(client, "textDocument/codeLens", {"textDocument": {"uri": "file:///t.swift"}}, {"result": shown})
    lens = [{"range": span((0, 0), (0, 3)), "command": {"title": "Run", "command": "mockls.nothing"}}]
    with pytest.raises(answers.AnswerError, match="neither advertised"):
        answers.check(known, "textDocument/codeLens", {"textDocument": {"uri": "file:///t.swift"}}, {"result": lens})
