"""Same output before and after a refactoring: record what the mockls CLI prints over a set of workspaces, then compare
two records byte for byte.

    python3 Benchmarks/same_output.py record --bin BINARY --out DIR [--timeout 60] [--only TEXT] [--jobs 1]
                                             [--all-positions]
    python3 Benchmarks/same_output.py compare DIR_A DIR_B [--lines 80]
    python3 Benchmarks/same_output.py list [--only TEXT] [--all-positions]   (the runs, without running them)

`record` runs BINARY (a mockls executable), under `nice -n 19`, over each workspace:

- `check` (text, the default) and `check --format sarif`;
- `coverage` (text, the default) and `coverage --format json`;
- `references FILE:LINE:COLUMN` (text, the default) at positions picked from the workspace's files: for each .graphql
  file (sorted by path; the first 20 that have a position), the name of each operation and fragment and the first field
  of each selection set, at most 5 a file (names and the first field of each definition's top selection set first,
  then the first fields of nested selection sets, in document order); and in at most 10 Swift test files (sorted;
  files that write `Mock<` and import XCTest, Testing or ApolloTestSupport or lie under a folder named for tests)
  the first `Mock<` type argument (Apollo's generated files, `.graphql.swift` or `@generated`, left out). Every
  references run indexes the whole workspace again, so a workspace gets at most max(8, 24 / its Swift code in MB)
  of them (Pocket, 3.6 MB: 8; god-ios, 0.8 MB: 29), spread over its files (each GraphQL file's first position,
  then each one's second, …, two GraphQL positions to one Swift one); `--all-positions` lifts the limit. The limit
  depends on the files alone, so records of the same inputs run the same positions.

On this 2-core machine, busy with a Swift build, one record is 441 runs over 23 workspaces in 8 minutes (474 s and
519 s, 2026-12-02; with `--all-positions`, 619 runs in 21 minutes, Pocket's references 12 s each). Two records of the
same binary were byte-identical (441 of 441 runs).

Every run has its own file, DIR/WORKSPACE/RUN.txt, holding the exit status (or `timeout after N s`, with no output),
then standard output and standard error, each with its length in bytes, unchanged: nothing is normalised (no field
of these outputs was found to need it: SARIF carries no timestamp, and the paths are the workspaces' own, the same in
every record). Each command runs in the workspace's folder with `--workspace` the same folder, stdin from /dev/null,
the environment without MOCKLS_* variables. DIR/_manifest.json lists the workspaces (with a digest of their files,
which `compare` uses to tell a changed input from a changed behaviour), the skipped ones and the runs; DIR/_timings.json
the time of each run (never compared).

Workspaces (each skipped, with the reason, when missing): REPO/Examples/Bookshelf; every folder of REPO/Tests/scenarios
and of /work/shared/fixtures/scenarios; /work/shared/fixtures/apollo/* (each holds an apollo-codegen-config.json and
its documents: mockls runs on it, there are no tests, so coverage and Swift positions are empty); and the apps of the
bare git mirrors /work/.mirror/*/ (apollographql+apollo-ios* left out), whose HEAD is extracted once into
/tmp/same-output-apps/NAME (keyed by the commit: a new snapshot is extracted again). The mirrors are partial clones:
`git archive` stops at the first blob the mirror lacks (large binaries), so then the tree is written blob by blob from
`git ls-tree`/`git cat-file`, the missing blobs left out (listed in NAME.missing). A record checks that no command
wrote into a workspace (its files' sizes and times before and after) and says so if one did.

`compare` prints, for each run whose file differs, a unified diff (at most --lines lines), the runs only one record
has, and exits 1 if any differs, else 0.
"""

import argparse
import concurrent.futures
import difflib
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = Path("/work/shared/fixtures")
MIRRORS = Path("/work/.mirror")
APPS = Path("/tmp/same-output-apps")
MAX_GRAPHQL_FILES = 20
MAX_GRAPHQL_POSITIONS = 5
MAX_SWIFT_FILES = 10
MIN_POSITIONS = 8  # references runs in a workspace, however big
POSITIONS_PER_SWIFT_MB = 24  # references runs in a workspace with 1 MB of Swift (2 MB: 12; 0.5 MB: 48)
SKIPPED_FOLDERS = {".git", ".build", ".swiftpm", "node_modules", "Pods", "DerivedData", "Carthage"}


# Workspaces -----------------------------------------------------------------------------------------------------------


def extract_app(mirror: Path, log) -> tuple[Path | None, str]:
    """The mirror's HEAD as a folder under APPS, extracted once per commit; (None, reason) when it cannot be."""
    git_dir = next((candidate for candidate in [mirror / "repo", mirror] + sorted(mirror.iterdir())
                    if candidate.is_dir() and (candidate / "HEAD").is_file() and (candidate / "objects").is_dir()), None)
    if git_dir is None:
        return None, "no git directory inside"
    git = ["git", "--git-dir", str(git_dir)]
    head = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode != 0:
        return None, "no HEAD: " + head.stderr.strip()
    commit = head.stdout.strip()
    target = APPS / mirror.name
    stamp = APPS / f"{mirror.name}.commit"
    if target.is_dir() and stamp.is_file() and stamp.read_text().strip() == commit:
        return target, ""
    log(f"extracting {mirror.name} at {commit[:12]} into {target}")
    partial = APPS / f"{mirror.name}.part"
    subprocess.run(["rm", "-rf", str(partial), str(target)], check=True)
    partial.mkdir(parents=True)
    archive = subprocess.Popen(git + ["archive", "HEAD"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    untar = subprocess.run(["tar", "-x", "-C", str(partial)], stdin=archive.stdout, capture_output=True)
    archive.stdout.close()
    archive_error = archive.stderr.read().decode(errors="replace")
    archive.wait()
    missing = []
    if archive.returncode != 0 or untar.returncode != 0:
        # A partial clone: write what the mirror has, blob by blob.
        log(f"  git archive failed ({archive_error.strip().splitlines()[0] if archive_error.strip() else untar.stderr.decode().strip()}); "
            "extracting blob by blob")
        subprocess.run(["rm", "-rf", str(partial)], check=True)
        partial.mkdir(parents=True)
        missing = extract_blobs(git, partial)
    (APPS / f"{mirror.name}.missing").write_text("".join(path + "\n" for path in missing))
    partial.rename(target)
    stamp.write_text(commit + "\n")
    return target, ""


def extract_blobs(git: list[str], folder: Path) -> list[str]:
    listing = subprocess.run(git + ["ls-tree", "-r", "-z", "HEAD"], capture_output=True, check=True).stdout
    entries = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, path = record.split(b"\t", 1)
        mode, kind, sha = meta.split(b" ")
        if kind == b"blob":
            entries.append((mode.decode(), sha.decode(), path.decode("utf-8", "surrogateescape")))
    missing = []
    batch = subprocess.Popen(git + ["cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             env={**os.environ, "GIT_NO_LAZY_FETCH": "1"})
    for mode, sha, path in entries:
        batch.stdin.write(sha.encode() + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            missing.append(path)
            continue
        size = int(header[2])
        data = batch.stdout.read(size)
        batch.stdout.read(1)
        destination = folder / path
        destination.parent.mkdir(parents=True, exist_ok=True)
        if mode == "120000":
            link = data.decode("utf-8", "surrogateescape")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), link))
            if os.path.isabs(link) or resolved.startswith(".."):
                missing.append(path + " (symbolic link out of the tree)")
            else:
                os.symlink(link, destination)
            continue
        destination.write_bytes(data)
        if mode == "100755":
            destination.chmod(0o755)
    batch.stdin.close()
    batch.wait()
    return missing


def workspaces(log) -> tuple[list[tuple[str, Path]], list[str]]:
    """(label, folder) of each workspace, and the skipped ones with the reason."""
    found, skipped = [], []

    def add(label: str, folder: Path):
        if folder.is_dir():
            found.append((label, folder))
        else:
            skipped.append(f"{label}: {folder} is missing")

    add("Bookshelf", REPO / "Examples" / "Bookshelf")
    for label, parent in [("scenarios", REPO / "Tests" / "scenarios"), ("shared-scenarios", SHARED / "scenarios"),
                          ("shared-apollo", SHARED / "apollo")]:
        if not parent.is_dir():
            skipped.append(f"{label}-*: {parent} is missing")
            continue
        for folder in sorted(parent.iterdir()):
            if folder.is_dir() and not folder.name.startswith("."):
                add(f"{label}-{folder.name}", folder)
    if not MIRRORS.is_dir():
        skipped.append(f"app-*: {MIRRORS} is missing")
    else:
        APPS.mkdir(parents=True, exist_ok=True)
        for mirror in sorted(MIRRORS.iterdir()):
            if (not mirror.is_dir() or mirror.name.startswith((".", "apollographql+apollo-ios"))
                    or mirror.name.endswith(".part")):
                continue
            folder, reason = extract_app(mirror, log)
            if folder is None:
                skipped.append(f"app-{mirror.name}: {reason}")
            else:
                found.append((f"app-{mirror.name}", folder))
    return found, skipped


def files_of(folder: Path, suffix: str) -> list[str]:
    """The workspace's files ending in `suffix`, relative, sorted; hidden and build folders left out."""
    found = []
    for parent, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".") and name not in SKIPPED_FOLDERS]
        for name in names:
            if name.endswith(suffix) and os.path.isfile(os.path.join(parent, name)):
                found.append(os.path.relpath(os.path.join(parent, name), folder))
    return sorted(found)


def tree_state(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under the folder with its size and modification time: to see that a command wrote nothing."""
    state = {}
    for parent, folders, names in os.walk(folder):
        for name in names + [name for name in folders if os.path.islink(os.path.join(parent, name))]:
            path = os.path.join(parent, name)
            info = os.lstat(path)
            state[os.path.relpath(path, folder)] = (info.st_size, info.st_mtime_ns)
    return state


def tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for parent, folders, names in sorted(os.walk(folder)):
        folders.sort()
        for name in sorted(names):
            path = os.path.join(parent, name)
            digest.update(os.path.relpath(path, folder).encode("utf-8", "surrogateescape") + b"\0")
            if os.path.islink(path):
                digest.update(b"link:" + os.readlink(path).encode("utf-8", "surrogateescape"))
            elif os.path.isfile(path):
                with open(path, "rb") as file:
                    digest.update(hashlib.sha256(file.read()).digest())
    return digest.hexdigest()[:16]


# Positions ------------------------------------------------------------------------------------------------------------

TOKEN = re.compile(rb'"""(?:\\"""|[^"]|"(?!""))*"""|"(?:\\.|[^"\\\n])*"|#[^\n]*|\.\.\.|[A-Za-z_][A-Za-z0-9_]*|'
                   rb'-?[0-9][0-9.eE+-]*|\$|[!():=@\[\]{}|&]|\S')
OPERATIONS = {b"query", b"mutation", b"subscription"}


def graphql_positions(data: bytes) -> list[tuple[int, int]]:
    """Byte offsets of the operation and fragment names and of each selection set's first field, with a priority
    (0: a definition's name, 1: the first field of its top selection set, 2: nested)."""
    tokens = [(match.group(), match.start()) for match in TOKEN.finditer(data)
              if not match.group().startswith((b"#", b'"'))]
    count = len(tokens)
    found: list[tuple[int, int]] = []

    def text(index: int) -> bytes:
        return tokens[index][0] if index < count else b""

    def is_name(index: int) -> bool:
        return index < count and (tokens[index][0][:1].isalpha() or tokens[index][0][:1] == b"_")

    def skip_balanced(index: int, opening: bytes = b"(", closing: bytes = b")") -> int:
        """Past the bracketed group that starts at `index` (nothing skipped when none starts there)."""
        if text(index) != opening:
            return index
        depth = 0
        while index < count:
            depth += {opening: 1, closing: -1}.get(text(index), 0)
            index += 1
            if depth == 0:
                break
        return index

    def skip_directives(index: int) -> int:
        while text(index) == b"@":
            index = skip_balanced(index + 2)
        return index

    def selection_set(index: int, priority: int) -> int:
        """At `{`: records its first field; returns the index after its `}`."""
        index += 1
        first = True
        while index < count and text(index) != b"}":
            if text(index) == b"...":
                index += 1
                if text(index) == b"on":
                    index += 2
                elif is_name(index):
                    index += 1
                index = skip_directives(index)
                if text(index) == b"{":
                    index = selection_set(index, 2)
            elif is_name(index):
                field = index
                index += 1
                if text(index) == b":":
                    field = index + 1
                    index += 2
                if first and is_name(field):
                    found.append((priority, tokens[field][1]))
                    first = False
                index = skip_directives(skip_balanced(index))
                if text(index) == b"{":
                    index = selection_set(index, 2)
            else:
                index += 1
        return index + 1

    index = 0
    while index < count:
        word = text(index)
        if word in OPERATIONS or word == b"fragment":
            index += 1
            if is_name(index) and text(index) != b"on":
                found.append((0, tokens[index][1]))
                index += 1
            while index < count and text(index) != b"{" and not (text(index) in OPERATIONS or text(index) == b"fragment"):
                index = skip_balanced(index) if text(index) == b"(" else index + 1
            if text(index) == b"{":
                index = selection_set(index, 1)
        elif word == b"{":
            index = selection_set(index, 1)
        else:  # a type system definition: its blocks are skipped whole
            if word == b"(":
                index = skip_balanced(index)
            elif word == b"{":
                pass
            else:
                index += 1
            while text(index) == b"{" or text(index) == b"(":
                index = skip_balanced(index) if text(index) == b"(" else skip_balanced(index, b"{", b"}")
    return found


def line_column(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column, the column in UTF-8 bytes (as mockls reads them)."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, offset - line_start + 1


TEST_IMPORT = re.compile(rb"^\s*(@testable\s+)?import\s+(XCTest|Testing|ApolloTestSupport)\b", re.M)
MOCK_ARGUMENT = re.compile(rb"\bMock<\s*([A-Za-z_])")


def position_limit(folder: Path, everything: bool) -> int | None:
    """How many references runs a workspace gets: each run indexes the whole workspace again (12 s a run for
    Pocket's 3.6 MB of Swift on this loaded 2-core machine, 0.3 s for 0.4 MB), so the bigger its Swift code, the fewer;
    a function of the files alone, so that every record of the same inputs picks the same positions."""
    if everything:
        return None
    swift_bytes = sum((folder / path).stat().st_size for path in files_of(folder, ".swift"))
    return max(MIN_POSITIONS, int(POSITIONS_PER_SWIFT_MB / max(swift_bytes / 1e6, 1e-9)))


def reference_positions(folder: Path, everything: bool = False) -> list[str]:
    graphql: list[list[str]] = []  # per file, in priority order
    for path in files_of(folder, ".graphql"):
        if len(graphql) == MAX_GRAPHQL_FILES:
            break
        data = (folder / path).read_bytes()
        picked = sorted(graphql_positions(data))[:MAX_GRAPHQL_POSITIONS]
        if picked:
            graphql.append([f"{path}:{line}:{column}"
                            for line, column in (line_column(data, offset) for _, offset in picked)])
    swift: list[str] = []
    for path in files_of(folder, ".swift"):
        if len(swift) == MAX_SWIFT_FILES:
            break
        data = (folder / path).read_bytes()
        if path.endswith(".graphql.swift") or b"@generated" in data[:300]:
            continue  # Apollo's generated mocks and models: not tests
        in_tests = any(part.lower().startswith("test") or part.lower().endswith(("test", "tests"))
                       for part in Path(path).parts[:-1])
        if not (in_tests or TEST_IMPORT.search(data)):
            continue
        for match in MOCK_ARGUMENT.finditer(data):
            line_start = data.rfind(b"\n", 0, match.start()) + 1
            if b"//" in data[line_start:match.start()]:
                continue  # in a comment (or after a string holding //: left out too)
            line, column = line_column(data, match.start(1))
            swift.append(f"{path}:{line}:{column}")
            break
    # When limited: each GraphQL file's first position (its first definition's name), then each file's second, and
    # so on, two GraphQL positions to one Swift position, so that a limit spreads them over the files.
    graphql_order = [positions[rank] for rank in range(MAX_GRAPHQL_POSITIONS) for positions in graphql
                     if rank < len(positions)]
    ordered, swift_files = [], list(swift)
    while graphql_order or swift:
        ordered += graphql_order[:2] + swift[:1]
        graphql_order, swift = graphql_order[2:], swift[1:]
    kept = set(ordered[:position_limit(folder, everything)])
    by_line = sorted((position for positions in graphql for position in positions),
                     key=lambda position: (position.rsplit(":", 2)[0], *map(int, position.rsplit(":", 2)[1:])))
    return [position for position in by_line + swift_files if position in kept]


# Record ---------------------------------------------------------------------------------------------------------------


def runs_of(folder: Path, everything: bool = False) -> list[tuple[str, list[str]]]:
    """(run name, mockls arguments) of a workspace."""
    runs = [("check", ["check"]), ("check.sarif", ["check", "--format", "sarif"]),
            ("coverage", ["coverage"]), ("coverage.json", ["coverage", "--format", "json"])]
    for position in reference_positions(folder, everything):
        runs.append(("references@" + position.replace("/", "__"), ["references", position]))
    return runs


def environment() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith("MOCKLS_")}


def run_one(binary: str, folder: Path, arguments: list[str], timeout: float) -> tuple[bytes, float]:
    command = ["nice", "-n", "19", binary] + arguments + ["--workspace", str(folder)]
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=folder, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=environment(), start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
        status = f"exit: {process.returncode}"
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        out, err, status = b"", b"", f"timeout after {timeout:g} s (output dropped)"
    elapsed = time.monotonic() - start
    shown = " ".join(["mockls"] + arguments + ["--workspace", str(folder)])
    text = (f"command: {shown}\ncwd: {folder}\n{status}\n".encode()
            + f"--- stdout ({len(out)} bytes) ---\n".encode() + out
            + f"\n--- stderr ({len(err)} bytes) ---\n".encode() + err)
    return text, elapsed


def record(options) -> int:
    binary = str(Path(options.bin).resolve())
    if not os.access(binary, os.X_OK):
        print(f"{binary} is not an executable", file=sys.stderr)
        return 2
    out = Path(options.out)
    if out.exists() and any(out.iterdir()):
        if not (out / "_manifest.json").is_file():
            print(f"{out} is not empty and holds no record: choose another folder", file=sys.stderr)
            return 2
        subprocess.run(["rm", "-rf", str(out)], check=True)
    out.mkdir(parents=True, exist_ok=True)

    def log(message: str):
        print(message, file=sys.stderr, flush=True)

    found, skipped = workspaces(log)
    found = [(label, folder) for label, folder in found if not options.only or options.only in label]
    for reason in skipped:
        log(f"skipped {reason}")
    manifest = {"binary": binary, "all_positions": options.all_positions, "workspaces": [], "skipped": skipped,
                "runs": []}
    timings: dict[str, float] = {}
    outputs: dict[str, bytes] = {}
    wrote = []
    started = time.monotonic()
    for label, folder in found:
        runs = runs_of(folder, options.all_positions)
        before = tree_state(folder)
        (out / label).mkdir()
        workspace_start = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            results = list(pool.map(lambda run: run_one(binary, folder, run[1], options.timeout), runs))
        for (name, _), (text, elapsed) in zip(runs, results):
            (out / label / f"{name}.txt").write_bytes(text)
            outputs[f"{label}/{name}"] = text[:4096]
            manifest["runs"].append(f"{label}/{name}.txt")
            timings[f"{label}/{name}"] = round(elapsed, 3)
            if b"\ntimeout after" in text[:4096]:
                log(f"  TIMEOUT {label}/{name}")
        after = tree_state(folder)
        if after != before:
            changed = sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path))
            wrote.append(f"{label}: {', '.join(changed[:10])}")
            log(f"  WROTE INTO THE WORKSPACE {label}: {', '.join(changed[:10])}")
        manifest["workspaces"].append({"label": label, "folder": str(folder), "digest": tree_digest(folder),
                                       "runs": len(runs)})
        log(f"{label}: {len(runs)} runs in {time.monotonic() - workspace_start:.1f} s")
    manifest["wrote_into_workspaces"] = wrote
    total = time.monotonic() - started
    (out / "_manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    (out / "_timings.json").write_text(json.dumps({"total_seconds": round(total, 1), "runs": timings}, indent=1) + "\n")
    timeouts = [name for name, text in outputs.items() if b"\ntimeout after" in text[:4096]]
    log(f"recorded {len(manifest['runs'])} runs over {len(found)} workspaces ({len(skipped)} skipped) in {total:.1f} s "
        f"into {out}" + (f"; {len(timeouts)} timed out" if timeouts else ""))
    return 1 if wrote else 0


def list_runs(options) -> int:
    found, skipped = workspaces(lambda message: print(message, file=sys.stderr))
    for reason in skipped:
        print(f"skipped {reason}")
    total = 0
    for label, folder in found:
        if options.only and options.only not in label:
            continue
        runs = runs_of(folder, options.all_positions)
        total += len(runs)
        print(f"{label} ({folder}): {len(runs)} runs")
        for name, arguments in runs:
            print(f"  {name}: mockls {' '.join(arguments)}")
    print(f"{total} runs")
    return 0


# Compare --------------------------------------------------------------------------------------------------------------


def compare(options) -> int:
    first, second = Path(options.first), Path(options.second)
    manifests = []
    for folder in (first, second):
        path = folder / "_manifest.json"
        if not path.is_file():
            print(f"{folder} holds no record (no _manifest.json)", file=sys.stderr)
            return 2
        manifests.append(json.loads(path.read_text()))
    runs = [set(manifest["runs"]) for manifest in manifests]
    digests = [{entry["label"]: entry["digest"] for entry in manifest["workspaces"]} for manifest in manifests]
    for label in sorted(set(digests[0]) & set(digests[1])):
        if digests[0][label] != digests[1][label]:
            print(f"note: the files of workspace {label} differ between the records: its differences may be the "
                  "input's, not the binary's")
    differing = 0
    for name in sorted(runs[0] - runs[1]):
        print(f"only in {first}: {name}")
        differing += 1
    for name in sorted(runs[1] - runs[0]):
        print(f"only in {second}: {name}")
        differing += 1
    common = sorted(runs[0] & runs[1])
    for name in common:
        a, b = ((folder / name).read_bytes() if (folder / name).is_file() else None for folder in (first, second))
        if a == b:
            continue
        if a is None or b is None:
            print(f"=== differs: {name}: its file is missing from {first if a is None else second}")
            differing += 1
            continue
        differing += 1
        print(f"=== differs: {name}")
        diff = list(difflib.diff_bytes(difflib.unified_diff, a.splitlines(), b.splitlines(),
                                       str(first / name).encode(), str(second / name).encode(), lineterm=b""))
        for line in diff[:options.lines]:
            line = line.decode("utf-8", "replace")
            print(line if len(line) <= 400 else line[:400] + f"… ({len(line)} characters)")
        if len(diff) > options.lines:
            print(f"… {len(diff) - options.lines} more diff lines")
        if a.splitlines() == b.splitlines():
            print("(the lines are the same: the line endings or the final newline differ)")
    for manifest, folder in zip(manifests, (first, second)):
        for reason in manifest.get("wrote_into_workspaces", []):
            print(f"warning: in {folder}, a command wrote into the workspace {reason}")
    one_only = len(runs[0] ^ runs[1])
    print(f"{len(common)} runs compared, {differing - one_only} differ"
          + (f"; {one_only} runs are in one record only" if one_only else ""))
    return 1 if differing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    recording = commands.add_parser("record", help="run a mockls binary over the workspaces and write its outputs")
    recording.add_argument("--bin", required=True, help="the mockls executable")
    recording.add_argument("--out", required=True, help="the folder to write (replaced if it holds a record)")
    recording.add_argument("--timeout", type=float, default=60, help="seconds per run (default 60)")
    recording.add_argument("--only", help="only the workspaces whose label contains this text")
    recording.add_argument("--jobs", type=int, default=1, help="runs at a time (default 1)")
    recording.add_argument("--all-positions", action="store_true",
                           help="no limit on references runs by the size of the workspace's Swift code")
    comparing = commands.add_parser("compare", help="compare two records: exit 1 if any run differs")
    comparing.add_argument("first")
    comparing.add_argument("second")
    comparing.add_argument("--lines", type=int, default=80, help="diff lines shown per run (default 80)")
    listing = commands.add_parser("list", help="print the workspaces and runs without running them")
    listing.add_argument("--only", help="only the workspaces whose label contains this text")
    listing.add_argument("--all-positions", action="store_true", help="as record's")
    options = parser.parse_args()
    return {"record": record, "compare": compare, "list": list_runs}[options.command](options)


if __name__ == "__main__":
    sys.exit(main())
