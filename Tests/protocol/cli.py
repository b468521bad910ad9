"""Running the mockls command line from a test: in a folder of the test's own, with the user's log level left out."""

import os
import shutil
import subprocess

from lsp_stdio import ROOT, mockls_binary

BOOKSHELF = ROOT / "Examples" / "Bookshelf"


def run(*args, cwd, timeout=120):
    environment = dict(os.environ)
    environment.pop("MOCKLS_LOG", None)
    return subprocess.run([mockls_binary(), *args], text=True, env=environment, cwd=cwd, capture_output=True, timeout=timeout)


def copy_bookshelf(tmp_path):
    """A copy of the example workspace to change."""
    folder = tmp_path / "Bookshelf"
    shutil.copytree(BOOKSHELF, folder, ignore=shutil.ignore_patterns(".build"))
    return folder
