"""How soon `unused-field` follows an unsaved edit of the app's code (issue 47: within 200 ms): the workspace of
app_code_check.py (1,000 test files and 1,000 app files against the GitHub corpus of ../shared/bench), served by the
release mockls over stdio. An app file is opened, then edited in turns to add and to remove the only read of a field
the workspace reports as unused; each time, the wall time from the `didChange` to the `publishDiagnostics` of the
GraphQL document without, then with, the hint. Prints the median and the worst of the turns.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/unused_field_latency.py [--turns 20]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from app_code_check import GITHUB, ROOT, app_file, queries_of, write_workspace  # noqa: E402

sys.path.insert(0, str(ROOT / "Tests" / "protocol"))
import lsp_stdio  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=20)
    options = parser.parse_args()
    if not GITHUB.exists():
        print("../shared/bench is not beside the repository: the latency benchmark is skipped")
        return
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "release" / "mockls"))
    with tempfile.TemporaryDirectory(prefix="mockls-latency-bench-") as temporary:
        folder = Path(temporary) / "workspace"
        write_workspace(folder, binary, 1000, 150)
        queries = queries_of(folder)
        for index in range(1000):
            query, first = queries[index % len(queries)]
            app = folder / "App" / f"Screens{index // 100}"
            app.mkdir(parents=True, exist_ok=True)
            (app / f"Screen{index}.swift").write_text(app_file(index, query, first))
        reported = json.loads(subprocess.run([binary, "check", "--workspace", str(folder), "--format", "json"],
                                             capture_output=True, text=True).stdout)
        unused = next(r for r in reported if r["code"] == "unused-field")
        document = (folder / unused["file"]).as_uri()
        name = unused["message"].split("property `")[1].split("`")[0]
        screen = folder / "App" / "Screens0" / "Screen1.swift"
        text = screen.read_text()
        with_read = text.replace("    func reload(", f"    func peek(_ thing: Thing) {{ _ = thing.{name} }}\n\n    func reload(", 1)
        assert with_read != text

        server = lsp_stdio.MocklsProcess(env={"MOCKLS_BIN": binary})
        server.initialize(folder.as_uri())

        def hint_published(present: bool, timeout=120) -> float:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                message = server.receive(timeout=deadline - time.monotonic())
                if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == document:
                    starts = {(d["range"]["start"]["line"], d["range"]["start"]["character"], d.get("code"))
                              for d in message["params"]["diagnostics"]}
                    if ((unused["line"] - 1, unused["column"] - 1, "unused-field") in starts) == present:
                        return time.perf_counter()
            raise AssertionError("the hint did not follow")

        hint_published(True)
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": screen.as_uri(), "languageId": "swift", "version": 1, "text": text}}})
        time.sleep(1)
        timings = []
        for turn in range(options.turns):
            adds = turn % 2 == 0
            start = time.perf_counter()
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": screen.as_uri(), "version": turn + 2},
                "contentChanges": [{"text": with_read if adds else text}]}})
            timings.append((hint_published(not adds) - start) * 1000)
        server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
        print(f"\n## unused-field after an unsaved edit of app code: 1,000 test files and 1,000 app files "
              f"({os.cpu_count()} cores, {options.turns} edits)\n")
        print(f"median {statistics.median(timings):.0f} ms, worst {max(timings):.0f} ms (target ≤ 200 ms)")


if __name__ == "__main__":
    sys.exit(main())
