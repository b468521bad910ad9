"""Issues 46's and 64's figures over stdio, from the release mockls, each against the protocol floor measured in the same
run (an unknown method answered -32601, interleaved with the requests): on 1,000 generated test files of 12 tests each,

- references to a label used in 4 files (target, issue 64: p50 at most 20 times the floor's),
- references to a label used in every test, twice (24,000 locations; issue 64: at most 1,000 times),
- an operation's coverage lenses with nothing changed (issue 64: at most 20 times) and after one test file's edit (at
  most 300),
- the first lenses after start (from `initialize` sent to the lenses' reply; the median of several starts) with nothing
  kept from an earlier session (issue 64: at most 300 ms) and after a restart that takes what the last session kept
  (issue 46: at most 1 s),
- completion of a selection set's fields in a test file (CPU per request: not worse than before),

and the server's CPU to the first lenses and its resident memory after them and at the end. Prints a table with each
ratio and its target.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/snapshot_queries.py [--files 1000] [--rounds 30] [--starts 7]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "protocol"))
import lsp_stdio  # noqa: E402

TESTS_PER_FILE = 12
RARE_FILES = 4
SCHEMA = """type Query { dog(id: ID!): Dog }
type Dog { id: ID! name: String! age: Int species: String! nickname: String owner: Owner }
type Owner { name: String! }
"""
OPERATION = "query Dog($id: ID!) {\n  dog(id: $id) {\n    id\n    name\n    age\n    species\n    nickname\n    owner {\n      name\n    }\n  }\n}\n"
CONFIGURATION = """{"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
 "output": {"testMocks": {"absolute": {"path": "Mocks"}}}}
"""


def write_workspace(folder: Path, files: int) -> int:
    """The project, and `files` test files: each test builds a dog (`name:` set), converts it and reads `name`;
    the first test of the first `RARE_FILES` files also sets `nickname:`. Returns the number of tests."""
    (folder / "graphql").mkdir(parents=True)
    (folder / "apollo-codegen-config.json").write_text(CONFIGURATION)
    (folder / "graphql" / "schema.graphqls").write_text(SCHEMA)
    (folder / "graphql" / "Dog.graphql").write_text(OPERATION)
    test = 0
    for index in range(files):
        lines = ["import XCTest", "import ApolloTestSupport", "@testable import PetAPI", "", f"final class Generated{index}Tests: XCTestCase {{"]
        for position in range(TESTS_PER_FILE):
            nickname = ', nickname: "Buddy"' if index < RARE_FILES and position == 0 else ""
            lines += [
                f"    func test_{test}() {{",
                f'        let dog = Mock<Dog>(id: "{test}", name: "Rex {test}", species: "Lab"{nickname})',
                "        let data = DogQuery.Data.from(Mock<Query>(dog: dog))",
                f'        XCTAssertEqual(data.dog?.name, "Rex {test}")',
                "    }",
                "",
            ]
            test += 1
        lines += ["}", ""]
        path = folder / "Tests" / f"Generated{index}" / f"Generated{index}Tests.swift"
        path.parent.mkdir(parents=True)
        path.write_text("\n".join(lines))
    return test


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU so far (`/proc/PID/stat`): what the first lenses cost whatever the machine's
    speed of the minute, which moves their wall time by a tenth between runs."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--starts", type=int, default=7)
    options = parser.parse_args()
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "release" / "mockls"))
    os.environ["MOCKLS_BIN"] = binary
    with tempfile.TemporaryDirectory(prefix="mockls-snapshot-bench-") as temporary:
        folder = Path(temporary) / "workspace"
        tests = write_workspace(folder, options.files)
        operation = folder / "graphql" / "Dog.graphql"
        test_file = folder / "Tests" / "Generated0" / "Generated0Tests.swift"
        test_text = test_file.read_text()
        test_lines = test_text.split("\n")

        # The first lenses after start, from `initialize` sent to the lenses' reply, over `--starts` fresh servers (the
        # median: one start on a shared machine varies by a tenth): first with nothing kept from an earlier session
        # (`MOCKLS_CACHE_DIR=off`: every test is followed), then restarts that take what the one before kept (the
        # store is written at shutdown). The last server stays for the other figures.
        cache = Path(temporary) / "cache"
        first_lenses_runs, first_lenses_cpu, restart_runs = [], [], []
        for start in range(2 * options.starts + 1):
            cold = start < options.starts
            os.environ["MOCKLS_CACHE_DIR"] = "off" if cold else str(cache)
            started = time.perf_counter()
            server = lsp_stdio.MocklsProcess()
            server.initialize(folder.as_uri())
            server.open_document(operation, "graphql", OPERATION)
            server.open_document(test_file, "swift", test_text)
            round_trip = server.timed

            lenses = ("textDocument/codeLens", {"textDocument": {"uri": operation.as_uri()}})
            _, reply = round_trip(*lenses)
            elapsed = (time.perf_counter() - started) * 1000
            # The first start with a store only writes it.
            if cold:
                first_lenses_runs.append(elapsed)
                first_lenses_cpu.append(cpu_seconds(server.process.pid))
            elif start > options.starts:
                restart_runs.append(elapsed)
            lens_count = len(reply.get("result") or [])
            memory_after_first = resident_mb(server.process.pid)
            if start < 2 * options.starts:
                server.send({"jsonrpc": "2.0", "id": 10**6, "method": "shutdown"})
                server.send({"jsonrpc": "2.0", "method": "exit"})
                server.wait(timeout=30)
        first_lenses = statistics.median(first_lenses_runs)
        restart_lenses = statistics.median(restart_runs)

        def at(line_text, label):
            line = next(i for i, text in enumerate(test_lines) if line_text in text)
            return {"line": line, "character": test_lines[line].index(label) + 1}

        def references(position):
            return ("textDocument/references", {"textDocument": {"uri": test_file.as_uri()}, "position": position,
                                                "context": {"includeDeclaration": True}})

        rare = references(at("nickname:", "nickname:"))
        common = references(at("let dog = Mock<Dog>(", "name:"))
        # The members of a selection set: after `data.dog?.` in the first test's read.
        completion_position = at("XCTAssertEqual(data.dog?.", "name,")
        completion_position["character"] -= 1
        completion = ("textDocument/completion", {"textDocument": {"uri": test_file.as_uri()}, "position": completion_position})
        floor = ("mockls/unknown", {})
        counts = {"rare": len(round_trip(*rare)[1].get("result") or []), "common": len(round_trip(*common)[1].get("result") or []),
                  "completion": len((round_trip(*completion)[1].get("result") or {}).get("items") or [])}

        times = {name: [] for name in ["floor", "rare", "common", "lenses", "edited", "completion"]}
        end_line = len(test_lines) - 1
        for version in range(2, options.rounds + 2):
            times["floor"].append(round_trip(*floor)[0])
            times["rare"].append(round_trip(*rare)[0])
            times["floor"].append(round_trip(*floor)[0])
            times["common"].append(round_trip(*common)[0])
            times["floor"].append(round_trip(*floor)[0])
            times["lenses"].append(round_trip(*lenses)[0])
            times["completion"].append(round_trip(*completion)[0])
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": test_file.as_uri(), "version": version},
                "contentChanges": [{"range": {"start": {"line": end_line, "character": 0}, "end": {"line": end_line, "character": 0}},
                                    "text": "// edit\n" if version % 2 else ""}]}})
            times["edited"].append(round_trip(*lenses)[0])
        memory_at_end = resident_mb(server.process.pid)
        server.send({"jsonrpc": "2.0", "id": 10**6, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)

    floor_median = statistics.median(times["floor"])
    print(f"\n## The snapshot's queries over stdio (release mockls; {options.files} generated test files, {tests} tests; "
          f"{options.rounds} rounds; medians in ms)\n")
    print("| request | result | p50 | p50 / floor | target |")
    print("|---|---:|---:|---:|---|")
    print(f"| protocol floor (-32601) | | {floor_median:.3f} | 1 | |")
    rows = [
        ("references, a label in 4 files", "rare", f"{counts['rare']} locations", 20),
        ("references, a label in every test", "common", f"{counts['common']} locations", 1000),
        ("lenses, nothing changed", "lenses", f"{lens_count} lenses", 20),
        ("lenses, after one test file's edit", "edited", f"{lens_count} lenses", 300),
        ("completion of a selection set's fields", "completion", f"{counts['completion']} items", None),
    ]
    for title, key, result, target in rows:
        p50 = statistics.median(times[key])
        ratio = p50 / floor_median
        verdict = "" if target is None else (f"≤ {target}× {'met' if ratio <= target else 'MISSED'}")
        print(f"| {title} | {result} | {p50:.2f} | {ratio:,.0f} | {verdict} |")
    print(f"| first lenses after start, nothing kept (from `initialize`; median of {options.starts} starts, "
          f"{min(first_lenses_runs):.0f}–{max(first_lenses_runs):.0f}) | {lens_count} lenses | {first_lenses:.0f} | | ≤ 300 ms "
          f"{'met' if first_lenses <= 300 else 'MISSED'} |")
    print(f"| first lenses after a restart, the last session's coverage kept (median of {options.starts} starts, "
          f"{min(restart_runs):.0f}–{max(restart_runs):.0f}) | {lens_count} lenses | {restart_lenses:.0f} | | ≤ 1,000 ms "
          f"{'met' if restart_lenses <= 1000 else 'MISSED'} |")
    print(f"\nserver CPU to the first lenses with nothing kept (user + system, median of {options.starts} starts): "
          f"{statistics.median(first_lenses_cpu):.2f} s")
    print(f"server resident memory: {memory_after_first:.0f} MB after the first lenses, {memory_at_end:.0f} MB at the end")


if __name__ == "__main__":
    sys.exit(main())
