"""The log commands the README gives, in the real editors: lsp-mode's `*lsp-log*` and `lsp-workspace-show-log`."""

import os
import shutil
import subprocess

import pytest

from lsp_stdio import ROOT, mockls_binary
from test_editors import emacs_has

EDITORS = ROOT / "editors"


@pytest.mark.skipif(not emacs_has("lsp-mode"), reason="emacs with lsp-mode is not installed (make test installs elpa-lsp-mode)")
def test_lsp_mode_logs_as_the_readme_says(tmp_path):
    readme = (ROOT / "README.md").read_text()
    assert "`*lsp-log*`" in readme and "(setq lsp-log-io t)" in readme and "M-x lsp-workspace-show-log" in readme
    folder = tmp_path / "Bookshelf"
    shutil.copytree(ROOT / "Examples" / "Bookshelf", folder, ignore=shutil.ignore_patterns(".build"))
    env = dict(os.environ, MOCKLS_BIN=os.path.abspath(mockls_binary()), MOCKLS_ROOT=str(folder),
               MOCKLS_FILE=str(folder / "Tests" / "BookshelfTests" / "BookQueryTests.swift"))
    result = subprocess.run(["emacs", "--batch", "--no-init-file", "-l", str(EDITORS / "emacs" / "mockls-lsp.el"),
                             "-l", "Tests/editors/emacs_lsp_log_check.el"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == ["ok lsp-log", "ok show-log"], result.stdout + result.stderr
