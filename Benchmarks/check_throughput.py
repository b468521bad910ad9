"""`mockls check` over a generated workspace: 1,000 test files, about 150k lines, against the GitHub schema and
operations of ../shared/bench (issue 11). Prints lines checked per second (median of the runs), on every core and on
one (`taskset -c 0`), and the peak resident memory of the process.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/check_throughput.py [--files 1000] [--runs 3]

The test files are built from what `mockls mocks --format json` says of the GitHub project: each test builds a mock
of an object type with two of its fields, assigns one, reads another, and converts a `Mock<Query>()` with one of the
operations' `from(_:)`, as generated suites do.
"""

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GITHUB = ROOT.parent / "shared" / "bench" / "github"


def capitalized(name):
    return name[0].upper() + name[1:]


def write_github_project(folder: Path, binary: str):
    """The GitHub schema and operations in `folder`, with an Apollo configuration: each query as (its name, the
    response key of its first root field), and the mock model `mockls mocks --format json` gives."""
    (folder / "graphql").mkdir(parents=True)
    shutil.copy(GITHUB / "schema.graphqls", folder / "graphql" / "schema.graphqls")
    queries = []
    for path in sorted(GITHUB.rglob("*.graphql")):
        text = path.read_text()
        (folder / "graphql" / f"{path.parent.name}-{path.name}").write_text(text)
        for match in re.finditer(r"^query\s+(\w+)[^{]*\{\s*(\w+)\s*(:\s*(\w+))?", text, re.M):
            queries.append((match.group(1), match.group(2)))
    (folder / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "GitHubAPI",
        "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
        "output": {"testMocks": {"swiftPackage": {}}},
    }))
    drop_duplicate_fields(folder / "graphql" / "schema.graphqls", folder, binary)
    model = json.loads(subprocess.run([binary, "mocks", "--workspace", str(folder), "--format", "json"],
                                      check=True, capture_output=True, text=True).stdout)
    return queries, model


def drop_duplicate_fields(schema: Path, folder: Path, binary: str):
    """The corpus's schema (as of 2026-11-27) declares `EnterpriseOwnerInfo.repositoryDeployKeySetting` and
    `…Organizations` twice, which graphql-js and Apollo's codegen reject (and `mockls mocks` with them): the copy drops
    each second definition that `mockls check` reports (`duplicate-field`), with its description and arguments."""
    reported = json.loads(subprocess.run([binary, "check", "--workspace", str(folder), "--format", "json"],
                                         capture_output=True, text=True).stdout or "[]")
    starts = sorted({r["line"] - 1 for r in reported if r["code"] == "duplicate-field" and r["file"].endswith(schema.name)}, reverse=True)
    lines = schema.read_text().split("\n")
    for start in starts:
        first = start
        # The description above it, if any.
        if first > 0 and lines[first - 1].strip() == '"""':
            first -= 1
            while first > 0 and lines[first - 1].strip() != '"""':
                first -= 1
            first -= 1
        # To the line that closes its arguments and names its type.
        end, depth = start, 0
        while True:
            depth += lines[end].count("(") - lines[end].count(")")
            if depth <= 0 and ":" in lines[end].split(")")[-1]:
                break
            end += 1
        del lines[first:end + 1]
    schema.write_text("\n".join(lines))


def write_workspace(folder: Path, binary: str, files: int, lines_per_file: int) -> int:
    found, model = write_github_project(folder, binary)
    queries = [(capitalized(name) + "Query", first) for name, first in found]
    objects = [o for o in model["objects"] if sum(f["default"] != "nil" for f in o["fields"]) >= 2]
    total = 0
    test = 0
    for index in range(files):
        lines = ["import XCTest", "import ApolloTestSupport", "import GitHubAPI", "import GitHubAPITestMocks", "",
                 f"final class Generated{index}Tests: XCTestCase {{"]
        while len(lines) < lines_per_file - 2:
            obj = objects[test % len(objects)]
            fields = [f for f in obj["fields"] if f["default"] != "nil"][:2]
            query, first = queries[test % len(queries)]
            arguments = ", ".join(f"{f['initLabel']}: {f['default']}" for f in fields)
            lines += [
                f"    func test_{test}() {{",
                f"        let mock = Mock<{obj['swiftName']}>({arguments})",
                f"        mock.{fields[0]['property']} = {fields[0]['default']}",
                f"        XCTAssertNotNil(mock.{fields[1]['property']})",
                f"        let data = {query}.Data.from(Mock<Query>())",
                f"        XCTAssertNotNil(data.{first})",
                "    }",
                "",
            ]
            test += 1
        lines += ["}", ""]
        write_test_file(folder, index, lines)
        total += len(lines)
    return total


def write_test_file(folder: Path, index: int, lines: list[str]):
    """Generated test file `index`, a hundred to a folder (`Tests/Generated0/Generated0Tests.swift`)."""
    (folder / "Tests" / f"Generated{index // 100}").mkdir(parents=True, exist_ok=True)
    (folder / "Tests" / f"Generated{index // 100}" / f"Generated{index}Tests.swift").write_text("\n".join(lines))


def run_check(binary: str, folder: Path, one_core: bool):
    command = [binary, "check", "--workspace", str(folder), "--format", "json"]
    if one_core:
        command = ["taskset", "-c", "0"] + command
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    assert result.returncode in (0, 1), result.stderr
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--lines", type=int, default=150, help="lines per test file")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    if not GITHUB.exists():
        print("../shared/bench is not beside the repository: the check benchmark is skipped")
        return
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "release" / "mockls"))
    with tempfile.TemporaryDirectory(prefix="mockls-check-bench-") as temporary:
        folder = Path(temporary) / "workspace"
        lines = write_workspace(folder, binary, options.files, options.lines)
        run_check(binary, folder, one_core=False)  # warm the file cache
        rows = []
        for label, one_core in (("every core", False), ("one core (taskset -c 0)", True)):
            if one_core and shutil.which("taskset") is None:
                continue
            times = [run_check(binary, folder, one_core) for _ in range(options.runs)]
            median = statistics.median(times)
            rows.append((label, median, lines / median))
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"\n## mockls check: {options.files} generated test files, {lines} lines, GitHub schema and operations "
              f"({os.cpu_count()} cores)\n")
        print("| run | median wall time | lines per second |")
        print("|---|---:|---:|")
        for label, median, rate in rows:
            print(f"| {label} | {median * 1000:.0f} ms | {rate:,.0f} |")
        print(f"\npeak resident memory of one `mockls check`: {peak:.0f} MB")


if __name__ == "__main__":
    sys.exit(main())
