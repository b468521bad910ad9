"""JSON response fixtures in the shipped editor set-ups (editors/): JSON files inside an Apollo project get mockls,
its diagnostics and its quick fixes, in the real clients installed here (Neovim 0.7, Emacs with eglot and with
lsp-mode); other JSON gets none. lsp-mode roots mockls at the Apollo project, not at the repository around it. What
cannot run here is checked as in test_editors.py: Helix's TOML, and the VS Code extension's own logic in Node."""

import json
import os
import shutil
import subprocess
import tomllib

from pathlib import Path

import pytest

from lsp_stdio import ROOT, mockls_binary
# Bookshelf's BookQuery with mistakes: line 3 `published` (nullable) missing, line 7 a string for the Float `rating`
# (fixture-wrong-type), line 8 "Fiction" for the Genre enum (quick fix 'Replace with "FICTION"'), line 11 `isbn`.
from test_response_fixtures import BOOK

EDITORS = ROOT / "editors"


MARKERS = ["apollo-codegen-config.json", ".graphqlrc", ".graphqlrc.yml", ".graphqlrc.yaml", ".graphqlrc.json",
           "graphql.config.yml", "graphql.config.yaml", "graphql.config.json"]


def absolute_binary() -> Path:
    """Editors start mockls from their own working directory."""
    binary = Path(mockls_binary())
    return binary if binary.is_absolute() else (ROOT / binary).resolve()


def apollo_tree(top: Path) -> dict:
    """Under `top`: a copy of the Bookshelf example with the fixture and a package.json, and a folder outside any
    Apollo project with a JSON file; the paths the editor checks take, as their environment."""
    folder = top / "Bookshelf"
    shutil.copytree(ROOT / "Examples" / "Bookshelf", folder, ignore=shutil.ignore_patterns(".build"))
    (folder / "Tests" / "Fixtures").mkdir(parents=True)
    (folder / "Tests" / "Fixtures" / "BookQuery.json").write_text(BOOK)
    (folder / "package.json").write_text('{"name": "bookshelf-tools", "private": true}\n')
    (top / "outside").mkdir()
    # JSON that looks like a response, in no Apollo project: nothing may check it.
    (top / "outside" / "settings.json").write_text('{"data": {"book": {"genre": "Fiction"}}}\n')
    return {
        "MOCKLS_BIN": str(absolute_binary()),
        "MOCKLS_ROOT": str(folder),
        "MOCKLS_FIXTURE": str(folder / "Tests" / "Fixtures" / "BookQuery.json"),
        "MOCKLS_SWIFT": str(folder / "Tests" / "BookshelfTests" / "BookQueryTests.swift"),
        "MOCKLS_PACKAGE": str(folder / "package.json"),
        "MOCKLS_OUTSIDE": str(top / "outside" / "settings.json"),
    }


def ok_lines(command, env, timeout=120):
    """Runs an editor check from the repository's root: once it exits 0, its `ok …` lines and its whole output."""
    result = subprocess.run(command, cwd=ROOT, env=dict(os.environ, **env), capture_output=True, text=True,
                            timeout=timeout)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return [line for line in result.stdout.splitlines() if line.startswith("ok")], output


def nvim(script):
    return ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", f"luafile Tests/editors/{script}"]


def emacs(setup, script):
    # --no-init-file, not -Q: Debian's site-start makes the elpa packages loadable.
    return ["emacs", "--batch", "--no-init-file", "-l", str(EDITORS / "emacs" / setup), "-l", f"Tests/editors/{script}"]


def emacs_has(feature: str) -> bool:
    if shutil.which("emacs") is None:
        return False
    probe = subprocess.run(["emacs", "--batch", "--no-init-file", "--eval", f"(require '{feature})"], capture_output=True, timeout=60)
    return probe.returncode == 0


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_serves_a_json_fixture_opened_alone(tmp_path):
    """The fixture alone: mockls's diagnostics; the enum value's quick fix offered by `vim.lsp.buf.code_action()` and
    applied; the diagnostics after the edits (none stale, none shifted); a Swift test of the project on the same
    client; package.json and JSON outside any Apollo project without mockls."""
    env = apollo_tree(tmp_path)
    ok, output = ok_lines(nvim("nvim_json_check.lua"), dict(env, MOCKLS_NVIM=str(EDITORS / "nvim")))
    assert ok == ["ok fixture diagnostics 4", 'ok quick fix Replace with "FICTION"', "ok diagnostics follow edits",
                  "ok one mockls for the project", "ok package.json left alone", "ok outside JSON left alone"], output


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_configuration_fixed_and_written(tmp_path):
    """The configuration broken on disk (its schema path matches no file): the fixture has no diagnostics; the
    configuration opened in Neovim is marked, fixed in the buffer and written (`:write`; Neovim 0.7 watches no files,
    so mockls learns it from didSave): the fixture's diagnostics come back."""
    env = apollo_tree(tmp_path)
    config = Path(env["MOCKLS_ROOT"]) / "apollo-codegen-config.json"
    right, wrong = "graphql/**/*.graphqls", "schema/**/*.graphqls"
    assert right in config.read_text()
    config.write_text(config.read_text().replace(right, wrong))
    ok, output = ok_lines(nvim("nvim_json_config_check.lua"),
                          dict(env, MOCKLS_NVIM=str(EDITORS / "nvim"), MOCKLS_BROKEN=wrong, MOCKLS_FIXED=right))
    assert ok == ["ok no fixture diagnostics", "ok configuration marked", "ok fixture diagnostics after :write 4",
                  "ok configuration clean"], output
    assert json.loads(config.read_text())["input"]["schemaSearchPaths"] == [right]


@pytest.mark.skipif(not emacs_has("eglot"), reason="emacs with eglot is not installed (make test installs elpa-eglot)")
def test_emacs_eglot_serves_json_fixtures(tmp_path):
    """With mockls.el and the README's hook (eglot-ensure on swift-mode-hook, nothing for JSON): the fixture gets
    mockls (language id json, the Apollo project as eglot's project), its diagnostics, the quick fix from
    `eglot-code-actions`, diagnostics that follow the edits also with a Swift test open (its own mockls); package.json
    and outside JSON get nothing."""
    env = apollo_tree(tmp_path)
    ok, output = ok_lines(emacs("mockls.el", "emacs_json_check.el"), env)
    assert ok == ["ok connected", "ok fixture diagnostics 4", 'ok quick fix Replace with "FICTION"',
                  "ok diagnostics follow edits", "ok package.json left alone", "ok outside JSON left alone"], output


@pytest.mark.skipif(not emacs_has("lsp-mode"), reason="emacs with lsp-mode is not installed (make test installs elpa-lsp-mode)")
@pytest.mark.parametrize("rooting", ["session", "guess"])
def test_emacs_lsp_mode_roots_mockls_at_the_apollo_project(tmp_path, rooting):
    """A git repository whose top is above the Bookshelf copy, with a big unrelated folder tree: lsp-mode's folder for
    a Bookshelf test is the repository (imported by the user, or guessed with `lsp-auto-guess-root'), mockls's root is
    the Bookshelf folder, lsp-mode watches that for it and asks nothing about the repository's 1,200 folders. The
    fixture gets the same mockls and its diagnostics; package.json and JSON outside the Apollo project (but in the
    repository) get none."""
    env = apollo_tree(tmp_path)
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    else:
        (tmp_path / ".git").mkdir()
    for a in range(40):
        for b in range(30):
            (tmp_path / "vendor" / f"module{a}" / f"part{b}").mkdir(parents=True)
    ok, output = ok_lines(emacs("mockls-lsp.el", "emacs_lsp_json_check.el"),
                          dict(env, MOCKLS_TOP=str(tmp_path), MOCKLS_LSP_ROOT=rooting))
    assert ok == ["ok mockls in the Apollo project, lsp-mode in the repository",
                  "ok watches the Apollo project's folders, no question", "ok one mockls for the project",
                  "ok fixture diagnostics 4", "ok package.json left alone", "ok outside JSON left alone"], output


def test_helix_json_entry():
    """JSON gets mockls beside Helix's JSON server, as a server of its own that Helix starts only in an Apollo
    project (`required-root-patterns`), rooted there."""
    config = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text())
    languages = {language["name"]: language for language in config["language"]}
    assert languages["json"]["language-servers"] == ["vscode-json-language-server", "mockls-json"]
    assert languages["json"]["roots"] == MARKERS
    server = config["language-server"]["mockls-json"]
    assert server["command"] == "mockls" == absolute_binary().name
    assert server["required-root-patterns"] == MARKERS
    # Swift and GraphQL are as they were: the JSON server is another entry.
    assert "required-root-patterns" not in config["language-server"]["mockls"]
    probe = subprocess.run([mockls_binary(), *server["args"], "--help"], capture_output=True, text=True, timeout=30)
    assert probe.returncode == 0, probe.stderr


TYPESCRIPT = Path("/usr/share/nodejs/typescript")  # Debian's node-typescript


def test_vscode_manifest_activates_in_apollo_workspaces():
    manifest = json.loads((EDITORS / "vscode" / "package.json").read_text())
    assert {f"workspaceContains:**/{marker}" for marker in MARKERS} <= set(manifest["activationEvents"])
    source = (EDITORS / "vscode" / "src" / "extension.ts").read_text()
    # The JSON filters come from the projects found when the client starts; a new project restarts it.
    assert "...jsonDocumentFilters(projects" in source and "refreshProjects()" in source


@pytest.mark.skipif(shutil.which("node") is None or not TYPESCRIPT.exists(),
                    reason="node and Debian's node-typescript are needed (make test installs them)")
def test_vscode_extension_serves_the_json_of_apollo_projects(tmp_path):
    """editors/vscode/src/server.ts in Node: which JSON files it serves (those of Apollo projects, not package.json
    and the like, not JSON outside them, not a repository's below a configuration above its top), and its document
    filters, matched as VS Code matches glob patterns, select the same files."""
    result = subprocess.run(["node", "Tests/editors/vscode_check.js", "json"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env=dict(os.environ, MOCKLS_BIN=str(absolute_binary()),
                                                 MOCKLS_SCRATCH=str(tmp_path), MOCKLS_TYPESCRIPT=str(TYPESCRIPT)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok parses", "ok serves the JSON of Apollo projects", "ok document filters match what it serves"], result.stdout
