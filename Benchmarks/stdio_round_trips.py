"""Round trips as an editor sees them: the release mockls over stdio, on the ProjectSize workspaces.

The ProjectSize benchmark measures requests in process, where the protocol floor (-32601 for an unknown method) is a
few microseconds. An editor also pays the pipes, the process wake-ups and its own JSON: this script sends the same
requests (completion at `Mock<Dog>(`, hover on a mock label, the floor) to `.build/release/mockls` through a Python
client, interleaved, and prints medians, p99 and completion's ratio to the floor of the same run, for three clients'
completion capabilities (`CLIENTS`): documentation inline with an edit per item (Emacs, Neovim 0.7–0.9), inline with
LSP 3.17 item defaults (Neovim 0.10+), and resolved documentation with item defaults (VS Code). It also prints what the
client's own JSON parse of the completion reply costs (part of its round trip), the ratio with each reply's parse taken
out, and the server's CPU time per request.
Every figure is the median over `SESSIONS` server sessions per client. Run by `make bench` after the benchmarks,
which write the workspaces under `Benchmarks/.build/project-size`.
"""

import json
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
CPU_ROUNDS = 2000
# Server sessions per client, taken in turns (A, B, C, A, B, C, …): a round trip moves with how fast an idle core
# wakes up, which drifts over seconds on a shared machine; the figures are medians over the sessions.
SESSIONS = 3


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


ITEM_DEFAULTS = ["commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"]

# The completion capabilities of the clients measured, as they send them.
CLIENTS = {
    # Emacs (Eglot, lsp-mode), Neovim 0.7–0.9: documentation inline, an edit per item.
    "documentation inline": {"completionItem": {"snippetSupport": True}},
    # Neovim 0.10+: documentation inline, the list's item defaults.
    "inline, item defaults": {"completionItem": {"snippetSupport": True}, "completionList": {"itemDefaults": ITEM_DEFAULTS}},
    # VS Code: documentation resolved when shown (`completionItem/resolve`), item defaults.
    "resolves, item defaults": {
        "completionItem": {"snippetSupport": True, "resolveSupport": {"properties": ["documentation"]}},
        "completionList": {"itemDefaults": ITEM_DEFAULTS},
    },
}


class Session:
    """mockls (`MOCKLS_BIN`) on `folder` for a client with the completion capabilities `completion`: initialized, the
    test file open, and the index in (completion at `Mock<Dog>(` offers Dog's fields)."""

    def __init__(self, folder: Path, completion: dict, timeout: float = 60):
        self.timeout = timeout
        self.server = lsp_stdio.MocklsProcess()
        self.server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "capabilities": {"textDocument": {"completion": completion}},
            "rootUri": folder.as_uri()}})
        self.server.receive(timeout=timeout)
        self.server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        uri = (folder / "Tests" / "SizeTests.swift").as_uri()
        self.server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "swift", "version": 1, "text": TEST_FILE}}})
        self.requests = {
            "completion": ("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 6, "character": 24}}),
            "hover": ("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 6, "character": 26}}),
            "floor": ("mockls/unknown", {}),
        }
        self.next_id = 1
        deadline = time.time() + 2 * timeout
        while not (self.round_trip(*self.requests["completion"])[1].get("result") or {}).get("items"):
            if time.time() > deadline:
                raise TimeoutError("the index did not come in")
            time.sleep(0.05)

    def round_trip(self, method, params):
        """The seconds from sending a request to reading its reply, and the reply."""
        self.next_id += 1
        start = time.perf_counter()
        self.server.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while (reply := self.server.receive(timeout=self.timeout)).get("id") != self.next_id:
            pass
        return time.perf_counter() - start, reply

    def close(self):
        self.server.send({"jsonrpc": "2.0", "id": 10**6, "method": "shutdown"})
        self.server.send({"jsonrpc": "2.0", "method": "exit"})
        self.server.wait(timeout=self.timeout)


def measure(folder: Path, completion: dict):
    session = Session(folder, completion)
    requests, round_trip, server = session.requests, session.round_trip, session.server
    times = {name: [] for name in requests}
    replies = {}
    for _ in range(ROUNDS):
        for name, request in requests.items():
            elapsed, replies[name] = round_trip(*request)
            times[name].append(elapsed * 1000)
    # The server's own CPU time per request, read from the kernel's per-thread accounting: unlike a round trip, it
    # does not move with how fast an idle core wakes up.
    cpu = {}
    for name, request in requests.items():
        before = server_cpu_ns(server.process.pid)
        for _ in range(CPU_ROUNDS):
            round_trip(*request)
        cpu[name] = (server_cpu_ns(server.process.pid) - before) / CPU_ROUNDS / 1000
    session.close()
    # What the client itself spends reading each reply (inside the round trip above, in the client's reader).
    parse = {}
    for name, reply in replies.items():
        text = json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode()
        start = time.perf_counter()
        for _ in range(200):
            json.loads(text)
        parse[name] = ((time.perf_counter() - start) / 200 * 1000, len(text))
    return times, parse, cpu


def server_cpu_ns(pid: int) -> int:
    """Nanoseconds the process's threads have run (`/proc/<pid>/task/*/schedstat`, first field)."""
    return sum(int(stat.read_text().split()[0]) for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"))


def main():
    folders = sorted((ROOT / "Benchmarks" / ".build" / "project-size").glob("*"))
    if not folders:
        print("no ProjectSize workspaces: run the ProjectSize benchmark first (make bench)")
        return
    print(f"## stdio round trips (release mockls, Python client, {ROUNDS} rounds, ms)\n")
    print("Server CPU: the server's own CPU time per request (µs; kernel accounting, {CPU_ROUNDS} of each). Client "
          "JSON: the client's own `json.loads` of the completion reply (µs), part of its round trip.\n".replace("{CPU_ROUNDS}", str(CPU_ROUNDS)))
    print(f"Each figure is the median over {SESSIONS} server sessions per client, taken in turns; the ratio's range over "
          "the sessions is in brackets.\n")
    print("Without the client's JSON: the same ratio with each reply's `json.loads` taken out of its round trip (Python's "
          "parse of a 4 KB reply costs several times what an editor's native JSON parser does).\n")
    print("| workspace | client | floor p50 | floor p99 | completion p50 | completion p99 | hover p50 | hover p99 "
          "| completion / floor (p50) | without the client's JSON | reply bytes | client JSON | server CPU: floor "
          "| completion | hover |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for folder in folders:
        sessions = {client: [] for client in CLIENTS}
        for _ in range(SESSIONS):
            for client, completion in CLIENTS.items():
                sessions[client].append(measure(folder, completion))
        for client, measured in sessions.items():
            def median(figure):
                return statistics.median(figure(times, parse, cpu) for times, parse, cpu in measured)
            row = [folder.name.replace("-", " "), client]
            for name in ("floor", "completion", "hover"):
                row += [f"{median(lambda t, p, c: statistics.median(t[name])):.3f}",
                        f"{median(lambda t, p, c: percentile(t[name], 0.99)):.3f}"]
            ratios = [statistics.median(t["completion"]) / statistics.median(t["floor"]) for t, _, _ in measured]
            row.append(f"{statistics.median(ratios):.2f} [{min(ratios):.2f}–{max(ratios):.2f}]")
            served = [(statistics.median(t["completion"]) - p["completion"][0]) / (statistics.median(t["floor"]) - p["floor"][0])
                      for t, p, _ in measured]
            row.append(f"{statistics.median(served):.2f} [{min(served):.2f}–{max(served):.2f}]")
            row += [f"{measured[0][1]['completion'][1]}", f"{median(lambda t, p, c: p['completion'][0]) * 1000:.0f}"]
            row += [f"{median(lambda t, p, c: c[name]):.0f}" for name in ("floor", "completion", "hover")]
            print("| " + " | ".join(row) + " |")

if __name__ == "__main__":
    main()
