"""`../shared` beside the repository: the fixtures the tests use (Apollo's sample APIs, the scenario workspaces,
repro sessions, benchmark corpora). The one place the protocol tests compute its path.

Without it a test that needs it is skipped, with a message saying so; with MOCKLS_REQUIRE_SHARED=1 (CI: .ci/run) it
fails instead, so that a missing folder never passes as skipped tests."""

import os
from pathlib import Path

import pytest

from lsp_stdio import ROOT

SHARED = ROOT.parent / "shared"

# The words every skip for want of the folder says: conftest.py counts those skips.
SKIP_REASON = "../shared is not beside the repository"

# MOCKLS_REQUIRE_SHARED set to anything but empty or 0.
REQUIRED = os.environ.get("MOCKLS_REQUIRE_SHARED", "") not in ("", "0")


def require_shared(subpath: str = "") -> Path:
    """The folder, or `subpath` inside it; without the folder the test is skipped, or fails when it is required."""
    if not SHARED.is_dir():
        if REQUIRED:
            pytest.fail(f"../shared is not beside the repository ({SHARED}) and MOCKLS_REQUIRE_SHARED=1 requires it: "
                        "put the shared fixtures there", pytrace=False)
        pytest.skip(f"{SKIP_REASON} ({SHARED}): a test that needs its fixtures is skipped")
    return SHARED / subpath if subpath else SHARED
