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


def copy_bookshelf(tmp_path, own_app=True):
    """A copy of the example workspace to change. `own_app=False` leaves out the example's app code (its view model,
    `Bookshelf/`) and the tests that reach it through `ApolloClient`, for a test that writes the app's code it judges
    or counts the tests of the mocks alone."""
    folder = tmp_path / "Bookshelf"
    shutil.copytree(BOOKSHELF, folder, ignore=shutil.ignore_patterns(".build"))
    if not own_app:
        shutil.rmtree(folder / "Bookshelf")
        for name in ("BookDetailViewModelTests.swift", "TestNetworkTransport.swift"):
            (folder / "Tests" / "BookshelfTests" / name).unlink()
    return folder
