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


def run(count: int) -> tuple:
    server = lsp_stdio.MocklsProcess()
    try:
        server.initialize((ROOT / "Examples" / "Bookshelf").as_uri(), {"workspace": {"workspaceFolders": True}})
        server.wait_for_log("indexed")
        folders = [{"uri": f"file:///nonexistent-mockls-bench/folder{index}", "name": f"f{index}"} for index in range(count)]
        started = time.monotonic()
        for folder in folders:
            server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": {
                "added": [folder], "removed": []}}})
        server.wait_for_log(f"workspace folders: {count + 1};", timeout=600)
        added = time.monotonic() - started
        started = time.monotonic()
        server.send({"jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders", "params": {"event": {
            "added": [], "removed": folders}}})
        server.wait_for_log("workspace folders: 1;", timeout=600)
        return added, time.monotonic() - started
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
