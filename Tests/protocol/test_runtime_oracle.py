"""Issue 62: every claim of the crash warning checked by running it on Apollo iOS 1.25.7 (`runtime_oracle.py`).
Each workspace's tests run alone against the real runtime; mockls must warn exactly where a test crashes, and
nowhere in a test that runs clean. Needs `../shared/apollo-runtime` and gdb (for the crash line)."""

import shutil

import pytest

from lsp_stdio import ROOT
from runtime_oracle import API_1, legacy_mocks_api, prepare_runtime, run_suite, summary
from shared import require_shared

CORPUS = ROOT / "Tests" / "corpus"

# (suite, workspace, whether its mocks are the ones Apollo 1.25 wrote or mockls's rendering of an older release)
SUITES = [
    ("corpus-1.25", lambda shared: CORPUS / "apollo-1.25", False),
    ("corpus-1.15", lambda shared: CORPUS / "apollo-1.15", True),
    ("scenario-1.23", lambda shared: shared / "fixtures" / "scenarios" / "animalkingdom", False),
    ("scenario-1.15", lambda shared: shared / "fixtures" / "scenarios" / "animalkingdom-1.15", True),
]


@pytest.mark.parametrize("suite, workspace, legacy", SUITES, ids=[suite[0] for suite in SUITES])
def test_the_crash_warning_is_what_the_runtime_does(suite, workspace, legacy):
    shared = require_shared("apollo-runtime")
    assert shutil.which("gdb"), "gdb reads the crash line (make editor-deps installs it)"
    prepare_runtime(shared.parent)
    folder = workspace(shared.parent)
    api = legacy_mocks_api(folder) if legacy else API_1
    verdicts, left_out = run_suite(suite, folder, api)
    print(summary(suite, verdicts, left_out))
    assert any(v.crashed for v in verdicts) and any(not v.crashed for v in verdicts), "the suite judges nothing"
    wrong = [v.describe() for v in verdicts if v.missed or v.false_warnings]
    assert not wrong, "mockls and Apollo's runtime disagree:\n" + "\n".join(wrong)
