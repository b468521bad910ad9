"""`mockls migrate --to 2` on the example workspace as a user runs it: a diff first, `--write`, a second run that changes
nothing, the same crash warnings before and after, and a file that does not parse left alone."""

import json

from cli import copy_bookshelf, run


def findings(folder):
    result = run("check", "--format", "json", cwd=folder)
    records = json.loads(result.stdout)
    return sorted((record["file"], record["code"], record["message"]) for record in records)


def test_diff_then_write_then_nothing_left(tmp_path):
    folder = copy_bookshelf(tmp_path)
    before = findings(folder)
    original = (folder / "Tests/BookshelfTests/SearchQueryTests.swift").read_text()

    diff = run("migrate", "--to", "2", cwd=folder)
    assert diff.returncode in (0, 1), diff.stderr
    assert "--- a/Tests/BookshelfTests/SearchQueryTests.swift" in diff.stdout
    assert "+        let data = await SearchQuery.Data.from(mock)" in diff.stdout
    # Printing changes nothing.
    assert (folder / "Tests/BookshelfTests/SearchQueryTests.swift").read_text() == original

    written = run("migrate", "--to", "2", "--write", cwd=folder)
    assert "migrated" in written.stderr, written.stderr
    migrated = (folder / "Tests/BookshelfTests/SearchQueryTests.swift").read_text()
    assert "await SearchQuery.Data.from(mock)" in migrated and ") async" in migrated

    again = run("migrate", "--to", "2", cwd=folder)
    assert again.stdout == "", again.stdout
    assert "0 files to migrate" in again.stderr

    # The crash warnings read the migrated tests as they read the 1.x ones.
    assert [f for f in findings(folder) if f[1] == "unset-field-read"] == [f for f in before if f[1] == "unset-field-read"]


def test_a_file_that_does_not_parse_is_left_alone(tmp_path):
    folder = copy_bookshelf(tmp_path)
    broken = folder / "Tests/BookshelfTests/Broken.swift"
    text = "func test_a() {\n    let data = SearchQuery.Data.from(mock\n"
    broken.write_text(text)
    result = run("migrate", "--to", "2", "--write", cwd=folder)
    assert result.returncode == 1
    assert "Tests/BookshelfTests/Broken.swift: left alone: does not parse" in result.stderr
    assert broken.read_text() == text


def test_only_version_2_and_named_paths(tmp_path):
    folder = copy_bookshelf(tmp_path)
    result = run("migrate", "--to", "3", cwd=folder)
    assert result.returncode == 2 and "--to 2" in result.stderr
    result = run("migrate", "--to", "2", "Tests/BookshelfTests/BookQueryTests.swift", cwd=folder)
    assert "BookQueryTests.swift" in result.stdout and "SearchQueryTests.swift" not in result.stdout
    missing = run("migrate", "--to", "2", "Nowhere.swift", cwd=folder)
    assert missing.returncode == 2 and "no such file" in missing.stderr
