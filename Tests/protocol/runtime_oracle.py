"""Apollo iOS's own runtime as the judge of the crash warning (issue 62).

Test files as users write them (the idiom corpus, the shared scenarios) are compiled against the real `Apollo`,
`ApolloAPI` and `ApolloTestSupport` of `../shared/apollo-runtime` and the AnimalKingdomAPI Apollo's codegen wrote, and
each test runs alone in a process of its own: it crashes, with the line it crashed on (read from gdb's backtrace), or
it does not. What `mockls check` says of the same files is then compared test by test:
- a test that crashes must carry mockls's `unset-field-read` on the line it crashed on (else: a miss);
- a test that does not crash must carry none, nor one before its crash line (else: a false warning). A warning after
  the crash is not judged: the runtime never got there.

The runtime folders are copied into `.build/runtime-oracle/` (SwiftPM writes `.build` beside a package) when their
content changes, and each suite is a package there: SwiftPM builds what changed only.

Mocks: a workspace of Apollo iOS >= 1.23 uses the mocks Apollo's 1.25 codegen wrote. One of an older release
(`apollo-1.15`) uses the mocks mockls renders for it (`mockls mocks --format swift`, byte for byte as that codegen
wrote them), compiled against the same 1.25.7 `ApolloTestSupport`: what differs between the releases is in the mocks.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from lsp_stdio import ROOT, mockls_binary

BUILD = ROOT / ".build" / "runtime-oracle"
APOLLO_1 = "apollo-ios-1.25.7"
API_1 = "AnimalKingdomAPI-1.25"
APOLLO_2 = "apollo-ios-2.4.0"
API_2 = "AnimalKingdomAPI-2.3"
# 2.4.0 on Linux: the mock's lists and objects reach the executor as NSArray/NSDictionary, which Darwin bridges back
# and swift-corelibs-foundation hands back with their nested containers as `[Any]`/`[AnyHashable: Any]` (not
# Hashable): `from(mock)` stopped with `JSONDecodingError.wrongType` at the first list. The patch converts those two as
# Darwin's bridge does, on Linux only (`GraphQLExecutor.complete(fields:withValue:asType:…)`, `.list` and `.object`).
LINUX_PATCH_2 = Path(__file__).with_name("apollo-2.4.0-linux.patch")

# A Swift test file's test functions: XCTest's `func test…()` and Swift Testing's `@Test func …`.
FUNCTION = re.compile(r"^\s*(@Test(?:\([^)]*\))?\s+)?(?:(?:private|public|internal|static|nonisolated|@MainActor)\s+)*func\s+(\w+)")
TYPE = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:final\s+)?(?:class|struct)\s+(\w+)")
EXPECT = re.compile(r"//\s*expect:\s*([\w-]+)")


@dataclass
class TestFunction:
    file: str  # relative to the workspace
    type: str
    name: str
    lines: range  # 1-based, the function's lines
    swift_testing: bool
    expected_codes: list = field(default_factory=list)


@dataclass
class Verdict:
    test: TestFunction
    crashed: bool
    crash_line: int | None
    message: str
    warnings: list  # lines of mockls's unset-field-read in the test
    failed: bool = False  # ran to its end with a failed assertion (exit 1)

    @property
    def missed(self) -> bool:
        return self.crashed and self.crash_line not in self.warnings

    @property
    def false_warnings(self) -> list:
        if not self.crashed:
            return self.warnings
        return [line for line in self.warnings if self.crash_line is None or line < self.crash_line]

    def describe(self) -> str:
        where = f"{self.test.file}:{self.crash_line}" if self.crash_line else self.test.file
        ran = f"crashes at {where} ({self.message})" if self.crashed else "runs clean"
        return f"{self.test.type}.{self.test.name}: {ran}; mockls warns at lines {self.warnings or 'none'}"


def test_functions(workspace: Path, relative: str) -> list[TestFunction]:
    """The test functions of one file, with their line ranges and the codes their `expect:` lines name."""
    lines = (workspace / relative).read_text().splitlines()
    found: list[TestFunction] = []
    current_type = ""
    starts = []
    attributed = False  # `@Test(arguments: …)` on the line before its `func`
    for number, line in enumerate(lines, 1):
        if match := TYPE.match(line):
            current_type = match.group(1)
        match = FUNCTION.match(line)
        if match and (match.group(1) or attributed or match.group(2).startswith("test")):
            # A function written at the start of its line is a free one (Swift Testing's `@Test func`).
            free = not line[:1].isspace()
            starts.append((number, "" if free else current_type, match.group(2), bool(match.group(1)) or attributed))
        attributed = bool(re.match(r"^\s*@Test\b", line)) and not match
    for index, (start, type_name, name, swift_testing) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(lines) + 1
        function = TestFunction(relative, type_name, name, range(start, end), swift_testing)
        function.expected_codes = [m.group(1) for m in (EXPECT.search(lines[n - 1]) for n in function.lines) if m]
        found.append(function)
    return found


def content_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and ".build" not in path.parts:
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def copy_once(source: Path, destination: Path, patch: Path | None = None) -> None:
    """`source` copied to `destination` (and `patch` applied) unless a copy of the same content is there already."""
    stamp = destination.parent / (destination.name + ".content")
    wanted = content_hash(source) + (hashlib.sha256(patch.read_bytes()).hexdigest() if patch else "")
    if destination.exists() and stamp.exists() and stamp.read_text() == wanted:
        return
    if destination.exists():
        shutil.rmtree(destination)
    shutil.copytree(source, destination, ignore=shutil.ignore_patterns(".build"))
    for path in destination.rglob("*"):
        path.chmod(path.stat().st_mode | 0o200)
    if patch:
        applied = subprocess.run(["patch", "-p1", "--forward", "-i", str(patch)], cwd=destination, capture_output=True, text=True, errors="replace")
        assert applied.returncode == 0, f"{patch.name} does not apply to {source}:\n{applied.stdout}{applied.stderr}"
    stamp.write_text(wanted)


def write_if_changed(path: Path, text: str | bytes) -> None:
    data = text.encode() if isinstance(text, str) else text
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def sync_folder(folder: Path, files: dict[str, str | bytes]) -> None:
    """`folder` holding exactly `files` (name → text): others removed, only those that changed written (SwiftPM builds
    what changed)."""
    if folder.exists():
        for path in folder.iterdir():
            if path.name not in files:
                path.unlink()
    for name, text in files.items():
        write_if_changed(folder / name, text)


def prepare_runtime(shared: Path) -> None:
    BUILD.mkdir(parents=True, exist_ok=True)
    copy_once(shared / "apollo-runtime" / APOLLO_1, BUILD / APOLLO_1)
    copy_once(shared / "apollo-runtime" / API_1, BUILD / API_1)
    copy_once(shared / "apollo-runtime" / APOLLO_2, BUILD / APOLLO_2, patch=LINUX_PATCH_2)
    copy_once(shared / "apollo-runtime" / API_2, BUILD / API_2)


def legacy_mocks_api(workspace: Path) -> str:
    """A copy of the generated API whose test mocks are the ones mockls renders for `workspace`'s Apollo release."""
    name = API_1 + "-mocks-" + hashlib.sha256(str(workspace).encode()).hexdigest()[:8]
    folder = BUILD / name
    if not folder.exists():
        shutil.copytree(BUILD / API_1, folder, ignore=shutil.ignore_patterns(".build", "TestMocks"))
    rendered = BUILD / (name + ".rendered")
    if rendered.exists():
        shutil.rmtree(rendered)
    result = subprocess.run([mockls_binary(), "mocks", "--format", "swift", "--workspace", str(workspace), "--output", str(rendered)],
                            capture_output=True, text=True, errors="replace", timeout=120)
    assert result.returncode == 0, result.stderr
    sync_folder(folder / "TestMocks", {path.name: path.read_bytes() for path in rendered.iterdir()})
    return name


def package(suite: str, api: str, sources: dict[str, bytes]) -> Path:
    """The package of one suite: one test target holding `sources` (name → text), against the Apollo release its
    generated API was written for."""
    apollo = APOLLO_2 if api == API_2 else APOLLO_1
    folder = BUILD / "suites" / suite
    target = folder / "Tests" / "OracleTests"
    write_if_changed(folder / "Package.swift", f"""// swift-tools-version:5.9
// Generated by Tests/protocol/runtime_oracle.py: {suite} against Apollo iOS's own runtime.
import PackageDescription

let package = Package(
  name: "Oracle",
  dependencies: [
    .package(name: "apollo-ios", path: "../../{apollo}"),
    .package(name: "AnimalKingdomAPI", path: "../../{api}"),
  ],
  targets: [
    .testTarget(name: "OracleTests", dependencies: [
      .product(name: "Apollo", package: "apollo-ios"),
      .product(name: "ApolloTestSupport", package: "apollo-ios"),
      .product(name: "AnimalKingdomAPI", package: "AnimalKingdomAPI"),
      .product(name: "AnimalKingdomAPITestMocks", package: "AnimalKingdomAPI"),
    ]),
  ]
)
""")
    sync_folder(target, sources)
    return folder


def without_functions(text: str, functions: list[TestFunction]) -> str:
    """The file with `functions` left out (their lines blanked, so line numbers stay)."""
    lines = text.split("\n")
    for function in functions:
        for number in function.lines:
            if number - 1 < len(lines) and not TYPE.match(lines[number - 1]):
                lines[number - 1] = ""
    return "\n".join(lines)


def crash_line(binary: Path, arguments: list[str], cwd: Path, function: TestFunction, environment: dict) -> int | None:
    """The line of the test's file it crashed on, from gdb's backtrace: the innermost frame of the test module's own
    code there (the test, a closure in it). Autoclosures (`XCTAssertEqual`'s arguments) and the generated module's
    key-path thunks, which carry a line of the test file too, are skipped: their line can be the one before."""
    result = subprocess.run(["gdb", "-q", "-batch", "-ex", "run", "-ex", "bt", "--args", str(binary), *arguments],
                            cwd=cwd, env=environment, capture_output=True, text=True, errors="replace", timeout=300)
    for frame in re.findall(r"^#\d+\s+.*$", result.stdout + result.stderr, re.M):
        location = re.search(r" at (\S+):(\d+)\s*$", frame)
        if not location or not location.group(1).endswith("/OracleTests/" + Path(function.file).name):
            continue
        symbol = re.search(r"(\$s\S+)", frame)
        if not symbol or not symbol.group(1).startswith("$s11OracleTests") or re.search(r"fu\d*_(TA(\.\d+)?)?$", symbol.group(1)):
            continue
        return int(location.group(2))
    return None


def run_suite(suite: str, workspace: Path, api: str) -> tuple[list[Verdict], list[str]]:
    """Compiles the workspace's test files against the runtime and runs each test alone; returns the verdicts and
    the tests left out (expecting a compile error, as `unknown-mock-field` does)."""
    files = sorted(str(path.relative_to(workspace)) for path in workspace.rglob("*.swift") if ".build" not in path.parts)
    functions: dict[str, list[TestFunction]] = {relative: test_functions(workspace, relative) for relative in files}
    left_out = []
    sources = {}
    for relative, found in functions.items():
        not_compiling = [f for f in found if any(code not in ("unset-field-read", "mock-type-mismatch") for code in f.expected_codes)]
        left_out += [f"{f.type}.{f.name} (expects {', '.join(f.expected_codes)})" for f in not_compiling]
        functions[relative] = [f for f in found if f not in not_compiling]
        name = Path(relative).name
        assert name not in sources, f"two test files named {name}"
        sources[name] = without_functions((workspace / relative).read_text(), not_compiling)
    folder = package(suite, api, sources)
    build = subprocess.run(["swift", "build", "--build-tests"], cwd=folder, capture_output=True, text=True, errors="replace", timeout=1800)
    assert build.returncode == 0, f"{suite} does not compile against Apollo's runtime:\n" + "\n".join(
        line for line in build.stdout.splitlines() + build.stderr.splitlines() if "error:" in line)
    binary = folder / ".build" / "debug" / "OraclePackageTests.xctest"
    warnings = mockls_warnings(workspace)
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", NO_COLOR="1")
    verdicts = []
    for relative, found in functions.items():
        for function in found:
            if function.swift_testing:
                identifier = f"OracleTests.{function.type}/{function.name}(" if function.type else f"OracleTests.{function.name}("
                arguments = ["--testing-library", "swift-testing", "--filter", re.escape(identifier) + ".*"]
            else:
                arguments = [f"OracleTests.{function.type}/{function.name}"]
            result = subprocess.run([str(binary), *arguments], cwd=folder, env=environment, capture_output=True, text=True, errors="replace", timeout=300)
            output = result.stdout + result.stderr
            if function.swift_testing:
                assert re.search(r"Test run with [1-9]\d* tests?", output) or result.returncode not in (0, 1), \
                    f"no test ran for {function.name}: {output[-500:]}"
            else:
                assert "Executed" in output or result.returncode not in (0, 1), f"no test ran for {function.name}: {output[-500:]}"
            crashed = result.returncode not in (0, 1)
            message = ""
            line = None
            if crashed:
                found_message = re.search(r"(Could not cast value of type '[^']*' \(0x[0-9a-f]+\) to '[^']*'|Fatal error:[^\n]*)", output)
                message = re.sub(r" \(0x[0-9a-f]+\)", "", found_message.group(1)) if found_message else f"exit {result.returncode}"
                line = crash_line(binary, arguments, folder, function, environment)
            in_function = sorted(w for w in warnings.get(relative, []) if w in function.lines)
            verdicts.append(Verdict(function, crashed, line, message, in_function, failed=result.returncode == 1))
    return verdicts, left_out


def mockls_warnings(workspace: Path) -> dict[str, list[int]]:
    """`mockls check`'s `unset-field-read` lines, by file relative to the workspace."""
    result = subprocess.run([mockls_binary(), "check", "--workspace", str(workspace), "--format", "json"],
                            capture_output=True, text=True, errors="replace", timeout=300)
    assert result.returncode in (0, 1), result.stderr
    found: dict[str, list[int]] = {}
    for record in json.loads(result.stdout):
        if record.get("code") == "unset-field-read":
            path = Path(record["file"])
            relative = str(path.relative_to(workspace)) if path.is_absolute() else record["file"]
            found.setdefault(relative, []).append(record["line"])
    return found


def summary(name: str, verdicts: list[Verdict], left_out: list[str]) -> str:
    crashes = [v for v in verdicts if v.crashed]
    caught = [v for v in crashes if not v.missed]
    false = [v for v in verdicts if v.false_warnings]
    text = (f"runtime oracle, {name}: {len(verdicts)} tests run alone on Apollo iOS's runtime, {len(crashes)} crash; "
            f"recall {len(caught)}/{len(crashes)}, false warnings {sum(len(v.false_warnings) for v in false)} "
            f"in {len(false)} of {len(verdicts) - len(crashes) + len([v for v in crashes if v.false_warnings])} tests")
    if left_out:
        text += f"; left out (compile errors by design): {', '.join(left_out)}"
    return text
