"""The shared scenario workspaces (../shared/fixtures/scenarios) and their expected diagnostics."""

import json
import shutil
from pathlib import Path

from lsp_stdio import ROOT
from shared import SHARED, require_shared

SCENARIOS = SHARED / "fixtures" / "scenarios"

# The 1.15 scenario pins apollo-ios in a Package.resolved that the shared folder does not carry (it is ignored by
# git there): the tests write it into a copy.
PACKAGE_RESOLVED_1_15 = {
    "pins": [
        {
            "identity": "apollo-ios",
            "kind": "remoteSourceControl",
            "location": "https://github.com/apollographql/apollo-ios.git",
            "state": {"revision": "c2e9b1c5b5a3a8c9d1e9f7e0c9a6b2d4e1f3a5b7", "version": "1.15.3"},
        }
    ],
    "version": 2,
}


# The same 1.15 scenario on CocoaPods: Apollo pinned by a Podfile.lock instead (`<scenario>-cocoapods`).
PODFILE_LOCK_1_15 = """PODS:
  - Apollo (1.15.3):
    - Apollo/AutomaticPersistedQueries (= 1.15.3)
  - Apollo/AutomaticPersistedQueries (1.15.3)
  - Apollo/ApolloTestSupport (1.15.3)

DEPENDENCIES:
  - Apollo (= 1.15.3)
  - Apollo/ApolloTestSupport (= 1.15.3)

SPEC REPOS:
  trunk:
    - Apollo

COCOAPODS: 1.15.2
"""

COCOAPODS = "-cocoapods"


def require_scenarios():
    require_shared()


def workspace(name: str, tmp_path: Path, copy: bool = False) -> Path:
    """The scenario's folder, or a copy (always for the 1.15 scenario, which gets its Package.resolved there; its
    config's relative paths still reach ../../apollo through a link)."""
    require_scenarios()
    cocoapods = name.endswith(COCOAPODS)
    name = name.removesuffix(COCOAPODS)
    source = SCENARIOS / name
    if not name.endswith("-1.15") and not copy:
        return source
    root = tmp_path / "fixtures"
    (root / "scenarios").mkdir(parents=True)
    (root / "apollo").symlink_to(SCENARIOS.parent / "apollo")
    target = root / "scenarios" / name
    shutil.copytree(source, target)
    if cocoapods:
        (target / "Package.resolved").unlink(missing_ok=True)
        (target / "Podfile.lock").write_text(PODFILE_LOCK_1_15)
    elif name.endswith("-1.15"):
        (target / "Package.resolved").write_text(json.dumps(PACKAGE_RESOLVED_1_15))
    for file in target.rglob("*"):
        file.chmod(0o644 if file.is_file() else 0o755)
    return target


# The repository's own scenarios (Tests/scenarios): their test files say what they expect with `// expect:` lines;
# their configurations reach the shared Apollo fixtures at ../shared.
OWN_SCENARIOS = ROOT / "Tests" / "scenarios"


def own_scenario(name: str) -> Path:
    require_scenarios()
    return OWN_SCENARIOS / name


def expected_from_markers(folder: Path) -> list:
    """The expectations written in a scenario's Swift files: a line ending `// expect: CODE word…`."""
    expectations = []
    for path in sorted(folder.rglob("*.swift")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if "// expect: " not in line:
                continue
            code, *words = line.split("// expect: ", 1)[1].split()
            expectations.append({"file": str(path.relative_to(folder)), "line": number, "code": code, "messageContains": words})
    return expectations


def expected(name: str) -> list:
    return json.loads((SCENARIOS / name.removesuffix(COCOAPODS) / "expected-diagnostics.json").read_text())


def matches(expectations: list, found: list) -> list:
    """Problems between expected diagnostics and found ones ({file, line, code, message}): each expectation must be
    matched on its line with its code and words, and nothing else may be found."""
    problems = []
    remaining = list(found)
    for expectation in expectations:
        hit = next(
            (d for d in remaining
             if d["file"] == expectation["file"] and d["line"] == expectation["line"] and d["code"] == expectation["code"]),
            None,
        )
        if hit is None:
            problems.append(f"missing {expectation}")
            continue
        remaining.remove(hit)
        missing_words = [w for w in expectation["messageContains"] if w not in hit["message"]]
        if missing_words:
            problems.append(f"{expectation['file']}:{expectation['line']}: {missing_words} not in {hit['message']!r}")
    problems += [f"unexpected {d}" for d in remaining]
    return problems
