"""mockls driven by pytest-lsp, a third-party LSP client, with the capabilities real editors send."""

import json as _json
from pathlib import Path

import answers
import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from completions import item_edit, item_format, with_defaults
from lsp_stdio import ROOT, mockls_binary

URI = "file:///work/DogTests.swift"
TEXT = 'let 名前 = Mock<Dog>(species: "柴犬🐕")\nlet height = Mock<Height>()\n'


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()], server_env={"MOCKLS_TEST_HOOKS": "1"}),
    params=["visual-studio-code", "neovim", "emacs"],
)
async def client(lsp_client: LanguageClient, request):
    await start(lsp_client, request.param, root_uri="file:///work")
    yield
    await lsp_client.shutdown_session()


async def start(lsp_client: LanguageClient, editor: str, with_capabilities: types.ClientCapabilities | None = None, **params):
    """Initializes mockls with `editor`'s capabilities (or `with_capabilities`), recording the watchers it registers."""
    registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(registration: types.RegistrationParams):
        registrations.extend(registration.registrations)

    lsp_client.registrations = registrations
    # Asked for after test files change when the client says it can be (VS Code): it asks for its lenses again.
    lsp_client.lens_refreshes = 0

    @lsp_client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def refresh_code_lenses(_params):
        lsp_client.lens_refreshes += 1

    lsp_client.editor = editor
    judge_answers(lsp_client)
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=with_capabilities or capabilities(editor), **params)
    )


def judge_answers(lsp_client: LanguageClient):
    """Every reply this client gets is judged by the answer checker (answers.py) against the documents as the client
    holds them, whatever the test asserts of it."""
    protocol = lsp_client.protocol
    converter = protocol._converter
    documents = answers.Documents()
    lsp_client.documents = documents
    notify, send_request_async = protocol.notify, protocol.send_request_async

    def notify_and_track(method, params=None):
        documents.sent({"method": method, "params": converter.unstructure(params)})
        return notify(method, params)

    async def request_and_judge(method, params=None, msg_id=None):
        result = await send_request_async(method, params, msg_id=msg_id)
        unstructured = params if isinstance(params, dict) else converter.unstructure(params)
        answers.check(documents, method, unstructured, {"result": result if isinstance(result, (dict, list)) or result is None else converter.unstructure(result)})
        return result

    protocol.notify = notify_and_track
    protocol.send_request_async = request_and_judge


def capabilities(editor: str) -> types.ClientCapabilities:
    """An editor's capabilities as pytest-lsp records them; "pulling-client" is VS Code's with pull diagnostics and
    workspace refresh, as VS Code itself sends them (its recorded set here lacks them)."""
    if editor == "visual-studio-code-item-defaults":
        # VS Code since 1.67 (LSP 3.17): the recorded 1.65 set, with the completion list's item defaults.
        result = client_capabilities("visual-studio-code")
        result.text_document.completion.completion_list = types.CompletionListCapabilities(
            item_defaults=["commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"])
        return result
    if editor != "pulling-client":
        return client_capabilities(editor)
    result = client_capabilities("visual-studio-code")
    result.text_document.diagnostic = types.DiagnosticClientCapabilities(dynamic_registration=True, related_document_support=False)
    result.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return result


def position(line, character):
    return types.Position(line=line, character=character)


async def document_text(client: LanguageClient) -> dict:
    return await client.protocol.send_request_async("mockls/test/document", {"uri": URI})


@pytest.mark.asyncio
async def test_open_edit_close(client: LanguageClient):
    result = client.initialize_result
    assert result.server_info.name == "mockls"
    offered = client.capabilities.general.position_encodings if client.capabilities.general else None
    expected = "utf-8" if offered and offered[0] == "utf-8" else "utf-16"
    assert result.capabilities.position_encoding == expected, client.editor
    assert result.capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental

    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="swift", version=1, text=TEXT)
        )
    )
    # Replace the dog emoji: columns 31..33 in UTF-16, bytes 39..43 in UTF-8.
    start, end = (31, 33) if expected == "utf-16" else (39, 43)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=position(0, start), end=position(0, end)), text="🐶"
                ),
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=position(1, 4), end=position(1, 10)), text="tall"
                ),
            ],
        )
    )
    state = await document_text(client)
    assert state.version == 2
    assert state.text == 'let 名前 = Mock<Dog>(species: "柴犬🐶")\nlet tall = Mock<Height>()\n'

    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    with pytest.raises(Exception, match="not open"):
        await document_text(client)


PETSHOP = ROOT / "protocol-fixtures" / "workspaces" / "petshop"


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]),
    params=["visual-studio-code", "neovim"],
)
async def petshop(lsp_client: LanguageClient, request):
    await start(lsp_client, request.param, workspace_folders=[types.WorkspaceFolder(uri=PETSHOP.as_uri(), name="petshop")])
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_graphql_diagnostics_and_file_watching(petshop: LanguageClient):
    query = PETSHOP / "operations" / "PetQuery.graphql"
    uri = query.as_uri()
    text = query.read_text().replace("    name\n", "    name\n    owner\n")
    petshop.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="graphql", version=1, text=text))
    )
    await petshop.wait_for_notification("textDocument/publishDiagnostics")
    diagnostics = petshop.diagnostics[uri]
    assert [(d.code, d.message, d.range.start.line) for d in diagnostics] == [("unknown-field", "Pet has no field owner", 4)]

    watches = petshop.capabilities.workspace.did_change_watched_files
    if watches and watches.dynamic_registration:
        [registration] = petshop.registrations
        patterns = [w["globPattern"] if isinstance(w, dict) else w.glob_pattern
                    for w in registration.register_options["watchers"]]
        assert "**/*.graphql" in patterns and "**/apollo-codegen-config.json" in patterns
    else:
        assert petshop.registrations == []


@pytest.mark.asyncio
async def test_completion_in_a_graphql_operation(petshop: LanguageClient):
    # Typing a new field and an argument in the petshop operation: the fields of Pet, then the arguments of pet.
    import asyncio

    query = PETSHOP / "operations" / "PetQuery.graphql"
    uri = query.as_uri()
    text = "query Pet($id: ID!) {\n  pet(id: $id) {\n    id\n    na\n  }\n}\n"
    petshop.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="graphql", version=1, text=text))
    )
    document = types.TextDocumentIdentifier(uri=uri)
    result = None
    for _ in range(100):  # the workspace is indexed in the background after `initialized`
        result = await petshop.text_document_completion_async(types.CompletionParams(text_document=document, position=position(3, 6)))
        if result and result.items:
            break
        await asyncio.sleep(0.05)
    assert [item.label for item in result.items] == ["id", "name", "species", "__typename"]
    name = result.items[1]
    assert name.detail == "String!" and name.kind == types.CompletionItemKind.Field
    assert item_edit(result, name)[0] == types.Range(start=position(3, 4), end=position(3, 6)), "replaces the typed `na`"
    assert "Pet.name: String!" in name.documentation.value
    arguments = await petshop.text_document_completion_async(types.CompletionParams(text_document=document, position=position(1, 6)))
    assert [item.label for item in arguments.items] == ["id"] and arguments.items[0].detail == "ID!"
    variables = await petshop.text_document_completion_async(types.CompletionParams(text_document=document, position=position(1, 10)))
    assert [item.label for item in variables.items] == ["$id"]

    # Hover and definition of a field in the operation: its schema signature and the Swift property Apollo
    # generates; the field in the schema file.
    hover = await petshop.text_document_hover_async(types.HoverParams(text_document=document, position=position(2, 5)))
    assert "Pet.id: ID!" in hover.contents.value and "Apollo iOS: `PetQuery.Data.Pet.id: PetShopAPI.ID`" in hover.contents.value, hover
    assert hover.range == types.Range(start=position(2, 4), end=position(2, 6))
    definition = await petshop.text_document_definition_async(types.DefinitionParams(text_document=document, position=position(1, 3)))
    assert definition.uri == (PETSHOP / "schema.graphqls").as_uri() and definition.range.start == position(1, 2), definition
    variable = await petshop.text_document_definition_async(types.DefinitionParams(text_document=document, position=position(1, 12)))
    assert variable.uri == uri and variable.range == types.Range(start=position(0, 10), end=position(0, 13)), variable

    # Symbols: the operation of the document (with the Swift class Apollo generates), and the project's across files.
    symbols = await petshop.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert [(s.name, s.detail, s.kind) for s in symbols] == [("Pet", "query → PetQuery", types.SymbolKind.Function)]
    found = await petshop.workspace_symbol_async(types.WorkspaceSymbolParams(query="pet"))
    assert {(s.name, s.kind) for s in found} >= {("Pet (PetQuery)", types.SymbolKind.Function), ("Pet (Mock<Pet>)", types.SymbolKind.Class)}, found
    pet_type = next(s for s in found if s.name == "Pet (Mock<Pet>)")
    assert pet_type.location.uri == (PETSHOP / "schema.graphqls").as_uri() and pet_type.container_name == "PetShopAPI"


BOOKSHELF = ROOT / "Examples" / "Bookshelf"


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]),
    params=["visual-studio-code", "neovim", "visual-studio-code-item-defaults"],
)
async def bookshelf(lsp_client: LanguageClient, request):
    await start(lsp_client, request.param, root_uri=BOOKSHELF.as_uri())
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_completion_of_mock_arguments(bookshelf: LanguageClient):
    import asyncio

    test_file = BOOKSHELF / "Tests" / "BookshelfTests" / "BookQueryTests.swift"
    uri = test_file.as_uri()
    # The cursor just inside `Mock<Book>(`, before `title:`: the parameters that come before `title`, each with the
    # comma that keeps the argument list valid.
    text = "import BookshelfAPITestMocks\nlet book = Mock<Book>(title: \"Kindred\")\n"
    bookshelf.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="swift", version=1, text=text))
    )
    params = types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(1, 22))
    result = None
    for _ in range(100):  # the workspace is indexed in the background after `initialized`
        result = await bookshelf.text_document_completion_async(params)
        if result and result.items:
            break
        await asyncio.sleep(0.05)
    labels = [item.label for item in result.items]
    assert labels == ["author", "coAuthors", "genre", "id", "published", "rating"], labels
    genre = next(item for item in result.items if item.label == "genre")
    assert genre.detail == "GraphQLEnum<BookshelfAPI.Genre> = .case(.fiction)"
    snippets = bookshelf.capabilities.text_document.completion.completion_item.snippet_support
    assert item_edit(result, genre)[1] == ("genre: ${1:.case(.fiction)}, " if snippets else "genre: ")
    assert item_format(result, genre) == (types.InsertTextFormat.Snippet if snippets else None)
    # A client that takes item defaults (Neovim 0.10+) gets the range every item replaces once.
    takes_defaults = bookshelf.capabilities.text_document.completion.completion_list
    if takes_defaults and "editRange" in (takes_defaults.item_defaults or []):
        assert result.item_defaults.edit_range == types.Range(start=position(1, 22), end=position(1, 22))
        assert genre.text_edit is None and genre.text_edit_text is not None
    else:
        assert result.item_defaults is None and genre.text_edit is not None
    assert result.is_incomplete is False
    # A field's documentation: deferred to completionItem/resolve for clients that resolve it, inline otherwise.
    resolve = bookshelf.capabilities.text_document.completion.completion_item.resolve_support
    if resolve and "documentation" in resolve.properties:
        assert genre.documentation is None and with_defaults(result, genre).data is not None
        genre = await bookshelf.completion_item_resolve_async(with_defaults(result, genre))
    else:
        assert genre.data is None
    assert "`genre: Genre!`" in genre.documentation.value, genre.documentation
    assert "Selected by" in genre.documentation.value


async def open_when_indexed(client: LanguageClient, uri: str, text: str, probe: types.Position):
    """Opens `text` and waits until the background index answers a completion at `probe`."""
    import asyncio

    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="swift", version=1, text=text))
    )
    params = types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=probe)
    for _ in range(100):
        result = await client.text_document_completion_async(params)
        if result and result.items:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the workspace was never indexed")


@pytest.mark.asyncio
async def test_member_completion_after_an_edit_hover_and_definition(bookshelf: LanguageClient):
    uri = (BOOKSHELF / "Tests" / "BookshelfTests" / "Scratch.swift").as_uri()
    text = 'func testBook() {\n    let book = Mock<Book>(title: "Kindred")\n    \n}\n'
    await open_when_indexed(bookshelf, uri, text, position(1, 26))
    document = types.TextDocumentIdentifier(uri=uri)

    # Type `book.au` on the empty line: the file is re-parsed incrementally, members come from the mock model.
    bookshelf.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(start=position(2, 4), end=position(2, 4)), text="book.au")
            ],
        )
    )
    result = await bookshelf.text_document_completion_async(types.CompletionParams(text_document=document, position=position(2, 11)))
    labels = [item.label for item in result.items]
    assert labels[:3] == ["author", "coAuthors", "genre"], labels
    author = result.items[0]
    assert author.detail == "Mock<Author>?"
    assert item_edit(result, author)[0] == types.Range(start=position(2, 9), end=position(2, 11)), "replaces the typed `au`"

    hover = await bookshelf.text_document_hover_async(types.HoverParams(text_document=document, position=position(1, 28)))
    assert hover is not None and "Book.title: String!" in hover.contents.value, hover
    assert hover.range == types.Range(start=position(1, 26), end=position(1, 31))

    definition = await bookshelf.text_document_definition_async(
        types.DefinitionParams(text_document=document, position=position(1, 22))
    )
    assert definition.uri.endswith("/Examples/Bookshelf/graphql/schema.graphqls"), definition
    assert definition.range.start == position(20, 5), "the `Book` in `type Book implements Node`"

    nothing = await bookshelf.text_document_hover_async(types.HoverParams(text_document=document, position=position(0, 2)))
    assert nothing is None

    # In the schema file, on the field `title` of `type Book`: hover, definition (itself) and its uses.
    schema = BOOKSHELF / "graphql" / "schema.graphqls"
    schema_uri = schema.as_uri()
    bookshelf.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=schema_uri, language_id="graphql", version=1, text=schema.read_text())))
    schema_document = types.TextDocumentIdentifier(uri=schema_uri)
    declared = await bookshelf.text_document_hover_async(types.HoverParams(text_document=schema_document, position=position(22, 4)))
    assert declared is not None and "Book.title: String!" in declared.contents.value, declared
    itself = await bookshelf.text_document_definition_async(types.DefinitionParams(text_document=schema_document, position=position(22, 4)))
    assert itself.uri == schema_uri and itself.range.start == position(22, 2), itself
    uses = await bookshelf.text_document_references_async(types.ReferenceParams(
        text_document=schema_document, position=position(22, 4), context=types.ReferenceContext(include_declaration=False)))
    files = sorted({Path(u.uri).name for u in uses})
    assert {"BookDetails.graphql", "SearchQuery.graphql"} <= set(files) and "schema.graphqls" not in files, files
    assert any(name.endswith(".swift") for name in files), files

    # Signature help inside `Mock<Book>(title: "Kindred")`: the initializer's parameters in Apollo's order, the one
    # at the cursor active; the parameters located in the label by UTF-16 offsets.
    assert list(bookshelf.initialize_result.capabilities.signature_help_provider.trigger_characters) == ["(", ","]
    help = await bookshelf.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=document, position=position(1, 30)))
    [signature] = help.signatures
    assert signature.label.startswith("Mock<Book>(author: Mock<Author> = Mock<Author>(), coAuthors: "), signature.label
    parameters = [signature.label[start:end] for start, end in (p.label for p in signature.parameters)]
    assert parameters[help.active_parameter] == 'title: String = ""', parameters
    assert "`title: String!`" in signature.parameters[help.active_parameter].documentation.value
    outside = await bookshelf.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=document, position=position(1, 4)))
    assert outside is None


from scenarios import SCENARIOS, expected, matches, require_scenarios


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]),
    params=["visual-studio-code", "neovim", "pulling-client"],
)
async def scenario(lsp_client: LanguageClient, request):
    require_scenarios()
    await start(lsp_client, request.param, root_uri=(SCENARIOS / "animalkingdom").as_uri())
    yield
    await lsp_client.shutdown_session()


async def current_diagnostics(client: LanguageClient, uri: str, previous=None) -> list:
    """The test file's diagnostics as the client gets them: pulled when mockls offered pull, else as pushed (waiting
    until they differ from `previous`)."""
    import asyncio

    for _ in range(200):
        if client.initialize_result.capabilities.diagnostic_provider is not None:
            report = await client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
            )
            items = report.items
        else:
            items = client.diagnostics.get(uri)
        if items and items != previous:
            return items
        await asyncio.sleep(0.05)
    raise AssertionError(f"no new diagnostics for {uri}")


def open_file(client: LanguageClient, path, language="swift", text=None) -> str:
    """Opens `path` (with `text` instead of its contents when given) and returns its uri."""
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=1, text=path.read_text() if text is None else text
            )
        )
    )
    return uri


def as_records(items, file: str) -> list:
    return [{"file": file, "line": d.range.start.line + 1, "code": d.code, "message": d.message} for d in items]


@pytest.mark.asyncio
async def test_scenario_diagnostics_follow_the_documents(scenario: LanguageClient):
    relative = "Tests/AnimalKingdomTests/AnimalTests.swift"
    uri = open_file(scenario, SCENARIOS / "animalkingdom" / relative)
    first = await current_diagnostics(scenario, uri)
    assert matches(expected("animalkingdom"), as_records(first, relative)) == []
    assert all(d.source == "mockls" for d in first)

    # Editing the operation (not on disk: in the editor) re-indexes it, and the test file reads differently:
    # without `feet` in AllAnimalsQuery, line 15 reads nothing that crashes.
    query = SCENARIOS.parent / "apollo" / "AnimalKingdomAPI" / "graphql" / "AllAnimalsQuery.graphql"
    open_file(scenario, query, language="graphql", text=query.read_text().replace("      feet\n", ""))
    second = await current_diagnostics(scenario, uri, previous=first)
    assert 15 not in [d.range.start.line + 1 for d in second]
    assert len(second) == len(first) - 1
    assert (scenario.initialize_result.capabilities.diagnostic_provider is not None) == (scenario.editor == "pulling-client")
    if scenario.editor == "pulling-client":
        assert scenario.diagnostics.get(uri) is None, "pulled, not pushed"
        assert scenario.diagnostic_refresh_count > 0, "a pulling client is asked to pull again when the index changes"


from scenarios import expected_from_markers, own_scenario
from shared import require_shared
from scenarios import workspace as scenario_workspace


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]),
    params=[("neovim", "animalkingdom-1.15"), ("neovim", "animalkingdom-1.15-cocoapods")])
async def legacy_scenario(lsp_client: LanguageClient, request, tmp_path):
    # The 1.15 pin in a Package.resolved, and in a Podfile.lock (-cocoapods).
    client_name, name = request.param
    folder = scenario_workspace(name, tmp_path)
    lsp_client.folder = folder
    await start(lsp_client, client_name, root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_legacy_scenario_diagnostics(legacy_scenario: LanguageClient):
    relative = "Tests/AnimalKingdomTests/LegacyMockTests.swift"
    uri = open_file(legacy_scenario, legacy_scenario.folder / relative)
    found = await current_diagnostics(legacy_scenario, uri)
    assert matches(expected("animalkingdom-1.15"), as_records(found, relative)) == []


@pytest.mark.asyncio
async def test_quick_fix_sets_the_unset_field(scenario: LanguageClient):
    relative = "Tests/AnimalKingdomTests/AnimalTests.swift"
    text = (SCENARIOS / "animalkingdom" / relative).read_text()
    uri = open_file(scenario, SCENARIOS / "animalkingdom" / relative)
    diagnostics = await current_diagnostics(scenario, uri)
    feet = next(d for d in diagnostics if d.range.start.line == 14)
    actions = await scenario.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=feet.range,
            context=types.CodeActionContext(diagnostics=[feet]),
        )
    )
    titles = [a.title for a in actions]
    assert titles[:2] == ["Set `feet` on the `Mock<Height>`", "Set every field this test reads but its mocks never set"], titles
    # With the cursor at column 1 of the line, as Neovim's vim.lsp.buf.code_action() asks: the same fixes.
    line_start = types.Position(line=feet.range.start.line, character=0)
    at_line_start = await scenario.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=line_start, end=line_start),
            context=types.CodeActionContext(diagnostics=[feet]),
        )
    )
    assert [a.title for a in at_line_start][:2] == titles[:2], [a.title for a in at_line_start]
    edits = scenario.capabilities.workspace.workspace_edit
    creates = bool(edits and edits.document_changes and edits.resource_operations and "create" in edits.resource_operations)
    generate = [a for a in actions if a.title == "Generate placeholder factories (AnimalKingdomAPI+Placeholders.swift)"]
    assert [a.kind for a in generate] == (["source", "quickfix"] if creates else []), titles
    if creates:
        resolve = scenario.capabilities.text_document.code_action.resolve_support
        if resolve and "edit" in resolve.properties:
            # The whole project's factories are written when the action is picked (codeAction/resolve).
            assert all(a.edit is None and a.data for a in generate), generate
            generate = [await scenario.code_action_resolve_async(a) for a in generate]
        create, insert = generate[0].edit.document_changes
        assert create.kind == "create" and create.uri.endswith("/Tests/AnimalKingdomTests/AnimalKingdomAPI+Placeholders.swift")
        assert "public extension Mock where O == Dog {" in insert.edits[0].new_text
    fix = actions[0]
    assert fix.kind == "quickfix" and fix.diagnostics[0].code == "unset-field-read"
    preferred = scenario.capabilities.text_document.code_action.is_preferred_support
    assert fix.is_preferred == (True if preferred else None)
    [edit] = fix.edit.changes[uri]
    lines = text.split("\n")
    line = lines[edit.range.start.line]
    fixed = line[: edit.range.start.character] + edit.new_text + line[edit.range.end.character:]
    assert fixed.strip() == 'let dog = Mock<Dog>(height: Mock<Height>(feet: 0), id: "1", species: "Lab")', fixed

    # Applied in the editor, the diagnostic goes away.
    lines[edit.range.start.line] = fixed
    scenario.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="\n".join(lines))],
        )
    )
    after = await current_diagnostics(scenario, uri, previous=diagnostics)
    assert 15 not in [d.range.start.line + 1 for d in after] and len(after) == len(diagnostics) - 1


SCENARIO_FILES = {
    "animalkingdom": ("Tests/AnimalKingdomTests/AnimalTests.swift", 11),
    "animalkingdom-1.15": ("Tests/AnimalKingdomTests/LegacyMockTests.swift", 16),
    "animalkingdom-2.x": ("Tests/AnimalKingdomTests/AsyncAnimalTests.swift", 11),
}


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]),
    params=[(name, editor) for name in SCENARIO_FILES for editor in ("visual-studio-code", "neovim", "pulling-client")],
    ids=lambda param: "-".join(param),
)
async def any_scenario(lsp_client: LanguageClient, request, tmp_path):
    name, editor = request.param
    folder = scenario_workspace(name, tmp_path)
    lsp_client.scenario = name
    lsp_client.folder = folder
    await start(lsp_client, editor, root_uri=folder.as_uri())
    yield
    # Shutdown over stdio, checked: the session ends with `shutdown` answered and `exit` taking the server down.
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_each_scenario_completion_diagnostics_and_a_code_action(any_scenario: LanguageClient):
    relative, construction_line = SCENARIO_FILES[any_scenario.scenario]
    path = any_scenario.folder / relative
    uri = open_file(any_scenario, path)
    diagnostics = await current_diagnostics(any_scenario, uri)
    assert matches(expected(any_scenario.scenario), as_records(diagnostics, relative)) == []

    line = path.read_text().split("\n")[construction_line]
    column = line.index("Mock<Dog>(") + len("Mock<Dog>(")
    completion = await any_scenario.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position(construction_line, column))
    )
    labels = [item.label for item in completion.items]
    assert "height" in labels and "species" not in labels, labels  # `species:` is already given

    unset = next(d for d in diagnostics if d.code == "unset-field-read")
    actions = await any_scenario.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=unset.range,
            context=types.CodeActionContext(diagnostics=[unset]),
        )
    )
    assert actions and actions[0].title.startswith("Set `") and actions[0].edit.changes[uri], actions


@pytest.mark.asyncio
async def test_struct_factories_and_refactorings(scenario: LanguageClient):
    path = SCENARIOS / "animalkingdom" / "Tests" / "AnimalKingdomTests" / "PetFactories.swift"
    text = (
        "import ApolloTestSupport\n"
        "struct Pet {\n    let name: String\n    var age: Int\n}\n"
        "func test() {\n    let pet = Pet(age: 1)\n    let h = Mock<Height>(inches: 2)\n}\n"
    )
    uri = open_file(scenario, path, text=text)

    async def titles_at(line, character):
        import asyncio

        for _ in range(100):  # the workspace is indexed in the background
            actions = await scenario.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=types.Range(start=position(line, character), end=position(line, character)),
                    context=types.CodeActionContext(diagnostics=[]),
                )
            )
            if actions:
                return {a.title: a for a in actions}
            await asyncio.sleep(0.05)
        return {}

    on_struct = await titles_at(1, 8)
    assert "Generate `Pet.placeholder(…)`" in on_struct, on_struct.keys()
    on_call = await titles_at(6, 20)
    add = on_call["Add missing arguments with `.placeholder()`"]
    [edit] = add.edit.changes[uri]
    assert edit.new_text == "name: .placeholder(), " and edit.range.start == position(6, 18)
    on_mock = await titles_at(7, 25)
    assert "Fill every field of `Mock<Height>`" in on_mock and on_mock["Fill every field of `Mock<Height>`"].kind == "refactor.rewrite"


def writable_own_scenario(name: str, tmp_path: Path) -> Path:
    """A copy of one of Tests/scenarios at the same depth, with ../shared linked, so that its configuration's
    relative paths still reach ../shared."""
    import shutil

    folder = tmp_path / "repo" / "Tests" / "scenarios" / name
    shutil.copytree(own_scenario(name), folder)
    (tmp_path / "shared").symlink_to(require_shared())
    return folder


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]), params=["neovim", "pulling-client", "visual-studio-code"])
async def closures_scenario(lsp_client: LanguageClient, request, tmp_path):
    """A writable copy of the closures scenario, where its configuration's relative paths still reach ../shared."""
    folder = writable_own_scenario("closures", tmp_path)
    lsp_client.folder = folder
    await start(lsp_client, request.param, root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_tests_written_in_closures_get_their_diagnostics(closures_scenario: LanguageClient):
    # Quick specs (describe/context/it, beforeEach), runActivity, forEach, map, filter, and helpers: what the test
    # files say.
    folder = closures_scenario.folder
    # HelperTests.swift: models and mocks returned by helpers, in its own file and in Fixtures.swift (read from disk).
    for relative in ("Tests/SpecTests/AnimalSpec.swift", "Tests/SpecTests/ClosureTests.swift", "Tests/SpecTests/HelperTests.swift"):
        uri = open_file(closures_scenario, folder / relative)
        found = await current_diagnostics(closures_scenario, uri)
        wanted = [e for e in expected_from_markers(folder) if e["file"] == relative]
        assert wanted and matches(wanted, as_records(found, relative)) == []


@pytest.mark.asyncio
async def test_saving_a_helper_file_checks_the_tests_that_call_it_again(closures_scenario: LanguageClient):
    # With file watching (VS Code, the pulling client) or without (Neovim): saving Fixtures.swift is what tells mockls.
    folder = closures_scenario.folder
    tests = folder / "Tests" / "SpecTests" / "HelperTests.swift"
    uri = open_file(closures_scenario, tests)
    before = await current_diagnostics(closures_scenario, uri)
    assert any("`emptyCat` builds it" in d.message for d in before), [d.message for d in before]
    fixtures = folder / "Tests" / "SpecTests" / "Fixtures.swift"
    text = fixtures.read_text().replace("static var emptyCat: Mock<Cat> { Mock<Cat>() }",
                                        'static var emptyCat: Mock<Cat> { Mock<Cat>(species: "Tabby") }')
    fixtures_uri = open_file(closures_scenario, fixtures)
    fixtures.write_text(text)
    closures_scenario.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=fixtures_uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    closures_scenario.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=fixtures_uri)))
    import asyncio

    for _ in range(100):
        after = await current_diagnostics(closures_scenario, uri, previous=before)
        if not any("`emptyCat` builds it" in d.message for d in after):
            break
        await asyncio.sleep(0.1)
    assert not any("`emptyCat` builds it" in d.message for d in after), [d.message for d in after]
    assert any("`makeCat()` builds it" in d.message for d in after)


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]), params=["neovim", "pulling-client", "visual-studio-code"])
async def factories_scenario(lsp_client: LanguageClient, request, tmp_path):
    """A writable copy of the factories scenario (its configuration's relative paths still reach ../shared), with a
    second project whose configuration cannot be used."""
    folder = writable_own_scenario("factories", tmp_path)
    (folder / "Legacy").mkdir()
    (folder / "Legacy" / "apollo-codegen-config.json").write_text('{\n  "input": {"schemaSearchPaths": ["*.graphqls"]}\n}\n')
    lsp_client.folder = folder
    await start(lsp_client, request.param, root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_factories_fixtures_and_lists_get_their_diagnostics(factories_scenario: LanguageClient):
    # Mocks from factories, stored fixtures and lists declared in Factories.swift (read from disk), in 1.x and async
    # 2.x tests; and the configuration that cannot be used, on its file, while the other project is checked.
    import asyncio

    folder = factories_scenario.folder
    for relative in ("Tests/FactoryTests/FactoryTests.swift", "Tests/FactoryTests/FixtureTests.swift", "Tests/FactoryTests/ListTests.swift"):
        uri = open_file(factories_scenario, folder / relative)
        found = await current_diagnostics(factories_scenario, uri)
        wanted = [e for e in expected_from_markers(folder) if e["file"] == relative]
        assert wanted and matches(wanted, as_records(found, relative)) == []
    broken = (folder / "Legacy" / "apollo-codegen-config.json").as_uri()
    for _ in range(100):
        if factories_scenario.diagnostics.get(broken):
            break
        await asyncio.sleep(0.05)
    [diagnostic] = factories_scenario.diagnostics[broken]
    assert diagnostic.code == "invalid-configuration" and 'missing "schemaNamespace"' in diagnostic.message
    assert diagnostic.range.start.line == 0


@pytest.mark.asyncio
async def test_references_across_swift_files_and_graphql(factories_scenario: LanguageClient):
    # `species` of a Mock<Dog> in FixtureTests.swift: the Dog mock's label and members in every Swift file of the
    # project (Factories.swift from disk), and the field's declaration in the schema; not Cat's or Bird's.
    folder = factories_scenario.folder
    tests = folder / "Tests" / "FactoryTests" / "FixtureTests.swift"
    uri = open_file(factories_scenario, tests)
    await current_diagnostics(factories_scenario, uri)
    line = tests.read_text().split("\n")[8]
    column = line.index("species")
    found = await factories_scenario.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(8, column + 2),
        context=types.ReferenceContext(include_declaration=True)))
    places = sorted((types_uri_path(r.uri).rsplit("/", 1)[-1], r.range.start.line + 1) for r in found)
    factories = [n for n, _ in places if n == "Factories.swift"]
    assert ("FixtureTests.swift", 9) in places and ("Factories.swift", 14) in places and ("Factories.swift", 20) in places, places
    assert ("Factories.swift", 50) not in places and ("Factories.swift", 59) not in places, "Cat's and Bird's species are other fields"
    assert any(n == "AnimalSchema.graphqls" for n, _ in places), places
    assert len(factories) >= 5


def types_uri_path(uri: str) -> str:
    from urllib.parse import unquote, urlparse

    return unquote(urlparse(uri).path)


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]), params=["neovim", "visual-studio-code"])
async def renames_scenario(lsp_client: LanguageClient, request, tmp_path):
    """A writable copy of the renames scenario: a fragment, an operation and an alias used from two test files."""
    folder = writable_own_scenario("renames", tmp_path)
    lsp_client.folder = folder
    await start(lsp_client, request.param, root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


def apply_workspace_edit(edit) -> None:
    """Writes a WorkspaceEdit's changes to disk (ASCII files: UTF-16 columns are byte columns)."""
    for uri, edits in edit.changes.items():
        path = Path(types_uri_path(uri))
        lines = path.read_text().split("\n")
        for change in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
            start, end = change.range.start, change.range.end
            assert start.line == end.line
            line = lines[start.line]
            lines[start.line] = line[:start.character] + change.new_text + line[end.character:]
        path.write_text("\n".join(lines))


@pytest.mark.asyncio
async def test_rename_a_fragment_an_operation_and_an_alias_across_graphql_and_swift(renames_scenario: LanguageClient):
    import subprocess

    folder = renames_scenario.folder
    def check():
        result = subprocess.run([mockls_binary(), "check", "--workspace", str(folder), "--format", "json"], capture_output=True, text=True)
        return [(r["file"], r["line"], r["code"]) for r in _json.loads(result.stdout)]
    before = check()
    assert len(before) == 2, before

    zoo = folder / "Tests" / "RenameTests" / "ZooTests.swift"
    uri = open_file(renames_scenario, zoo)
    await current_diagnostics(renames_scenario, uri)
    document = types.TextDocumentIdentifier(uri=uri)
    lines = zoo.read_text().split("\n")

    async def rename(line: int, word: str, new_name: str, path=None):
        text = (path or zoo).read_text().split("\n")
        column = text[line].index(word) + 1
        target = types.TextDocumentIdentifier(uri=(path or zoo).as_uri())
        prepared = await renames_scenario.text_document_prepare_rename_async(
            types.PrepareRenameParams(text_document=target, position=position(line, column)))
        assert prepared.placeholder == word, prepared
        edit = await renames_scenario.text_document_rename_async(
            types.RenameParams(text_document=target, position=position(line, column), new_name=new_name))
        apply_workspace_edit(edit)
        return edit

    # References first, from the operation: the alias, the fragment and the operation, in both test files.
    operation = folder / "graphql" / "Zoo.graphql"
    graphql_uri = open_file(renames_scenario, operation, language="graphql")
    graphql_lines = operation.read_text().split("\n")
    async def references(line: int, word: str):
        found = await renames_scenario.text_document_references_async(types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=graphql_uri), position=position(line, graphql_lines[line].index(word) + 1),
            context=types.ReferenceContext(include_declaration=False)))
        return sorted((types_uri_path(r.uri).rsplit("/", 1)[-1], r.range.start.line + 1) for r in found)
    assert await references(3, "nickname") == [
        ("HeightTests.swift", 14), ("HeightTests.swift", 15), ("ZooTests.swift", 11), ("ZooTests.swift", 12), ("ZooTests.swift", 14)]
    assert await references(8, "AnimalHeight") == [("HeightTests.swift", 9), ("HeightTests.swift", 16), ("Zoo.graphql", 5), ("ZooTests.swift", 19)]
    assert await references(0, "ZooAnimals") == [("HeightTests.swift", 14), ("ZooTests.swift", 13), ("ZooTests.swift", 18)]

    # The alias, from its use in a test: `nickname` everywhere it is the alias (both test files and the operation).
    edit = await rename(10, "nickname", "petName")
    assert {Path(types_uri_path(u)).name for u in edit.changes} == {"ZooTests.swift", "HeightTests.swift", "Zoo.graphql"}
    # The fragment, from `.fragments.animalHeight`; the operation, from the test's `ZooAnimalsQuery`. Re-open the
    # edited test so that the server reads what is on disk.
    renames_scenario.text_document_did_close(types.DidCloseTextDocumentParams(text_document=document))
    uri = open_file(renames_scenario, zoo)
    await current_diagnostics(renames_scenario, uri)
    text = zoo.read_text().split("\n")
    fragment_line = next(i for i, l in enumerate(text) if "fragments.animalHeight" in l)
    await rename(fragment_line, "animalHeight", "AnimalSize")
    renames_scenario.text_document_did_close(types.DidCloseTextDocumentParams(text_document=document))
    uri = open_file(renames_scenario, zoo)
    await current_diagnostics(renames_scenario, uri)
    text = zoo.read_text().split("\n")
    operation_line = next(i for i, l in enumerate(text) if "ZooAnimalsQuery" in l)
    await rename(operation_line, "ZooAnimalsQuery", "ParkAnimals")

    graphql = (folder / "graphql" / "Zoo.graphql").read_text()
    assert "query ParkAnimals {" in graphql and "petName: species" in graphql and "...AnimalSize" in graphql and "fragment AnimalSize on Animal" in graphql
    swift = zoo.read_text() + (folder / "Tests" / "RenameTests" / "HeightTests.swift").read_text()
    assert "ParkAnimalsQuery.Data" in swift and "fragments.animalSize" in swift and "AnimalSize.from(" in swift and "petName" in swift
    assert "nickname" not in swift and "ZooAnimals" not in swift and "AnimalHeight" not in swift
    # Nothing new for `mockls check`: the same problems on the same lines.
    assert check() == before

    # A schema field is the server's: refused, with the reason.
    from pygls.exceptions import JsonRpcException
    species_line = next(i for i, l in enumerate(zoo.read_text().split("\n")) if "Mock<Dog>(id:" in l)
    with pytest.raises(JsonRpcException) as refused:
        await renames_scenario.text_document_prepare_rename_async(types.PrepareRenameParams(
            text_document=types.TextDocumentIdentifier(uri=zoo.as_uri()), position=position(species_line, zoo.read_text().split("\n")[species_line].index("id:") + 1)))
    assert "field of the schema" in str(refused.value)


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]), params=["neovim", "visual-studio-code", "emacs"])
async def conversions_scenario(lsp_client: LanguageClient, request, tmp_path):
    folder = writable_own_scenario("conversions", tmp_path)
    lsp_client.folder = folder
    await start(lsp_client, request.param, root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_response_dictionary_converts_into_a_mock(conversions_scenario: LanguageClient):
    folder = conversions_scenario.folder
    tests = folder / "StarWars" / "Tests" / "ConversionTests"

    async def actions_at(path, marker):
        import asyncio

        text = path.read_text()
        uri = open_file(conversions_scenario, path)
        line = next(i for i, l in enumerate(text.split("\n")) if marker in l)
        character = text.split("\n")[line].index("(data:") + 1
        # The file has no diagnostics to wait for: ask until the project is indexed (the action names the schema's type).
        for _ in range(200):
            actions = await conversions_scenario.text_document_code_action_async(types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=position(line, character), end=position(line, character)),
                context=types.CodeActionContext(diagnostics=[])))
            if any(a.title.startswith("Convert the response dictionary") for a in actions or []) or "nickname" in marker:
                return uri, text, actions or []
            await asyncio.sleep(0.05)
        raise AssertionError("no conversion offered")

    uri, text, actions = await actions_at(tests / "ResponseDictionaryTests.swift", "TwoHeroesQuery.Data(data: data)")
    [convert] = [a for a in actions if a.title == "Convert the response dictionary to `Mock<Query>`"]
    assert convert.kind == "refactor.rewrite"
    edits = sorted(convert.edit.changes[uri], key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
    lines = text.split("\n")
    for edit in edits:
        start, end = edit.range.start, edit.range.end
        before = "\n".join(lines[: start.line] + [lines[start.line][: start.character]]) if start.line < len(lines) else "\n".join(lines)
        after = lines[end.line][end.character:] + "\n" + "\n".join(lines[end.line + 1:]) if end.line < len(lines) else ""
        lines = (before + edit.new_text + after).split("\n")
    converted = "\n".join(lines)
    # Only what TwoHeroes selects is written, and the call is 1.x's (`try` without `await`): no `await`, though no
    # project is pinned (2.x is assumed).
    assert 'r2: Mock<Droid>(name: "R2-D2")' in converted and 'luke: Mock<Human>(name: "Luke Skywalker")' in converted, converted
    assert "= nil" not in converted, converted
    assert "let model = TwoHeroesQuery.Data.from(mock)" in converted and "func test_twoHeroes() throws" in converted, converted
    assert '"luke": [' not in converted

    # A dictionary mockls cannot convert: greyed out with the reason where the client shows that, absent elsewhere.
    _, _, actions = await actions_at(tests / "RefusedResponseTests.swift", '"nickname": "Artoo"')
    refused = [a for a in actions if a.title == "Convert the response dictionary to a test mock"]
    code_action = conversions_scenario.capabilities.text_document.code_action
    if code_action and code_action.disabled_support:
        [action] = refused
        assert action.edit is None and "no field `nickname` on `Droid`" in action.disabled.reason
    else:
        # Not offered, and the reason is in the log (the client cannot grey it out).
        assert refused == []
        for _ in range(100):
            if any("not offered" in message.message and "nickname" in message.message for message in conversions_scenario.log_messages):
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError([message.message for message in conversions_scenario.log_messages][-5:])


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()]), params=["neovim", "visual-studio-code", "emacs"])
async def previews_scenario(lsp_client: LanguageClient, request, tmp_path):
    folder = writable_own_scenario("previews", tmp_path)
    lsp_client.folder = folder
    await start(lsp_client, request.param, root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_preview_gets_its_snapshot_tests(previews_scenario: LanguageClient):
    import asyncio
    import subprocess

    folder = previews_scenario.folder
    view = folder / "Sources" / "Payments" / "BalanceView.swift"
    tests = folder / "Tests" / "PaymentsTests" / "PreviewSnapshotTests.swift"

    async def actions_on(marker, text):
        line = next(i for i, l in enumerate(text.split("\n")) if marker in l)
        for _ in range(100):
            actions = await previews_scenario.text_document_code_action_async(types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=view.as_uri()), range=types.Range(start=position(line, 3), end=position(line, 3)),
                context=types.CodeActionContext(diagnostics=[])))
            found = [a for a in actions or [] if "snapshot test" in a.title]
            if found:
                return found
            await asyncio.sleep(0.05)
        return []

    text = view.read_text()
    open_file(previews_scenario, view)
    # No test file yet: created with this preview's tests alone, where the client creates files.
    created = await actions_on('#Preview("Balance")', text)
    edits = previews_scenario.capabilities.workspace.workspace_edit
    if edits and edits.document_changes and edits.resource_operations and "create" in edits.resource_operations:
        [action] = created
        create, insert = action.edit.document_changes
        assert create.kind == "create" and create.uri == tests.as_uri()
        new_text = insert.edits[0].new_text
        assert "func test_Balance_0()" in new_text and "HiddenBalance" not in new_text and "ConfirmationState" not in new_text
    else:
        assert created == []

    # With the file `mockls snapshot-tests` wrote, and the preview edited in the editor: its tests are updated alone.
    from test_cli import run as run_cli

    assert run_cli("snapshot-tests", "--workspace", str(folder)).returncode == 0
    written = tests.read_text()
    # The server learns of the new file as the client tells it: a file event where the client watches files, else the
    # next save (mockls looks for new files then). It does not walk the disk at each request.
    watches = previews_scenario.capabilities.workspace.did_change_watched_files
    if watches and watches.dynamic_registration:
        previews_scenario.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=tests.as_uri(), type=types.FileChangeType.Created)]))
    else:
        previews_scenario.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=view.as_uri())))
    edited = text.replace("isHidden: true", "isHidden: false")
    previews_scenario.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=view.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)]))
    for _ in range(100):  # the workspace reloads in the background after a save
        [update] = await actions_on('#Preview("Hidden balance"', edited)
        if update.title.startswith("Update"):
            break
        await asyncio.sleep(0.05)
    assert update.title == "Update the snapshot tests of this preview"
    [edit] = update.edit.changes[tests.as_uri()]
    assert "isHidden: false" in edit.new_text and "test_Balance_0" not in edit.new_text
    lines = written.split("\n")
    assert lines[edit.range.start.line] == '    // MARK: #Preview("Hidden balance") (Sources/Payments/BalanceView.swift)'

    # A preview a test cannot build: greyed out with the reason where the client shows that.
    refused = await actions_on('#Preview("Sample")', edited) if previews_scenario.capabilities.text_document.code_action.disabled_support else []
    if previews_scenario.capabilities.text_document.code_action.disabled_support:
        [action] = refused
        assert action.edit is None and "SampleBalance" in action.disabled.reason
