"""Round trips as an editor sees them: the release mockls over stdio, on the ProjectSize workspaces.

The ProjectSize benchmark measures requests in process, where the protocol floor (-32601 for an unknown method) is a
few microseconds. An editor also pays the pipes, the process wake-ups and its own JSON: this script sends the same
requests (completion at `Mock<Dog>(`, hover on a mock label, the floor) to `.build/release/mockls` through a Python
client, interleaved, and prints medians, p99 and completion's ratio to the floor of the same run: once as a client
that takes documentation inline, once as one that resolves it (`completionItem/resolve`, as VS Code and nvim-cmp do). Run by `make bench`
after the benchmarks, which write the workspaces under `Benchmarks/.build/project-size`.
"""

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "protocol"))
import lsp_stdio  # noqa: E402

TEST_FILE = """import XCTest
import ApolloTestSupport
import AnimalKingdomAPITestMocks

final class SizeTests: XCTestCase {
  func testDog() {
    let dog = Mock<Dog>(species: "Lab")
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [dog]))
    XCTAssertEqual(data.allAnimals[0].species, "Lab")
  }
}
"""
ROUNDS = 1000


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(folder: Path, resolves: bool):
    server = lsp_stdio.MocklsProcess()
    item = {"snippetSupport": True}
    completion = {"completionItem": item}
    if resolves:
        # As VS Code asks: documentation resolved when shown, and the list's item defaults.
        item["resolveSupport"] = {"properties": ["documentation"]}
        completion["completionList"] = {"itemDefaults": ["commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"]}
    server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "capabilities": {"textDocument": {"completion": completion}},
        "rootUri": folder.as_uri()}})
    server.receive(timeout=60)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = (folder / "Tests" / "SizeTests.swift").as_uri()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "swift", "version": 1, "text": TEST_FILE}}})
    requests = {
        "completion": ("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 6, "character": 24}}),
        "hover": ("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 6, "character": 26}}),
        "floor": ("mockls/unknown", {}),
    }
    next_id = 1

    def round_trip(method, params):
        nonlocal next_id
        next_id += 1
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
        while (reply := server.receive(timeout=60)).get("id") != next_id:
            pass
        return time.perf_counter() - start, reply

    # Until the index is in: completion offers Dog's fields.
    deadline = time.time() + 120
    while time.time() < deadline:
        _, reply = round_trip(*requests["completion"])
        if (reply.get("result") or {}).get("items"):
            break
        time.sleep(0.05)
    times = {name: [] for name in requests}
    for _ in range(ROUNDS):
        for name, request in requests.items():
            times[name].append(round_trip(*request)[0] * 1000)
    server.send({"jsonrpc": "2.0", "id": 10**6, "method": "shutdown"})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=30)
    return times


def main():
    folders = sorted((ROOT / "Benchmarks" / ".build" / "project-size").glob("*"))
    if not folders:
        print("no ProjectSize workspaces: run the ProjectSize benchmark first (make bench)")
        return
    print(f"## stdio round trips (release mockls, Python client, {ROUNDS} rounds, ms)\n")
    print("| workspace | client | floor p50 | floor p99 | completion p50 | completion p99 | hover p50 | hover p99 | completion / floor (p50) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for folder, resolves in [(folder, resolves) for folder in folders for resolves in (False, True)]:
        times = measure(folder, resolves)
        row = [folder.name.replace("-", " "), "resolves documentation" if resolves else "documentation inline"]
        for name in ("floor", "completion", "hover"):
            row += [f"{statistics.median(times[name]):.3f}", f"{percentile(times[name], 0.99):.3f}"]
        row.append(f"{statistics.median(times['completion']) / statistics.median(times['floor']):.2f}")
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
