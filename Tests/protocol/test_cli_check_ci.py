"""`mockls check` as CI reads it: a configuration error is a finding in every format (exit 2), a missing schema is one
`no-schema` and nothing else, information never fails unless `--fail-on information`, and a fixture kept where the
app loads it names its operation with `"@operation"`."""

import json
import shutil

import pytest

from cli import BOOKSHELF, copy_bookshelf, run
from lsp_stdio import ROOT
from shared import require_shared



@pytest.fixture
def bookshelf(tmp_path):
    folder = copy_bookshelf(tmp_path)
    # Only the GraphQL side: the tests' own findings would fail every check, and the app's code is each test's own.
    shutil.rmtree(folder / "Tests")
    shutil.rmtree(folder / "Bookshelf")
    return folder


@pytest.fixture
def missing_schema(bookshelf):
    configuration = bookshelf / "apollo-codegen-config.json"
    configuration.write_text(configuration.read_text().replace('"graphql/**/*.graphqls"', '"nothing/*.graphqls"'))
    return bookshelf


def test_a_missing_schema_is_one_finding_in_text(missing_schema):
    result = run("check", cwd=missing_schema)
    assert result.returncode == 2, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    assert lines[0].startswith("apollo-codegen-config.json:") and lines[0].endswith("[no-schema]")
    assert "unknown-root" not in result.stdout and "unknown-type" not in result.stdout


def test_a_missing_schema_is_a_json_record(missing_schema):
    result = run("check", "--format", "json", cwd=missing_schema)
    assert result.returncode == 2
    records = json.loads(result.stdout)
    assert [(record["file"], record["code"], record["severity"]) for record in records] == [("apollo-codegen-config.json", "no-schema", "error")]
    assert 'no schema file matches "nothing/*.graphqls"' in records[0]["message"]


def test_a_missing_schema_is_a_github_annotation(missing_schema):
    result = run("check", "--format", "github", cwd=missing_schema)
    assert result.returncode == 2
    assert result.stdout.startswith("::error file=apollo-codegen-config.json,line=")
    assert "title=no-schema::" in result.stdout


def test_a_missing_schema_is_a_sarif_result(missing_schema):
    result = run("check", "--format", "sarif", cwd=missing_schema)
    assert result.returncode == 2
    results = json.loads(result.stdout)["runs"][0]["results"]
    assert [entry["ruleId"] for entry in results] == ["no-schema"]
    location = results[0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"].endswith("apollo-codegen-config.json")


def test_an_unreadable_configuration_is_a_finding_in_every_format(bookshelf):
    (bookshelf / "apollo-codegen-config.json").write_text('{"schemaNamespace": ')
    for format in ("text", "json", "github", "sarif"):
        result = run("check", "--format", format, cwd=bookshelf)
        assert result.returncode == 2, (format, result.stderr)
        assert "invalid-configuration" in result.stdout, (format, result.stdout)


def fixture_named_after_nothing(folder):
    (folder / "Fixtures").mkdir()
    (folder / "Fixtures" / "book_query.json").write_text('{"data": {"book": null}}\n')


def test_information_is_reported_but_does_not_fail(bookshelf):
    fixture_named_after_nothing(bookshelf)
    result = run("check", cwd=bookshelf)
    assert "[fixture-unknown-operation]" in result.stdout, result.stdout
    assert result.returncode == 0, result.stderr
    assert run("check", "--fail-on", "information", cwd=bookshelf).returncode == 1
    assert run("check", "--fail-on", "error", cwd=bookshelf).returncode == 0
    assert run("check", "--fail-on", "hint", cwd=bookshelf).returncode == 1
    usage = run("check", "--fail-on", "note", cwd=bookshelf)
    assert usage.returncode == 2 and "fail-on" in usage.stderr


def test_operations_no_swift_file_names_are_hints_that_never_fail(bookshelf):
    """Issue 47: with the app's code in the workspace, an operation whose generated type no Swift file names is an
    `unused-operation` hint (SARIF `note`); `check` fails on it only with `--fail-on hint`. Apollo's generated files
    are not the app's code."""
    app = bookshelf / "App"
    app.mkdir()
    (app / "BookScreen.swift").write_text(
        "import BookshelfAPI\n\nfinal class BookScreen {\n    func load() { client.fetch(query: BookQuery(id: \"1\")) }\n"
        "    // SearchQuery runs from the search bar\n    func rate() { client.perform(mutation: RateMutation(input: input)) }\n}\n")
    (app / "ShelvesQuery.graphql.swift").write_text("public class ShelvesQuery: GraphQLQuery {}\n")
    result = run("check", cwd=bookshelf)
    assert result.returncode == 0, result.stderr
    hints = [line for line in result.stdout.splitlines() if "[unused-" in line]
    assert hints == [line for line in hints if ": hint: " in line], hints
    assert [line.split(": hint: ")[0].split(":")[0] + " " + line.rsplit("[", 1)[1] for line in hints] == [
        "graphql/ShelvesQuery.graphql unused-operation]"], result.stdout
    assert run("check", "--fail-on", "hint", cwd=bookshelf).returncode == 1
    sarif = json.loads(run("check", "--format", "sarif", cwd=bookshelf).stdout)
    levels = {(entry["ruleId"], entry["level"]) for entry in sarif["runs"][0]["results"]}
    assert ("unused-operation", "note") in levels, levels

    # A test file alone names nothing for the app: without app code nothing is said.
    shutil.rmtree(app)
    assert "[unused-" not in run("check", cwd=bookshelf).stdout


def test_warnings_fail_by_default_and_not_with_fail_on_error(bookshelf):
    (bookshelf / "Fixtures").mkdir()
    (bookshelf / "Fixtures" / "BookQuery.json").write_text('{"data": {"book": null, "extra": 1}}\n')
    result = run("check", cwd=bookshelf)
    assert "warning:" in result.stdout and "[fixture-unselected-field]" in result.stdout, result.stdout
    assert result.returncode == 1
    assert run("check", "--fail-on", "error", cwd=bookshelf).returncode == 0


def test_a_fixture_names_its_operation_where_the_app_loads_it(bookshelf):
    fixture_named_after_nothing(bookshelf)
    fixture = bookshelf / "Fixtures" / "book_query.json"
    fixture.write_text('{"@operation": "BookQuery", "data": {"book": {"id": "1"}}}\n')
    result = run("check", "--format", "json", cwd=bookshelf)
    records = [record for record in json.loads(result.stdout) if record["file"] == "Fixtures/book_query.json"]
    # Checked against BookQuery now: the book lacks its __typename and the fields BookQuery selects.
    assert {record["code"] for record in records} >= {"fixture-typename", "fixture-missing-field"}, records
    fixture.write_text('{"@operation": "BookQeury", "data": {"book": null}}\n')
    records = [record for record in json.loads(run("check", "--format", "json", cwd=bookshelf).stdout) if record["file"] == "Fixtures/book_query.json"]
    assert [(record["code"], record["severity"]) for record in records] == [("fixture-unknown-operation", "warning")]
    assert "did you mean BookQuery?" in records[0]["message"]


def test_the_summary_says_which_apollo_the_verdicts_assume(bookshelf):
    result = run("check", cwd=bookshelf)
    assert "BookshelfAPI: mocks as Apollo iOS" in result.stderr
    assert "pinned in" in result.stderr or "no apollo-ios pin" in result.stderr


def test_a_file_outside_the_current_folder_is_checked_against_its_own_project(bookshelf, tmp_path):
    other = tmp_path / "AnimalKingdom"
    shutil.copytree(require_shared("fixtures/scenarios/animalkingdom"), other)
    configuration = other / "apollo-codegen-config.json"
    configuration.write_text(configuration.read_text().replace("../../apollo/", str(ROOT.parent / "shared" / "fixtures" / "apollo") + "/"))
    test_file = next((other / "Tests").rglob("*.swift"))
    # From inside the Bookshelf project, as a person in one terminal checks a file of another.
    result = run("check", "--format", "json", str(test_file), cwd=bookshelf)
    records = json.loads(result.stdout)
    assert records, result.stderr
    assert not [record for record in records if "BookshelfAPI" in record["message"]], records
    assert "unset-field-read" in {record["code"] for record in records}
    assert "BookshelfAPI" not in result.stderr
    line = next(number for number, text in enumerate(test_file.read_text().splitlines(), 1) if "Mock<Dog>(" in text)
    column = test_file.read_text().splitlines()[line - 1].index("Mock<Dog>(") + len("Mock<Dog>(") + 1
    completion = run("complete", f"{test_file}:{line}:{column}", "--format", "json", cwd=bookshelf)
    assert completion.returncode == 0, completion.stderr
    labels = [item["label"] for item in json.loads(completion.stdout)]
    assert "birthdate" in labels and "houseDetails" in labels, labels


def test_the_log_says_which_format_was_chosen_and_why():
    # The example pins apollo-ios 1.25.3 (its tests are 1.x's): read as 1.23+, and the log says so.
    result = run("check", "--log-level", "info", cwd=BOOKSHELF)
    assert "mock format 1.23+" in result.stderr and "apollo-ios 1.25.3 pinned in Bookshelf/Podfile.lock" in result.stderr, result.stderr
    assert "mockls: BookshelfAPI: mocks as Apollo iOS 1.23+ writes them (apollo-ios 1.25.3 pinned in Bookshelf/Podfile.lock)" in result.stderr
