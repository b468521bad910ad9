"""`mockls coverage` over a generated workspace: 1,000 test files against the GitHub schema and operations of
../shared/bench (issue 37). Each test builds a `Mock<Query>` whose first root field holds a mock of what its operation
selects there (nested objects and lists of them, each scalar a test can write set), converts it with the operation's
`from(_:)`, and reads two of the scalars back, as suites that mock whole responses do. Prints
the median wall time of `mockls coverage` and of `mockls check` on the same workspace (the ratio is what following
the tests for coverage costs beside checking them), tests per second, and the peak resident memory; then the lenses
of one operation document over stdio, as an editor asks for them: the first request, and requests after an edit of
one test file (the other files' results are kept) and with nothing changed.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/coverage_throughput.py [--files 1000] [--runs 3]
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "protocol"))
sys.path.insert(0, str(ROOT / "Benchmarks"))
import check_throughput  # noqa: E402
import lsp_stdio  # noqa: E402
GITHUB = check_throughput.GITHUB
TESTS_PER_FILE = 12


def camel(key):
    return key[0].lower() + key[1:]


def named(graphql_type):
    return graphql_type.replace("[", "").replace("]", "").replace("!", "")


def literal(field):
    """A value for a scalar mock field: Apollo's default when it has one, else one of its type."""
    if field["default"] != "nil":
        return field["default"]
    return {"String": '"x"', "ID": '"1"', "Int": "1", "Bool": "true", "Float": "1.5"}.get(field["fieldType"].rstrip("?"))


def write_workspace(folder: Path, binary: str, files: int) -> tuple[int, int]:
    found, model = check_throughput.write_github_project(folder, binary)
    queries = [(check_throughput.capitalized(name) + "Query", name, first) for name, first in found]
    objects = {o["name"]: o for o in model["objects"]}
    root = {f["key"]: f for f in objects["Query"]["fields"]}
    # What each operation selects (before there are tests): the scalars a test sets are ones its query selects.
    selected = {(row["operation"], row["path"]) for row in json.loads(subprocess.run(
        [binary, "coverage", "--workspace", str(folder), "--format", "json"], check=True, capture_output=True, text=True).stdout)}

    def build(type_name, operation, prefix, depth):
        """`Mock<T>(…)` setting what `operation` selects at `prefix` (objects and lists of objects too), and the
        scalar paths it sets, each a list of (key, is_list)."""
        obj = objects[type_name]
        arguments, leaves = [], []
        for f in obj["fields"]:
            path = f"{prefix}.{f['key']}"
            if (operation, path) not in selected:
                continue
            if f["setter"] == "_setScalar" and literal(f) is not None:
                arguments.append(f"{f['initLabel']}: {literal(f)}")
                leaves.append([(f["key"], False)])
            elif named(f["graphqlType"]) in objects and depth < 4:
                inner, below = build(named(f["graphqlType"]), operation, path, depth + 1)
                if below:
                    is_list = "[" in f["graphqlType"]
                    arguments.append(f"{f['initLabel']}: " + (f"[{inner}]" if is_list else inner))
                    leaves += [[(f["key"], is_list)] + leaf for leaf in below]
        return f"Mock<{obj['swiftName']}>(" + ", ".join(arguments) + ")", leaves

    # Each query whose first root field holds an object: a mock of what it selects there, and the paths it sets.
    cases = []
    for query, name, first in queries:
        field = root.get(first)
        if field is None or named(field["graphqlType"]) not in objects:
            continue
        inner, leaves = build(named(field["graphqlType"]), name, first, 1)
        if leaves:
            is_list = "[" in field["graphqlType"]
            cases.append((query, field, f"[{inner}]" if is_list else inner, [[(first, is_list)] + leaf for leaf in leaves]))
    lines_total = 0
    test = 0
    for index in range(files):
        lines = ["import XCTest", "import ApolloTestSupport", "import GitHubAPI", "import GitHubAPITestMocks", "",
                 f"final class Generated{index}Tests: XCTestCase {{"]
        for _ in range(TESTS_PER_FILE):
            query, field, value, leaves = cases[test % len(cases)]
            reads = [leaves[(test * 2 + k) % len(leaves)] for k in range(2)]
            lines += [
                f"    func test_{test}() {{",
                f"        let mock = Mock<Query>({field['initLabel']}: {value})",
                f"        let data = {query}.Data.from(mock)",
                *(f"        XCTAssertNotNil(data." + "?.".join(camel(key) + ("?.first" if is_list else "") for key, is_list in leaf) + ")"
                  for leaf in reads),
                "    }",
                "",
            ]
            test += 1
        lines += ["}", ""]
        check_throughput.write_test_file(folder, index, lines)
        lines_total += len(lines)
    return test, lines_total


def lens_round_trips(folder: Path, rounds: int):
    """The editor's lenses on one operation document of the workspace over stdio: the first request (every test file
    followed), then requests after an edit of one test file (only it followed again) and with nothing changed."""
    document = next(path for path in sorted((folder / "graphql").glob("*IssueOrPullRequest.graphql")))
    test_file = folder / "Tests" / "Generated0" / "Generated0Tests.swift"
    test_text = test_file.read_text()
    server = lsp_stdio.MocklsProcess()
    server.initialize(folder.as_uri())
    server.open_document(document, "graphql")
    server.open_document(test_file, "swift", test_text)

    def round_trip():
        start = time.perf_counter()
        reply = server.request("textDocument/codeLens", {"textDocument": {"uri": document.as_uri()}}, timeout=300)
        return (time.perf_counter() - start) * 1000, reply.get("result") or []

    first, lenses = round_trip()  # the first request waits for the first index, then follows every file
    edited, unchanged = [], []
    lines = test_text.count("\n")
    for version in range(2, rounds + 2):
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": test_file.as_uri(), "version": version},
            "contentChanges": [{"range": {"start": {"line": lines, "character": 0}, "end": {"line": lines, "character": 0}},
                                "text": "// edit\n" if version % 2 else ""}]}})
        edited.append(round_trip()[0])
        unchanged.append(round_trip()[0])
    server.send({"jsonrpc": "2.0", "id": 10**6, "method": "shutdown"})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=30)
    return first, statistics.median(edited), statistics.median(unchanged), len(lenses)


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    assert result.returncode in (0, 1), result.stderr
    return elapsed, result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lens-rounds", type=int, default=20)
    options = parser.parse_args()
    if not GITHUB.exists():
        print("../shared/bench is not beside the repository: the coverage benchmark is skipped")
        return
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "release" / "mockls"))
    os.environ["MOCKLS_BIN"] = binary
    with tempfile.TemporaryDirectory(prefix="mockls-coverage-bench-") as temporary:
        folder = Path(temporary) / "workspace"
        tests, lines = write_workspace(folder, binary, options.files)
        coverage = [binary, "coverage", "--workspace", str(folder), "--format", "json"]
        check = [binary, "check", "--workspace", str(folder), "--format", "json"]
        _, result = timed(coverage)  # warms the file cache
        rows = json.loads(result.stdout)
        reached = sum(1 for row in rows if row["set"] or row["read"])
        coverage_times, check_times = [], []
        for _ in range(options.runs):  # interleaved, so that both see the same machine
            coverage_times.append(timed(coverage)[0])
            check_times.append(timed(check)[0])
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        median, check_median = statistics.median(coverage_times), statistics.median(check_times)
        print(f"\n## mockls coverage: {options.files} generated test files ({tests} tests, {lines} lines), GitHub schema and "
              f"operations ({os.cpu_count()} cores)\n")
        print("| command | median wall time | tests per second |")
        print("|---|---:|---:|")
        print(f"| `mockls coverage --format json` | {median * 1000:.0f} ms | {tests / median:,.0f} |")
        print(f"| `mockls check --format json` (same workspace) | {check_median * 1000:.0f} ms | {tests / check_median:,.0f} |")
        print(f"\ncoverage / check: {median / check_median:.2f}; {len(rows)} selected fields, {reached} set or read by some test; "
              f"peak resident memory of one run: {peak:.0f} MB")
        first, edited, unchanged, lenses = lens_round_trips(folder, options.lens_rounds)
        print(f"\nlenses of one operation document over stdio ({lenses} lenses): first request {first:.0f} ms (includes the "
              f"first index); after an edit of one test file p50 {edited:.1f} ms; nothing changed p50 {unchanged:.1f} ms "
              f"({options.lens_rounds} rounds)")


if __name__ == "__main__":
    sys.exit(main())
