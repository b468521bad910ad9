"""`mockls check` with the app's code beside the tests (issue 47): the generated workspace of check_throughput.py
(1,000 test files against the GitHub schema and operations of ../shared/bench), checked alone and then with 1,000
app files added, which `unused-field` reads for what they read of the models. Prints the median wall time of each and
their ratio (the target: within 1.5×), and how many hints the app files leave.

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/app_code_check.py [--files 1000] [--app-files 1000] [--runs 3]

App files are shaped as app code is. One in four is a screen that fetches one of the operations with a result
handler (1.x) or awaits it (2.x), reads the first root field and hands the data to a typed method that reads it again;
the others are views and utilities that name no generated type (0x1-company/god-ios, an app on Apollo iOS, has 224 app
files of which 54 name one). Every file also has a view state with properties, computed properties and member reads
of its own (`.count`, `.title`, `.name`), about 120 lines.
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
from check_throughput import GITHUB, ROOT, capitalized, write_workspace  # noqa: E402

import re  # noqa: E402


def queries_of(folder: Path) -> list[tuple[str, str]]:
    found = []
    for path in sorted((folder / "graphql").glob("*.graphql")):
        for match in re.finditer(r"^query\s+(\w+)[^{]*\{\s*(\w+)\s*(:\s*(\w+))?", path.read_text(), re.M):
            found.append((capitalized(match.group(1)) + "Query", match.group(2)))
    return found


def app_file(index: int, query: str, first: str) -> str:
    awaited = index % 8 == 4
    lines = ["import Apollo", "import Foundation", "import GitHubAPI", "", f"final class Screen{index} {{",
             "    let client: ApolloClient", "    var state = ViewState()", "",
             "    init(client: ApolloClient) { self.client = client }", ""]
    if index % 4 != 0:
        lines += ["    func reload(_ rows: [Row]) {", "        state.count = rows.filter { !$0.title.isEmpty }.count",
                  "        state.name = rows.first?.name ?? state.name", "    }", ""]
    elif awaited:
        lines += ["    func load() async throws {",
                  f"        let response = try await client.fetch(query: {query}())",
                  "        guard let data = response.data else { return }",
                  f"        let value = data.{first}", "        _ = value", "        show(data)", "    }", ""]
    else:
        lines += ["    func load() {",
                  f"        client.fetch(query: {query}()) {{ [weak self] result in",
                  "            guard let data = try? result.get().data else { return }",
                  f"            let value = data.{first}", "            _ = value", "            self?.show(data)", "        }", "    }", ""]
    if index % 4 == 0:
        lines += [f"    func show(_ data: {query}.Data) {{", f"        state.loaded = data.{first} != nil", "        state.count += 1", "    }", ""]
    for method in range(12):
        lines += [f"    func update{method}(with items: [String]) -> String {{",
                  "        let title = items.first ?? state.title",
                  "        let joined = items.map { $0.uppercased() }.joined(separator: \", \")",
                  f"        state.title = \"\\(title) \\(joined.count) {method}\"",
                  "        return state.name.isEmpty ? title : state.name", "    }", ""]
    lines += ["}", "", f"struct ViewState{index}Helper {{", "    var values: [Int] = []",
              "    var total: Int { values.reduce(0, +) }", "}", ""]
    if index == 0:
        lines += ["struct ViewState {", "    var loaded = false", "    var count = 0", "    var title = \"\"", "    var name = \"\"", "}", "",
                  "struct Row {", "    var title: String", "    var name: String", "}", ""]
    return "\n".join(lines)


def run_check(binary: str, folder: Path) -> tuple[float, list]:
    start = time.perf_counter()
    result = subprocess.run([binary, "check", "--workspace", str(folder), "--format", "json"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    assert result.returncode in (0, 1), result.stderr
    return elapsed, json.loads(result.stdout or "[]")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000, help="test files")
    parser.add_argument("--app-files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    if not GITHUB.exists():
        print("../shared/bench is not beside the repository: the app code benchmark is skipped")
        return
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "release" / "mockls"))
    with tempfile.TemporaryDirectory(prefix="mockls-app-bench-") as temporary:
        folder = Path(temporary) / "workspace"
        write_workspace(folder, binary, options.files, 150)
        run_check(binary, folder)  # warm the file cache
        alone = [run_check(binary, folder)[0] for _ in range(options.runs)]
        queries = queries_of(folder)
        for index in range(options.app_files):
            query, first = queries[index % len(queries)]
            app = folder / "App" / f"Screens{index // 100}"
            app.mkdir(parents=True, exist_ok=True)
            (app / f"Screen{index}.swift").write_text(app_file(index, query, first))
        run_check(binary, folder)
        runs = [run_check(binary, folder) for _ in range(options.runs)]
        with_app = [elapsed for elapsed, _ in runs]
        hints = runs[-1][1]
        unused = sum(record["code"] == "unused-field" for record in hints)
        ratio = statistics.median(with_app) / statistics.median(alone)
        print(f"\n## mockls check with app code: {options.files} test files, then {options.app_files} app files more "
              f"({os.cpu_count()} cores, median of {options.runs})\n")
        print("| workspace | median wall time |")
        print("|---|---:|")
        print(f"| tests alone | {statistics.median(alone) * 1000:.0f} ms |")
        print(f"| tests and app code | {statistics.median(with_app) * 1000:.0f} ms |")
        print(f"\nratio {ratio:.2f}× (target ≤ 1.5×); `unused-field` hints: {unused}")


if __name__ == "__main__":
    sys.exit(main())
