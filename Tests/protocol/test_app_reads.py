"""Issue 47: the app's reads of a GraphQL field apart from the tests'. A field's coverage lens is two lenses where the
app's code is followed into its operation: the tests' ("set in 2 tests · read in 1") and the app's ("read in 1 app
file", "no app code reads this"), whose command opens the app's reads (`mockls.openReads`, run by the server; or
`mockls.showReads`, run by a client that says so). References from a field come GraphQL first, then the app's reads,
then the tests'."""

from cli import copy_bookshelf
from lsp_stdio import MocklsProcess
from test_unused_fields import APP, start, stop

APP_LINES = APP.split("\n")


def lenses_of(server, uri):
    return server.request("textDocument/codeLens", {"textDocument": {"uri": uri}})["result"]


def on_line(lenses, line):
    return [lens for lens in lenses if lens["range"]["start"]["line"] == line]


def open_book(server, bookshelf):
    path = bookshelf / "graphql" / "BookQuery.graphql"
    server.open_document(path, "graphql")
    return path.as_uri(), path.read_text().split("\n")


def test_a_field_has_a_lens_for_the_tests_and_one_for_the_app_that_opens_its_reads(tmp_path):
    server, bookshelf, screen = start(tmp_path)
    try:
        book, lines = open_book(server, bookshelf)
        lenses = lenses_of(server, book)
        published = on_line(lenses, lines.index("    published"))
        assert len(published) == 2, published
        tests, app = published
        assert tests["command"]["command"] in ("mockls.openTests", ""), tests
        assert "app" not in tests["command"]["title"], tests
        assert app["command"]["title"] == "read in 1 app file", app
        assert app["command"]["command"] == "mockls.openReads", app
        line = next(i for i, text in enumerate(APP_LINES) if "book.published" in text)
        character = APP_LINES[line].index("published")
        document, position, locations = app["command"]["arguments"]
        assert document == book and position == app["range"]["start"], app
        assert locations == [{"uri": screen.as_uri(), "range": {
            "start": {"line": line, "character": character}, "end": {"line": line, "character": character + len("published")}}}]

        # No app code reads `born`: said, with nothing to open.
        born = on_line(lenses, lines.index("      born"))
        assert [lens["command"]["title"] for lens in born][1:] == ["no app code reads this"], born
        assert born[1]["command"]["command"] == "" and "arguments" not in born[1]["command"], born
        # (Every lens's command is one the server advertised or the client declared: `answers.check` says so.)

        # The server runs it: a client that cannot show a document is told where the reads are.
        server.send({"jsonrpc": "2.0", "id": "open-reads", "method": "workspace/executeCommand",
                     "params": {"command": "mockls.openReads", "arguments": app["command"]["arguments"]}})
        said, reply = [], None
        while reply is None or not said:
            message = server.receive()
            if message.get("method") == "window/showMessage":
                said.append(message["params"]["message"])
            elif message.get("id") == "open-reads":
                reply = message
        assert reply.get("result", "missing") is None, reply
        assert said == [f"1 app read: BookScreen.swift:{line + 1}"], said
    finally:
        stop(server)


def test_a_client_that_shows_the_reads_itself_is_given_its_own_command(tmp_path):
    server, bookshelf, _ = start(tmp_path, {"experimental": {"mocklsCommands": ["mockls.showReads"]}})
    try:
        book, lines = open_book(server, bookshelf)
        tests, app = on_line(lenses_of(server, book), lines.index("    published"))
        assert app["command"]["command"] == "mockls.showReads", app
        # Only the commands it declared: the tests' lens is still the server's.
        assert tests["command"]["command"] in ("mockls.openTests", ""), tests
        refused = server.request("workspace/executeCommand", {"command": "mockls.showReads", "arguments": app["command"]["arguments"]})
        assert refused["error"]["code"] == -32602, refused
    finally:
        stop(server)


def test_references_from_a_field_come_graphql_then_app_then_tests(tmp_path):
    server, bookshelf, screen = start(tmp_path)
    try:
        book, lines = open_book(server, bookshelf)
        # `book`: the app reads it in its result handler; the tests, from the models they build.
        line = lines.index("  book(id: $id) {")
        found = server.request("textDocument/references", {
            "textDocument": {"uri": book}, "position": {"line": line, "character": 3}, "context": {"includeDeclaration": True}})["result"]
        tests_folder = (bookshelf / "Tests").as_uri() + "/"

        def kind(location):
            uri = location["uri"]
            return "graphql" if uri.endswith((".graphql", ".graphqls")) else "test" if uri.startswith(tests_folder) else "app"
        kinds = [kind(location) for location in found]
        assert kinds == sorted(kinds, key=["graphql", "app", "test"].index), kinds
        assert kinds.count("app") == 1 and found[kinds.index("app")]["uri"] == screen.as_uri(), found
        assert "test" in kinds and "graphql" in kinds, kinds
    finally:
        stop(server)


def test_the_command_line_prints_each_use_with_where_it_is(tmp_path):
    """`mockls references FILE:LINE:COLUMN`: what Xcode users and scripts have for Find Usages, each use marked."""
    import json

    from cli import copy_bookshelf, run

    bookshelf = copy_bookshelf(tmp_path, own_app=False)
    (bookshelf / "App").mkdir()
    (bookshelf / "App" / "BookScreen.swift").write_text(APP)
    book_line = next(i for i, text in enumerate(APP_LINES) if "let book = " in text)
    book_column = APP_LINES[book_line].index(".book") + 2
    result = run("references", "graphql/BookQuery.graphql:2:3", cwd=bookshelf)
    assert result.returncode == 0, result.stderr
    uses = [line.split("\t") for line in result.stdout.splitlines()]
    assert uses[0] == ["graphql", "graphql/BookQuery.graphql:2:3"], uses
    kinds = [kind for kind, _ in uses]
    assert kinds == sorted(kinds, key=["graphql", "app", "test"].index) and "test" in kinds, uses
    assert [where for kind, where in uses if kind == "app"] == [f"App/BookScreen.swift:{book_line + 1}:{book_column}"], uses
    assert all(where.startswith("Tests/BookshelfTests/") for kind, where in uses if kind == "test"), uses

    # JSON, without the declaration (the schema's field): the same uses but that one.
    declaration = [where for kind, where in uses if where.startswith("graphql/schema.graphqls:")]
    assert len(declaration) == 1, uses
    result = run("references", "graphql/BookQuery.graphql:2:3", "--no-declaration", "--format", "json", cwd=bookshelf)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert set(found[0]) == {"kind", "file", "line", "column", "endLine", "endColumn"}, found[0]
    assert [(use["kind"], use["line"], use["column"]) for use in found] == [
        (kind, int(where.split(":")[-2]), int(where.split(":")[-1])) for kind, where in uses if where != declaration[0]]
    app = next(use for use in found if use["kind"] == "app")
    assert app["file"] == str((bookshelf / "App" / "BookScreen.swift").resolve()) and app["endColumn"] == book_column + len("book"), app

    # Nothing there: said, and not an error.
    result = run("references", "graphql/BookQuery.graphql:1:1", cwd=bookshelf)
    assert result.returncode == 0 and result.stdout == "" and "no references at 1:1" in result.stderr, result


def test_the_coverage_report_says_where_the_app_reads_each_field(tmp_path):
    """`mockls coverage --format json`: each field's app files and where they read it, as the editor's app lens."""
    import json

    from cli import copy_bookshelf, run

    bookshelf = copy_bookshelf(tmp_path, own_app=False)
    (bookshelf / "App").mkdir()
    (bookshelf / "App" / "BookScreen.swift").write_text(APP)
    result = run("coverage", "--format", "json", cwd=bookshelf)
    assert result.returncode == 0, result.stderr
    rows = {(row["operation"], row["path"]): row for row in json.loads(result.stdout)}
    line = next(i for i, text in enumerate(APP_LINES) if "book.published" in text)
    published = rows[("Book", "book.published")]
    assert published["appFiles"] == 1, published
    assert published["appReads"] == [{"file": "App/BookScreen.swift", "line": line + 1, "column": APP_LINES[line].index("published") + 1}]
    born = rows[("Book", "book.coAuthors.born")]
    assert born["appFiles"] == 0 and born["appReads"] == [], born
    # An operation the app's code is not followed into: neither is said.
    search = next(row for (operation, _), row in rows.items() if operation == "Search")
    assert "appFiles" not in search and "appReads" not in search, search


VIEW_MODEL = """import BookshelfAPI

final class BookViewModel {
    var book: BookQuery.Data.Book?
}
"""

# It spells no generated type: the model comes through the view model, declared in its own file.
VIEW = """struct BookView {
    let viewModel: BookViewModel

    var year: Int { viewModel.book?.published ?? 0 }
}
"""


def test_references_reach_a_read_through_a_view_model_of_another_file_and_follow_its_unsaved_edits(tmp_path):
    # The view model and the view are on disk before the server starts: its walk at start finds them.
    bookshelf = copy_bookshelf(tmp_path, own_app=False)
    (bookshelf / "App").mkdir()
    (bookshelf / "App" / "BookScreen.swift").write_text(APP)
    view_model = bookshelf / "App" / "BookViewModel.swift"
    view_model.write_text(VIEW_MODEL)
    (bookshelf / "App" / "BookView.swift").write_text(VIEW)
    server = MocklsProcess()
    server.initialize(bookshelf.as_uri())
    try:
        book, lines = open_book(server, bookshelf)
        line = lines.index("    published")
        line_of_read = VIEW.split("\n").index("    var year: Int { viewModel.book?.published ?? 0 }")

        def app_reads():
            found = server.request("textDocument/references", {
                "textDocument": {"uri": book}, "position": {"line": line, "character": 5}, "context": {"includeDeclaration": False}})["result"]
            return sorted((location["uri"].rsplit("/", 1)[-1], location["range"]["start"]["line"]) for location in found
                          if location["uri"].endswith(".swift") and "/App/" in location["uri"])
        assert app_reads() == [("BookScreen.swift", APP_LINES.index(next(l for l in APP_LINES if "book.published" in l))),
                               ("BookView.swift", line_of_read)]
        # The view model as the editor has it, unsaved: its `book` is no model now, and the view reads nothing of it.
        server.open_document(view_model, "swift", VIEW_MODEL.replace("var book: BookQuery.Data.Book?", "var book: BookSummary?"))
        assert [file for file, _ in app_reads()] == ["BookScreen.swift"]
        server.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": view_model.as_uri()}}})
        assert [file for file, _ in app_reads()] == ["BookScreen.swift", "BookView.swift"]
    finally:
        stop(server)
