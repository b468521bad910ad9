"""The editor set-ups in editors/, proven in the real clients installed here (Neovim 0.7, Emacs with eglot) and
checked for what cannot run here (Helix's TOML; VS Code's manifest, and its extension's own logic in Node)."""

import json
import os
import shutil
import subprocess
import sys
import tomllib

from pathlib import Path

import pytest

from cli import copy_bookshelf
from lsp_stdio import ROOT, mockls_binary
from scenarios import workspace

EDITORS = ROOT / "editors"
TEST_FILE = "Tests/AnimalKingdomTests/AnimalTests.swift"


def absolute_binary() -> Path:
    """Editors start mockls from their own working directory."""
    binary = Path(mockls_binary())
    return binary if binary.is_absolute() else (ROOT / binary).resolve()


def run_editor(command, folder, timeout=120, **extra):
    env = dict(os.environ, MOCKLS_BIN=str(absolute_binary()), MOCKLS_FILE=str(folder / TEST_FILE), MOCKLS_ROOT=str(folder), **extra)
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_with_the_shipped_module(tmp_path):
    folder = workspace("animalkingdom", tmp_path, copy=True)
    # sourcekit-lsp (from the Swift toolchain) attached to the same buffer, when it is there.
    sourcekit = shutil.which("sourcekit-lsp")
    result = run_editor(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile Tests/editors/nvim_check.lua"],
        folder, MOCKLS_NVIM=str(EDITORS / "nvim"), **({"SOURCEKIT_LSP": sourcekit} if sourcekit else {}),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    beside = ["ok beside sourcekit-lsp, both utf-16"] if sourcekit else []
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok diagnostics 7", *beside, "ok completion", "ok signature help", "ok omnifunc", "ok quick fix"], result.stdout


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_shows_coverage_lenses_on_graphql_fields(tmp_path):
    # The tests of the mocks alone: one lens per field (the app's second lens is test_app_reads.py's).
    folder = copy_bookshelf(tmp_path, own_app=False)
    result = run_editor(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile Tests/editors/nvim_lens_check.lua"],
        folder, MOCKLS_NVIM=str(EDITORS / "nvim"), MOCKLS_GRAPHQL=str(folder / "graphql" / "BookQuery.graphql"),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == ["ok lenses 5", "ok run"], result.stdout


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_shows_an_unused_operation_as_a_hint(tmp_path):
    """Issue 47: with the app's code in the workspace, the operation no Swift file names is a hint in Neovim."""
    folder = copy_bookshelf(tmp_path, own_app=False)
    (folder / "App").mkdir()
    (folder / "App" / "BookScreen.swift").write_text('import BookshelfAPI\n\nlet query = BookQuery(id: "1")\n')
    result = run_editor(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile Tests/editors/nvim_unused_check.lua"],
        folder, MOCKLS_NVIM=str(EDITORS / "nvim"), MOCKLS_GRAPHQL=str(folder / "graphql" / "RateMutation.graphql"),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == ["ok unused-operation hint"], result.stdout


# App code that reads `published`, `coAuthors.name` and the whole `BookDetails` of `BookQuery`, and no `born`.
BOOK_SCREEN = (
    "import Apollo\nimport BookshelfAPI\n\nfinal class BookScreen {\n"
    "    func load(client: ApolloClient) {\n"
    '        client.fetch(query: BookQuery(id: "1")) { result in\n'
    "            guard let book = try? result.get().data?.book else { return }\n"
    "            print(book.published ?? 0, book.coAuthors.map(\\.name), book.fragments.bookDetails)\n"
    "        }\n    }\n}\n"
)


def bookshelf_with_app(tmp_path):
    """A copy of the Bookshelf example with `BOOK_SCREEN` as its app's code (in place of its own)."""
    folder = copy_bookshelf(tmp_path, own_app=False)
    (folder / "App").mkdir()
    (folder / "App" / "BookScreen.swift").write_text(BOOK_SCREEN)
    return folder


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_shows_an_unused_field_and_applies_its_fix(tmp_path):
    """Issue 47: a field the app's code never reads is a hint in Neovim, and its quick fix removes it."""
    folder = bookshelf_with_app(tmp_path)
    result = run_editor(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile Tests/editors/nvim_unused_field_check.lua"],
        folder, MOCKLS_NVIM=str(EDITORS / "nvim"), MOCKLS_GRAPHQL=str(folder / "graphql" / "BookQuery.graphql"),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok unused-field hint", "ok quick fix removes the field", "ok the hint goes"], result.stdout


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_shows_the_apps_reads_of_a_field_apart_from_its_tests(tmp_path):
    """Issue 47: a field the app reads has the tests' lens and the app's; running the app's names the app's read."""
    folder = bookshelf_with_app(tmp_path)
    # A view that reads the model through a view model declared in its own file (MVVM).
    (folder / "App" / "BookViewModel.swift").write_text("import BookshelfAPI\n\nfinal class BookViewModel {\n    var book: BookQuery.Data.Book?\n}\n")
    view = folder / "App" / "BookView.swift"
    view.write_text("struct BookView {\n    let viewModel: BookViewModel\n\n    var authors: Int { viewModel.book?.coAuthors.count ?? 0 }\n}\n")
    result = run_editor(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile Tests/editors/nvim_app_reads_check.lua"],
        folder, MOCKLS_NVIM=str(EDITORS / "nvim"), MOCKLS_GRAPHQL=str(folder / "graphql" / "BookQuery.graphql"), MOCKLS_VIEW=str(view),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok two lenses", "ok the app's reads", "ok definition through the view model"], result.stdout


# Issue 65: a project moved to Apollo iOS 2 (its Package.resolved pins 2.4.0) whose tests are still 1.x's.
APOLLO_2_TEST = """import XCTest
import Apollo
import ApolloTestSupport
@testable import PetAPI

final class DogTests: XCTestCase {
    func testName() {
        let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "1", name: "Rex")))
        XCTAssertEqual(data.dog?.name, "Rex")
        XCTAssertEqual(DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "2", name: "Max"))).dog?.id, "2")
        let result = GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
        XCTAssertNotNil(result.data)
    }

    func makeData() -> DogQuery.Data {
        return .from(Mock<Query>())
    }

    func testHelper() {
        let data = makeData()
        XCTAssertNil(data.dog)
    }
}
"""


def apollo_2_project(tmp_path: Path) -> Path:
    folder = tmp_path / "PetApp"
    (folder / "graphql").mkdir(parents=True)
    (folder / "Tests" / "AnimalKingdomTests").mkdir(parents=True)
    (folder / "apollo-codegen-config.json").write_text(json.dumps({
        "schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
        "output": {"testMocks": {"absolute": {"path": "Mocks"}}}}))
    (folder / "graphql" / "schema.graphqls").write_text("type Query { dog: Dog }\ntype Dog { id: ID!\n name: String! }\n")
    (folder / "graphql" / "Operations.graphql").write_text("query DogQuery { dog { id name } }\n")
    (folder / "Package.resolved").write_text(json.dumps({"pins": [{
        "identity": "apollo-ios", "kind": "remoteSourceControl", "location": "https://github.com/apollographql/apollo-ios.git",
        "state": {"revision": "0000000000000000000000000000000000000000", "version": "2.4.0"}}], "version": 2}))
    (folder / TEST_FILE).write_text(APOLLO_2_TEST)
    return folder


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is not installed (make test installs it)")
def test_neovim_shows_apollo_2_errors_and_migrates_the_file(tmp_path):
    """Issue 65: in a project pinned to Apollo iOS 2, Neovim shows 1.x's synchronous `from(_:)` and `GraphQLResult` as
    errors; the file's quick fix migrates it as `mockls migrate --to 2` does, and the errors go."""
    folder = apollo_2_project(tmp_path)
    result = run_editor(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile Tests/editors/nvim_migration_check.lua"],
        folder, MOCKLS_NVIM=str(EDITORS / "nvim"),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok apollo 2 errors 4", "ok quick fix migrates the file", "ok the errors go"], result.stdout


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs is not installed (make test installs it)")
def test_emacs_eglot_shows_apollo_2_errors_and_migrates_the_file(tmp_path):
    """Issue 65: the same in Emacs with eglot: flymake shows the errors, the file's code action migrates it."""
    folder = apollo_2_project(tmp_path)
    result = run_editor(
        ["emacs", "--batch", "--no-init-file", "-l", str(EDITORS / "emacs" / "mockls.el"), "-l", "Tests/editors/emacs_migration_check.el"],
        folder,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok connected", "ok apollo 2 errors 4", "ok quick fix migrates the file", "ok the errors go"], result.stdout


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs is not installed (make test installs it)")
def test_emacs_eglot_with_the_shipped_setup(tmp_path):
    folder = workspace("animalkingdom", tmp_path, copy=True)
    # --no-init-file, not -Q: Debian's site-start makes the elpa-eglot package loadable.
    result = run_editor(
        ["emacs", "--batch", "--no-init-file", "-l", str(EDITORS / "emacs" / "mockls.el"), "-l", "Tests/editors/emacs_check.el"],
        folder,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok connected", "ok project root", "ok diagnostics 7", "ok completion"], result.stdout


def test_helix_languages_toml():
    config = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text())
    assert config["language-server"]["mockls"]["command"] == "mockls" == absolute_binary().name
    languages = {language["name"]: language for language in config["language"]}
    assert languages["swift"]["language-servers"] == ["sourcekit-lsp", "mockls"]
    assert "mockls" in languages["graphql"]["language-servers"]
    # The arguments it passes are accepted.
    args = config["language-server"]["mockls"]["args"]
    probe = subprocess.run([mockls_binary(), *args, "--help"], capture_output=True, text=True, timeout=30)
    assert probe.returncode == 0, probe.stderr


def test_vscode_manifest_and_extension():
    manifest = json.loads((EDITORS / "vscode" / "package.json").read_text())
    # Swift and GraphQL files activate it, and so does a workspace holding an Apollo or graphql-config configuration
    # (for its JSON files: test_editor_json.py).
    assert set(manifest["activationEvents"]) == {"onLanguage:swift", "onLanguage:graphql"} | {
        f"workspaceContains:**/{marker}" for marker in ["apollo-codegen-config.json", ".graphqlrc", ".graphqlrc.yml",
        ".graphqlrc.yaml", ".graphqlrc.json", "graphql.config.yml", "graphql.config.yaml", "graphql.config.json"]}
    contributes = manifest["contributes"]
    properties = contributes["configuration"]["properties"]
    assert properties["mockls.path"]["default"] == absolute_binary().name
    assert properties["mockls.trace.server"]["enum"] == ["off", "messages", "verbose"]
    assert manifest["main"] == "./out/extension.js" and "vscode-languageclient" in manifest["dependencies"]
    # Its own language registrations, which VS Code merges with those of a Swift or GraphQL extension: Swift files get
    # the language id `swift` without one, GraphQL documents `graphql`.
    languages = {language["id"]: language for language in contributes["languages"]}
    assert ".swift" in languages["swift"]["extensions"] and ".graphql" in languages["graphql"]["extensions"]
    assert [command["command"] for command in contributes["commands"]] == ["mockls.restartServer"]
    source = (EDITORS / "vscode" / "src" / "extension.ts").read_text()
    assert 'getConfiguration("mockls").get<string>("path")' in source and "resolveServerPath" in source
    assert 'language: "swift"' in source and 'language: "graphql"' in source
    # A failed start is reported once and not retried; crashes later are restarted a few times only.
    assert "CloseAction.DoNotRestart" in source and "initializationFailedHandler: () => false" in source
    assert "restarts.shouldRestart()" in source
    server = (EDITORS / "vscode" / "src" / "server.ts").read_text()
    assert 'SERVER_ARGS = ["--stdio"]' in server
    # The arguments it passes are accepted.
    probe = subprocess.run([mockls_binary(), "--stdio", "--help"], capture_output=True, text=True, timeout=30)
    assert probe.returncode == 0, probe.stderr
    json.loads((EDITORS / "vscode" / "tsconfig.json").read_text())


TYPESCRIPT = Path("/usr/share/nodejs/typescript")  # Debian's node-typescript


@pytest.mark.skipif(shutil.which("node") is None or not TYPESCRIPT.exists(),
                    reason="node and Debian's node-typescript are needed (make test installs them)")
def test_vscode_extension_finds_mockls_and_reports_a_failed_start(tmp_path):
    """The extension's logic outside VS Code (editors/vscode/src/server.ts, in Node): it finds mockls at the path of
    `mockls.path` or on PATH, says what is wrong when it cannot (naming the setting and the path), starts the real
    mockls with arguments it accepts, words the one notification for a server that exits at start-up, and restarts a
    server that crashes while serving three times in three minutes at most."""
    result = subprocess.run(["node", "Tests/editors/vscode_check.js"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, MOCKLS_BIN=str(absolute_binary()), MOCKLS_SCRATCH=str(tmp_path),
                                     MOCKLS_TYPESCRIPT=str(TYPESCRIPT)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok parses", "ok finds mockls", "ok says why not", "ok starts mockls", "ok start-up failure", "ok restarts"], result.stdout


@pytest.mark.skipif(shutil.which("nvim") is None or shutil.which("tmux") is None, reason="nvim and tmux are needed (make test installs them)")
def test_the_readme_pictures_show_what_neovim_shows(tmp_path):
    # The README's pictures come from this script; here it runs against the binary under test, and what the
    # pictures must show is checked in what it captured.
    result = subprocess.run(
        [sys.executable, str(ROOT / "Examples" / "screenshots" / "make_screenshots.py"), "--mockls", str(absolute_binary()),
         "--out", str(tmp_path)], capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stdout + result.stderr
    completion = (tmp_path / "completion.svg").read_text()
    assert all(label in completion for label in ["author", "coAuthors", "genre", "rating", "title"]), completion[:2000]
    assert "reading `name` crashes" in (tmp_path / "diagnostic.svg").read_text()
    assert "Set `name` on the `Mock&lt;Author&gt;`" in (tmp_path / "quickfix.svg").read_text()


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs is not installed (make test installs it)")
def test_emacs_quick_start_from_a_fresh_home(tmp_path):
    """The README's Quick Start for Emacs as a new user follows it: a home folder with nothing in it but an init file
    holding the README's snippet (the path to the repository filled in), mockls on PATH as `make install` leaves it,
    and the Quick Start's file opened: the crash warning on line 28."""
    import re

    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### Emacs (eglot)"):]
    snippet = re.search(r"```elisp\n(.*?)```", section, re.S).group(1)
    assert "editors/emacs/mockls.el" in snippet and "eglot-ensure" in snippet
    home = tmp_path / "home"
    (home / ".emacs.d").mkdir(parents=True)
    (home / ".emacs.d" / "init.el").write_text(snippet.replace("/path/to/mockls", str(ROOT)))
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    (bin_folder / "mockls").symlink_to(absolute_binary())
    example = ROOT / "Examples" / "Bookshelf"
    env = dict(os.environ, HOME=str(home), PATH=f"{bin_folder}:{os.environ['PATH']}",
               MOCKLS_FILE=str(example / "Tests" / "BookshelfTests" / "BookQueryTests.swift"))
    env.pop("MOCKLS_BIN", None)
    # --no-init-file, then the init file loaded by the check: batch mode does not load it by itself.
    result = subprocess.run(["emacs", "--batch", "--no-init-file", "-l", "Tests/editors/emacs_quick_start.el"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == ["ok connected", "ok line 28"], result.stdout


def emacs_has(feature: str) -> bool:
    if shutil.which("emacs") is None:
        return False
    probe = subprocess.run(["emacs", "--batch", "--no-init-file", "--eval", f"(require '{feature})"], capture_output=True, timeout=60)
    return probe.returncode == 0


@pytest.mark.skipif(not emacs_has("lsp-mode"), reason="emacs with lsp-mode is not installed (make test installs elpa-lsp-mode)")
@pytest.mark.skipif(shutil.which("sourcekit-lsp") is None, reason="sourcekit-lsp (from the Swift toolchain) is not on PATH")
def test_emacs_lsp_mode_runs_mockls_beside_sourcekit_lsp(tmp_path):
    folder = workspace("animalkingdom", tmp_path, copy=True)
    result = run_editor(
        ["emacs", "--batch", "--no-init-file", "-l", str(EDITORS / "emacs" / "mockls-lsp.el"), "-l", "Tests/editors/emacs_lsp_check.el"],
        folder, SOURCEKIT_LSP=shutil.which("sourcekit-lsp"),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == [
        "ok fallback swift-mode", "ok both servers", "ok diagnostics 7", "ok completion"], result.stdout + result.stderr


@pytest.mark.skipif(not emacs_has("lsp-mode"), reason="emacs with lsp-mode is not installed (make test installs elpa-lsp-mode)")
def test_emacs_lsp_mode_shows_coverage_lenses_on_graphql_fields(tmp_path):
    # The tests of the mocks alone: one lens per field (the app's second lens is test_app_reads.py's).
    folder = copy_bookshelf(tmp_path, own_app=False)
    result = run_editor(
        ["emacs", "--batch", "--no-init-file", "-l", str(EDITORS / "emacs" / "mockls-lsp.el"), "-l", "Tests/editors/emacs_lsp_lens_check.el"],
        folder, MOCKLS_GRAPHQL=str(folder / "graphql" / "BookQuery.graphql"),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("ok")] == ["ok started", "ok lenses 5"], result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs is not installed (make test installs it)")
def emacs_ok_lines(args: list, check: str, env: dict):
    """`emacs --batch` with `args`, then the check script `Tests/editors/<check>`: once it exits 0, its `ok …` lines
    and the whole output (for failure messages)."""
    result = subprocess.run(["emacs", "--batch", "--no-init-file", *args, "-l", f"Tests/editors/{check}"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return [line for line in result.stdout.splitlines() if line.startswith("ok")], output


def test_emacs_fallback_swift_mode_without_melpa(tmp_path):
    """Without swift-mode and graphql-mode (MELPA is not reachable everywhere; Debian packages neither), the shipped
    mockls.el defines minimal ones: the Bookshelf example's test file opens in the fallback swift-mode (derived from
    prog-mode: comments, strings, keywords, indentation), a hint says so once and names the completion key, eglot
    starts mockls, and C-M-i after `Mock<Book>(` lists the mock's labels; its GraphQL documents open in the fallback
    graphql-mode, managed by the same mockls."""
    if emacs_has("swift-mode"):
        pytest.skip("this Emacs has a swift-mode: the fallback is for one without")
    folder = tmp_path / "Bookshelf"
    shutil.copytree(ROOT / "Examples" / "Bookshelf", folder)
    tests = folder / "Tests" / "BookshelfTests"
    env = dict(os.environ, MOCKLS_BIN=str(absolute_binary()), MOCKLS_ROOT=str(folder),
               MOCKLS_FILE=str(tests / "BookQueryTests.swift"), MOCKLS_OTHER=str(tests / "SearchQueryTests.swift"),
               MOCKLS_GRAPHQL=str(folder / "graphql" / "BookQuery.graphql"))
    ok, output = emacs_ok_lines(["-l", str(EDITORS / "emacs" / "mockls.el")], "emacs_fallback_check.el", env)
    assert ok == [
        "ok connected", "ok fallback swift-mode", "ok swift editing", "ok C-M-i completion", "ok hint once",
        "ok connected", "ok fallback graphql-mode"], output


# Stand-ins for MELPA's swift-mode and graphql-mode: each library defines its mode and provides its feature; its
# autoloads file is what package.el loads when it activates the package.
STUB_MODE = """;;; {mode}.el --- a stand-in for MELPA's {mode} -*- lexical-binding: t; -*-
(define-derived-mode {mode} prog-mode "{mode} (stand-in)")
(provide '{mode})
"""
STUB_AUTOLOADS = """;;; {mode}-autoloads.el --- what package.el loads to activate {mode} -*- lexical-binding: t; -*-
(autoload '{mode} "{mode}" nil t)
(add-to-list 'auto-mode-alist '("{pattern}" . {mode}))
"""


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs is not installed (make test installs it)")
@pytest.mark.parametrize("setup", ["mockls.el", "mockls-lsp.el"])
@pytest.mark.parametrize("installed", ["activated-before-the-setup", "on-load-path", "added-later-in-init"])
def test_emacs_installed_modes_win_over_the_fallbacks(tmp_path, setup, installed):
    """With a swift-mode and a graphql-mode installed, the shipped set-ups define no fallback: Swift and GraphQL files
    open in the installed modes, and no hint is shown. Installed means: activated by package.el before the set-up is
    loaded (Emacs 27+ activates packages before the init file), only on load-path (no autoloads), or put on
    load-path later in the init file than the set-up's `load` (a `package-initialize` or `use-package :ensure` below
    it), the set-up having been loaded during start-up."""
    if setup == "mockls-lsp.el" and not emacs_has("lsp-mode"):
        pytest.skip("emacs with lsp-mode is not installed (make test installs elpa-lsp-mode)")
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    for mode, pattern in [("swift-mode", r"\\.swift\\'"), ("graphql-mode", r"\\.graphqls?\\'")]:
        (stubs / f"{mode}.el").write_text(STUB_MODE.format(mode=mode))
        (stubs / f"{mode}-autoloads.el").write_text(STUB_AUTOLOADS.format(mode=mode, pattern=pattern))
    setup_file = str(EDITORS / "emacs" / setup)
    args = {
        "activated-before-the-setup": ["-L", str(stubs), "-l", str(stubs / "swift-mode-autoloads.el"),
                                       "-l", str(stubs / "graphql-mode-autoloads.el"), "-l", setup_file],
        "on-load-path": ["-L", str(stubs), "-l", setup_file],
        # Start-up, replayed: the set-up loaded by the init file (before `after-init-time` is set), the packages put
        # on load-path further down, then the end of start-up.
        "added-later-in-init": ["--eval", "(setq after-init-time nil)", "-l", setup_file, "-L", str(stubs),
                                "--eval", "(progn (setq after-init-time (current-time)) (run-hooks 'after-init-hook))"],
    }[installed]
    example = ROOT / "Examples" / "Bookshelf"
    env = dict(os.environ, MOCKLS_FILE=str(example / "Tests" / "BookshelfTests" / "BookQueryTests.swift"),
               MOCKLS_GRAPHQL=str(example / "graphql" / "BookQuery.graphql"))
    ok, output = emacs_ok_lines(args, "emacs_installed_mode_check.el", env)
    assert ok == ["ok swift-mode.el wins", "ok graphql-mode.el wins"], output


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs is not installed (make test installs it)")
@pytest.mark.parametrize("setups", [["mockls.el"], ["mockls-lsp.el"], ["mockls.el", "mockls-lsp.el"],
                                    ["mockls-lsp.el", "mockls.el"]], ids="+".join)
@pytest.mark.parametrize("option", [None, "mockls-fallback-modes", "mockls-lsp-fallback-modes"])
def test_emacs_setups_share_one_fallback_file(setups, option):
    """Both set-ups load the fallback modes from one file, editors/emacs/mockls-fallback-modes.el, next to them: with
    either set-up alone or both (in either order), it is loaded once, each fallback is defined once, from it, and its
    hint shown once; its one option `mockls-fallback-modes` is in each loaded set-up's customization group, and set
    to nil before loading (by that name, or by mockls-lsp.el's former `mockls-lsp-fallback-modes`, now an obsolete
    alias) no fallback is defined."""
    if "mockls-lsp.el" in setups and not emacs_has("lsp-mode"):
        pytest.skip("emacs with lsp-mode is not installed (make test installs elpa-lsp-mode)")
    if emacs_has("swift-mode") or emacs_has("graphql-mode"):
        pytest.skip("this Emacs has a swift-mode or graphql-mode: the fallbacks are for one without")
    args = ["--eval", f"(setq {option} nil)"] if option else []
    for setup in setups:
        args += ["-l", str(EDITORS / "emacs" / setup)]
    example = ROOT / "Examples" / "Bookshelf"
    tests = example / "Tests" / "BookshelfTests"
    env = dict(os.environ, MOCKLS_SETUPS=" ".join(setups), MOCKLS_EXPECT_FALLBACK="no" if option else "yes",
               MOCKLS_FILE=str(tests / "BookQueryTests.swift"), MOCKLS_OTHER=str(tests / "SearchQueryTests.swift"),
               MOCKLS_GRAPHQL=str(example / "graphql" / "BookQuery.graphql"))
    ok, output = emacs_ok_lines(args, "emacs_fallback_setups_check.el", env)
    assert ok == ["ok loaded once", "ok one option", "ok no fallback" if option else "ok fallbacks once"], output


@pytest.mark.skipif(shutil.which("ruby") is None, reason="ruby is not installed (make test installs it)")
def test_homebrew_formula_installs_and_passes_its_test(tmp_path):
    """editors/homebrew/mockls.rb as `make brew-install` fills it in, run by a stand-in for Homebrew's formula DSL
    (Homebrew itself cannot be installed here): its tarball and checksum, its install steps and its own test block,
    which checks a small Apollo project with the installed binary."""
    version = subprocess.run([str(absolute_binary()), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    tarball = tmp_path / f"mockls-{version}.tar.gz"
    archive = subprocess.run(
        ["git", "archive", "--format=tar.gz", f"--prefix=mockls-{version}/", "-o", str(tarball), "HEAD"],
        cwd=ROOT, capture_output=True, text=True)
    if archive.returncode != 0:
        pytest.skip(f"not a git clone, so no source tarball to build from: {archive.stderr.strip()}")
    formula = tmp_path / "mockls.rb"
    subprocess.run([str(EDITORS / "homebrew" / "fill-formula.sh"), str(tarball), str(formula)], check=True)
    assert f'version "{version}"' in formula.read_text()
    result = subprocess.run(
        ["ruby", "Tests/editors/homebrew_check.rb", str(formula), str(tarball), str(absolute_binary())],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "ok", result.stdout + result.stderr
