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
