"""The CLI equals the editor, by test: a differential over every marker of the goldens and every scenario.

- At every completion marker of the goldens (`‸` in Tests/goldens/oracle, `1️⃣` in the completion cases of
  Tests/goldens/features), `mockls complete FILE:LINE:COLUMN --format json` lists what `textDocument/completion` lists
  there: labels, kinds, detail, inserted text and documentation, in the same order.
- In every scenario workspace (../shared/fixtures/scenarios, Tests/scenarios, Examples/Bookshelf, and the scenario
  copies that hold the goldens), for every Swift file: the records of `mockls check --format json` are the diagnostics
  the server answers to a pull (range, severity, code, message); for every other file (GraphQL documents,
  configurations) they are the diagnostics it publishes.
- For every result of `mockls check --format sarif` in a Swift file: its fixes are the quick fixes the server offers
  for that diagnostic at its range (title and edits).

One server session per workspace, with VS Code's capabilities as a pulling client but for two: it prefers UTF-8
positions (the CLI's columns count UTF-8 bytes, so lines and columns compare as they are, 0- against 1-based; SARIF's
UTF-16 columns are converted with the file's text), and it takes no snippets (the CLI prints plain insert text and has
no snippet option). Documentation the server defers is resolved (`completionItem/resolve`), as VS Code does when it
shows an item. The CLI runs beside the session, its calls in parallel.

Not compared, because the CLI does not print them: a completion's replaced range, sort text and deprecation tag, and
whether a fix is the preferred one.
"""

import asyncio
import json
import os
import re
import shutil
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from completions import item_edit
from lsp_stdio import ROOT, mockls_binary
from scenarios import OWN_SCENARIOS, SCENARIOS, own_scenario
from scenarios import workspace as scenario_workspace
from test_cli import run as run_cli
from test_pytest_lsp import capabilities, open_file, start, writable_own_scenario

GOLDENS = ROOT / "Tests" / "goldens"
ORACLE_MARKER = "‸"
FEATURE_MARKERS = [f"{digit}\ufe0f\u20e3" for digit in "123456789"]  # 1️⃣ … 9️⃣, as MarkedSource reads them

# The CLI prints the analysis's own completion kinds; the protocol has a coarser enum of its own, and the server maps
# onto it (ProtocolConversion.completionItem): the CLI's kind is compared through that map.
KINDS = {
    "mockType": types.CompletionItemKind.Class, "argument": types.CompletionItemKind.Property,
    "value": types.CompletionItemKind.Value, "member": types.CompletionItemKind.Field,
    "variable": types.CompletionItemKind.Variable, "type": types.CompletionItemKind.Class,
    "keyword": types.CompletionItemKind.Keyword, "directive": types.CompletionItemKind.Function,
    "fragment": types.CompletionItemKind.Snippet, "enumValue": types.CompletionItemKind.EnumMember,
}
SEVERITIES = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
              "information": types.DiagnosticSeverity.Information, "hint": types.DiagnosticSeverity.Hint}

# Quick fixes of the editor that are not one diagnostic's fix, and so not a SARIF result's: the fix that sets every
# field a whole test function reads unset (it fixes several results at once), and the placeholder file (a new file,
# offered to clients that create files; on the command line it is `mockls placeholders`).
NOT_ONE_RESULTS_FIX = re.compile(
    r"^(Set every field this test reads but its mocks never set|Generate placeholder factories \(|Update the placeholder factories \()")


# MARK: Markers

def strip_markers(text: str, markers: list) -> tuple:
    """`text` without `markers`, and where each was in it: (marker, 0-based line, 0-based UTF-8 column)."""
    pattern = re.compile("|".join(map(re.escape, markers)))
    out, places, position = "", [], 0
    for found in pattern.finditer(text):
        out += text[position:found.start()]
        places.append((found.group(), out.count("\n"), len(out[out.rfind("\n") + 1:].encode())))
        position = found.end()
    return out + text[position:], places


def oracle_source(name: str) -> tuple:
    """An oracle source as the editor has it (CompletionOracleTests.functions): the `‸` of its functions removed, and
    the header before the first function kept as it is (its comments name the marker)."""
    text = (GOLDENS / "oracle" / name).read_text()
    first = re.search(r"^func ", text, re.MULTILINE).start()
    header = text[:first]
    body, places = strip_markers(text[first:], [ORACLE_MARKER])
    lines = header.count("\n")
    return header + body, [(line + lines, column) for _, line, column in places]


def feature_cases(name: str) -> list:
    """The completion cases of a features golden (FeatureGoldens.swift's format): (case name, source, 1️⃣ place)."""
    cases, current, lines = [], None, []
    for line in (GOLDENS / "features" / name).read_text().split("\n"):
        if line.startswith("-- ") and line.endswith(" --"):
            header = line[3:-3]
            if header == "expect" and current is not None:
                current["source"] = "\n".join(lines).strip("\n")
            elif header != "expect":
                kind, _, title = header.partition(":")
                current = {"kind": kind, "name": title.strip()}
                cases.append(current)
            lines = []
        else:
            lines.append(line)
    result = []
    for case in cases:
        if case["kind"] not in ("completion", "completion-docs"):
            continue
        source, places = strip_markers(case["source"], FEATURE_MARKERS)
        [(line, column)] = [(line, column) for marker, line, column in places if marker == FEATURE_MARKERS[0]]
        result.append((f"{case['kind']}: {case['name']}", source, (line, column)))
    return result


# MARK: Workspaces

def with_goldens(folder: Path, goldens: list) -> list:
    """Writes the goldens into the workspace (Tests/Goldens/<kind>/<name>), their markers removed; returns the
    completion markers: (file, line, column, what)."""
    markers = []
    for kind, name in goldens:
        target = folder / "Tests" / "Goldens" / kind / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if kind == "oracle":
            text, places = oracle_source(name)
            lines = text.split("\n")
            for line, column in places:
                function = next(l[5:].split("(")[0] for l in reversed(lines[:line + 1]) if l.startswith("func "))
                markers.append((target, line, column, f"oracle/{name}:{line + 1}:{column + 1} ({function})"))
        else:
            text = (GOLDENS / kind / name).read_text()
        target.write_text(text)
    return markers


def with_feature_cases(folder: Path, golden: str) -> list:
    """Each completion case of a features golden as a file of its own, in Tests/FeatureGoldens."""
    markers = []
    target = folder / "Tests" / "FeatureGoldens"
    target.mkdir(parents=True)
    for index, (name, source, (line, column)) in enumerate(feature_cases(golden)):
        path = target / f"Case{index:02d}.swift"
        path.write_text(source)
        markers.append((path, line, column, f"features/{golden} {name!r}"))
    return markers


def shared_scenario(name: str, *goldens, placeholders=False):
    """A copy of a shared scenario (at the same depth, its apollo folder linked) holding `goldens`; with
    `placeholders`, also the factories `mockls placeholders` writes, so that fixes and completion use them."""
    def build(tmp_path: Path):
        folder = scenario_workspace(name, tmp_path, copy=True)
        markers = with_goldens(folder, list(goldens))
        if placeholders:
            written = run_cli("placeholders", "--workspace", str(folder), "--output", str(folder / "Tests" / "AnimalKingdomTests") + "/")
            assert written.returncode == 0, written.stderr
        return folder, markers
    build.goldens = set(goldens)
    return build


def feature_workspace(golden: str):
    def build(tmp_path: Path):
        if golden == "starwars.txt":
            folder = writable_own_scenario("conversions", tmp_path)
            return folder, with_feature_cases(folder / "StarWars", golden)
        folder = scenario_workspace("animalkingdom", tmp_path, copy=True)
        return folder, with_feature_cases(folder, golden)
    build.goldens = {("features", golden)}
    return build


def bookshelf_goldens(tmp_path: Path):
    """A copy of the example workspace holding the goldens written for its API, which need nothing beside the clone."""
    folder = tmp_path / "Bookshelf"
    shutil.copytree(ROOT / "Examples" / "Bookshelf", folder, ignore=shutil.ignore_patterns(".build"))
    return folder, with_goldens(folder, [("diagnostics", "bookshelf.swift")]) + with_feature_cases(folder, "bookshelf.txt")


bookshelf_goldens.goldens = {("diagnostics", "bookshelf.swift"), ("features", "bookshelf.txt")}


def graphql_workspace(tmp_path: Path):
    """The petshop workspace with GraphQL documents that do not validate (after non-ASCII text on their lines, so that
    columns in bytes and in UTF-16 code units differ) and a second project whose schema paths match nothing (an
    error of its configuration file); and a test that reads a field its mock never set, after non-ASCII text too."""
    folder = tmp_path / "petshop"
    shutil.copytree(ROOT / "protocol-fixtures" / "workspaces" / "petshop", folder)
    (folder / "operations" / "Broken.graphql").write_text(
        "# 名前 🐶\nquery Broken($id: ID!) {\n  pet(id: $id) { id, \"🐕\", owner ...Missing }\n}\n"
        "query Again($id: ID!) { pet(id: $id) { id } }\nquery Again { pet(id: \"1\") { nickname } }\n")
    (folder / "elsewhere").mkdir()
    (folder / "elsewhere" / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "ElsewhereAPI",
        "input": {"schemaSearchPaths": ["nowhere/*.graphqls"], "operationSearchPaths": ["*.graphql"]},
        "output": {"schemaTypes": {"path": "./ElsewhereAPI", "moduleType": {"swiftPackageManager": {}}}},
    }, indent=2))
    (folder / "Tests").mkdir()
    (folder / "Tests" / "PetTests.swift").write_text(
        "import XCTest\nimport ApolloTestSupport\nimport PetShopAPITestMocks\n\n"
        "final class PetTests: XCTestCase {\n  func test_pet() {\n    let 名前 = \"🐶\"; let pet = Mock<Pet>()\n"
        "    let data = PetQuery.Data.from(Mock<Query>(pet: pet))\n    XCTAssertEqual(名前, \"🐕\"); XCTAssertEqual(data.pet?.name, 名前)\n"
        "  }\n}\n")
    return folder, []


def folders(parent: Path) -> list:
    return sorted(p.name for p in parent.iterdir() if p.is_dir()) if parent.is_dir() else []


def in_place(folder_of):
    return lambda tmp_path: (folder_of(), [])


WORKSPACES = {
    # Every marker once, each golden in the scenario of the mocks it was written for. A `mockls complete` reads the
    # whole workspace (debug build: ~0.15 s), so the goldens with markers go where few other Swift files are.
    # With placeholder factories in the workspace (`mockls placeholders`), which fixes and completion then use: the
    # oracle of Apollo >= 1.23 mocks (the scenario reads them as 2.x, the newest format, for want of a pin).
    "animalkingdom+placeholders": shared_scenario("animalkingdom", ("oracle", "animalkingdom.swift"), placeholders=True),
    "animalkingdom": shared_scenario("animalkingdom", ("diagnostics", "animalkingdom.swift")),
    "animalkingdom-1.15": shared_scenario(
        "animalkingdom-1.15", ("oracle", "animalkingdom-legacy.swift"), ("diagnostics", "animalkingdom-legacy.swift")),
    "animalkingdom-1.15+placeholders": shared_scenario(
        "animalkingdom-1.15", ("diagnostics", "animalkingdom-legacy.swift"), placeholders=True),
    "animalkingdom-2.x": shared_scenario("animalkingdom-2.x", ("oracle", "animalkingdom-2x.swift")),
    "features-animalkingdom": feature_workspace("animalkingdom.txt"),
    "features-starwars": feature_workspace("starwars.txt"),
    "bookshelf": in_place(lambda: ROOT / "Examples" / "Bookshelf"),
    "bookshelf+goldens": bookshelf_goldens,
    "graphql": graphql_workspace,
}
# Every other scenario as it is: those of ../shared (copied, as their tests do), and the repository's own.
WORKSPACES.update({name: shared_scenario(name) for name in folders(SCENARIOS) if name not in WORKSPACES})
WORKSPACES.update({name: in_place(lambda name=name: own_scenario(name)) for name in folders(OWN_SCENARIOS)})


def test_every_golden_with_markers_or_expectations_is_in_a_workspace():
    placed = set().union(*(getattr(build, "goldens", set()) for build in WORKSPACES.values()))
    goldens = {(kind, path.name) for kind in ("oracle", "diagnostics", "features") for path in (GOLDENS / kind).iterdir()}
    assert goldens - placed == set()


def differential_capabilities() -> types.ClientCapabilities:
    result = capabilities("pulling-client")
    result.general = result.general or types.GeneralClientCapabilities()
    result.general.position_encodings = [types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16]
    result.text_document.completion.completion_item.snippet_support = False
    return result


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[mockls_binary()]), params=list(WORKSPACES))
async def editor(lsp_client: LanguageClient, request, tmp_path):
    folder, markers = WORKSPACES[request.param](tmp_path)
    lsp_client.folder, lsp_client.markers, lsp_client.name = folder, markers, request.param
    await start(lsp_client, "pulling-client", with_capabilities=differential_capabilities(), root_uri=folder.as_uri())
    yield
    await lsp_client.shutdown_session()


# MARK: Positions and values

def swift_files(folder: Path) -> list:
    """The Swift files `mockls check` walks (FileTree): hidden folders and those of package managers skipped."""
    skipped = {"node_modules", "DerivedData", "Pods", "Carthage"}
    found = []
    for directory, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f not in skipped)
        found += [Path(directory) / f for f in sorted(files) if f.endswith(".swift") and not f.endswith(".graphql.swift")]
    return found


def real(path) -> str:
    """A file by its real path: the CLI names files relative to the workspace, the server by URI, and both may reach
    a linked folder (the scenarios' ../shared) by different spellings."""
    return os.path.realpath(path)


def uri_path(uri: str) -> str:
    return real(unquote(urlparse(uri).path))


def lsp_range(value) -> tuple:
    return (value.start.line, value.start.character, value.end.line, value.end.character)


class Texts:
    """Files' lines, read once, to turn SARIF's UTF-16 columns into UTF-8 ones."""

    def __init__(self):
        self.lines = {}

    def utf8(self, path: str, line: int, utf16_column: int) -> tuple:
        """A 1-based line and UTF-16 column as a 0-based line and UTF-8 column."""
        if path not in self.lines:
            self.lines[path] = Path(path).read_text().split("\n")
        lines = self.lines[path]
        text = lines[line - 1] if line - 1 < len(lines) else ""
        prefix = text.encode("utf-16-le")[: 2 * (utf16_column - 1)].decode("utf-16-le")
        return (line - 1, len(prefix.encode()))


def sarif_file(location: dict, folder: Path) -> str:
    uri = location["uri"]
    return uri_path(uri) if location.get("uriBaseId") is None else real(folder / unquote(uri))


def sarif_region(region: dict, path: str, texts: Texts) -> tuple:
    return texts.utf8(path, region["startLine"], region["startColumn"]) + texts.utf8(path, region["endLine"], region["endColumn"])


def editor_edits(action: types.CodeAction) -> list:
    edits = []
    if action.edit is None:
        return edits
    for uri, changes in (action.edit.changes or {}).items():
        edits += [(uri_path(uri),) + lsp_range(e.range) + (e.new_text,) for e in changes]
    for change in action.edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit):
            edits += [(uri_path(change.text_document.uri),) + lsp_range(e.range) + (e.new_text,) for e in change.edits]
        else:
            edits.append((type(change).__name__, change.uri))
    return sorted(edits)


def describe_lists(cli: list, editor: list) -> str:
    """What differs between two item lists, item by item."""
    if [item["label"] for item in cli] != [item["label"] for item in editor]:
        return f"labels: CLI {[i['label'] for i in cli]} ≠ editor {[i['label'] for i in editor]}"
    out = []
    for mine, theirs in zip(cli, editor):
        for key in mine:
            if mine[key] != theirs[key]:
                out.append(f"{mine['label']}.{key}: CLI {mine[key]!r} ≠ editor {theirs[key]!r}")
    return "; ".join(out)


async def wait_for_index(client: LanguageClient):
    # A pulling client is asked to pull again once the workspace is indexed: from then on, requests see the index
    # (the index's pushed diagnostics follow, from the publisher's queue).
    for _ in range(600):
        if client.diagnostic_refresh_count > 0:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the workspace was not indexed within 30 s")


# MARK: The differential

@pytest.mark.asyncio
async def test_the_cli_answers_what_the_editor_shows(editor: LanguageClient):
    folder, name = editor.folder, editor.name
    assert editor.initialize_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    loop = asyncio.get_running_loop()
    pool = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2))

    def cli(*args):
        return loop.run_in_executor(pool, lambda: run_cli(*args, "--workspace", str(folder)))

    # The CLI runs while the server indexes; the requests to the server are sent together (it answers read requests
    # concurrently).
    # The editor shows every finding; `check` leaves out `read-only-by-tests` unless asked for it.
    include = ("--include", "read-only-by-tests")
    checked_json, checked_sarif = cli("check", "--format", "json", *include), cli("check", "--format", "sarif", *include)
    completed = [cli("complete", f"{path}:{line + 1}:{column + 1}", "--format", "json")
                 for path, line, column, _ in editor.markers]
    await wait_for_index(editor)
    try:
        problems, counts = await compare(editor, folder, await checked_json, await checked_sarif, completed)
    finally:
        pool.shutdown(cancel_futures=True)
    print(f"\n{name}: {counts}")
    assert not problems, f"{name}: the CLI and the editor differ ({counts}):\n" + "\n".join(problems)


async def compare(editor: LanguageClient, folder: Path, checked, sarif_run, completed) -> tuple:
    problems = []
    counts = {"markers": len(editor.markers), "items": 0, "files": 0, "diagnostics": 0, "fixes": 0}
    texts = Texts()
    root = real(folder)

    def relative(path: str) -> str:
        return os.path.relpath(path, root)

    def edit_text(edit: tuple) -> str:
        path, start_line, start_column, end_line, end_column, text = edit
        return f"{relative(path)}:{start_line + 1}:{start_column + 1}-{end_line + 1}:{end_column + 1} → {text!r}"

    # Diagnostics: `check --format json` against the editor's, file by file.
    no_project = checked.returncode == 2 and "no Apollo project found" in checked.stderr
    if checked.returncode not in (0, 1) and not no_project:
        problems.append(f"check failed ({checked.returncode}): {checked.stderr.strip()}")
    records = json.loads(checked.stdout) if checked.stdout.strip() else []
    by_file = {}
    for record in records:
        by_file.setdefault(real(folder / record["file"]), []).append(record)

    def cli_diagnostic(record):
        return (record["line"] - 1, record["column"] - 1, record["endLine"] - 1, record["endColumn"] - 1,
                SEVERITIES.get(record["severity"], record["severity"]), record["code"], record["message"])

    def editor_diagnostic(diagnostic):
        return lsp_range(diagnostic.range) + (diagnostic.severity, diagnostic.code, diagnostic.message)

    def compare_diagnostics(path, cli_found, editor_found):
        counts["files"] += 1
        counts["diagnostics"] += len(cli_found)
        for only, found, other in (("CLI", cli_found, editor_found), ("editor", editor_found, cli_found)):
            for line, column, end_line, end_column, severity, code, message in sorted((Counter(found) - Counter(other)).elements()):
                problems.append(f"check {relative(path)}:{line + 1}:{column + 1}-{end_line + 1}:{end_column + 1}: only the "
                                f"{only} reports [{code}] ({getattr(severity, 'name', severity).lower()}) {message!r}")

    files = {real(path): open_file(editor, path) for path in swift_files(folder)}
    reports = await asyncio.gather(*[
        editor.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        for uri in files.values()])
    pulled = {path: (uri, report.items) for (path, uri), report in zip(files.items(), reports)}
    for path, (_, items) in pulled.items():
        compare_diagnostics(path, [cli_diagnostic(r) for r in by_file.get(path, [])], [editor_diagnostic(d) for d in items])
    # The index's publications are queued after the refresh that `wait_for_index` saw: wait (a while at most) for
    # every other file the CLI reports on to be published, so a busy machine cannot make a file look missing.
    expected = set(by_file) - set(pulled)
    for _ in range(600):
        published = {uri_path(uri): items for uri, items in editor.diagnostics.items()}
        if expected <= set(published):
            break
        await asyncio.sleep(0.05)
    for path in sorted((set(by_file) | set(published)) - set(pulled)):
        compare_diagnostics(path, [cli_diagnostic(r) for r in by_file.get(path, [])],
                            [editor_diagnostic(d) for d in published.get(path, [])])

    # Fixes: every SARIF result's, against the editor's quick fixes for that diagnostic at its range.
    results = json.loads(sarif_run.stdout)["runs"][0]["results"] if sarif_run.stdout.strip() else []
    if len(results) != len(records):
        problems.append(f"check: {len(results)} SARIF results but {len(records)} JSON records")
    # A GraphQL document's fixes (`unused-field`, `read-only-by-tests`) are the editor's quick fixes there once it is open.
    documents = sorted({real(folder / record["file"]) for result, record in zip(results, records)
                        if result.get("fixes") and real(folder / record["file"]).endswith((".graphql", ".graphqls"))} - set(pulled))
    opened = {path: open_file(editor, Path(path), "graphql") for path in documents}
    reports = await asyncio.gather(*[
        editor.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        for uri in opened.values()])
    pulled.update({path: (uri, report.items) for (path, uri), report in zip(opened.items(), reports)})
    asked = []
    for result, record in zip(results, records):
        location = result["locations"][0]["physicalLocation"]
        path = sarif_file(location["artifactLocation"], folder)
        wanted = cli_diagnostic(record)
        place = sarif_region(location["region"], path, texts)
        if (path, place, result["ruleId"], result["message"]["text"]) != (real(folder / record["file"]), wanted[:4], record["code"], record["message"]):
            problems.append(f"check: the SARIF result {result['ruleId']} at {relative(path)}:{place[0] + 1}:{place[1] + 1} is not the JSON record {record}")
            continue
        if path not in pulled:
            if result.get("fixes"):
                problems.append(f"check: fixes for {relative(path)}, which is no Swift test file or GraphQL document")
            continue
        uri, items = pulled[path]
        diagnostic = next((d for d in items if editor_diagnostic(d) == wanted), None) or types.Diagnostic(
            range=types.Range(start=types.Position(line=wanted[0], character=wanted[1]),
                              end=types.Position(line=wanted[2], character=wanted[3])),
            severity=wanted[4], code=wanted[5], message=wanted[6], source="mockls")
        asked.append((result, record, wanted, path, editor.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic])))))
    answers = await asyncio.gather(*[request for *_, request in asked])
    for (result, record, wanted, path, _), actions in zip(asked, answers):
        editor_fixes = [
            (a.title, editor_edits(a)) for a in actions or []
            if isinstance(a, types.CodeAction) and a.kind == types.CodeActionKind.QuickFix
            and not NOT_ONE_RESULTS_FIX.match(a.title)
            and [editor_diagnostic(d) for d in a.diagnostics or []] == [wanted]]
        cli_fixes = []
        for fix in result.get("fixes") or []:
            edits = []
            for change in fix["artifactChanges"]:
                file = sarif_file(change["artifactLocation"], folder)
                edits += [(file,) + sarif_region(r["deletedRegion"], file, texts) + (r["insertedContent"]["text"],)
                          for r in change["replacements"]]
            cli_fixes.append((fix["description"]["text"], sorted(edits)))
        counts["fixes"] += len(cli_fixes)
        if cli_fixes == editor_fixes:
            continue
        where = f"{relative(path)}:{record['line']}:{record['column']} [{record['code']}]"
        titles = ([t for t, _ in cli_fixes], [t for t, _ in editor_fixes])
        if titles[0] != titles[1]:
            problems.append(f"fixes {where}: CLI {titles[0]} ≠ editor {titles[1]}")
            continue
        for (title, mine), (_, theirs) in zip(cli_fixes, editor_fixes):
            if mine != theirs:
                problems.append(f"fixes {where} {title!r}: CLI {[edit_text(e) for e in mine]} ≠ editor {[edit_text(e) for e in theirs]}")

    # Completion at every marker.
    answers = await asyncio.gather(*[
        editor.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(line=line, character=column)))
        for path, line, column, _ in editor.markers])
    lists = [list((answer.items if isinstance(answer, types.CompletionList) else answer) or []) for answer in answers]
    texts = [[item_edit(answer, item)[1] for item in items] for answer, items in zip(answers, lists)]
    deferred = [(n, i) for n, items in enumerate(lists) for i, item in enumerate(items) if item.documentation is None and item.data is not None]
    resolved = await asyncio.gather(*[editor.completion_item_resolve_async(lists[n][i]) for n, i in deferred])
    for (n, i), item in zip(deferred, resolved):
        lists[n][i] = item
    for (path, line, column, what), future, items, inserted in zip(editor.markers, completed, lists, texts):
        completion = await future
        if completion.returncode != 0 or not completion.stdout.strip():
            problems.append(f"complete {what}: the CLI failed ({completion.returncode}): {completion.stderr.strip()}")
            continue
        cli_items = [dict(item, kind=KINDS.get(item["kind"], item["kind"])) for item in json.loads(completion.stdout)]
        editor_items = [{
            "label": item.label, "kind": item.kind, "detail": item.detail,
            "insertText": text,
            "documentation": item.documentation.value if isinstance(item.documentation, types.MarkupContent) else item.documentation,
        } for item, text in zip(items, inserted)]
        counts["items"] += len(cli_items)
        if cli_items != editor_items:
            problems.append(f"complete {what}: {describe_lists(cli_items, editor_items)}")
    return problems, counts
