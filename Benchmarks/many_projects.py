"""`mockls coverage` and `mockls check` over a generated monorepo of many GraphQL projects: PROJECTS folders, each
with an Apollo configuration, a schema and an operation, and FILES test files spread over them, each importing its
project's mocks module, building a mock, converting it with the operation's `from(_:)` and reading a field back.

Prints the median wall time of both commands, their ratio, and the ratio per project count. Coverage reads every
test file for every project's fields; it should cost about what checking does, whatever the number of projects
(before one walk served every project it walked and read the tree once per project, and searched each file's text
three times per project to choose its project).

    MOCKLS_BIN=.build/release/mockls python3 Benchmarks/many_projects.py [--projects 1 10 100] [--files 2000] [--runs 3]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_workspace(folder: Path, projects: int, files: int):
    for p in range(projects):
        project = folder / f"Project{p}"
        (project / "graphql").mkdir(parents=True)
        (project / "apollo-codegen-config.json").write_text(
            '{"schemaNamespace": "P%dAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"],'
            ' "operationSearchPaths": ["graphql/*.graphql"]}, "output": {"schemaTypes": {"path": "Gen",'
            ' "moduleType": {"swiftPackageManager": {}}}, "testMocks": {"swiftPackage": {}}}}' % p)
        (project / "graphql" / "schema.graphqls").write_text(
            "type Query { dog(id: ID!): Dog }\ntype Dog { id: ID! name: String! owner: Person }\n"
            "type Person { id: ID! name: String! }\n")
        (project / "graphql" / "DogQuery.graphql").write_text(
            "query Dog($id: ID!) { dog(id: $id) { id name owner { name } } }\n")
    for f in range(files):
        p = f % projects
        tests = folder / f"Project{p}" / "Tests"
        tests.mkdir(exist_ok=True)
        body = "\n".join(
            f"""    func test_dog{t}() throws {{
        let dog = Mock<Dog>(id: "{t}", name: "Rex", owner: Mock<Person>(name: "Ann"))
        let data = DogQuery.Data.from(Mock<Query>(dog: dog))
        XCTAssertEqual(data.dog?.owner?.name, "Ann")
    }}""" for t in range(6))
        (tests / f"DogTests{f}.swift").write_text(
            f"import XCTest\nimport ApolloTestSupport\nimport P{p}API\nimport P{p}APITestMocks\n\n"
            f"final class DogTests{f}: XCTestCase {{\n{body}\n}}\n")


def median_seconds(command, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if result.returncode not in (0, 1):
            sys.exit(f"{' '.join(command)} exited {result.returncode}: {result.stderr[-2000:]}")
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "release" / "mockls"))
    print(f"| projects | test files | check (median s) | coverage (median s) | coverage / check |")
    print(f"|---|---|---|---|---|")
    for projects in args.projects:
        with tempfile.TemporaryDirectory(prefix="mockls-many-projects-") as temporary:
            folder = Path(temporary)
            write_workspace(folder, projects, args.files)
            check = median_seconds([binary, "check", "--workspace", str(folder)], args.runs)
            coverage = median_seconds([binary, "coverage", "--workspace", str(folder), "--format", "json"], args.runs)
            print(f"| {projects} | {args.files} | {check:.2f} | {coverage:.2f} | {coverage / check:.2f} |", flush=True)


if __name__ == "__main__":
    main()
