"""Issue 62: every claim of the crash warning checked by running it on Apollo iOS 1.25.7 and 2.4.0 (`runtime_oracle.py`;
2.4.0 with the patch that lets `from(mock)` run on Linux).
Each workspace's tests run alone against the real runtime; mockls must warn exactly where a test crashes, and
nowhere in a test that runs clean. Needs `../shared/apollo-runtime` and gdb (for the crash line)."""

import shutil

import pytest

from lsp_stdio import ROOT
from runtime_oracle import API_1, API_2, BUILD, legacy_mocks_api, prepare_runtime, run_suite, summary
from shared import require_shared

CORPUS = ROOT / "Tests" / "corpus"

# (suite, workspace, the generated API: Apollo 1.25's or 2.3's, or None for mockls's rendering of an older release's
# mocks on 1.25.7)
SUITES = [
    ("corpus-1.25", lambda shared: CORPUS / "apollo-1.25", API_1),
    ("corpus-1.15", lambda shared: CORPUS / "apollo-1.15", None),
    ("corpus-2.3", lambda shared: CORPUS / "apollo-2.3", API_2),
    ("scenario-1.23", lambda shared: shared / "fixtures" / "scenarios" / "animalkingdom", API_1),
    ("scenario-1.15", lambda shared: shared / "fixtures" / "scenarios" / "animalkingdom-1.15", None),
    ("scenario-2.x", lambda shared: shared / "fixtures" / "scenarios" / "animalkingdom-2.x", API_2),
]


# Each suite's line (recall, false warnings), which `make test` prints after the protocol tests.
SUMMARY = BUILD / "summary.txt"


@pytest.fixture(scope="module", autouse=True)
def summary_file():
    if SUMMARY.exists():
        SUMMARY.unlink()
    yield


@pytest.mark.parametrize("suite, workspace, api", SUITES, ids=[suite[0] for suite in SUITES])
def test_the_crash_warning_is_what_the_runtime_does(suite, workspace, api):
    shared = require_shared("apollo-runtime")
    assert shutil.which("gdb"), "gdb reads the crash line (make editor-deps installs it)"
    prepare_runtime(shared.parent)
    folder = workspace(shared.parent)
    api = api or legacy_mocks_api(folder)
    verdicts, left_out = run_suite(suite, folder, api)
    line = summary(suite, verdicts, left_out)
    print(line)
    with SUMMARY.open("a") as file:
        file.write(line + "\n")
    assert any(v.crashed for v in verdicts) and any(not v.crashed for v in verdicts), "the suite judges nothing"
    wrong = [v.describe() for v in verdicts if v.missed or v.false_warnings]
    assert not wrong, "mockls and Apollo's runtime disagree:\n" + "\n".join(wrong)
