"""What a client announcing folders one at a time costs (issue 45's fuzzer did; a protocol test does it too): the
release mockls serving Examples/Bookshelf over stdio gets `--count` `didChangeWorkspaceFolders`, each adding one
folder that does not exist, sent as fast as the pipe takes them; then one change removing them all. Prints, per run,
the wall time from the first change to the log line of the last one ("workspace folders: N+1"), and to the log line
of the removal, and the medians over `--runs`.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/folder_changes.py [--count 1000] [--runs 3]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "protocol"))
import lsp_stdio  # noqa: E402


def wait_for_log(server: lsp_stdio.MocklsProcess, words: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = server.receive(timeout=deadline - time.monotonic(), skip_logs=False)
        if message.get("method") == "window/logMessage" and words in message["params"]["message"]:
            return message["params"]["message"]
    raise AssertionError(f"no log containing {words!r}")


def run(count: int) -> tuple:
    bookshelf = ROOT / "Examples" / "Bookshelf"
    server = lsp_stdio.MocklsProcess()
    try:
        server.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "capabilities": {"workspace": {"workspaceFolders": True}}, "rootUri": bookshelf.as_uri(), "trace": "messages"}})
        assert "result" in server.receive(timeout=30)
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        wait_for_log(server, "indexed", 60)
        folders = [{"uri": f"file:///nonexistent-mockls-bench/folder{index}", "name": f"f{index}"} for index in range(count)]
        started = time.monotonic()
        for folder in folders:
            server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": {
                "added": [folder], "removed": []}}})
        wait_for_log(server, f"workspace folders: {count + 1};", 600)
        added = time.monotonic() - started
        started = time.monotonic()
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": {
            "added": [], "removed": folders}}})
        wait_for_log(server, "workspace folders: 1;", 600)
        removed = time.monotonic() - started
        server.send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
        while server.receive(timeout=30).get("id") != 1:
            pass
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
        return added, removed
    finally:
        server.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    results = []
    for index in range(options.runs):
        added, removed = run(options.count)
        results.append((added, removed))
        print(f"run {index + 1}: {options.count} folders added one change at a time in {added * 1000:.0f} ms, "
              f"removed in one change in {removed * 1000:.0f} ms")
    print(f"folder changes: {options.count} added one at a time, median {statistics.median(r[0] for r in results) * 1000:.0f} ms; "
          f"removed at once, median {statistics.median(r[1] for r in results) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
