"""Issue 13's figures over stdio, from the release mockls: completion in a GraphQL operation over the GitHub schema, and
references to a field used from a generated workspace of 1,000 test files (Benchmarks/check_throughput.py writes
it). Each request is timed from the Python client as a round trip, interleaved with the protocol floor (an unknown
method answered -32601); the server's share is the round trip less the floor's median.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/editor_features.py [--rounds 200]
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
sys.path.insert(0, str(ROOT / "Benchmarks"))
import check_throughput  # noqa: E402
import lsp_stdio  # noqa: E402

OPERATION = """query BenchCompletion($owner: String!, $name: String!) {
  repository(owner: $owner, name: $name) {
    id

  }
}
"""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--reference-rounds", type=int, default=20)
    options = parser.parse_args()
    if not check_throughput.GITHUB.exists():
        print("../shared/bench is not beside the repository: the editor feature benchmark is skipped")
        return
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "release" / "mockls"))
    os.environ["MOCKLS_BIN"] = binary
    with tempfile.TemporaryDirectory(prefix="mockls-editor-bench-") as temporary:
        folder = Path(temporary) / "workspace"
        lines = check_throughput.write_workspace(folder, binary, 1000, 150)
        operation = folder / "graphql" / "BenchCompletion.graphql"
        operation.write_text(OPERATION)
        test_file = folder / "Tests" / "Generated0" / "Generated0Tests.swift"
        test_text = test_file.read_text()

        server = lsp_stdio.MocklsProcess()
        server.initialize(folder.as_uri(), {"textDocument": {"completion": {"completionItem": {"snippetSupport": True}}}})
        server.open_document(operation, "graphql", OPERATION)
        server.open_document(test_file, "swift", test_text)
        round_trip = server.timed

        completion = ("textDocument/completion", {"textDocument": {"uri": operation.as_uri()}, "position": {"line": 3, "character": 4}})
        # The first label of the first mock the generated tests build.
        line_number = next(i for i, text in enumerate(test_text.split("\n")) if "= Mock<" in text)
        label_column = test_text.split("\n")[line_number].index("(") + 2
        references = ("textDocument/references", {
            "textDocument": {"uri": test_file.as_uri()}, "position": {"line": line_number, "character": label_column},
            "context": {"includeDeclaration": True}})
        floor = ("mockls/unknown", {})
        deadline = time.time() + 120
        items = []
        while time.time() < deadline:
            _, reply = round_trip(*completion)
            items = (reply.get("result") or {}).get("items") or []
            if items:
                break
            time.sleep(0.05)
        times = {"completion": [], "references": [], "floor": []}
        for _ in range(options.rounds):
            times["completion"].append(round_trip(*completion)[0])
            times["floor"].append(round_trip(*floor)[0])
        found = []
        for _ in range(options.reference_rounds):
            elapsed, reply = round_trip(*references)
            times["references"].append(elapsed)
            found = reply.get("result") or []
        server.send({"jsonrpc": "2.0", "id": 10**6, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)

        floor_median = statistics.median(times["floor"])
        print(f"\n## Editor features over stdio (release mockls; GitHub schema and operations; {lines} lines of tests in 1,000 files; ms)\n")
        print("| request | rounds | result | p50 | p99 | server side p50 (less the floor) | server side p99 |")
        print("|---|---:|---|---:|---:|---:|---:|")
        print(f"| protocol floor | {options.rounds} | -32601 | {floor_median:.3f} | {percentile(times['floor'], 0.99):.3f} | | |")
        for name, result in (("completion", f"{len(items)} fields of Repository"), ("references", f"{len(found)} locations")):
            p50, p99 = statistics.median(times[name]), percentile(times[name], 0.99)
            rounds = options.rounds if name == "completion" else options.reference_rounds
            print(f"| {name} | {rounds} | {result} | {p50:.3f} | {p99:.3f} | {p50 - floor_median:.3f} | {p99 - floor_median:.3f} |")


if __name__ == "__main__":
    sys.exit(main())
