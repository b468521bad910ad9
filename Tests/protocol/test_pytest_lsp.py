"""mockls driven by pytest-lsp, a third-party LSP client, with the capabilities real editors send."""

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from lsp_stdio import mockls_binary

URI = "file:///work/DogTests.swift"
TEXT = 'let 名前 = Mock<Dog>(species: "柴犬🐕")\nlet height = Mock<Height>()\n'


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[mockls_binary()], server_env={"MOCKLS_TEST_HOOKS": "1"}),
    params=["visual-studio-code", "neovim", "emacs"],
)
async def client(lsp_client: LanguageClient, request):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities(request.param), root_uri="file:///work")
    )
    lsp_client.initialize_result = result
    lsp_client.editor = request.param
    yield
    await lsp_client.shutdown_session()


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
