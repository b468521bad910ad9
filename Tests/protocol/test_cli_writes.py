"""Commands that write files (`placeholders`, `mocks --format swift`, `selection-sets`, `response --output`): on a
project that cannot be used they refuse with exit 2, the reason and nothing written; they replace files whole (a
temporary file renamed over the old one); and a file that loses declarations says which."""

import json
import os

import pytest

from cli import BOOKSHELF, copy_bookshelf, run
from lsp_stdio import ROOT



@pytest.fixture
def bookshelf(tmp_path):
    folder = copy_bookshelf(tmp_path)
    return folder


def break_schema_paths(folder):
    configuration = folder / "apollo-codegen-config.json"
    text = configuration.read_text()
    assert '"graphql/**/*.graphqls"' in text
    configuration.write_text(text.replace('"graphql/**/*.graphqls"', '"nothing/*.graphqls"'))


def files_under(folder):
    return {path.relative_to(folder): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


WRITERS = [
    ("placeholders", "--output", "Out/"),
    ("mocks", "--format", "swift", "--output", "Out"),
    ("selection-sets",),
]


@pytest.mark.parametrize("command", WRITERS, ids=lambda command: command[0])
def test_a_schema_path_matching_nothing_refuses_and_writes_nothing(bookshelf, command):
    # A good file from before stays as it was.
    assert run("placeholders", "--output", "Out/", cwd=bookshelf).returncode == 0
    before = files_under(bookshelf)
    break_schema_paths(bookshelf)
    before = files_under(bookshelf)
    result = run(*command, cwd=bookshelf)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert 'no schema file matches "nothing/*.graphqls"' in result.stderr
    assert "wrote" not in result.stderr
    assert files_under(bookshelf) == before


@pytest.mark.parametrize("command", WRITERS, ids=lambda command: command[0])
def test_a_folder_with_no_project_refuses_and_invents_nothing(tmp_path, command):
    (tmp_path / ".git").mkdir()
    result = run(*command, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "no Apollo project found" in result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == [".git"]


def test_a_schema_with_a_syntax_error_refuses_naming_where(bookshelf):
    assert run("placeholders", "--output", "Out/", cwd=bookshelf).returncode == 0
    before = (bookshelf / "Out" / "BookshelfAPI+Placeholders.swift").read_text()
    schema = bookshelf / "graphql" / "schema.graphqls"
    assert "type Book implements Node {" in schema.read_text()
    schema.write_text(schema.read_text().replace("type Book implements Node {", "type Book implements Node {{", 1))
    result = run("placeholders", "--output", "Out/", cwd=bookshelf)
    assert result.returncode == 2, result.stderr
    assert f"{schema}:" in result.stderr and "nothing written" in result.stderr
    assert (bookshelf / "Out" / "BookshelfAPI+Placeholders.swift").read_text() == before


def test_losing_declarations_is_said_by_name(bookshelf):
    assert run("placeholders", "--output", "Out/", cwd=bookshelf).returncode == 0
    (bookshelf / "graphql" / "RateMutation.graphql").unlink()
    result = run("placeholders", "--output", "Out/", cwd=bookshelf)
    assert result.returncode == 0, result.stderr
    warning = next(line for line in result.stderr.splitlines() if "no longer declares" in line)
    assert "RateMutation.Data.placeholder" in warning and "RateMutation.Data.Rate.placeholder" in warning
    assert "Mock where O == Book" not in warning
    # Regenerating what is unchanged says nothing.
    again = run("placeholders", "--output", "Out/", cwd=bookshelf)
    assert "no longer declares" not in again.stderr


def test_files_are_replaced_whole_and_leave_no_temporary_file(bookshelf):
    output = bookshelf / "Out"
    output.mkdir()
    target = output / "BookshelfAPI+Placeholders.swift"
    target.write_text("// an older file\n")
    inode = target.stat().st_ino
    assert run("placeholders", "--output", "Out/", cwd=bookshelf).returncode == 0
    # A new file renamed over the old one, not the old one truncated and rewritten.
    assert target.stat().st_ino != inode
    assert [path.name for path in output.iterdir()] == [target.name]


def test_a_read_only_folder_is_one_line_with_exit_2(bookshelf):
    if os.geteuid() == 0:
        # root writes anywhere: a file where the folder should be fails for everyone.
        (bookshelf / "Out").write_text("not a folder")
        result = run("mocks", "--format", "swift", "--output", "Out", cwd=bookshelf)
    else:
        (bookshelf / "Out").mkdir()
        (bookshelf / "Out").chmod(0o500)
        result = run("mocks", "--format", "swift", "--output", "Out", cwd=bookshelf)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert str(bookshelf / "Out") in result.stderr


def test_response_output_creates_its_folder(bookshelf):
    test_file = bookshelf / "Tests" / "BookshelfTests" / "SearchQueryTests.swift"
    line = next(number for number, text in enumerate(test_file.read_text().splitlines(), 1) if "withVariables" in text)
    result = run("response", f"{test_file}:{line}:30", "--output", "Fixtures/new/ShelvesQuery.json", cwd=bookshelf)
    assert result.returncode == 0, result.stderr
    written = json.loads((bookshelf / "Fixtures" / "new" / "ShelvesQuery.json").read_text())
    assert "data" in written
    assert json.loads((bookshelf / "Fixtures" / "new" / "ShelvesQuery.variables.json").read_text()) == {"withBooks": False}
    assert "NSCocoaErrorDomain" not in result.stderr
