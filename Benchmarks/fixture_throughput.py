"""`mockls check` over JSON response fixtures (issue 36): a generated workspace of ../shared's AnimalKingdom API with
2,000 fixtures of its queries (each with a few mistakes, so that every check reports), then one 50 MB fixture. Prints
fixtures checked per second (the same workspace without its fixtures is the baseline taken off) and the large file's
MB per second, as medians of the runs, with the peak resident memory of the process.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/fixture_throughput.py [--fixtures 2000] [--runs 3]
"""

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
API = ROOT.parent / "shared" / "fixtures" / "apollo" / "AnimalKingdomAPI" / "graphql"


def animal(index: int, mistakes: bool = True) -> dict:
    kinds = ["Dog", "Cat", "Bird", "Fish", "Rat", "Crocodile"]
    kind = kinds[index % len(kinds)]
    value = {"__typename": kind, "id": str(index), "skinCovering": ["FUR", "HAIR", "FEATHERS", "SCALES"][index % 4]}
    if kind == "Dog":
        value.update(species="Lab", houseDetails=None)
    if mistakes and index % 7 == 0:
        value["skinCovering"] = "fur"  # not a case: a warning
    if mistakes and index % 11 == 0:
        value["unselected"] = True  # not selected: a warning
    return value


def write_workspace(folder: Path, fixtures: int):
    (folder / "graphql").mkdir(parents=True)
    for path in API.iterdir():
        shutil.copy(path, folder / "graphql" / path.name)
    (folder / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "AnimalKingdomAPI",
        "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
        "output": {"testMocks": {"swiftPackage": {}}},
    }))
    out = folder / "Tests" / "Fixtures"
    out.mkdir(parents=True)
    for index in range(fixtures):
        # Named `DogQuery.json`, `dogQuery.json`, … in folders of their own: one operation, many recorded responses.
        target = out / f"set{index:05d}" / ("DogQuery.json" if index % 2 else "dog.json")
        target.parent.mkdir()
        target.write_text(json.dumps({"data": {"allAnimals": [animal(index * 10 + k) for k in range(10)]}}, indent=2))


def run(binary: str, folder: Path) -> tuple[float, int]:
    start = time.perf_counter()
    result = subprocess.run([binary, "check", "--workspace", str(folder), "--format", "json"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"mockls check failed ({result.returncode}): {result.stderr}")
    return elapsed, len(json.loads(result.stdout))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fixtures", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    binary = str(Path(__import__("os").environ.get("MOCKLS_BIN", ROOT / ".build" / "release" / "mockls")).resolve())
    if not API.exists():
        print("../shared is not beside the repository: no fixture benchmark")
        return
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        baseline_folder, folder, large_folder = scratch / "baseline", scratch / "fixtures", scratch / "large"
        write_workspace(baseline_folder, 0)
        write_workspace(folder, arguments.fixtures)
        write_workspace(large_folder, 0)
        # One 50 MB response: 700k animals, one mistake in every 10,000 (so that the check, not the report, is timed).
        large = large_folder / "Tests" / "Fixtures" / "DogQuery.json"
        with large.open("w") as file:
            file.write('{"data": {"allAnimals": [')
            file.write(",".join(json.dumps(animal(index, mistakes=index % 10_000 == 0)) for index in range(700_000)))
            file.write("]}}")
        size = large.stat().st_size / 1e6
        baseline = [run(binary, baseline_folder)[0] for _ in range(arguments.runs)]
        timed = [run(binary, folder) for _ in range(arguments.runs)]
        large_runs = [run(binary, large_folder) for _ in range(arguments.runs)]
        memory = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    fixture_time = statistics.median(t for t, _ in timed) - statistics.median(baseline)
    large_time = statistics.median(t for t, _ in large_runs) - statistics.median(baseline)
    print(f"## Response fixtures (`mockls check`, release, median of {arguments.runs} runs)\n")
    print("| workspace | fixtures | problems reported | seconds (less the baseline) | fixtures / s | MB / s |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| AnimalKingdom, {arguments.fixtures} fixtures of DogQuery | {arguments.fixtures} | {timed[0][1]} | "
          f"{fixture_time:.2f} | {arguments.fixtures / max(fixture_time, 1e-6):,.0f} | |")
    print(f"| AnimalKingdom, one {size:.0f} MB fixture | 1 | {large_runs[0][1]} | {large_time:.2f} | | {size / max(large_time, 1e-6):.1f} |")
    print(f"\nBaseline (the workspace without fixtures): {statistics.median(baseline):.2f} s; "
          f"peak resident memory of any run: {memory:.0f} MB")


if __name__ == "__main__":
    main()
