""""Write the JSON response" in clients that create no files through workspace edits: the server writes the file
itself (`mockls.writeResponse`), proven through Neovim 0.7's own code-action menu."""

import os
import shutil
import subprocess

import pytest

from cli import copy_bookshelf
from lsp_stdio import ROOT, mockls_binary

EDITORS = ROOT / "editors"


def search_test(tmp_path) -> dict:
    """The environment of a check on a copy of Bookshelf's SearchQueryTests.swift, at its `from(mock)` line."""
    test_file = copy_bookshelf(tmp_path) / "Tests" / "BookshelfTests" / "SearchQueryTests.swift"
    line = next(number for number, text in enumerate(test_file.read_text().splitlines(), 1) if "SearchQuery.Data.from(mock)" in text)
    return dict(os.environ, MOCKLS_BIN=mockls_binary(), MOCKLS_FILE=str(test_file), MOCKLS_LINE=str(line))


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_writes_the_json_response_through_the_server(tmp_path):
    env = dict(search_test(tmp_path), MOCKLS_NVIM=str(EDITORS / "nvim"))
    result = subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile Tests/editors/nvim_response_check.lua"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == ["ok offered", "ok written", "ok message"], result.stdout


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs is not installed (make test installs it)")
def test_eglot_writes_the_json_response_through_the_server(tmp_path):
    env = search_test(tmp_path)
    result = subprocess.run(["emacs", "--batch", "--no-init-file", "-l", str(EDITORS / "emacs" / "mockls.el"), "-l", "Tests/editors/emacs_response_check.el"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok connected", "ok offered", "ok written", "ok highlight answered"], result.stdout + result.stderr
