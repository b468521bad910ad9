"""Instructions per request on mockls's reading thread, counted by callgrind: a figure that does not move with the
machine's load, unlike a round trip (`stdio_round_trips.py`), whose median drifts by a tenth between sessions on a
shared machine.

For each client of `stdio_round_trips.CLIENTS`, the release mockls runs under `valgrind --tool=callgrind` twice on the
ProjectSize AnimalKingdom workspace: once with only the set-up (initialize, didOpen, completions until the index is
in) and once with `ROUNDS` more completions at `Mock<Dog>(`; the difference of the instructions of
`readMessages(from:handle:)` (the reading thread, where such a request is answered), divided by `ROUNDS`, is one
request's. The same for the protocol floor (an unknown method). Valgrind cannot read the debug information Swift
writes, so it runs a copy of the binary without it. `make bench-instructions` installs valgrind and runs this after
the release build; the workspace is written by the ProjectSize benchmark (`make bench`).

Then issue 64's first lenses with nothing kept, counted where milliseconds cannot be (on this shared 2-core machine
the same build took 299 ms one hour and 480 ms another): `snapshot_queries.py`'s 1,000 test files, the whole process
(every thread) counted from its start to its exit twice, once with an operation's coverage lenses asked after the
first indexing and once without; the difference is the first lenses' own. (The lenses are asked once the index is in:
under callgrind the index takes longer than a request waits for it.)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Benchmarks"))
import snapshot_queries  # noqa: E402
import stdio_round_trips  # noqa: E402

sys.path.insert(0, str(ROOT / "Tests" / "protocol"))
import lsp_stdio  # noqa: E402

ROUNDS = 300
FILES = 1000
READING_THREAD = "readMessages4from6handle"


def callgrind_wrapper(binary: Path, out: Path) -> Path:
    """A script beside `out` that runs `binary` under callgrind, writing its counts to `out`."""
    wrapper = out.with_suffix(".sh")
    wrapper.write_text(f'#!/bin/sh\nexec valgrind -q --tool=callgrind --callgrind-out-file={out} {binary} "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


def reading_thread_instructions(binary: Path, folder: Path, completion: dict, request: str, rounds: int, out: Path) -> int:
    """The reading thread's instructions over a session that sends `rounds` of `request` (a name of
    `Session.requests`) after the set-up."""
    os.environ["MOCKLS_BIN"] = str(callgrind_wrapper(binary, out))
    session = stdio_round_trips.Session(folder, completion, timeout=300)
    for _ in range(rounds):
        session.round_trip(*session.requests[request])
    session.close()
    annotated = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", str(out)], capture_output=True, text=True, check=True).stdout
    for line in annotated.splitlines():
        match = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*" + READING_THREAD, line)
        if match:
            return int(match.group(1).replace(",", ""))
    raise RuntimeError(f"no {READING_THREAD} in {out}")


def per_request(binary: Path, folder: Path, completion: dict, request: str, scratch: Path) -> float:
    name = re.sub(r"\W+", "-", f"{request}-{completion}")
    base = reading_thread_instructions(binary, folder, completion, request, 0, scratch / f"{name}-0.out")
    run = reading_thread_instructions(binary, folder, completion, request, ROUNDS, scratch / f"{name}-{ROUNDS}.out")
    return (run - base) / ROUNDS


def process_instructions(binary: Path, folder: Path, lenses: bool, out: Path) -> int:
    """The instructions of a whole mockls process (every thread) that starts on `folder`, opens its operation and a
    test file, waits for the first indexing, asks for the operation's coverage lenses when `lenses` (with nothing kept
    from an earlier session), and exits."""
    os.environ["MOCKLS_BIN"] = str(callgrind_wrapper(binary, out))
    server = lsp_stdio.MocklsProcess(env={"MOCKLS_CACHE_DIR": "off"})
    try:
        server.initialize(folder.as_uri(), timeout=300)
        operation = folder / "graphql" / "Dog.graphql"
        server.open_document(operation, "graphql")
        server.open_document(folder / "Tests" / "Generated0" / "Generated0Tests.swift", "swift")
        # Under callgrind the indexing outlasts the wait a request gives it (the lenses would come back empty).
        server.wait_for_log("indexed", timeout=300)
        if lenses:
            _, reply = server.timed("textDocument/codeLens", {"textDocument": {"uri": operation.as_uri()}}, timeout=600)
            if not reply.get("result"):
                raise RuntimeError(f"no lenses: {reply}")
        server.request("shutdown", None, timeout=300)
        server.send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=300)
    finally:
        server.kill()
    annotated = subprocess.run(["callgrind_annotate", str(out)], capture_output=True, text=True, check=True).stdout
    match = re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", annotated)
    if not match:
        raise RuntimeError(f"no totals in {out}")
    return int(match.group(1).replace(",", ""))


def first_lenses(binary: Path, scratch: Path):
    """Issue 64's first lenses with nothing kept, in instructions: the bound is in milliseconds, which on this shared
    2-core machine move by half from one hour to the next (299 ms and 480 ms for the same build); the count does not."""
    folder = scratch / "lenses"
    tests = snapshot_queries.write_workspace(folder, FILES)
    without = process_instructions(binary, folder, False, scratch / "start.out")
    whole = process_instructions(binary, folder, True, scratch / "lenses.out")
    print(f"\n## The first lenses with nothing kept (callgrind, every thread; {FILES:,} test files, {tests:,} tests)\n")
    print("| | instructions |")
    print("|---|---:|")
    print(f"| start, index, open documents, exit | {without / 1e9:.2f} G |")
    print(f"| the same with the operation's lenses asked | {whole / 1e9:.2f} G |")
    print(f"| the first lenses' own | {(whole - without) / 1e9:.2f} G |")


def main():
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        print("request_instructions.py needs valgrind (make bench-instructions installs it)")
        return
    folder = ROOT / "Benchmarks" / ".build" / "project-size" / "AnimalKingdom"
    binary = Path(os.environ.get("MOCKLS_BIN", ROOT / ".build" / "release" / "mockls"))
    with tempfile.TemporaryDirectory() as directory:
        scratch = Path(directory)
        stripped = scratch / "mockls"
        subprocess.run(["strip", "--strip-debug", "-o", str(stripped), str(binary)], check=True)
        if not folder.is_dir():
            print("no ProjectSize AnimalKingdom workspace (the ProjectSize benchmark of `make bench` writes it): no completions counted")
        else:
            print(f"## Instructions per request on the reading thread (callgrind, {ROUNDS} requests, AnimalKingdom)\n")
            print("| request | client | instructions | / floor |")
            print("|---|---|---:|---:|")
            floor = per_request(stripped, folder, stdio_round_trips.CLIENTS["documentation inline"], "floor", scratch)
            print(f"| floor (unknown method) | any | {floor:,.0f} | 1.00 |")
            for client, completion in stdio_round_trips.CLIENTS.items():
                count = per_request(stripped, folder, completion, "completion", scratch)
                print(f"| completion | {client} | {count:,.0f} | {count / floor:.2f} |")
        first_lenses(stripped, scratch)


if __name__ == "__main__":
    main()
