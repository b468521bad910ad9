"""mockls's SwiftPM command plugins, run by `swift package` on a package that depends on mockls
(Tests/PluginFixture, copied): `mockls-check` reports the crashing read with its file and line and exits as the
README says with and without --strict; `mockls-placeholders` writes the placeholder file into the target, and
`mockls-test-transport` the test transport. The
fixture builds into the repository's own debug build folder, so SwiftPM reuses what `make test` already built."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from lsp_stdio import ROOT

FIXTURE = ROOT / "Tests" / "PluginFixture"
SCRATCH = ROOT / ".build"

pytestmark = pytest.mark.skipif(
    shutil.which("swift") is None or not (SCRATCH / "debug" / "mockls").exists(),
    reason="needs swift and the debug build of mockls (make test builds it)")


@pytest.fixture
def package(tmp_path) -> Path:
    copy = tmp_path / "PluginFixture"
    shutil.copytree(FIXTURE, copy)
    manifest = copy / "Package.swift"
    manifest.write_text(manifest.read_text().replace('path: "../.."', f'path: "{ROOT}"'))
    return copy


def swift_package(package: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["swift", "package", "--package-path", str(package), "--scratch-path", str(SCRATCH), *arguments],
        capture_output=True, text=True, timeout=900)


def test_check_plugin_reports_the_crash_with_its_file_and_line(package):
    result = swift_package(package, "mockls-check")
    output = result.stdout + result.stderr
    # Warnings only: the command succeeds.
    assert result.returncode == 0, output
    test_file = package / "Tests" / "ZooTests" / "DogTests.swift"
    found = re.findall(r"warning: (/\S+):(\d+):(\d+): reading `name` crashes: .* \[unset-field-read\]", output)
    assert found == [(str(test_file), "10", "35")], output
    assert "mockls: 1 problem found" in output

    strict = swift_package(package, "mockls-check", "--strict")
    assert strict.returncode != 0, strict.stdout + strict.stderr
    assert "found 1 problem(s) (--strict)" in strict.stdout + strict.stderr

    # A folder with no Apollo project in it or above it (up to its repository's top): the command fails, saying why.
    empty = package.parent / "elsewhere"
    (empty / ".git").mkdir(parents=True)
    lost = swift_package(package, "mockls-check", "--workspace", str(empty))
    assert lost.returncode != 0
    assert "no Apollo project" in lost.stdout + lost.stderr, lost.stdout + lost.stderr


def test_placeholders_plugin_writes_the_factories_into_the_target(package):
    result = swift_package(package, "--allow-writing-to-package-directory", "mockls-placeholders", "--target", "ZooTests")
    assert result.returncode == 0, result.stdout + result.stderr
    written = package / "Tests" / "ZooTests" / "ZooAPI+Placeholders.swift"
    assert written.is_file(), result.stdout + result.stderr
    # What `mockls placeholders` prints for the project: the file PlaceholderFileTests type-checks against the
    # stand-ins for Apollo's modules (testThePluginFixturesPlaceholdersTypeCheck).
    printed = subprocess.run(
        [str(SCRATCH / "debug" / "mockls"), "placeholders", "--workspace", str(package)], capture_output=True, text=True, timeout=60)
    assert printed.returncode == 0, printed.stderr
    assert written.read_text() == printed.stdout
    assert "extension Mock where O == Dog" in written.read_text() or "Mock<Dog>" in written.read_text()

    missing = swift_package(package, "--allow-writing-to-package-directory", "mockls-placeholders")
    assert missing.returncode != 0
    assert "--target" in missing.stdout + missing.stderr


def test_test_transport_plugin_writes_the_transport_into_the_target(package):
    result = swift_package(package, "--allow-writing-to-package-directory", "mockls-test-transport", "--target", "ZooTests")
    assert result.returncode == 0, result.stdout + result.stderr
    written = package / "Tests" / "ZooTests" / "TestNetworkTransport.swift"
    assert written.is_file(), result.stdout + result.stderr
    printed = subprocess.run(
        [str(SCRATCH / "debug" / "mockls"), "test-transport", "--workspace", str(package)], capture_output=True, text=True, timeout=60)
    assert printed.returncode == 0, printed.stderr
    assert written.read_text() == printed.stdout
    # A file of that name the user wrote is kept: the plugin fails saying so.
    written.write_text("final class TestNetworkTransport {}\n")
    refused = swift_package(package, "--allow-writing-to-package-directory", "mockls-test-transport", "--target", "ZooTests")
    assert refused.returncode != 0
    assert "--force" in refused.stdout + refused.stderr
    assert written.read_text() == "final class TestNetworkTransport {}\n"
