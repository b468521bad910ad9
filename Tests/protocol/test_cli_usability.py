"""The command line as a person meets it: a mistyped command, `mockls` typed on a terminal, `--log-level` on every
command, `selection-sets --format`, and `check`'s summary after its findings."""

import json
import os
import pty
import re
import shutil
import subprocess
import time

import pytest

from lsp_stdio import ROOT, MocklsProcess, frame, mockls_binary

BOOKSHELF = ROOT / "Examples" / "Bookshelf"
COMMANDS = ["serve", "check", "mocks", "placeholders", "selection-sets", "complete", "convert", "response", "coverage", "snapshot-tests",
            "references", "test-transport", "fill", "migrate"]


def run(*args, env=None, **kwargs):
    environment = dict(os.environ)
    environment.pop("MOCKLS_LOG", None)
    environment.update(env or {})
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("timeout", 60)
    return subprocess.run([mockls_binary(), *args], text=True, env=environment, **kwargs)


# 1. An unknown command

def test_mistyped_command_is_named_with_a_suggestion_and_the_commands():
    result = run("chekc")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == "mockls: unknown command 'chekc' (did you mean check?)"
    listed = [line.split()[0] for line in lines if line.startswith("  ")]
    assert listed == COMMANDS
    # Each command with its one-line abstract.
    assert any(line.split()[0] == "check" and "for CI" in line for line in lines if line.startswith("  "))
    # Not serve's usage, as before.
    assert "Usage: mockls serve" not in result.stderr and "Unexpected argument" not in result.stderr


@pytest.mark.parametrize("typed, suggestion", [
    ("chekc", "check"), ("mock", "mocks"), ("placeholder", "placeholders"), ("selectionsets", "selection-sets"),
    ("snapshot", "snapshot-tests"), ("compelte", "complete"), ("Check", "check"),
])
def test_suggestion_is_the_closest_command(typed, suggestion):
    result = run(typed)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == f"mockls: unknown command '{typed}' (did you mean {suggestion}?)"


@pytest.mark.parametrize("typed", ["xyzzy", "build", "Tests/BookTests.swift"])
def test_no_suggestion_when_nothing_is_close(typed):
    result = run(typed)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == f"mockls: unknown command '{typed}'"
    assert "serve" in result.stderr and "snapshot-tests" in result.stderr


def test_help_and_help_command_still_work():
    result = run("--help")
    assert result.returncode == 0 and "SUBCOMMANDS" in result.stdout, result.stderr
    result = run("help", "check")
    assert result.returncode == 0 and "mockls check" in result.stdout, result.stderr
    assert run("--version").returncode == 0


def test_bare_mockls_on_a_pipe_still_serves():
    for args in ((), ("--stdio",), ("serve", "--stdio"), ("--log-level", "info")):
        server = MocklsProcess(args=args)
        try:
            server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
            while True:
                message = server.receive()
                if message.get("id") == 1:
                    break
            assert message["result"]["serverInfo"]["name"] == "mockls", args
            server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
            while server.receive().get("id") != 2:
                pass
            server.send_raw(frame(b'{"jsonrpc":"2.0","method":"exit"}'))
            assert server.wait() == 0, args
        finally:
            server.kill()


# 2. `mockls` on a terminal

def test_bare_mockls_on_a_terminal_prints_help_instead_of_waiting():
    main, terminal = pty.openpty()
    try:
        try:
            result = run(stdin=terminal, timeout=10)
        except subprocess.TimeoutExpired:
            pytest.fail("mockls waited for JSON-RPC on a terminal")
    finally:
        os.close(terminal)
        os.close(main)
    assert result.returncode == 0, result.stderr
    assert result.stdout == run("--help").stdout
    assert "terminal" in result.stderr and "mockls serve" in result.stderr


def test_serve_named_on_a_terminal_serves():
    main, terminal = pty.openpty()
    process = subprocess.Popen([mockls_binary(), "serve"], stdin=terminal, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    try:
        time.sleep(1)
        assert process.poll() is None, "mockls serve should wait for messages, even on a terminal"
    finally:
        process.kill()
        process.communicate()
        os.close(terminal)
        os.close(main)


# 3. --log-level on every command

def command_arguments(command, tmp_path):
    """The arguments of a run of `command` on the Bookshelf example that gets as far as reading the workspace."""
    test_file = tmp_path / "BookTests.swift"
    test_file.write_text("import BookshelfAPITestMocks\nlet b = Mock<Book>(id: \"1\", \n")
    workspace = ["--workspace", str(BOOKSHELF)]
    return {
        "check": ["check", *workspace],
        "mocks": ["mocks", *workspace],
        "placeholders": ["placeholders", *workspace],
        "selection-sets": ["selection-sets", *workspace],
        "complete": ["complete", f"{test_file}:2:29", *workspace],
        "convert": ["convert", f"{test_file}:2:10", *workspace],
        "response": ["response", f"{test_file}:2:10", *workspace],
        "coverage": ["coverage", *workspace],
        "snapshot-tests": ["snapshot-tests", "--workspace", str(tmp_path), "--output", "-"],
        "references": ["references", f"{BOOKSHELF / 'graphql' / 'BookQuery.graphql'}:2:3", *workspace],
    }[command]


WORKSPACE_COMMANDS = ["check", "mocks", "placeholders", "selection-sets", "complete", "convert", "response", "coverage", "snapshot-tests",
                      "references"]


@pytest.mark.parametrize("command", WORKSPACE_COMMANDS)
def test_every_command_takes_log_level(command, tmp_path):
    arguments = command_arguments(command, tmp_path)
    quiet = run(*arguments)
    assert "mockls info:" not in quiet.stderr and "mockls debug:" not in quiet.stderr
    loud = run(*arguments, "--log-level", "info")
    assert "Unknown option" not in loud.stderr
    assert loud.returncode == quiet.returncode, loud.stderr
    assert re.search(r"^mockls info: ", loud.stderr, re.M), loud.stderr
    assert "mockls debug:" not in loud.stderr
    assert loud.stdout == quiet.stdout  # the log never goes to standard output
    if command != "snapshot-tests":
        assert "mockls debug: reading the workspace" in run(*arguments, "--log-level", "debug").stderr
        assert "mockls info: workspace" in run(*arguments, env={"MOCKLS_LOG": "info"}).stderr
        # The option wins over the environment.
        assert "mockls info:" not in run(*arguments, "--log-level", "error", env={"MOCKLS_LOG": "debug"}).stderr


@pytest.mark.parametrize("command", WORKSPACE_COMMANDS + ["serve"])
def test_an_unknown_log_level_is_a_usage_error(command, tmp_path):
    arguments = command_arguments(command, tmp_path) if command != "serve" else ["serve"]
    result = run(*arguments, "--log-level", "loud", stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "unknown log level 'loud'" in result.stderr


def test_help_of_a_command_shows_log_level():
    for command in COMMANDS:
        result = run(command, "--help")
        assert "--log-level" in result.stdout, command


# 4. selection-sets --format

def test_selection_sets_json_is_the_default():
    default = run("selection-sets", "--workspace", str(BOOKSHELF))
    as_json = run("selection-sets", "--workspace", str(BOOKSHELF), "--format", "json")
    assert as_json.returncode == 0, as_json.stderr
    assert as_json.stdout == default.stdout
    assert json.loads(as_json.stdout)[0]["path"] == "BookDetails"


def test_selection_sets_text_shows_what_the_json_holds():
    records = json.loads(run("selection-sets", "--workspace", str(BOOKSHELF), "--format", "json").stdout)
    result = run("selection-sets", "--workspace", str(BOOKSHELF), "--format", "text")
    assert result.returncode == 0, result.stderr
    blocks = result.stdout.rstrip("\n").split("\n\n")
    assert [block.split(":")[0] for block in blocks] == [record["path"] for record in records]
    book = blocks[[record["path"] for record in records].index("BookQuery.Data.Book")].splitlines()
    assert book[0] == "BookQuery.Data.Book: entity on Book (object), in graphql/BookQuery.graphql"
    assert "  coAuthors: [CoAuthor] -> BookQuery.Data.Book.CoAuthor" in book
    assert "  title: String  (merged)" in book
    assert "  fragments.bookDetails: BookDetails" in book
    assert "  typealias Author = BookDetails.Author" in book
    assert book[-1].startswith("  init(published: BookshelfAPI.Date? = nil, coAuthors: [CoAuthor], id: BookshelfAPI.ID")
    for block, record in zip(blocks, records):
        for field in record["fields"]:
            assert f"  {field['property']}: {field['type']}" in block, (record["path"], field)


def test_selection_sets_text_shows_type_cases_and_conditions(tmp_path):
    (tmp_path / "schema.graphqls").write_text(
        "type Query { animals: [Animal!]! }\n"
        "interface Animal { id: ID! name: String }\n"
        "type Dog implements Animal { id: ID! name: String barks: Boolean! }\n")
    (tmp_path / "Animals.graphql").write_text(
        "query Animals($withName: Boolean!) { animals { id name @include(if: $withName) ... on Dog { barks } } }\n")
    result = run("selection-sets", "--workspace", str(tmp_path), "--format", "text")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "AnimalsQuery.Data.Animal: entity on Animal (interface), in Animals.graphql" in text
    assert '  name: String?  (if "withName")' in text
    assert "  asDog: AsDog? -> AnimalsQuery.Data.Animal.AsDog" in text
    assert "AnimalsQuery.Data.Animal.AsDog: type case on Dog (object) of AnimalsQuery.Data.Animal" in text


def test_selection_sets_rejects_an_unknown_format():
    result = run("selection-sets", "--workspace", str(BOOKSHELF), "--format", "yaml")
    assert result.returncode == 2
    assert "yaml" in result.stderr


# 5. check's summary after the findings

@pytest.mark.parametrize("format", ["text", "xcode", "github"])
def test_check_summary_comes_after_the_findings(format):
    # One stream for both, as a CI log shows them (`2>&1`): standard output is a pipe, so it is buffered.
    result = run("check", "--workspace", str(BOOKSHELF), "--format", format, stderr=subprocess.STDOUT,
                 capture_output=False, stdout=subprocess.PIPE)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 5, lines
    assert re.fullmatch(r"mockls: 3 problems in \d+ files checked", lines[-1]), lines
    # Which Apollo the verdicts assume, and why.
    assert re.fullmatch(r"mockls: BookshelfAPI: mocks as Apollo iOS \S+ writes them \(.+\)", lines[-2]), lines
    assert all("unset-field-read" in line or "incomplete-response" in line for line in lines[:-2]), lines


# Small stumbles of a first session (issue 44, item 9)

def test_help_of_check_has_no_stray_spaces():
    result = run("check", "--help")
    assert result.returncode == 0
    # Prose only: the options' table aligns its columns with spaces.
    prose = [line.strip() for line in result.stdout.splitlines() if not re.match(r"  (-|<)", line)]
    assert not [line for line in prose if re.search(r"\S {3,}\S", line)], result.stdout


@pytest.mark.parametrize("args, command", [
    (("check", "--workspace", "/nonexistent"), "check"),
    (("response", "Tests/X.swift"), "response"),
    (("complete", "nowhere"), "complete"),
])
def test_a_usage_error_while_running_shows_the_commands_own_usage(args, command):
    result = run(*args)
    assert result.returncode == 2
    assert f"Usage: mockls {command} " in result.stderr, result.stderr
    assert "mockls <subcommand>" not in result.stderr
    assert f"See 'mockls {command} --help'" in result.stderr


def test_a_mistyped_version_flag_is_named():
    result = run("--verison")
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == "mockls: unknown option '--verison' (did you mean --version?)"
    assert "Usage: mockls serve" not in result.stderr


def test_coverage_min_takes_a_percent_sign_and_names_a_negative_one():
    with_sign = run("coverage", "--workspace", str(BOOKSHELF), "--min", "60%")
    without = run("coverage", "--workspace", str(BOOKSHELF), "--min", "60")
    assert with_sign.returncode == without.returncode and with_sign.returncode in (0, 1), with_sign.stderr
    negative = run("coverage", "--workspace", str(BOOKSHELF), "--min", "-5")
    assert negative.returncode == 2
    assert "--min: a percentage from 0 to 100, not -5" in negative.stderr, negative.stderr
    assert "Missing value" not in negative.stderr


def test_check_of_a_graphql_file_counts_it():
    result = run("check", str(BOOKSHELF / "graphql" / "BookQuery.graphql"), cwd=BOOKSHELF)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[-1] == "mockls: 0 problems in 1 file checked", result.stderr


def test_convert_prints_paths_relative_to_where_it_runs(tmp_path):
    # Printed only (no --write): the scenario is read where it is.
    folder = ROOT / "Tests" / "scenarios" / "conversions" / "StarWars"
    test_file = next(folder.rglob("ResponseDictionaryTests.swift"))
    lines = test_file.read_text().splitlines()
    line = next(number for number, text in enumerate(lines, 1) if "HeroNameQuery.Data(data:" in text)
    column = lines[line - 1].index("(data:") + 2
    result = run("convert", f"{test_file.relative_to(folder)}:{line}:{column}", cwd=folder)
    assert result.returncode == 0, result.stderr
    printed = [text for text in result.stdout.splitlines() if re.match(r"\S+\.swift:\d+:\d+-\d+:\d+$", text)]
    assert printed and all(not text.startswith("/") for text in printed), result.stdout
