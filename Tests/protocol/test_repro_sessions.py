"""Recorded editing sessions that used to end the server (../shared/repro): each must now run to its end.

The sessions are random edits to a scenario's test file, with completion, hover, code action and diagnostic
requests after each; they died in swift-syntax's incremental parse (see Sources/SwiftAnalysis/IncrementalParsePolicy
.swift). replay.py drives the binary and exits 0 only when the server answered everything and shut down cleanly.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from lsp_stdio import ROOT, mockls_binary
from shared import SHARED, require_shared

REPRO = SHARED / "repro"
SESSIONS = sorted((REPRO / "swift-incremental").glob("*.json")) if REPRO.is_dir() else []


# Without ../shared there are no sessions: one case then, which skips, or fails when ../shared is required.
CASES = [pytest.param(path, id=path.stem) for path in SESSIONS] or [pytest.param(None, id="no-sessions")]


@pytest.mark.parametrize("session", CASES)
def test_recorded_session_survives(session: Path):
    require_shared()
    assert session is not None, f"no recorded sessions in {REPRO / 'swift-incremental'}"
    result = subprocess.run(
        [sys.executable, str(REPRO / "replay.py"), mockls_binary(), str(session)],
        capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "survived" in result.stdout, result.stdout


def test_there_are_sessions_to_replay():
    require_shared()
    assert len(SESSIONS) >= 9
