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
import stdio_round_trips  # noqa: E402

ROUNDS = 300
READING_THREAD = "readMessages4from6handle"


def reading_thread_instructions(binary: Path, folder: Path, completion: dict, request: str, rounds: int, out: Path) -> int:
    """The reading thread's instructions over a session that sends `rounds` of `request` (a name of
    `Session.requests`) after the set-up."""
    wrapper = out.with_suffix(".sh")
    wrapper.write_text(f'#!/bin/sh\nexec valgrind -q --tool=callgrind --callgrind-out-file={out} {binary} "$@"\n')
    wrapper.chmod(0o755)
    os.environ["MOCKLS_BIN"] = str(wrapper)
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


def main():
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        print("request_instructions.py needs valgrind (make bench-instructions installs it)")
        return
    folder = ROOT / "Benchmarks" / ".build" / "project-size" / "AnimalKingdom"
    if not folder.is_dir():
        print("no ProjectSize AnimalKingdom workspace: run the ProjectSize benchmark first (make bench)")
        return
    binary = Path(os.environ.get("MOCKLS_BIN", ROOT / ".build" / "release" / "mockls"))
    with tempfile.TemporaryDirectory() as directory:
        scratch = Path(directory)
        stripped = scratch / "mockls"
        subprocess.run(["strip", "--strip-debug", "-o", str(stripped), str(binary)], check=True)
        print(f"## Instructions per request on the reading thread (callgrind, {ROUNDS} requests, AnimalKingdom)\n")
        print("| request | client | instructions | / floor |")
        print("|---|---|---:|---:|")
        floor = per_request(stripped, folder, stdio_round_trips.CLIENTS["documentation inline"], "floor", scratch)
        print(f"| floor (unknown method) | any | {floor:,.0f} | 1.00 |")
        for client, completion in stdio_round_trips.CLIENTS.items():
            count = per_request(stripped, folder, completion, "completion", scratch)
            print(f"| completion | {client} | {count:,.0f} | {count / floor:.2f} |")


if __name__ == "__main__":
    main()
