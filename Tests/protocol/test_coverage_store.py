"""Issue 46, the first lenses after start: the server keeps what it followed of each test file for the next session
of the workspace (`MOCKLS_CACHE_DIR`, written at shutdown), takes it while a file and what its tests were read against
are the same, and answers as a session that kept nothing: a test file changed between sessions is followed again."""

import json
from pathlib import Path

from cli import copy_bookshelf
from lsp_stdio import MocklsProcess

OPERATION = "graphql/BookDetails.graphql"  # `title`, read by `BookQueryTests`


def session(folder, cache, change=None):
    """One session: start, the operation's lenses (titles by line), shutdown. Gives the titles and the store's files."""
    server = MocklsProcess(env={"MOCKLS_CACHE_DIR": str(cache)})
    cache = Path(cache)
    try:
        server.initialize(folder.as_uri())
        path = folder / OPERATION
        server.open_document(path, "graphql")
        lenses = server.request("textDocument/codeLens", {"textDocument": {"uri": path.as_uri()}})["result"]
    finally:
        server.send({"jsonrpc": "2.0", "id": "bye", "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        assert server.wait(timeout=30) == 0
    titles = sorted((lens["range"]["start"]["line"], lens["command"]["title"]) for lens in lenses)
    return titles, sorted(cache.glob("coverage-*.json")) if cache.is_dir() else []


def test_a_restart_takes_what_the_last_session_followed_and_says_the_same(tmp_path):
    folder = copy_bookshelf(tmp_path)
    cache = tmp_path / "cache"
    cold, _ = session(folder, tmp_path / "nothing-kept")
    first, stores = session(folder, cache)
    assert first == cold
    assert len(stores) == 1, stores
    kept = json.loads(stores[0].read_text())
    assert kept["root"] == str(folder) and kept["files"], kept.keys()
    test_files = sorted(kept["files"])
    assert all(path.endswith(".swift") for path in test_files), test_files
    written = stores[0].stat().st_mtime_ns

    # Nothing changed: the same lenses, and nothing followed anew, so nothing written.
    again, stores = session(folder, cache)
    assert again == first
    assert stores[0].stat().st_mtime_ns == written

    # A test file changed between sessions is followed again: its tests no longer read the titles.
    changed = next(path for path in test_files if path.endswith("BookQueryTests.swift"))
    text = Path(changed).read_text()
    Path(changed).write_text("\n".join(line for line in text.split("\n") if "data.book?.title" not in line))
    after, stores = session(folder, cache)
    fresh, _ = session(folder, tmp_path / "still-nothing-kept")
    assert after == fresh
    assert after != first
    assert json.loads(stores[0].read_text())["files"][changed]["text"] != kept["files"][changed]["text"]


def test_nothing_is_kept_when_the_cache_folder_is_off(tmp_path):
    folder = copy_bookshelf(tmp_path)
    titles, _ = session(folder, "off")
    assert titles
    assert not list(tmp_path.glob("**/coverage-*.json"))
