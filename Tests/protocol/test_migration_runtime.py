"""Issue 65: tests moved to Apollo iOS 2 by `mockls migrate --to 2 --write` run on Apollo iOS 2.4.0's runtime as the
1.x originals run on 1.25.7's: each test passes where it passed and crashes where it crashed, on the same line of code,
with the same message; and mockls's crash warning reads the migrated tests as it read the originals (no miss, no false
warning). Runs each test alone, as `runtime_oracle.py` does (2.4.0 with the patch that lets `from(mock)` run on Linux).

Workspaces whose mocks mean the same on both releases: Apollo 1.23 and later default every non-null field, as 2.x does
(a 1.15 workspace's mocks set only what a test passes, so its tests behave otherwise on 2.x's mocks whatever the
migration does)."""

import json
import shutil
from pathlib import Path

import pytest

from cli import run
from lsp_stdio import ROOT
from runtime_oracle import API_1, API_2, prepare_runtime, run_suite
from shared import require_shared

CORPUS = ROOT / "Tests" / "corpus"

SUITES = [
    ("corpus-1.25", lambda shared: CORPUS / "apollo-1.25"),
    ("scenario-1.23", lambda shared: shared / "fixtures" / "scenarios" / "animalkingdom"),
    # The migration's own corpus (fakes of `ApolloClientProtocol`, hand-written and body-parsing transports, store
    # transactions, fixtures in set-up, stored and static properties): nothing in it crashes; its tests must pass alike.
    ("migration-1.x", lambda shared: CORPUS / "migration-1.x"),
]


def copy_workspace(original: Path, destination: Path) -> Path:
    """The workspace copied, its configuration's paths made absolute so that it resolves where the copy is."""
    shutil.copytree(original, destination, ignore=shutil.ignore_patterns(".build"))
    configuration = destination / "apollo-codegen-config.json"
    settings = json.loads(configuration.read_text())
    for key in ("schemaSearchPaths", "operationSearchPaths"):
        settings["input"][key] = [str((original / path).resolve()) if not path.startswith("/") else path
                                  for path in settings["input"][key]]
    configuration.write_text(json.dumps(settings, indent=2))
    return destination


def line_of(workspace: Path, file: str, line: int | None) -> str:
    """The crash line as the migration leaves it recognisable: its `// expect:` comment (the migration may move the
    call before it to a `let`, or add `await`), else its code without `await`."""
    if line is None:
        return ""
    text = (workspace / file).read_text().splitlines()[line - 1].strip()
    return text[text.index("//"):] if "//" in text else text.replace("await ", "")


def message(text: str) -> str:
    """2.x's `JSONValue` is `any Hashable & Sendable`, 1.x's `AnyHashable`: the same failure says `Optional<Hashable>`."""
    return text.replace("Optional<AnyHashable>", "Optional<Hashable>")


# Two suites built against two releases, each test run alone (a crash again under gdb for its line): near the default
# 120 s on a loaded machine (a fresh-clone CI once took longer).
@pytest.mark.timeout(360)
@pytest.mark.parametrize("suite, workspace", SUITES, ids=[suite[0] for suite in SUITES])
def test_migrated_tests_run_on_2_as_the_originals_on_1(suite, workspace, tmp_path):
    shared = require_shared("apollo-runtime")
    assert shutil.which("gdb"), "gdb reads the crash line (make editor-deps installs it)"
    prepare_runtime(shared.parent)
    original = workspace(shared.parent)
    before, _ = run_suite(suite, original, API_1)

    migrated = copy_workspace(original, tmp_path / "migrated")
    result = run("migrate", "--to", "2", "--write", cwd=migrated)
    assert "migrated" in result.stderr, result.stderr
    assert "left" not in result.stderr, result.stderr
    after, _ = run_suite(suite + "-migrated-2", migrated, API_2)

    by_name = {(v.test.type, v.test.name): v for v in after}
    assert set(by_name) == {(v.test.type, v.test.name) for v in before}
    different = []
    for old in before:
        new = by_name[(old.test.type, old.test.name)]
        was = (old.crashed, old.failed, message(old.message), line_of(original, old.test.file, old.crash_line))
        now = (new.crashed, new.failed, message(new.message), line_of(migrated, new.test.file, new.crash_line))
        if was != now:
            different.append(f"{old.test.type}.{old.test.name}: on 1.25.7 {was}, migrated on 2.4.0 {now}")
    crashes = sum(v.crashed for v in before)
    print(f"migrate --to 2, {suite}: {len(before)} tests, {crashes} crash on 1.25.7; migrated, on 2.4.0: "
          f"{len(before) - len(different)} run alike")
    assert not different, "\n".join(different)
    if suite == "migration-1.x":
        failing = [f"{v.test.type}.{v.test.name}" for v in before if v.crashed or v.failed]
        assert not failing, f"the migration corpus's tests fail on 1.25.7: {failing}"
    else:
        assert crashes and crashes < len(before), "the suite judges nothing"
    # The crash warning reads the migrated tests as it read the originals.
    wrong = [v.describe() for v in after if v.missed or v.false_warnings]
    assert not wrong, "\n".join(wrong)
